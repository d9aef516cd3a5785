/**
 * Pieces every evidence record screen shares (spec 001 §2 'Waste evidence records'): paths, the badges of a record
 * (discarded, overfilled, nonconforming states with their severity) and the detail's chart with its table.
 */
import { useTranslation } from "~/i18n/use-translation";
import { NONCONFORMING_SEVERITY } from "#contract/collection";
import { FULLNESS_FULL, type NonconformingStateId } from "#contract/collection-import";
import type { EvidenceChart } from "#contract/waste-evidence";
import { formatNumber } from "~/lib/format/numbers";
import { BarChart, ChartTable } from "~/components/bar-chart";
import { Badge } from "~/components/ui/badge";

export const EVIDENCES_PATH = "/waste-collection-evidence/waste-evidences";
export const evidencePath = (id: number) => `${EVIDENCES_PATH}/${id}`;

/** The code a record shows: as typed or read, else its RFID. */
export const recordCode = (r: { code: string | null; rfid: string | null }) => r.code ?? r.rfid ?? "–";

export function DiscardedBadge() {
  const { t } = useTranslation();
  return <Badge tone="red">{t("wasteEvidence:badge.discarded")}</Badge>;
}

/** '150 %' and, above 100 %, the 'přeplněná' badge (spec 001 §5). */
export function Fullness({ value }: { value: number | null }) {
  const { t } = useTranslation();
  if (value === null) return <>–</>;
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap tabular-nums">
      {value} %{value > FULLNESS_FULL && <Badge tone="amber">{t("wasteEvidence:badge.overfilled")}</Badge>}
    </span>
  );
}

/** The label of a nonconforming state with its severity (spec 001 §9). */
export function useStateLabel() {
  const { t } = useTranslation();
  return (id: number) => {
    const severity = NONCONFORMING_SEVERITY[id as NonconformingStateId] ?? "None";
    return `${t(`wasteEvidence:nonconforming.${id}`, { defaultValue: String(id) })} (${t(
      "wasteEvidence:severity.label",
      { severity: t(`wasteEvidence:severity.${severity}`) },
    )})`;
  };
}

export function NonconformingBadges({ ids }: { ids: number[] }) {
  const label = useStateLabel();
  if (!ids.length) return <>–</>;
  return (
    <span className="flex flex-wrap gap-1">
      {ids.map((id) => (
        <Badge key={id} tone={NONCONFORMING_SEVERITY[id as NonconformingStateId] === "Major" ? "red" : "amber"}>
          {label(id)}
        </Badge>
      ))}
    </span>
  );
}

/** 'leden 2026' and '1/26' of a 'YYYY-MM' month, in the reader's language. */
function monthNames(month: string, locale: string) {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1, 15));
  const long = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(date);
  return { long, short: `${m}/${String(y).slice(2)}` };
}

const kg = (v: number) => `${formatNumber(v, { maxDecimals: 3 })} kg`;
const count = (v: number) => formatNumber(v, { decimals: 0 });

/**
 * The detail's chart (docs/waste-evidence.md 'The chart'): acknowledged quantity, penalization and waste overflow of
 * the record's bin by month, three bar charts and the table of the same numbers.
 */
export function EvidenceChartSection({ chart }: { chart: EvidenceChart }) {
  const { t, i18n } = useTranslation();
  const names = chart.months.map((m) => monthNames(m.month, i18n.language));
  const series = [
    {
      key: "acknowledged",
      title: t("wasteEvidence:chart.acknowledged"),
      values: chart.months.map((m) => Number(m.acknowledgedKg)),
      format: kg,
      tone: "emerald" as const,
    },
    {
      key: "penalized",
      title: t("wasteEvidence:chart.penalized"),
      values: chart.months.map((m) => m.penalized),
      format: count,
      tone: "rose" as const,
    },
    {
      key: "overflow",
      title: t("wasteEvidence:chart.overflow"),
      values: chart.months.map((m) => m.overflow),
      format: count,
      tone: "amber" as const,
    },
  ];
  const summary = (s: (typeof series)[number]) => {
    const max = Math.max(...s.values);
    if (max <= 0) return t("wasteEvidence:chart.empty", { title: s.title });
    const at = s.values.indexOf(max);
    return t("wasteEvidence:chart.summary", {
      title: s.title,
      total: s.format(s.values.reduce((a, b) => a + b, 0)),
      max: s.format(max),
      month: names[at]!.long,
    });
  };
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const last = names[names.length - 1]?.long ?? "";
  return (
    <section aria-labelledby="evidence-chart-title" className="space-y-3">
      <div>
        <h2 id="evidence-chart-title" className="text-lg font-semibold">
          {t("wasteEvidence:chart.title")}
        </h2>
        <p className="text-sm text-slate-600">{t("wasteEvidence:chart.description", { month: last })}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {series.map((s) => (
          <BarChart
            key={s.key}
            title={s.title}
            labels={names.map((n) => n.short)}
            names={names.map((n) => n.long)}
            values={s.values}
            format={s.format}
            summary={summary(s)}
            tone={s.tone}
          />
        ))}
      </div>
      <ChartTable
        caption={t("wasteEvidence:chart.title")}
        toggle={t("wasteEvidence:chart.showTable")}
        categoryLabel={t("wasteEvidence:chart.month")}
        categories={names.map((n) => n.long)}
        totalLabel={t("wasteEvidence:chart.total")}
        columns={[
          {
            label: t("wasteEvidence:chart.records"),
            values: chart.months.map((m) => count(m.records)),
            total: count(sum(chart.months.map((m) => m.records))),
          },
          {
            label: t("wasteEvidence:chart.acknowledged"),
            values: chart.months.map((m) => kg(Number(m.acknowledgedKg))),
            total: kg(sum(series[0]!.values)),
          },
          {
            label: t("wasteEvidence:chart.penalized"),
            values: chart.months.map((m) => count(m.penalized)),
            total: count(sum(series[1]!.values)),
          },
          {
            label: t("wasteEvidence:chart.major"),
            values: chart.months.map((m) => count(m.major)),
            total: count(sum(chart.months.map((m) => m.major))),
          },
          {
            label: t("wasteEvidence:chart.overflow"),
            values: chart.months.map((m) => count(m.overflow)),
            total: count(sum(series[2]!.values)),
          },
        ]}
      />
    </section>
  );
}
