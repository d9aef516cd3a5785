import type { ReactNode } from "react";

/**
 * One 'label: value' line of a detail card's <dl>. An empty value (null, undefined, false from `x && …`, or '')
 * shows '–'; a number 0 is shown as 0.
 */
export function DetailRow({ label, value, children }: { label: string; value?: ReactNode; children?: ReactNode }) {
  const shown = children ?? value;
  return (
    <div className="grid grid-cols-3 gap-2 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="col-span-2 text-slate-900">
        {shown === null || shown === undefined || shown === false || shown === "" ? "–" : shown}
      </dd>
    </div>
  );
}

/** One figure of a card's summary grid (a <dl>): the label, the value under it. */
export function DetailFact({
  label,
  className = "font-medium",
  testId,
  children,
}: {
  label: ReactNode;
  /** Goes to the value. */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
