/**
 * The report's table (spec 001 §2 'Reports'): the columns of its type, then the figures the source and the switches
 * show (reportFigures, the same rule as the CSV's), and the totals of every row above it.
 */
import { reportListKeys } from "#contract/lists";
import { reportFigures, type ReportAnswer, type ReportFigure, type ReportRow, type ReportType } from "#contract/report";
import { formatDate } from "#contract/calendar";
import { useTranslation } from "~/i18n/use-translation";
import { formatNumber, formatWeight } from "~/lib/format";
import { defineList, type ContractColumn, type ListValues } from "~/lib/list";
import { column, textColumn } from "~/components/list-columns";
import { DataTable } from "~/components/data-table";

const NUMBER = { align: "right", className: "whitespace-nowrap tabular-nums" } as const;

const described: Record<ReportType, ContractColumn<ReportRow>[]> = {
  bin: [
    column("code", "report:column.code", (r: ReportRow) => (
      <span className="whitespace-nowrap">
        {r.barcode}
        {r.plainCode && r.plainCode !== r.barcode && (
          <span className="block text-xs text-slate-600">{r.plainCode}</span>
        )}
      </span>
    )),
    textColumn("binType", "report:column.binType", (r: ReportRow) =>
      r.binTypeName ? `${r.binTypeName}${r.binVolume ? ` (${r.binVolume} l)` : ""}` : null,
    ),
    textColumn("waste", "report:column.waste", (r: ReportRow) => r.wasteName),
    textColumn("name", "report:column.subject", (r: ReportRow) => r.subjectName),
    textColumn("address", "report:column.address", (r: ReportRow) => r.address),
    textColumn("district", "report:column.district", (r: ReportRow) => r.district),
  ],
  subject: [
    textColumn("name", "report:column.subject", (r: ReportRow) => r.name),
    textColumn("address", "report:column.address", (r: ReportRow) => r.address),
    textColumn("district", "report:column.district", (r: ReportRow) => r.district),
    column("bins", "report:column.bins", (r: ReportRow) => formatNumber(r.bins ?? 0), NUMBER),
  ],
  waste: [
    column("name", "report:column.waste", (r: ReportRow) => <WasteName name={r.name} />),
    textColumn("catalogCode", "report:column.catalogCode", (r: ReportRow) => r.catalogCode),
  ],
};

const figures: Record<ReportFigure, ContractColumn<ReportRow>> = {
  records: column("records", "report:column.records", (r: ReportRow) => formatNumber(r.records), NUMBER),
  weightKg: column("weight", "report:column.weight", (r: ReportRow) => formatWeight(r.weightKg), NUMBER),
  yardVisits: column("yardVisits", "report:column.yardVisits", (r: ReportRow) => formatNumber(r.yardVisits), NUMBER),
  yardWeightKg: column(
    "yardWeight",
    "report:column.yardWeight",
    (r: ReportRow) => formatWeight(r.yardWeightKg),
    NUMBER,
  ),
};

function WasteName({ name }: { name: string | null }) {
  const { t } = useTranslation();
  return <>{name ?? t("report:noWaste")}</>;
}

function shownFigures(report: ReportAnswer, switches: { records: boolean; weight: boolean }): ReportFigure[] {
  const shown = reportFigures({ type: report.type, source: report.source, ...switches });
  return (Object.keys(figures) as ReportFigure[]).filter((k) => shown[k]);
}

export function ReportTable({
  report,
  params,
  switches,
}: {
  report: ReportAnswer;
  params: ListValues;
  switches: { records: boolean; weight: boolean };
}) {
  const { t, i18n } = useTranslation();
  const shown = shownFigures(report, switches);
  const def = defineList<ReportRow>(reportListKeys, {
    filters: [],
    columns: [...described[report.type], ...shown.map((k) => figures[k])],
  });
  const totals: Record<ReportFigure, string> = {
    records: formatNumber(report.totals.records),
    weightKg: formatWeight(report.totals.weightKg),
    yardVisits: formatNumber(report.totals.yardVisits),
    yardWeightKg: formatWeight(report.totals.yardWeightKg),
  };
  const label: Record<ReportFigure, string> = {
    records: "report:column.records",
    weightKg: "report:column.weight",
    yardVisits: "report:column.yardVisits",
    yardWeightKg: "report:column.yardWeight",
  };
  return (
    <section aria-labelledby="report-result" className="space-y-3">
      <h2 id="report-result" className="text-lg font-semibold">
        {t("report:result", {
          type: t(`report:type.${report.type}`),
          from: formatDate(report.dateFrom, i18n.language),
          to: formatDate(report.dateTo, i18n.language),
        })}
      </h2>
      {report.total > 0 && (
        <dl aria-label={t("report:totals")} className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-slate-600">{t("report:rows")}:</dt>
            <dd className="font-semibold tabular-nums">{formatNumber(report.total)}</dd>
          </div>
          {shown.map((k) => (
            <div key={k} className="flex gap-1">
              <dt className="text-slate-600">{t(label[k])}:</dt>
              <dd className="font-semibold tabular-nums">{totals[k]}</dd>
            </div>
          ))}
        </dl>
      )}
      <DataTable
        def={def}
        rows={report.items}
        total={report.total}
        params={params}
        rowKey={(r) => `${r.id ?? "none"}`}
        caption={t("report:title")}
        emptyState={{ message: t("report:empty") }}
      />
    </section>
  );
}
