import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import { z } from "zod";
import type { Route } from "./+types/list";
import { SUBJECT_TYPES } from "#contract/enums";
import type { SubjectDetail, SubjectFilterValues, SubjectListItem } from "#contract/subject";
import { NOTHING_SELECTED } from "#contract/user";
import { defineList, toApiQuery } from "~/lib/list";
import { listParam, listSchema, parseListParams } from "~/lib/list-params";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { addFlash, commit } from "~/server/session.server";
import { DataTable } from "~/components/data-table";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useCan } from "~/lib/permissions";
import { useGenerationAfter } from "~/lib/use-bulk-generation";
import { FeePaidBadge, SUBJECT_TYPE_LABELS, SUBJECTS_PATH, SubjectTypeLabel, subjectPath } from "./subject-ui";
import { Money } from "~/components/money";

export const meta = () => [{ title: "Odběrná místa · Odpady obce" }];

/** The list's URL search params, parsed by the loader only (the browser never loads zod). */
const subjectParams = listSchema({
  search: listParam.search(),
  type: listParam.select(SUBJECT_TYPES),
  cityDistrict: listParam.search(),
  street: listParam.search(),
  feePaid: listParam.boolean(),
  hasBins: listParam.boolean(),
  parentId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** Spec 001 §2 Collection points list: columns, filters (search, type, district, street, paid, bins, parent). */
export const subjectList = defineList({
  id: "subjects",
  defaultSort: "name",
  filters: [
    {
      key: "search",
      kind: "search",
      label: { key: "subject:list.search", defaultValue: "Hledat" },
      placeholder: { key: "subject:list.searchPlaceholder", defaultValue: "Název, adresa, VS" },
    },
    {
      key: "type",
      kind: "select",
      label: { key: "subject:field.type", defaultValue: "Typ" },
      options: SUBJECT_TYPES.map((v) => ({
        value: v,
        label: { key: `subject:type.${v}`, defaultValue: SUBJECT_TYPE_LABELS[v]! },
      })),
    },
    {
      key: "cityDistrict",
      kind: "select",
      label: { key: "subject:field.cityDistrict", defaultValue: "Městská část" },
      options: [],
    },
    { key: "street", kind: "select", label: { key: "subject:field.street", defaultValue: "Ulice" }, options: [] },
    { key: "feePaid", kind: "boolean", label: { key: "subject:list.feePaid", defaultValue: "Zaplaceno" } },
    { key: "hasBins", kind: "boolean", label: { key: "subject:list.hasBins", defaultValue: "S nádobami" } },
    {
      key: "parentId",
      kind: "select",
      label: { key: "subject:field.parent", defaultValue: "Nadřazené místo" },
      options: [],
    },
  ],
  columns: [
    {
      key: "name",
      label: { key: "subject:field.name", defaultValue: "Název" },
      sortable: true,
      render: (row: SubjectListItem) => (
        <Link className="font-medium text-emerald-800 hover:underline" to={subjectPath(row.id)}>
          {row.name}
        </Link>
      ),
    },
    {
      key: "type",
      label: { key: "subject:field.type", defaultValue: "Typ" },
      sortable: true,
      render: (row: SubjectListItem) => <SubjectTypeLabel type={row.type} />,
    },
    {
      // Sorted by street (then the API's own order); the cell shows the whole formatted address.
      key: "street",
      label: { key: "subject:list.address", defaultValue: "Adresa" },
      sortable: true,
      render: (row: SubjectListItem) => row.address || "–",
    },
    { key: "variableSymbol", label: { key: "subject:list.variableSymbol", defaultValue: "VS" }, sortable: true },
    {
      key: "memberCount",
      label: { key: "subject:list.memberCount", defaultValue: "Členové" },
      sortable: true,
      align: "right",
    },
    {
      key: "binCount",
      label: { key: "subject:list.binCount", defaultValue: "Nádoby" },
      sortable: true,
      align: "right",
    },
    {
      key: "totalFee",
      label: { key: "subject:list.totalFee", defaultValue: "Poplatek celkem" },
      sortable: true,
      align: "right",
      render: (row: SubjectListItem) => <Money value={row.totalFee} />,
    },
    {
      key: "feePaid",
      label: { key: "subject:list.feePaidColumn", defaultValue: "Platba" },
      sortable: true,
      render: (row: SubjectListItem) => <FeePaidBadge paid={row.feePaid} />,
    },
    {
      key: "parentName",
      label: { key: "subject:field.parent", defaultValue: "Nadřazené místo" },
      render: (row: SubjectListItem) =>
        row.parentId ? (
          <Link className="text-emerald-800 hover:underline" to={subjectPath(row.parentId)}>
            {row.parentName ?? `#${row.parentId}`}
          </Link>
        ) : (
          "–"
        ),
    },
  ],
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "subject.aDetail");
  const params = parseListParams(subjectList, subjectParams, request.url);
  const base = `/municipality/${municipalityId}/subject`;
  const [list, filters, parent] = await Promise.all([
    api.get<{ items: SubjectListItem[]; total: number }>(base, toApiQuery(params)),
    api.get<SubjectFilterValues>(`${base}/filters`),
    // The parent filter is shown only when set (from a detail's 'all children' link); it needs the parent's name.
    params.parentId
      ? api
          .request<SubjectDetail>("GET", `${base}/${params.parentId}`)
          .then((r) => (r.ok ? { id: r.data.id, name: r.data.name } : null))
      : Promise.resolve(null),
  ]);
  return { ...list, params, filters, parent };
}

type ActionAnswer = { intent: string; message: string; tone: "error" | "warning" };

/** The selected ids of the bulk form (checkboxes named `ids`). */
function selectedIds(formData: FormData): number[] {
  const ids = formData
    .getAll("ids")
    .map((v) => Number(v))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  return [...new Set(ids)];
}

/** Spec 001 §2/§4: mark the fee paid or unpaid in bulk (PATCH subject/fee-paid); nothing selected → 'Vyberte položky.'. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "subject.aEdit");
  const t = await userT(api.session);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const fail = (message: string, status: number, tone: ActionAnswer["tone"] = "error") =>
    data<ActionAnswer>({ intent, message, tone }, { status });
  if (intent !== "markPaid" && intent !== "markUnpaid")
    return fail(t("subject:flash.unknownAction", "Neznámá akce."), 400);

  const ids = selectedIds(formData);
  if (ids.length === 0) return fail(t("common:dataTable.selectItems", NOTHING_SELECTED), 422, "warning");
  const paid = intent === "markPaid";
  const res = await api.send("PATCH", `/municipality/${municipalityId}/subject/fee-paid`, { subjectIds: ids, paid });
  if (!res.ok) return fail(res.problem.errors?.subjectIds?.[0] ?? res.problem.Message, res.status);
  addFlash(api.session, {
    type: "success",
    text: paid
      ? t("subject:flash.markedPaid", "Poplatek označen jako zaplacený.")
      : t("subject:flash.markedUnpaid", "Poplatek označen jako nezaplacený."),
  });
  // Back to the list as it was (filters, sort, page).
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("dialog");
  return redirect(url.pathname + url.search, { headers: { "Set-Cookie": await commit(context, api.session) } });
}

export default function SubjectList() {
  const { items, total, params, filters, parent } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const { t } = useTranslation();
  const shown = useMessage();
  const canAdd = useCan("aAdd", "subject");
  const canEdit = useCan("aEdit", "subject");
  const generation = useGenerationAfter(["markPaid", "markUnpaid"]);
  const options = (values: string[]) => values.map((v) => ({ value: v, label: v }));
  // Filter options known only at run time; the parent filter exists only while a parent is chosen.
  const def = {
    ...subjectList,
    filters: subjectList.filters.flatMap((f) => {
      if (f.key === "cityDistrict") return [{ ...f, options: options(filters.cityDistricts) }];
      if (f.key === "street") return [{ ...f, options: options(filters.streets) }];
      if (f.key === "parentId") {
        if (!params.parentId) return [];
        return [{ ...f, options: [{ value: String(params.parentId), label: parent?.name ?? `#${params.parentId}` }] }];
      }
      return [f];
    }),
  };
  const createTo = params.parentId ? `${SUBJECTS_PATH}/create?parentId=${params.parentId}` : `${SUBJECTS_PATH}/create`;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("subject:list.title", "Odběrná místa")}</h1>
        {canAdd && <Button to={createTo}>{t("subject:list.new", "Nové odběrné místo")}</Button>}
      </div>
      {answer?.message && <Alert tone={answer.tone}>{shown(answer.message)}</Alert>}
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
          canEdit
            ? [
                { intent: "markPaid", label: t("subject:action.markPaidSelected", "Označit jako zaplacené") },
                { intent: "markUnpaid", label: t("subject:action.markUnpaidSelected", "Označit jako nezaplacené") },
              ]
            : undefined
        }
        caption={t("subject:list.title", "Odběrná místa")}
        emptyState={{
          message: t("subject:list.empty", "Zatím žádná odběrná místa."),
          action: canAdd ? (
            <Button to={createTo} size="sm">
              {t("subject:list.createFirst", "Založit odběrné místo")}
            </Button>
          ) : undefined,
        }}
      />
    </div>
  );
}
