import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";

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

/** The keys of a record whose values are shown as they are (texts and numbers). */
type PlainKey<R> = { [K in keyof R]: R[K] extends string | number | null | undefined ? K : never }[keyof R] & string;

/**
 * A record's plain fields as detail rows, in the order given, each labelled `<ns>:field.<key>`:
 * `<FieldRows ns="subject" record={s} keys={["shortName", "variableSymbol"]} />`.
 */
export function FieldRows<R>({ ns, record, keys }: { ns: string; record: R; keys: readonly PlainKey<R>[] }) {
  const { t } = useTranslation();
  return keys.map((key) => (
    <DetailRow key={key} label={t(`${ns}:field.${key}`)} value={record[key] as string | number | null | undefined} />
  ));
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
