/**
 * Distribution reports (spec 001 §2 Distribution centres; spec 000 §2 /waste-collection-evidence/distribution-
 * reports): the reports with their sub rows, filters (dates, state, centre — the centres module links here with
 * ?centreId= —, the collection point), process or discard an unprocessed report after a confirmation, the CSV export
 * of what is filtered and its e-mail; the checked reports processed or discarded at once through a confirmation
 * (?dialog=…&ids=…, app/lib/bulk-dialogs.ts; the answer says which were skipped and why). Every action is a plain
 * form post (no JavaScript needed).
 */
import { useLocation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/list";
import { distributionReportListKeys } from "#contract/lists";
import {
  DISTRIBUTION_REPORT_STATES,
  distributionReportList as listContract,
  exportMailBody,
  type BulkReportAnswer,
  type DistributionReportItem,
} from "#contract/distribution-report";
import { defineList, withFilterOptions } from "~/lib/list";
import { useCan } from "~/lib/permissions";
import { readListParams } from "~/lib/list-params";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { bulkDialogIds, nothingSelected, openBulkDialog, withoutDialog } from "~/server/list-action.server";
import { bulkDialogs, useBulkDialogs } from "~/lib/bulk-dialogs";
import type { TFunction } from "i18next";
import {
  afterCall,
  apiAnswer,
  backToList,
  formId,
  invalidAnswer,
  readIntent,
  redirectWithFlash,
  selectedIds,
  unknownIntent,
  type ActionContext,
} from "~/server/action.server";
import { pageTitle } from "~/components/page-title";
import { ListPage } from "~/components/list-page";
import { column } from "~/components/list-columns";
import { dateRangeFilters, enumFilter, idOptions, optionsFilter, searchFilter } from "~/lib/list-filters";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { FormDialog } from "~/components/form-dialog";
import { Field, fieldAria } from "~/components/field";
import { Input } from "~/components/ui/input";
import { DialogTrigger } from "~/components/ui/dialog";
import { Button } from "~/components/ui/button";
import { RowActionGrid } from "~/components/list-row-buttons";
import { Day } from "~/routes/administration/devices/+shared/ui";
import { DISTRIBUTION_REPORTS_PATH, ReportRecords, ReportStateBadge, exportPath } from "./+shared/ui";

export const handle = pageTitle("distributionReport:list.title");

export const distributionReportTable = defineList(distributionReportListKeys, {
  filters: [
    searchFilter("distributionReport"),
    enumFilter("state", "distributionReport:field.state", DISTRIBUTION_REPORT_STATES, "distributionReport:state"),
    optionsFilter("centreId", "distributionReport:field.centre"),
    ...dateRangeFilters("distributionReport:list"),
  ],
  columns: [
    column("id", "distributionReport:field.id", (r: DistributionReportItem) => r.id),
    column(
      "reportDate",
      "distributionReport:field.reportDate",
      (r: DistributionReportItem) => <Day value={r.reportDate} />,
      {
        className: "whitespace-nowrap",
      },
    ),
    column("state", "distributionReport:field.state", (r: DistributionReportItem) => (
      <ReportStateBadge state={r.state} />
    )),
    column("centreName", "distributionReport:field.centre"),
    column("subjectName", "distributionReport:field.subject", (r: DistributionReportItem) =>
      r.subjectId ? (
        <a className="font-medium text-emerald-800 hover:underline" href={`/infrastructure/subjects/${r.subjectId}`}>
          {r.subjectName}
          {r.subjectAddress && <span className="block text-sm font-normal text-slate-600">{r.subjectAddress}</span>}
        </a>
      ) : (
        "–"
      ),
    ),
    column("recordCount", "distributionReport:field.recordCount", (r: DistributionReportItem) => r.recordCount, {
      className: "text-right",
    }),
    // The report's description and processing result above its records, so the table fits a tablet's width.
    column("records", "distributionReport:field.records", (r: DistributionReportItem) => (
      <>
        {r.description && <span className="block">{r.description}</span>}
        {r.resultMessage && <span className="block text-sm text-amber-800">{r.resultMessage}</span>}
        <ReportRecords row={r} />
      </>
    )),
  ],
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "distributionCenter.aDetail");
  const params = readListParams(listContract, request.url);
  const [list, options] = await Promise.all([
    api.distributionReport.list({ municipalityId, ...params }),
    api.result.distributionReport.formOptions({ municipalityId, feePayerIds: [] }),
  ]);
  return { ...list, params, centres: options.ok ? options.data.centres : [], dialogIds: bulkDialogIds(request) };
}

/** Process or discard the checked reports, each after the same confirmation (texts distributionReport:action.<dialog>). */
const reportDialogs = bulkDialogs(
  "distributionCenter",
  {
    processSelected: { open: "openProcessSelected", submit: "processSelected", right: "aEdit" },
    discardSelected: { open: "openDiscardSelected", submit: "discardSelected", right: "aEdit" },
  },
  "distributionReport",
);

/**
 * The flash of a bulk process or discard: how many went through, how many of the processed ones have skipped
 * records, and each skipped report with the API's reason.
 */
function bulkFlash(t: TFunction, intent: string, res: BulkReportAnswer) {
  const problems = res.results.filter((r) => r.state === "warning" || r.state === "error").length;
  const reasons = res.results
    .filter((r) => !r.done)
    .map((r) => t("distributionReport:flash.skippedReport", { id: r.id, reason: (r.message ?? "").replace(/\.$/, "") }))
    .join("; ");
  const parts = [
    t(`distributionReport:flash.${intent}`, { count: res.done }),
    problems ? t("distributionReport:flash.withProblems", { count: problems }) : "",
    res.skipped ? t("distributionReport:flash.skipped", { count: res.skipped, reasons }) : "",
  ];
  const tone: "warning" | "success" = problems || res.skipped ? "warning" : "success";
  return { text: parts.filter(Boolean).join(" "), tone };
}

/** The bulk buttons (open the confirmation on the checked rows) and the confirmations' posts. */
async function bulkAction(args: ActionContext, municipalityId: number) {
  const { request, context, api, t, formData, intent } = args;
  const ids = selectedIds(formData);
  if (ids.length === 0) return nothingSelected(intent, t);
  const opened = openBulkDialog(request, reportDialogs, intent, ids);
  if (opened) return opened;
  const res =
    intent === "processSelected"
      ? await api.result.distributionReport.processSelected({ municipalityId }, { ids })
      : await api.result.distributionReport.discardSelected({ municipalityId }, { ids });
  if (!res.ok) return apiAnswer(intent, res, { message: res.problem.errors?.ids?.[0] ?? res.problem.Message });
  const flash = bulkFlash(t, intent, res.data);
  return redirectWithFlash(api, context, withoutDialog(request), flash.text, flash.tone);
}

/** Row actions 'process' and 'discard' (the report as `id`), and 'mail': the filtered export to an address. */
export async function action({ request, context }: Route.ActionArgs) {
  const { formData, intent } = await readIntent(request);
  const { api, municipalityId } = await requireMunicipality(request, context, "distributionCenter.aEdit");
  const t = await userT(api.session);
  const done = afterCall(api, context, intent);
  const back = backToList(request);
  if (reportDialogs.knows(intent)) return bulkAction({ request, context, api, t, formData, intent }, municipalityId);
  const distributionReportId = formId(formData.get("id")) ?? 0;
  switch (intent) {
    case "process": {
      const res = await api.result.distributionReport.process({ municipalityId, distributionReportId });
      if (!res.ok) return apiAnswer(intent, res);
      const key = res.data.state === "processed" ? "processed" : res.data.state === "warning" ? "warning" : "error";
      return redirectWithFlash(
        api,
        context,
        back,
        t(`distributionReport:flash.${key}`, { id: distributionReportId }),
        res.data.state === "processed" ? "success" : res.data.state === "warning" ? "warning" : "error",
      );
    }
    case "discard":
      return done(
        await api.result.distributionReport.discard({ municipalityId, distributionReportId }),
        back,
        t("distributionReport:flash.discarded", { id: distributionReportId }),
      );
    case "mail": {
      const values = { email: String(formData.get("email") ?? "") };
      const parsed = exportMailBody.safeParse(values);
      if (!parsed.success) return invalidAnswer(intent, parsed.error, { values });
      // The list's filters (the page's URL) choose what is sent; paging does not.
      const { page: _page, pageSize: _size, ...filters } = readListParams(listContract, request.url);
      return done(
        await api.result.distributionReport.mailExport({ municipalityId, ...filters }, parsed.data),
        back,
        t("distributionReport:flash.mailed", { email: parsed.data.email }),
        { values },
      );
    }
    default:
      return unknownIntent(intent, t);
  }
}

/** An unprocessed report's row actions, each behind its confirmation (texts distributionReport:action.<intent>). */
const ROW_ACTIONS = [
  { intent: "process", tone: "primary" },
  { intent: "discard", tone: "danger" },
] as const;

function RowActions({ row }: { row: DistributionReportItem }) {
  const canEdit = useCan("aEdit", "distributionCenter");
  if (!canEdit || row.state !== "unprocessed") return null;
  return (
    <RowActionGrid stacked>
      {ROW_ACTIONS.map(({ intent, tone }) => (
        <ConfirmDialog
          key={intent}
          name={`${intent}-${row.id}`}
          intent={intent}
          ns="distributionReport"
          values={{ id: row.id, name: row.subjectName ?? "" }}
          fields={{ id: row.id }}
          tone={tone}
          forRow={row.id}
        />
      ))}
    </RowActionGrid>
  );
}

/** 'Export CSV' (the filtered list as a file) and 'Odeslat e-mailem' (the same file to an address, by a job). */
function ExportActions({ total }: { total: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const canEdit = useCan("aEdit", "distributionCenter");
  if (!total) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button to={exportPath(location.search)} reloadDocument variant="secondary" size="sm">
        {t("distributionReport:action.export")}
      </Button>
      {canEdit && (
        <>
          <DialogTrigger name="mail" variant="secondary" size="sm">
            {t("distributionReport:action.mail")}
          </DialogTrigger>
          <FormDialog name="mail" intent="mail" ns="distributionReport" described values={{ n: total }} size="sm">
            {(answer) => (
              <Field
                id="mail-email"
                label={t("distributionReport:field.email")}
                errors={answer?.errors?.email}
                required
              >
                <Input
                  type="email"
                  name="email"
                  required
                  defaultValue={answer?.values?.email ?? ""}
                  {...fieldAria("mail-email", answer?.errors?.email)}
                />
              </Field>
            )}
          </FormDialog>
        </>
      )}
    </div>
  );
}

export default function DistributionReportList({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const def = withFilterOptions(distributionReportTable, { centreId: idOptions(loaderData.centres) });
  const { dialog, pageAnswer: answer, bulkActions, resetAfter } = useBulkDialogs(reportDialogs, actionData);
  // The mail dialog and the bulk confirmations show their own failures; the page shows the rest.
  const pageAnswer = answer && answer.intent !== "mail" ? answer : undefined;
  const ids = loaderData.dialogIds;
  return (
    <ListPage
      ns="distributionReport"
      entity="distributionCenter"
      list={loaderData}
      def={def}
      create={{ to: `${DISTRIBUTION_REPORTS_PATH}/create` }}
      answer={pageAnswer}
      above={<ExportActions total={loaderData.total} />}
      rowActions={(row) => <RowActions row={row} />}
      bulkActions={bulkActions}
      resetAfter={resetAfter}
      rowLabel={(row) => t("distributionReport:list.rowLabel", { id: row.id })}
    >
      {(dialog === "processSelected" || dialog === "discardSelected") && (
        <FormDialog
          name={dialog}
          intent={dialog}
          ns="distributionReport"
          described
          ids={ids}
          size="sm"
          tone={dialog === "discardSelected" ? "danger" : "primary"}
        >
          {() => null}
        </FormDialog>
      )}
    </ListPage>
  );
}
