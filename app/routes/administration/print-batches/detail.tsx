import { Form, Link, data, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/detail";
import {
  PRINT_FAILED,
  PRINT_OK,
  PRINT_RESULT_MESSAGES,
  type PrintAnswer,
  type PrintBatchCode,
  type PrintBatchDetail,
} from "#contract/print-batch";
import { defineList, toApiQuery } from "~/lib/list";
import { listSchema, parseListParams } from "~/lib/list-params";
import { formatNumber } from "~/lib/format";
import { formatDateTime } from "#contract/calendar";
import { useMessage } from "~/lib/messages";
import { useCan } from "~/lib/permissions";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { addFlash, commit } from "~/server/session.server";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DataTable } from "~/components/data-table";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { BinStateBadge } from "~/routes/infrastructure/waste-evidence-headers/+shared/ui";
import { CodeTypeLabel, PRINT_BATCHES_PATH, PrintBatchStateBadge, printBatchApi, printBatchPath } from "./shared";
import { DetailRow } from "~/components/detail-row";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `Tisková dávka ${data?.batch.id ?? ""} · Odpady obce` }];

/** The list's URL search params, parsed by the loader only (the browser never loads zod). */
const codeParams = listSchema({});

export const codeList = defineList({
  id: "print-batch-codes",
  defaultSort: "id",
  filters: [],
  columns: [
    {
      key: "plainCode",
      label: { key: "printBatch:code.plainCode", defaultValue: "Kód" },
      render: (row: PrintBatchCode) => <span className="font-medium tabular-nums">{row.plainCode}</span>,
    },
    {
      key: "barcode",
      label: { key: "printBatch:code.barcode", defaultValue: "Čárový kód" },
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
      label: { key: "printBatch:code.binName", defaultValue: "Typ nádoby" },
      render: (row: PrintBatchCode) => row.binName ?? "–",
    },
    {
      key: "subjectName",
      label: { key: "printBatch:code.subject", defaultValue: "Odběrné místo" },
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
      label: { key: "printBatch:code.state", defaultValue: "Stav kódu" },
      render: (row: PrintBatchCode) => <BinStateBadge state={row.state} />,
    },
  ],
});

/** The batch's codes, paged in the URL like every list (no filters: a batch is a few thousand codes at most). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = requireId(params.printBatchId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "printBatch.aDetail");
  const listParams = parseListParams(codeList, codeParams, request.url);
  const query = toApiQuery({ page: listParams.page, pageSize: listParams.pageSize });
  const batch = await api.get<PrintBatchDetail>(printBatchApi(municipalityId, id), query);
  return { batch, listParams };
}

type ActionAnswer =
  | { intent: "print"; result: PrintAnswer["result"]; message: string }
  | { intent: string; message: string; result?: undefined };

/** The API's Message, unless the answer had none (the client then says 'HTTP 500'). */
const apiMessage = (message: string) => (/^HTTP \d+$/.test(message) ? "" : message);

/**
 * 'Označit jako vytištěné' (POST printed), 'Vytisknout na tiskárně' (POST print, the result shown in place) and
 * 'Smazat' (DELETE, back to the list; refused while a code of the batch is in use).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = requireId(params.printBatchId, request);
  const intent = String((await request.formData()).get("intent") ?? "");
  const { api, municipalityId } = await requireMunicipality(
    request,
    context,
    intent === "delete" ? "printBatch.aRemove" : "printBatch.aEdit",
  );
  if (intent === "delete") {
    const res = await api.send("DELETE", printBatchApi(municipalityId, id));
    if (!res.ok) {
      return data<ActionAnswer>({ intent, message: apiMessage(res.problem.Message) }, { status: res.status });
    }
    const t = await userT(api.session);
    addFlash(api.session, { type: "success", text: t("printBatch:flash.deleted", "Tisková dávka smazána.") });
    return redirect(PRINT_BATCHES_PATH, { headers: { "Set-Cookie": await commit(context, api.session) } });
  }
  if (intent === "printed") {
    const res = await api.send("POST", printBatchApi(municipalityId, id, "/printed"));
    if (!res.ok) return data<ActionAnswer>({ intent, message: res.problem.Message }, { status: res.status });
    const t = await userT(api.session);
    addFlash(api.session, { type: "success", text: t("printBatch:flash.printed", "Dávka označena jako vytištěná.") });
    const url = new URL(request.url);
    url.searchParams.delete("dialog");
    return redirect(url.pathname + url.search, { headers: { "Set-Cookie": await commit(context, api.session) } });
  }
  if (intent === "print") {
    const res = await api.send<PrintAnswer>("POST", printBatchApi(municipalityId, id, "/print"));
    if (!res.ok) return data<ActionAnswer>({ intent, message: res.problem.Message }, { status: res.status });
    return data<ActionAnswer>({ intent, result: res.data.result, message: res.data.message });
  }
  return data<ActionAnswer>({ intent, message: "Neznámá akce." }, { status: 400 });
}

/**
 * The answer of an action shown in place: a print result in the user's language ('Nepodařilo se vytisknout kód.' and
 * what went wrong, spec 001 §8), or a failed delete or mark-printed with the API's message.
 */
function ActionAlert({ answer }: { answer: ActionAnswer }) {
  const { t } = useTranslation();
  const shown = useMessage();
  if (answer.intent === "delete") {
    // 'Tiskovou dávku se nepodařilo smazat.' and the API's reason ('… 12 kódů je již použito.') when it gave one.
    return (
      <Alert tone="error" title={t("printBatch:delete.failed", "Tiskovou dávku se nepodařilo smazat.")}>
        {answer.message ? shown(answer.message) : null}
      </Alert>
    );
  }
  if (answer.result === "OK") return <Alert tone="success">{t("printBatch:print.ok", PRINT_OK)}</Alert>;
  if (!answer.result) return <Alert tone="error">{shown(answer.message)}</Alert>;
  return (
    <Alert tone="error" title={t("printBatch:print.failed", PRINT_FAILED)}>
      {t(`printBatch:printResult.${answer.result}`, PRINT_RESULT_MESSAGES[answer.result])}
    </Alert>
  );
}

export default function PrintBatchDetailPage() {
  const { batch: b, listParams } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const { t, i18n } = useTranslation();
  const canEdit = useCan("aEdit", "printBatch");
  const canRemove = useCan("aRemove", "printBatch");
  const navigation = useNavigation();
  const printing = navigation.state === "submitting" && navigation.formData?.get("intent") === "print";
  const yes = t("common:dataTable.yes", "Ano");
  const no = t("common:dataTable.no", "Ne");

  return (
    <div className="space-y-4">
      <nav aria-label={t("printBatch:detail.breadcrumb", "Drobečková navigace")} className="text-sm">
        <Link className="text-emerald-800 hover:underline" to={PRINT_BATCHES_PATH}>
          {t("printBatch:list.title", "Generování štítků")}
        </Link>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">
            {t("printBatch:detail.title", "Tisková dávka č. {{id}}", { id: b.id })}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            <CodeTypeLabel type={b.codeType} /> · <PrintBatchStateBadge state={b.state} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* A document request: the resource route streams the PDF as a download. */}
          <a className={buttonClasses({ variant: "primary" })} href={`${printBatchPath(b.id)}/labels.pdf`} download>
            {t("printBatch:detail.download", "Stáhnout štítky (PDF)")}
          </a>
          {canEdit && (
            <Form method="post">
              <input type="hidden" name="intent" value="print" />
              <Button type="submit" variant="secondary" disabled={printing}>
                {printing
                  ? t("printBatch:detail.printing", "Tisknu…")
                  : t("printBatch:detail.print", "Vytisknout na tiskárně")}
              </Button>
            </Form>
          )}
          {canEdit && b.state === "Generated" && (
            <ConfirmDialog
              name="markPrinted"
              intent="printed"
              tone="primary"
              trigger={t("printBatch:detail.markPrinted", "Označit jako vytištěné")}
              triggerVariant="secondary"
              title={t("printBatch:detail.markPrintedTitle", "Označit dávku jako vytištěnou?")}
              message={t(
                "printBatch:detail.markPrintedMessage",
                "Potvrďte, že štítky dávky jsou vytištěné. Stav dávky se změní na Vytištěná.",
              )}
              confirmLabel={t("printBatch:detail.markPrinted", "Označit jako vytištěné")}
            />
          )}
          {canRemove && (
            <ConfirmDialog
              name="delete"
              intent="delete"
              // After a failed delete without JavaScript the URL still names the dialog: the alert is shown instead.
              open={answer?.intent === "delete" ? false : undefined}
              trigger={t("printBatch:delete.action", "Smazat")}
              title={t("printBatch:delete.title", "Smazat tiskovou dávku?")}
              message={t(
                "printBatch:delete.message",
                "Dávka č. {{id}} bude smazána i se svými kódy (počet: {{codes}}). Smazat lze jen dávku, jejíž kódy dosud nikdo nepoužil: žádný není přiřazen nádobě, vyřazen ani nemá záznam svozu.",
                { id: b.id, codes: formatNumber(b.labelCount) },
              )}
              confirmLabel={t("printBatch:delete.action", "Smazat")}
            />
          )}
        </div>
      </div>

      {answer && <ActionAlert answer={answer} />}

      <Card>
        <CardHeader>
          <CardTitle>{t("printBatch:detail.basic", "Základní údaje")}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y divide-slate-100">
            <DetailRow label={t("printBatch:field.createdAt", "Vytvořeno")}>
              {formatDateTime(b.createdAt, i18n.language)}
            </DetailRow>
            <DetailRow label={t("printBatch:field.createdBy", "Vytvořil")}>{b.createdByName ?? "–"}</DetailRow>
            <DetailRow label={t("printBatch:field.codeType", "Typ kódu")}>
              <CodeTypeLabel type={b.codeType} />
            </DetailRow>
            <DetailRow
              label={
                b.codeType === "Regular"
                  ? t("printBatch:field.subjectCount", "Počet odběrných míst")
                  : t("printBatch:field.codeCount", "Počet kódů")
              }
            >
              {formatNumber(b.codeCount)}
            </DetailRow>
            <DetailRow label={t("printBatch:field.labelCount", "Počet štítků")}>{formatNumber(b.labelCount)}</DetailRow>
            <DetailRow label={t("printBatch:field.binTypes", "Typy nádob")}>
              {b.binTypeNames.join(", ") || "–"}
            </DetailRow>
            <DetailRow label={t("printBatch:field.rfid", "RFID")}>{b.rfid ? yes : no}</DetailRow>
            <DetailRow label={t("printBatch:field.printedAt", "Vytištěno")}>
              {b.printedAt ? formatDateTime(b.printedAt, i18n.language) : "–"}
            </DetailRow>
            <DetailRow label={t("printBatch:field.note", "Poznámka")}>{b.note ?? "–"}</DetailRow>
          </dl>
        </CardContent>
      </Card>

      <section className="space-y-2">
        <h2 className="text-lg font-semibold">{t("printBatch:detail.codes", "Kódy dávky")}</h2>
        <DataTable
          def={codeList}
          rows={b.codes.items}
          total={b.codes.total}
          params={listParams}
          rowKey="id"
          caption={t("printBatch:detail.codes", "Kódy dávky")}
          emptyState={{ message: t("printBatch:detail.noCodes", "Dávka nemá žádné kódy.") }}
        />
      </section>
    </div>
  );
}
