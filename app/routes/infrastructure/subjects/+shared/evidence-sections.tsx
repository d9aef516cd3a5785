/**
 * Spec 001 §2 subject detail, from the point's evidence records (issue 13): the consumption summary (3, 6, 12 months,
 * total, active), ordered versus actual collection counts, waste production and the collection history; yard visits
 * arrive with their own area and say so until then.
 */
import { Link } from "react-router";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import { DISPOSE_FREQUENCY_PERIODS, type SubjectDetail } from "#contract/subject";
import { SUBJECT_SUMMARY_PERIODS, type SubjectEvidence } from "#contract/collection";
import { formatDate, formatDateTime } from "#contract/calendar";
import type { YardReportListItem } from "#contract/yard-report";
import { useCan } from "~/lib/permissions";
import { formatNumber } from "~/lib/format";
import { DetailFact } from "~/components/detail-row";
import { DialogTrigger } from "~/components/ui/dialog";
import { TD, TR } from "~/components/ui/table";
import { FormDialog } from "~/components/form-dialog";
import { RowsTable } from "~/components/rows-table";
import { enumOptions } from "~/lib/enum-options";
import { AnswerInput, AnswerSelect } from "./dialog-fields";

const kg = (v: string | null) => (v === null ? "–" : `${formatNumber(v as `${number}`)} kg`);

/** Consumption summary and ordered versus actual collection counts; `evidence` null: the user may not see records. */
export function CollectionsSection({
  subject,
  evidence,
}: {
  subject: SubjectDetail;
  evidence: SubjectEvidence | null;
}) {
  const { t } = useTranslation();
  const canEdit = useCan("aEdit", "subject");
  const period = subject.disposeFrequencyPeriod;
  const ordered =
    period && subject.orderedDisposeCount !== null
      ? period === "Month"
        ? t("subject:frequency.perMonth", { count: subject.orderedDisposeCount })
        : t("subject:frequency.perYear", { count: subject.orderedDisposeCount })
      : t("subject:frequency.notSet");
  const actual = evidence ? (period === "Month" ? evidence.actual.month : evidence.actual.year) : null;
  const rows = evidence ? [evidence.summary] : [];
  return (
    <SectionCard
      title={t("subject:collections.title")}
      titleId="subject-collections"
      actions={
        canEdit && (
          <DialogTrigger name="dispose-frequency" size="sm">
            {t("subject:frequency.set")}
          </DialogTrigger>
        )
      }
      contentClassName="space-y-4"
      after={canEdit && <DisposeFrequencyDialog subject={subject} />}
    >
      <div>
        <h3 className="mb-2 text-sm font-semibold">{t("subject:collections.summary")}</h3>
        <RowsTable
          rows={rows}
          empty={t("subject:collections.empty")}
          head={["", ...SUBJECT_SUMMARY_PERIODS.map((p) => t(`subject:collections.period.${p}`))]}
          plainHeadRow
        >
          {(summary) => (
            <>
              <TR key="count">
                <TD className="font-medium">{t("subject:collections.count")}</TD>
                {summary.map((p) => (
                  <TD key={p.period} className="tabular-nums" data-testid={`consumption-${p.period}`}>
                    {formatNumber(p.count)}
                  </TD>
                ))}
              </TR>
              <TR key="litres">
                <TD className="font-medium">{t("subject:collections.litres")}</TD>
                {summary.map((p) => (
                  <TD key={p.period} className="tabular-nums">
                    {formatNumber(p.litres)} l
                  </TD>
                ))}
              </TR>
              <TR key="weight">
                <TD className="font-medium">{t("subject:collections.weight")}</TD>
                {summary.map((p) => (
                  <TD key={p.period} className="tabular-nums">
                    {kg(p.weightKg)}
                  </TD>
                ))}
              </TR>
            </>
          )}
        </RowsTable>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <DetailFact label={t("subject:frequency.orderedLabel")} testId="ordered-dispose-count">
          {ordered}
        </DetailFact>
        <DetailFact label={t("subject:frequency.actualLabel")} testId="actual-dispose-count">
          {actual === null
            ? t("subject:collections.empty")
            : t(period === "Month" ? "subject:collections.actualMonth" : "subject:collections.actualYear", {
                count: actual,
              })}
        </DetailFact>
      </dl>
    </SectionCard>
  );
}

function DisposeFrequencyDialog({ subject }: { subject: SubjectDetail }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      name="dispose-frequency"
      intent="disposeFrequency"
      size="sm"
      title={t("subject:frequency.set")}
      submitLabel={t("common:save")}
    >
      {(answer) => (
        <>
          {/* The subject's version (decision 20): a save over somebody else's change answers 409. */}
          <input type="hidden" name="version" value={answer?.values?.version ?? String(subject.version)} />
          <AnswerSelect
            answer={answer}
            id="dispose-frequency-period"
            name="period"
            label={t("subject:frequency.period")}
            initial={subject.disposeFrequencyPeriod ?? "Year"}
            options={enumOptions(t, (p) => `subject:frequency.period${p}`, DISPOSE_FREQUENCY_PERIODS)}
          />
          <AnswerInput
            answer={answer}
            id="dispose-frequency-count"
            name="orderedDisposeCount"
            label={t("subject:frequency.count")}
            initial={subject.orderedDisposeCount ?? ""}
            type="number"
            min={0}
            max={400}
            step={1}
            required
          />
        </>
      )}
    </FormDialog>
  );
}

/**
 * Waste production and collection history from the records, and the yard visits of the payers who lived here on the
 * visit's day (null: the role does not read yard visits).
 */
export function HistorySection({
  evidence,
  yardVisits,
}: {
  evidence: SubjectEvidence | null;
  yardVisits: { items: YardReportListItem[]; total: number } | null;
}) {
  const { t, i18n } = useTranslation();
  return (
    <SectionCard
      title={t("subject:history.title")}
      titleId="subject-history"
      contentClassName="grid gap-4 md:grid-cols-3"
    >
      <section aria-label={t("subject:history.production")}>
        <h3 className="mb-1 text-sm font-semibold">{t("subject:history.production")}</h3>
        <RowsTable
          rows={evidence?.production ?? []}
          empty={t("subject:collections.empty")}
          head={[t("subject:history.waste"), t("subject:collections.count"), t("subject:collections.weight")]}
        >
          {(p) => (
            <TR key={p.wasteTypeName ?? ""}>
              <TD>{p.wasteTypeName ?? "–"}</TD>
              <TD className="tabular-nums">{formatNumber(p.count)}</TD>
              <TD className="tabular-nums">{kg(p.weightKg)}</TD>
            </TR>
          )}
        </RowsTable>
      </section>
      <section aria-label={t("subject:history.collections")}>
        <h3 className="mb-1 text-sm font-semibold">{t("subject:history.collections")}</h3>
        <RowsTable
          rows={evidence?.history ?? []}
          empty={t("subject:collections.empty")}
          head={[t("subject:history.time"), t("subject:history.waste"), t("subject:collections.weight")]}
        >
          {(h) => (
            <TR key={h.id}>
              <TD className="whitespace-nowrap">
                {h.collectionId ? (
                  <Link
                    className="text-emerald-800 hover:underline"
                    to={`/waste-collection-evidence/waste-collections/${h.collectionId}`}
                  >
                    {formatDateTime(h.collectedAt, i18n.language)}
                  </Link>
                ) : (
                  formatDateTime(h.collectedAt, i18n.language)
                )}
              </TD>
              <TD>{h.wasteTypeName ?? "–"}</TD>
              <TD className="tabular-nums">{kg(h.weightKg)}</TD>
            </TR>
          )}
        </RowsTable>
      </section>
      {yardVisits && (
        <section aria-label={t("subject:history.yardVisits")}>
          <h3 className="mb-1 text-sm font-semibold">{t("subject:history.yardVisits")}</h3>
          <RowsTable
            rows={yardVisits.items}
            empty={t("subject:history.noYardVisits")}
            head={[t("subject:history.visitDay"), t("subject:history.visitor"), t("subject:collections.weight")]}
          >
            {(v) => (
              <TR key={v.id}>
                <TD className="whitespace-nowrap">
                  <Link
                    className="text-emerald-800 hover:underline"
                    to={`/waste-collection-evidence/yard-reports/${v.id}/edit`}
                  >
                    {formatDate(v.reportDate, i18n.language)}
                  </Link>
                </TD>
                <TD>{v.feePayerName}</TD>
                <TD className="tabular-nums">{kg(v.totalWeightKg)}</TD>
              </TR>
            )}
          </RowsTable>
          {yardVisits.total > yardVisits.items.length && (
            <p className="mt-1 text-xs text-slate-600">
              {t("subject:history.visitsShown", { shown: yardVisits.items.length, total: yardVisits.total })}
            </p>
          )}
        </section>
      )}
    </SectionCard>
  );
}
