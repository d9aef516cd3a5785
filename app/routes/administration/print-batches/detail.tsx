import { Form, Link } from "react-router";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/detail";
import { printBatchCodeList, type PrintBatchCode, type PrintOutcome } from "#contract/print-batch";
import { printBatchCodeListKeys } from "#contract/lists";
import { defineList } from "~/lib/list";
import { readListParams } from "~/lib/list-params";
import type { ActionAnswer } from "~/lib/action-answer";
import { formatNumber } from "~/lib/format";
import { formatDateTime } from "#contract/calendar";
import { useMessage } from "~/lib/messages";
import { useCan } from "~/lib/permissions";
import { requireId } from "~/lib/route-checks";
import { detailPermission, requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import {
  afterCall,
  answer,
  apiAnswer,
  backToList,
  readIntent,
  redirectWithFlash,
  unknownIntent,
} from "~/server/action.server";
import { pageTitle } from "~/components/page-title";
import { DetailPage } from "~/components/detail-page";
import { ConfirmDialog, DeleteDialog } from "~/components/confirm-dialog";
import { DataTable } from "~/components/data-table";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClasses } from "~/components/ui/button";
import { BinStateBadge } from "~/routes/infrastructure/waste-evidence-headers/+shared/ui";
import { CodeTypeLabel, PRINT_BATCHES_PATH, PrintBatchStateBadge, printBatchPath } from "./+shared/ui";
import { DetailRow } from "~/components/detail-row";
import { useSubmitting } from "~/lib/use-submitting";

export const handle = pageTitle<Route.ComponentProps["loaderData"]>((t, d) =>
  d ? t("printBatch:detail.title", { id: d.batch.id }) : t("printBatch:list.title"),
);

export const codeList = defineList(printBatchCodeListKeys, {
  filters: [],
  columns: [
    {
      key: "plainCode",
      label: { key: "printBatch:code.plainCode" },
      render: (row: PrintBatchCode) => <span className="font-medium tabular-nums">{row.plainCode}</span>,
    },
    {
      key: "barcode",
      label: { key: "printBatch:code.barcode" },
      render: (row: PrintBatchCode) => (
        <Link
          className="font-mono text-emerald-800 hover:underline"
          to={`/infrastructure/waste-evidence-headers/${row.id}`}
        >
          {row.barcode}
        </Link>
      ),
    },
    {
      key: "binName",
      label: { key: "printBatch:code.binName" },
      render: (row: PrintBatchCode) => row.binName ?? "–",
    },
    {
      key: "subjectName",
      label: { key: "printBatch:code.subject" },
      render: (row: PrintBatchCode) =>
        row.subjectId ? (
          <Link className="text-emerald-800 hover:underline" to={`/infrastructure/subjects/${row.subjectId}`}>
            {row.subjectName}
          </Link>
        ) : (
          "–"
        ),
    },
    {
      key: "state",
      label: { key: "printBatch:code.state" },
      render: (row: PrintBatchCode) => <BinStateBadge state={row.state} />,
    },
  ],
});

/** The batch's codes, paged in the URL like every list (no filters: a batch is a few thousand codes at most). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const printBatchId = requireId(params.printBatchId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "printBatch.aDetail");
  const listParams = readListParams(printBatchCodeList, request.url);
  const batch = await api.printBatch.detail({ municipalityId, printBatchId, ...listParams });
  return { batch, listParams };
}

/** The page's answer; a print carries the printer's outcome. */
type DetailAnswer = ActionAnswer<{ printed?: PrintOutcome }>;

/** The API's Message, unless the answer had none (the client then says 'HTTP 500'). */
const apiMessage = (message: string) => (/^HTTP \d+$/.test(message) ? "" : message);

/**
 * 'Označit jako vytištěné' (POST printed), 'Vytisknout na tiskárně' (POST print, the result shown in place) and
 * 'Smazat' (DELETE, back to the list; refused while a code of the batch is in use).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const printBatchId = requireId(params.printBatchId, request);
  const { intent } = await readIntent(request);
  const { api, municipalityId } = await requireMunicipality(request, context, detailPermission("printBatch", intent));
  const batch = { municipalityId, printBatchId };
  const t = await userT(api.session);
  const done = afterCall(api, context, intent);
  switch (intent) {
    case "delete": {
      const res = await api.printBatch.remove(batch);
      if (!res.ok) return answer({ intent, message: apiMessage(res.problem.Message) }, res.status);
      return redirectWithFlash(api, context, PRINT_BATCHES_PATH, t("printBatch:flash.deleted"));
    }
    case "printed":
      return done(await api.printBatch.markPrinted(batch), backToList(request), t("printBatch:flash.printed"));
    case "print": {
      const res = await api.printBatch.print(batch);
      if (!res.ok) return apiAnswer(intent, res);
      return answer<DetailAnswer>({ intent, printed: res.data.result, message: res.data.message }, 200);
    }
    default:
      return unknownIntent(intent, t);
  }
}

/**
 * The answer of an action shown in place: a print result in the user's language ('Nepodařilo se vytisknout kód.' and
 * what went wrong, spec 001 §8), or a failed delete or mark-printed with the API's message.
 */
function ActionAlert({ answer }: { answer: DetailAnswer }) {
  const { t } = useTranslation();
  const shown = useMessage();
  if (answer.intent === "delete") {
    // 'Tiskovou dávku se nepodařilo smazat.' and the API's reason ('… 12 kódů je již použito.') when it gave one.
    return (
      <Alert tone="error" title={t("printBatch:delete.failed")}>
        {answer.message ? shown(answer.message) : null}
      </Alert>
    );
  }
  if (answer.printed === "OK") return <Alert tone="success">{t("printBatch:print.ok")}</Alert>;
  if (!answer.printed) return <Alert tone="error">{shown(answer.message ?? "")}</Alert>;
  return (
    <Alert tone="error" title={t("printBatch:print.failed")}>
      {t(`printBatch:printResult.${answer.printed}`)}
    </Alert>
  );
}

export default function PrintBatchDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { batch: b, listParams } = loaderData;
  const { t, i18n } = useTranslation();
  const canEdit = useCan("aEdit", "printBatch");
  const canRemove = useCan("aRemove", "printBatch");
  const printing = useSubmitting() === "print";
  const yes = t("common:dataTable.yes");
  const no = t("common:dataTable.no");

  return (
    <DetailPage
      ns="printBatch"
      list={PRINT_BATCHES_PATH}
      title={t("printBatch:detail.title", { id: b.id })}
      subtitle={
        <>
          <CodeTypeLabel type={b.codeType} /> · <PrintBatchStateBadge state={b.state} />
        </>
      }
      actions={
        <>
          {/* A document request: the resource route streams the PDF as a download. */}
          <a className={buttonClasses({ variant: "primary" })} href={`${printBatchPath(b.id)}/labels.pdf`} download>
            {t("printBatch:detail.download")}
          </a>
          {canEdit && (
            <Form method="post">
              <input type="hidden" name="intent" value="print" />
              <Button type="submit" variant="secondary" disabled={printing}>
                {printing ? t("printBatch:detail.printing") : t("printBatch:detail.print")}
              </Button>
            </Form>
          )}
          {canEdit && b.state === "Generated" && (
            <ConfirmDialog
              name="markPrinted"
              intent="printed"
              tone="primary"
              label={t("printBatch:detail.markPrinted")}
              triggerVariant="secondary"
              title={t("printBatch:detail.markPrintedTitle")}
              message={t("printBatch:detail.markPrintedMessage")}
            />
          )}
          {canRemove && (
            <DeleteDialog
              ns="printBatch"
              values={{ id: b.id, codes: formatNumber(b.labelCount) }}
              answer={actionData}
            />
          )}
        </>
      }
    >
      {actionData && <ActionAlert answer={actionData} />}

      <SectionCard title={t("printBatch:detail.basic")}>
        <dl className="divide-y divide-slate-100">
          <DetailRow label={t("printBatch:field.createdAt")}>{formatDateTime(b.createdAt, i18n.language)}</DetailRow>
          <DetailRow label={t("printBatch:field.createdBy")}>{b.createdByName ?? "–"}</DetailRow>
          <DetailRow label={t("printBatch:field.codeType")}>
            <CodeTypeLabel type={b.codeType} />
          </DetailRow>
          <DetailRow
            label={b.codeType === "Regular" ? t("printBatch:field.subjectCount") : t("printBatch:field.codeCount")}
          >
            {formatNumber(b.codeCount)}
          </DetailRow>
          <DetailRow label={t("printBatch:field.labelCount")}>{formatNumber(b.labelCount)}</DetailRow>
          <DetailRow label={t("printBatch:field.binTypes")}>{b.binTypeNames.join(", ") || "–"}</DetailRow>
          <DetailRow label={t("printBatch:field.rfid")}>{b.rfid ? yes : no}</DetailRow>
          <DetailRow label={t("printBatch:field.printedAt")}>
            {b.printedAt ? formatDateTime(b.printedAt, i18n.language) : "–"}
          </DetailRow>
          <DetailRow label={t("printBatch:field.note")}>{b.note ?? "–"}</DetailRow>
        </dl>
      </SectionCard>

      <section className="space-y-2">
        <h2 className="text-lg font-semibold">{t("printBatch:detail.codes")}</h2>
        <DataTable
          def={codeList}
          rows={b.codes.items}
          total={b.codes.total}
          params={listParams}
          rowKey="id"
          caption={t("printBatch:detail.codes")}
          emptyState={{ message: t("printBatch:detail.noCodes") }}
        />
      </section>
    </DetailPage>
  );
}
