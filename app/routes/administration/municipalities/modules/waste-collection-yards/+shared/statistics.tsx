/**
 * The yard detail's statistics (spec 001 §2 Collection yards: workload by month, week and day, top visitors and the
 * waste income table). The bucket switch is a set of links and the period a GET form, so it all works without
 * JavaScript; the chart is the repo's server-drawn BarChart with its table (ChartTable). Sums are the API's exact
 * decimals; only the bars' heights are numbers.
 */
import { Form } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { TOP_VISITOR_ORDERS, WORKLOAD_BUCKETS, type WorkloadBucket, type YardStatistics } from "#contract/yard";
import { formatDate } from "#contract/calendar";
import { formatNumber, formatWeight } from "~/lib/format";
import { BarChart, ChartTable } from "~/components/bar-chart";
import { PillLink } from "~/components/pill-link";
import { SectionCard, TitledSection } from "~/components/section-card";
import { figureHeading, RowsTable } from "~/components/rows-table";
import { RecordLink } from "~/components/record-link";
import { MoneyCell } from "~/components/money";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Button } from "~/components/ui/button";
import { TD, TH, TR } from "~/components/ui/table";

const feePayerPath = (id: number) => `/infrastructure/fee-payers/${id}`;

/** The query of this page with one value changed (the bucket links keep the period, the form keeps the bucket). */
const withParam = (s: YardStatistics, key: string, value: string) => {
  const q = new URLSearchParams({ bucket: s.bucket, dateFrom: s.dateFrom, dateTo: s.dateTo, topBy: s.topBy });
  q.set(key, value);
  return `?${q}`;
};

/** A bucket's short label under its bar and its full name (tooltip, table, text alternative). */
function bucketNames(bucket: WorkloadBucket, start: string, lang: string, weekOf: (day: string) => string) {
  const day = new Date(`${start}T12:00:00Z`);
  if (bucket === "month") {
    return {
      label: `${day.getUTCMonth() + 1}/${String(day.getUTCFullYear()).slice(2)}`,
      name: new Intl.DateTimeFormat(lang, { month: "long", year: "numeric", timeZone: "UTC" }).format(day),
    };
  }
  const short = `${day.getUTCDate()}. ${day.getUTCMonth() + 1}.`;
  return {
    label: short,
    name: bucket === "week" ? weekOf(formatDate(start, lang)) : formatDate(start, lang),
  };
}

export function YardStatisticsCards({ stats }: { stats: YardStatistics }) {
  const { t, i18n } = useTranslation();
  const names = stats.workload.map((b) =>
    bucketNames(stats.bucket, b.start, i18n.language, (day) => t("collectionYard:workload.weekOf", { day })),
  );
  // Both charts' buckets: the short label under a bar and the name a reader hears.
  const axis = { labels: names.map((n) => n.label), names: names.map((n) => n.name) };
  const visits = stats.workload.map((b) => b.visits);
  const totalVisits = visits.reduce((a, b) => a + b, 0);
  const weights = stats.workload.map((b) => Number(b.weightKg));
  // Summed in grams: the headline stays exact.
  const totalWeight = formatWeight(
    stats.workload.reduce((g, b) => g + Math.round(Number(b.weightKg) * 1000), 0) / 1000,
  );
  const busiest = visits.indexOf(Math.max(0, ...visits));
  // The income table ends with its total row (id 0: no waste has it).
  const incomeRows = stats.income.length
    ? [
        ...stats.income,
        { yardWasteId: 0, wasteName: t("collectionYard:income.total"), catalogCode: null, ...stats.incomeTotal },
      ]
    : [];
  const period = `${formatDate(stats.dateFrom, i18n.language)} – ${formatDate(stats.dateTo, i18n.language)}`;
  return (
    <>
      <SectionCard title={t("collectionYard:section.workload")} titleId="yard-workload" contentClassName="space-y-4">
        <nav aria-label={t("collectionYard:workload.bucket")} className="flex flex-wrap gap-2">
          {WORKLOAD_BUCKETS.map((b) => (
            <PillLink key={b} to={withParam(stats, "bucket", b)} current={b === stats.bucket}>
              {t(`collectionYard:workload.by.${b}`)}
            </PillLink>
          ))}
        </nav>
        <div className="grid gap-4 md:grid-cols-2">
          <BarChart
            title={t(`collectionYard:workload.visits.${stats.bucket}`)}
            {...axis}
            values={visits}
            format={(n) => formatNumber(n)}
            summary={t("collectionYard:workload.summary", {
              count: totalVisits,
              busiest: names[busiest]?.name ?? "",
              max: visits[busiest] ?? 0,
            })}
          />
          <BarChart
            title={t(`collectionYard:workload.weight.${stats.bucket}`)}
            {...axis}
            values={weights}
            format={(n) => formatWeight(n)}
            headline={totalWeight}
            summary={t("collectionYard:workload.weightSummary", { total: totalWeight })}
            tone="sky"
          />
        </div>
        <ChartTable
          caption={t(`collectionYard:workload.visits.${stats.bucket}`)}
          toggle={t("collectionYard:workload.showTable")}
          categoryLabel={t(`collectionYard:workload.bucketName.${stats.bucket}`)}
          categories={axis.names}
          totalLabel={t("collectionYard:workload.total")}
          columns={[
            {
              label: t("collectionYard:stats.visits"),
              values: visits.map((n) => formatNumber(n)),
              total: formatNumber(totalVisits),
            },
            { label: t("collectionYard:stats.weight"), values: stats.workload.map((b) => formatWeight(b.weightKg)) },
          ]}
        />
      </SectionCard>

      <SectionCard
        title={t("collectionYard:section.period", { period })}
        titleId="yard-period"
        contentClassName="space-y-4"
      >
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t("collectionYard:period.label")}>
          <input type="hidden" name="bucket" value={stats.bucket} />
          <label className="grid gap-1 text-sm">
            {t("collectionYard:period.from")}
            <Input type="date" name="dateFrom" defaultValue={stats.dateFrom} required />
          </label>
          <label className="grid gap-1 text-sm">
            {t("collectionYard:period.to")}
            <Input type="date" name="dateTo" defaultValue={stats.dateTo} required />
          </label>
          <label className="grid gap-1 text-sm">
            {t("collectionYard:period.topBy")}
            <Select
              name="topBy"
              defaultValue={stats.topBy}
              options={TOP_VISITOR_ORDERS.map((o) => ({ value: o, label: t(`collectionYard:period.order.${o}`) }))}
            />
          </label>
          <Button type="submit" variant="secondary">
            {t("collectionYard:period.show")}
          </Button>
        </Form>
        <div className="grid gap-4 2xl:grid-cols-2">
          <TitledSection
            title={t("collectionYard:top.title", { by: t(`collectionYard:period.order.${stats.topBy}`) })}
            titleId="yard-top-visitors"
            minor
            className="space-y-2"
          >
            <RowsTable
              rows={stats.topVisitors}
              empty={t("collectionYard:top.empty")}
              labels="collectionYard:top"
              head={["feePayer", ...["visits", "weight", "fee"].map(figureHeading)]}
            >
              {(v) => (
                <TR key={v.feePayerId}>
                  <TD>
                    <RecordLink to={feePayerPath(v.feePayerId)}>{v.feePayerName}</RecordLink>
                  </TD>
                  <TD className="text-right tabular-nums">{formatNumber(v.visits)}</TD>
                  <TD className="text-right whitespace-nowrap tabular-nums">{formatWeight(v.weightKg)}</TD>
                  <MoneyCell value={v.fee} />
                </TR>
              )}
            </RowsTable>
          </TitledSection>
          <TitledSection title={t("collectionYard:income.title")} titleId="yard-income" minor className="space-y-2">
            <RowsTable
              rows={incomeRows}
              empty={t("collectionYard:income.empty")}
              labels="collectionYard:income"
              head={["waste", ...["weight", "feeWithoutVat", "vat", "fee"].map(figureHeading)]}
            >
              {(w) => (
                <TR key={w.yardWasteId} className={w.yardWasteId === 0 ? "font-medium" : undefined}>
                  {w.yardWasteId === 0 ? (
                    <TH scope="row">{w.wasteName}</TH>
                  ) : (
                    <TD>
                      {w.catalogCode && <span className="text-slate-600">{w.catalogCode} </span>}
                      {w.wasteName}
                    </TD>
                  )}
                  <TD className="text-right whitespace-nowrap tabular-nums">{formatWeight(w.weightKg)}</TD>
                  <MoneyCell value={w.feeWithoutVat} />
                  <MoneyCell value={w.vat} />
                  <MoneyCell value={w.fee} />
                </TR>
              )}
            </RowsTable>
          </TitledSection>
        </div>
      </SectionCard>
    </>
  );
}
