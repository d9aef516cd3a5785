/**
 * The chart of the distribution centres' list (spec 001 §2 'list with charts (weekly or monthly; served and unserved
 * collection points)'): the served and the unserved points per bucket as two bar charts (app/components/bar-chart),
 * the numbers in a table behind them, and the weekly / monthly switch as plain links (no JavaScript needed).
 */
import { useLocation } from "react-router";
import { formatDate } from "#contract/calendar";
import { CHART_PERIODS, type CentreChart as Chart } from "#contract/distribution-centre";
import { useTranslation } from "~/i18n/use-translation";
import { formatNumber } from "~/lib/format";
import { BarChart, ChartTable } from "~/components/bar-chart";
import { PillLink } from "~/components/pill-link";
import { TitledSection } from "~/components/section-card";

/** The bucket's short label under a bar: the month '3/26', the week's Monday '16. 3.'. */
const shortLabel = (period: Chart["period"], start: string) =>
  period === "month"
    ? `${Number(start.slice(5, 7))}/${start.slice(2, 4)}`
    : `${Number(start.slice(8, 10))}. ${Number(start.slice(5, 7))}.`;

type SeriesKey = "served" | "unserved";
const SERIES: { key: SeriesKey; tone: "emerald" | "amber" }[] = [
  { key: "served", tone: "emerald" },
  { key: "unserved", tone: "amber" },
];

export function CentreChart({ chart }: { chart: Chart }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const periodLink = (period: string) => {
    const params = new URLSearchParams(location.search);
    params.set("period", period);
    return `${location.pathname}?${params}`;
  };
  const names = chart.buckets.map((b) => `${formatDate(b.start, i18n.language)} – ${formatDate(b.end, i18n.language)}`);
  const labels = chart.buckets.map((b) => shortLabel(chart.period, b.start));
  const format = (n: number) => formatNumber(n);
  // The two charts (and the table's columns): the points served and the points not served, by bucket.
  const series = SERIES.map(({ key, tone }) => ({ key, tone, values: chart.buckets.map((b) => b[key]) }));
  const summary = (key: SeriesKey, values: number[]) =>
    t(`distributionCenter:chart.summary.${chart.period}`, {
      what: t(`distributionCenter:chart.${key}`),
      last: format(values.at(-1) ?? 0),
      max: format(Math.max(0, ...values)),
    });
  return (
    <TitledSection
      title={t("distributionCenter:chart.title")}
      titleId="centre-chart-title"
      className="space-y-3"
      actions={
        <nav aria-label={t("distributionCenter:chart.periodLabel")} className="flex gap-1">
          {CHART_PERIODS.map((p) => (
            <PillLink key={p} to={periodLink(p)} current={chart.period === p}>
              {t(`distributionCenter:chart.period.${p}`)}
            </PillLink>
          ))}
        </nav>
      }
    >
      <p className="text-sm text-slate-600">{t("distributionCenter:chart.rule")}</p>
      <div className="grid gap-4 md:grid-cols-2">
        {series.map(({ key, tone, values }) => (
          <BarChart
            key={key}
            title={t(`distributionCenter:chart.${key}Title.${chart.period}`)}
            labels={labels}
            names={names}
            values={values}
            format={format}
            headline={format(values.at(-1) ?? 0)}
            summary={summary(key, values)}
            tone={tone}
          />
        ))}
      </div>
      <ChartTable
        caption={t("distributionCenter:chart.title")}
        toggle={t("distributionCenter:chart.showTable")}
        categoryLabel={t(`distributionCenter:chart.bucket.${chart.period}`)}
        categories={names}
        columns={series.map(({ key, values }) => ({
          label: t(`distributionCenter:chart.${key}`),
          values: values.map(format),
        }))}
      />
    </TitledSection>
  );
}
