/** Pieces of the distribution-report screens: paths, the state badge and a report's sub rows. */
import { useTranslation } from "~/i18n/use-translation";
import { ColumnHeadings } from "~/components/rows-table";
import { stateBadge } from "~/components/state-badge";
import type { DistributionRecordItem, DistributionReportItem } from "#contract/distribution-report";

export const DISTRIBUTION_REPORTS_PATH = "/waste-collection-evidence/distribution-reports";
/** The list's filters (without paging) as the CSV's query: what is shown is what is exported. */
export const exportPath = (search: string) => {
  const q = new URLSearchParams(search);
  q.delete("page");
  q.delete("pageSize");
  q.delete("dialog");
  const s = q.toString();
  return `${DISTRIBUTION_REPORTS_PATH}/export.csv${s ? `?${s}` : ""}`;
};

export const ReportStateBadge = stateBadge("distributionReport:state", {
  unprocessed: "blue",
  processed: "green",
  warning: "amber",
  error: "red",
  discarded: "gray",
});

const OUTCOME_TONE = { ok: "text-emerald-800", warning: "text-amber-800", error: "text-red-700" } as const;

/** What a sub row says: its payer, code and types, count or description. */
function RecordText({ r }: { r: DistributionRecordItem }) {
  const { t } = useTranslation();
  const parts = [
    r.feePayerName,
    r.code && t("distributionReport:record.code", { code: r.code }),
    r.binTypeName,
    r.wasteTypeName,
    r.orderedDisposeCount !== null && t("distributionReport:record.count", { n: r.orderedDisposeCount }),
    r.description,
  ].filter(Boolean);
  return <>{parts.join(" · ")}</>;
}

/**
 * The report's sub rows (spec 001 §2 'a table with sub rows'): a <details> that opens without JavaScript, each row
 * with its type, what it names and, once processed, its outcome and message.
 */
export function ReportRecords({ row }: { row: DistributionReportItem }) {
  const { t } = useTranslation();
  if (!row.records.length) return <>–</>;
  return (
    <details className="min-w-56" open={row.state === "warning" || row.state === "error"}>
      <summary className="cursor-pointer text-emerald-800">
        {t("distributionReport:record.summary", { count: row.records.length })}
      </summary>
      <table className="mt-2 w-full text-sm">
        <caption className="sr-only">{t("distributionReport:record.caption", { id: row.id })}</caption>
        <thead className="text-left text-slate-600">
          <tr>
            <ColumnHeadings
              className="pr-2 font-medium last:pr-0"
              headings={["type", "what", "outcome"].map((k) => t(`distributionReport:record.${k}`))}
            />
          </tr>
        </thead>
        <tbody>
          {row.records.map((r) => (
            <tr key={r.id} className="border-t border-slate-100 align-top">
              <td className="py-1 pr-2 whitespace-nowrap">{t(`distributionReport:recordType.${r.type}`)}</td>
              <td className="py-1 pr-2">
                <RecordText r={r} />
              </td>
              <td className="py-1">
                {r.outcome ? (
                  <span className={OUTCOME_TONE[r.outcome]}>
                    {t(`distributionReport:outcome.${r.outcome}`)}
                    {r.message ? `: ${r.message}` : ""}
                  </span>
                ) : (
                  "–"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
