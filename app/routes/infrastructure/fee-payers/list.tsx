import { Link, data, redirect, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import type { Route } from "./+types/list";
import type { DiscountOption, FeePayerListItem } from "#contract/fee-payer";
import { NOTHING_SELECTED } from "#contract/user";
import { defineList, toApiQuery } from "~/lib/list";
import { listParam, listSchema, parseListParams } from "~/lib/list-params";
import { formatCurrency } from "~/lib/format";
import { formatDate } from "#contract/calendar";
import { useCan } from "~/lib/permissions";
import { useGenerationAfter } from "~/lib/use-bulk-generation";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { addFlash, commit } from "~/server/session.server";
import { DataTable } from "~/components/data-table";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  AgeGroupBadge,
  LIST_PATH,
  LoginBadge,
  RegisteredBadge,
  StateBadge,
  TypeLabel,
  detailPath,
  feePayerApi,
  useCountry,
} from "./shared";

export const meta = () => [{ title: "Poplatníci · Odpady obce" }];

/** The list's URL search params, parsed by the loader only (the browser never loads zod). */
const feePayerParams = listSchema({
  search: listParam.search(),
  bornFrom: listParam.date(),
  bornTo: listParam.date(),
  discountId: listParam.search(),
  registered: listParam.boolean(),
  // Absent = everybody (spec: active yes/no/all, all by default).
  active: listParam.select(["true", "false", "all"] as const),
});

/** Spec 001 §2 'Fee payers' list: filters search, date of birth, fixed discount, registered yes/no, active yes/no/all. */
export const feePayerList = defineList({
  id: "fee-payers",
  defaultSort: "name",
  filters: [
    {
      key: "search",
      kind: "search",
      label: { key: "feePayer:list.search", defaultValue: "Hledat" },
      placeholder: { key: "feePayer:list.searchPlaceholder", defaultValue: "Jméno, firma, VS, e-mail" },
    },
    { key: "bornFrom", kind: "date", label: { key: "feePayer:list.bornFrom", defaultValue: "Narozen od" } },
    { key: "bornTo", kind: "date", label: { key: "feePayer:list.bornTo", defaultValue: "Narozen do" } },
    { key: "discountId", kind: "select", label: { key: "feePayer:list.discount", defaultValue: "Sleva" }, options: [] },
    { key: "registered", kind: "boolean", label: { key: "feePayer:list.registered", defaultValue: "Registrován" } },
    {
      key: "active",
      kind: "select",
      label: { key: "feePayer:list.active", defaultValue: "Aktivní" },
      options: [
        { value: "true", label: { key: "feePayer:list.activeYes", defaultValue: "Ano" } },
        { value: "false", label: { key: "feePayer:list.activeNo", defaultValue: "Ne" } },
        { value: "all", label: { key: "feePayer:list.activeAll", defaultValue: "Všichni" } },
      ],
    },
  ],
  columns: [
    {
      key: "name",
      label: { key: "feePayer:field.name", defaultValue: "Jméno / název" },
      sortable: true,
      render: (row: FeePayerListItem) => (
        <Link className="font-medium text-emerald-800 hover:underline" to={detailPath(row.id)}>
          {row.name}
        </Link>
      ),
    },
    {
      key: "type",
      label: { key: "feePayer:field.type", defaultValue: "Typ" },
      render: (row: FeePayerListItem) => <TypeLabel type={row.type} />,
    },
    {
      key: "dateOfBirth",
      label: { key: "feePayer:field.dateOfBirth", defaultValue: "Datum narození" },
      sortable: true,
      className: "whitespace-nowrap",
      render: (row: FeePayerListItem) => <DateText value={row.dateOfBirth} />,
    },
    {
      key: "variableSymbol",
      label: { key: "feePayer:field.variableSymbol", defaultValue: "Variabilní symbol" },
      sortable: true,
    },
    {
      key: "subjects",
      label: { key: "feePayer:list.subjects", defaultValue: "Odběrná místa" },
      render: (row: FeePayerListItem) => row.subjects ?? "–",
    },
    {
      key: "activeFrom",
      label: { key: "feePayer:list.activity", defaultValue: "Aktivní od–do" },
      sortable: true,
      render: (row: FeePayerListItem) => <Activity row={row} />,
    },
    {
      key: "registered",
      label: { key: "feePayer:list.registration", defaultValue: "Registrace a přihlášení" },
      sortable: true,
      render: (row: FeePayerListItem) => (
        <span className="inline-flex flex-col items-start gap-1">
          <RegisteredBadge registered={row.registered} />
          <LoginBadge hasLogin={row.hasLogin} />
        </span>
      ),
    },
    {
      key: "discounts",
      label: { key: "feePayer:list.discounts", defaultValue: "Věková skupina a slevy" },
      render: (row: FeePayerListItem) => (
        <span className="inline-flex flex-wrap gap-1">
          <AgeGroupBadge group={row.ageGroup} />
          {row.discounts.map((d) => (
            <Badge key={d} tone="amber">
              {d}
            </Badge>
          ))}
        </span>
      ),
    },
    {
      key: "finalFee",
      label: { key: "feePayer:field.finalFee", defaultValue: "Výsledný poplatek" },
      align: "right",
      className: "whitespace-nowrap",
      render: (row: FeePayerListItem) => <Money value={row.finalFee} />,
    },
  ],
});

function DateText({ value }: { value: string | null }) {
  const { i18n } = useTranslation();
  return <>{value ? formatDate(value, i18n.language) : "–"}</>;
}

function Money({ value }: { value: string | null }) {
  const country = useCountry();
  return <>{value === null ? "–" : formatCurrency(value, country)}</>;
}

function Activity({ row }: { row: FeePayerListItem }) {
  const { i18n } = useTranslation();
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <span className="whitespace-nowrap">
        {formatDate(row.activeFrom, i18n.language)} – {row.activeTo ? formatDate(row.activeTo, i18n.language) : "…"}
      </span>
      <StateBadge active={row.active} />
    </span>
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aDetail");
  const params = parseListParams(feePayerList, feePayerParams, request.url);
  const [list, discounts] = await Promise.all([
    api.get<{ items: FeePayerListItem[]; total: number }>(feePayerApi(municipalityId), toApiQuery(params)),
    api.get<{ items: DiscountOption[] }>(feePayerApi(municipalityId, undefined, "/discounts")),
  ]);
  return { ...list, params, discounts: discounts.items };
}

type ActionAnswer = { intent: string; message: string; tone: "error" | "warning" };

/** Back to the list as it was (filters, sort, page). */
function listUrl(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("dialog");
  return url.pathname + url.search;
}

/** Bulk 'Zaregistrovat' (PATCH fee-payer/register); nothing selected → 'Vyberte položky.' (also without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aEdit");
  const t = await userT(api.session);
  if (intent !== "register") {
    return data<ActionAnswer>(
      { intent, message: t("feePayer:unknownAction", "Neznámá akce."), tone: "error" },
      { status: 400 },
    );
  }
  const ids = [...new Set(formData.getAll("ids").map((v) => Number(v)))].filter(
    (n) => Number.isSafeInteger(n) && n > 0,
  );
  if (ids.length === 0) {
    return data<ActionAnswer>(
      { intent, message: t("common:dataTable.selectItems", NOTHING_SELECTED), tone: "warning" },
      { status: 422 },
    );
  }
  const res = await api.send("PATCH", feePayerApi(municipalityId, undefined, "/register"), {
    feePayerIds: ids,
    registered: true,
  });
  if (!res.ok) {
    return data<ActionAnswer>(
      { intent, message: res.problem.errors?.feePayerIds?.[0] ?? res.problem.Message, tone: "error" },
      { status: res.status },
    );
  }
  addFlash(api.session, { type: "success", text: t("feePayer:flash.registeredMany", "Poplatníci zaregistrováni.") });
  return redirect(listUrl(request), { headers: { "Set-Cookie": await commit(context, api.session) } });
}

export default function FeePayerList() {
  const { items, total, params, discounts } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const { t } = useTranslation();
  const shown = useMessage();
  const canAdd = useCan("aAdd", "feePayer");
  const canEdit = useCan("aEdit", "feePayer");
  const generation = useGenerationAfter(["register"]);
  // The municipality's fixed discounts are known only at run time.
  const def = {
    ...feePayerList,
    filters: feePayerList.filters.map((f) =>
      f.key === "discountId"
        ? {
            ...f,
            options: discounts.filter((d) => d.type === "Other").map((d) => ({ value: String(d.id), label: d.name })),
          }
        : f,
    ),
  };
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("feePayer:list.title", "Poplatníci")}</h1>
        {canAdd && <Button to={`${LIST_PATH}/create`}>{t("feePayer:list.new", "Nový poplatník")}</Button>}
      </div>
      {answer && <Alert tone={answer.tone}>{shown(answer.message)}</Alert>}
      <DataTable
        key={generation}
        def={def}
        rows={items}
        total={total}
        params={params}
        rowKey="id"
        rowLabel={(row) => row.name}
        selectable={canEdit}
        bulkActions={
          canEdit ? [{ intent: "register", label: t("feePayer:action.register", "Zaregistrovat") }] : undefined
        }
        caption={t("feePayer:list.title", "Poplatníci")}
        emptyState={{
          message: t("feePayer:list.empty", "Zatím žádní poplatníci."),
          action: canAdd ? (
            <Button to={`${LIST_PATH}/create`} size="sm">
              {t("feePayer:list.new", "Nový poplatník")}
            </Button>
          ) : undefined,
        }}
      />
    </div>
  );
}
