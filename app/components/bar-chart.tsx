/**
 * A small bar chart in the look of Tremor's cards (issue 13 part 6): a title, the total in large type and one bar per
 * category, drawn as plain SVG on the server (no chart library, nothing for the browser to run). The SVG is an image
 * with its own text alternative (what the total and the highest bar are); each bar carries its value as a tooltip.
 * The numbers themselves belong in a real <table> next to the chart (ChartTable), which a screen reader reads and a
 * sighted reader opens with a <details> toggle.
 */
import type { ReactNode } from "react";
import { useId } from "react";
import { Table, TBody, TD, TH, THead, TR } from "./ui/table";

export type ChartTone = "emerald" | "amber" | "rose" | "sky";

const BAR_FILL: Record<ChartTone, string> = {
  emerald: "fill-emerald-500",
  amber: "fill-amber-500",
  rose: "fill-rose-500",
  sky: "fill-sky-500",
};

export interface BarChartProps {
  title: string;
  /** The categories' short labels under the bars (months: '1/26'). */
  labels: string[];
  /** The categories' full names (tooltips and the text alternative: 'leden 2026'). */
  names?: string[];
  values: number[];
  /** A value as shown ('12,5 kg'). */
  format: (value: number) => string;
  /** The text alternative of the image (the caller words it: total, highest bar). */
  summary: string;
  tone?: ChartTone;
  /** The big number above the bars (default: the formatted sum). */
  headline?: ReactNode;
}

const WIDTH = 240;
const HEIGHT = 80;
const GAP = 4;

export function BarChart({ title, labels, names, values, format, summary, tone = "emerald", headline }: BarChartProps) {
  const id = useId();
  const max = Math.max(0, ...values);
  const total = values.reduce((a, b) => a + b, 0);
  const slot = WIDTH / Math.max(values.length, 1);
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="text-sm text-slate-600">{title}</figcaption>
      <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{headline ?? format(total)}</p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-3 h-24 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-slate-200" strokeWidth="1" />
        {values.map((v, i) => {
          const h = max > 0 ? Math.max((v / max) * (HEIGHT - 2), v > 0 ? 2 : 0) : 0;
          return (
            <rect
              key={labels[i] ?? i}
              x={i * slot + GAP / 2}
              y={HEIGHT - 1 - h}
              width={slot - GAP}
              height={h}
              rx="1.5"
              className={BAR_FILL[tone]}
            >
              <title>{`${names?.[i] ?? labels[i]}: ${format(v)}`}</title>
            </rect>
          );
        })}
      </svg>
      {/* Every third label (and the last), so that they never run together on a narrow card. */}
      <div className="mt-1 flex text-[10px] text-slate-500" aria-hidden="true">
        {labels.map((label, i) => (
          <span key={`${label}-${i}`} className="flex-1 text-center whitespace-nowrap tabular-nums">
            {i % 3 === 0 || i === labels.length - 1 ? label : ""}
          </span>
        ))}
      </div>
    </figure>
  );
}

export interface ChartTableColumn {
  label: string;
  values: ReactNode[];
  total?: ReactNode;
}

/**
 * The numbers behind the charts: one row per category, one column per series, an optional total row. Behind a
 * <details> toggle (closed) for sighted readers; the caption names it.
 */
export function ChartTable(props: {
  caption: string;
  toggle: string;
  categoryLabel: string;
  categories: string[];
  columns: ChartTableColumn[];
  totalLabel?: string;
}) {
  const { caption, toggle, categoryLabel, categories, columns, totalLabel } = props;
  const hasTotals = totalLabel && columns.some((c) => c.total !== undefined);
  return (
    <details className="rounded-lg border border-slate-200 bg-white">
      <summary className="cursor-pointer px-4 py-2 text-sm font-medium text-emerald-800">{toggle}</summary>
      <Table className="mb-2">
        <caption className="sr-only">{caption}</caption>
        <THead>
          <TR>
            <TH>{categoryLabel}</TH>
            {columns.map((c) => (
              <TH key={c.label} className="text-right">
                {c.label}
              </TH>
            ))}
          </TR>
        </THead>
        <TBody>
          {categories.map((category, i) => (
            <TR key={category}>
              <TH scope="row" className="font-normal">
                {category}
              </TH>
              {columns.map((c) => (
                <TD key={c.label} className="text-right tabular-nums">
                  {c.values[i]}
                </TD>
              ))}
            </TR>
          ))}
          {hasTotals && (
            <TR>
              <TH scope="row">{totalLabel}</TH>
              {columns.map((c) => (
                <TD key={c.label} className="text-right font-medium tabular-nums">
                  {c.total ?? ""}
                </TD>
              ))}
            </TR>
          )}
        </TBody>
      </Table>
    </details>
  );
}
