import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import type { Route } from "./+types/list";
import { SUBJECT_TYPES } from "#contract/enums";
import { subjectList as subjectContract, type SubjectListItem } from "#contract/subject";
import { subjectListKeys } from "#contract/lists";
import { defineList, withFilterOptions } from "~/lib/list";
import { readListParams } from "~/lib/list-params";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import {
  answer,
  apiAnswer,
  backToList,
  readIntent,
  redirectWithFlash,
  selectedIds,
  unknownIntent,
} from "~/server/action.server";
import { pageTitle } from "~/components/page-title";
import { PageHeader } from "~/components/page-header";
import { DataTable } from "~/components/data-table";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useCan } from "~/lib/permissions";
import { useGenerationAfter } from "~/lib/use-bulk-generation";
import { FeePaidBadge, SUBJECTS_PATH, SubjectTypeLabel, subjectPath } from "./+shared/ui";
import { Money } from "~/components/money";

export const handle = pageTitle("subject:list.title");

/**
 * Spec 001 §2 Collection points list: columns, filters (search, type, district, street, paid, bins, parent); the
 * sorts from contract/lists.ts. The districts, streets and the chosen parent are filled in at run time.
 */
export const subjectList = defineList(subjectListKeys, {
  filters: [
    {
      key: "search",
      kind: "search",
      label: { key: "subject:list.search" },
      placeholder: { key: "subject:list.searchPlaceholder" },
    },
    {
      key: "type",
      kind: "select",
      label: { key: "subject:field.type" },
      options: SUBJECT_TYPES.map((v) => ({
        value: v,
        label: { key: `subject:type.${v}` },
      })),
    },
    {
      key: "cityDistrict",
      kind: "select",
      label: { key: "subject:field.cityDistrict" },
      options: [],
    },
    { key: "street", kind: "select", label: { key: "subject:field.street" }, options: [] },
    { key: "feePaid", kind: "boolean", label: { key: "subject:list.feePaid" } },
    { key: "hasBins", kind: "boolean", label: { key: "subject:list.hasBins" } },
    {
      key: "parentId",
      kind: "select",
      label: { key: "subject:field.parent" },
      options: [],
    },
  ],
  columns: [
    {
      key: "name",
      label: { key: "subject:field.name" },
      render: (row: SubjectListItem) => (
        <Link className="font-medium text-emerald-800 hover:underline" to={subjectPath(row.id)}>
          {row.name}
        </Link>
      ),
    },
    {
      key: "type",
      label: { key: "subject:field.type" },
      render: (row: SubjectListItem) => <SubjectTypeLabel type={row.type} />,
    },
    {
      // Sorted by street (then the API's own order); the cell shows the whole formatted address.
      key: "street",
      label: { key: "subject:list.address" },
      render: (row: SubjectListItem) => row.address || "–",
    },
    { key: "variableSymbol", label: { key: "subject:list.variableSymbol" } },
    {
      key: "memberCount",
      label: { key: "subject:list.memberCount" },
      align: "right",
    },
    {
      key: "binCount",
      label: { key: "subject:list.binCount" },
      align: "right",
    },
    {
      key: "totalFee",
      label: { key: "subject:list.totalFee" },
      align: "right",
      render: (row: SubjectListItem) => <Money value={row.totalFee} />,
    },
    {
      key: "feePaid",
      label: { key: "subject:list.feePaidColumn" },
      render: (row: SubjectListItem) => <FeePaidBadge paid={row.feePaid} />,
    },
    {
      key: "parentName",
      label: { key: "subject:field.parent" },
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
  const params = readListParams(subjectContract, request.url);
  const [list, filters, parent] = await Promise.all([
    api.subject.list({ ...params, municipalityId }),
    api.subject.filters({ municipalityId }),
    // The parent filter is shown only when set (from a detail's 'all children' link); it needs the parent's name.
    params.parentId
      ? api.result.subject
          .detail({ municipalityId, subjectId: params.parentId })
          .then((r) => (r.ok ? { id: r.data.id, name: r.data.name } : null))
      : Promise.resolve(null),
  ]);
  return { ...list, params, filters, parent };
}

/** Spec 001 §2/§4: mark the fee paid or unpaid in bulk (PATCH subject/fee-paid); nothing selected → 'Vyberte položky.'. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "subject.aEdit");
  const t = await userT(api.session);
  const { formData, intent } = await readIntent(request);
  if (intent !== "markPaid" && intent !== "markUnpaid") return unknownIntent(intent, t);

  const subjectIds = selectedIds(formData);
  if (subjectIds.length === 0) return answer({ intent, message: t("common:dataTable.selectItems"), tone: "warning" });
  const paid = intent === "markPaid";
  const res = await api.subject.setFeePaid({ municipalityId }, { subjectIds, paid });
  if (!res.ok) return apiAnswer(intent, res, { message: res.problem.errors?.subjectIds?.[0] ?? res.problem.Message });
  const text = paid ? t("subject:flash.markedPaid") : t("subject:flash.markedUnpaid");
  return redirectWithFlash(api, context, backToList(request), text);
}

export default function SubjectList({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, params, filters, parent } = loaderData;
  const { t } = useTranslation();
  const shown = useMessage();
  const canAdd = useCan("aAdd", "subject");
  const canEdit = useCan("aEdit", "subject");
  const generation = useGenerationAfter(["markPaid", "markUnpaid"]);
  // Filter options known only at run time; the parent filter exists only while a parent is chosen.
  const def = withFilterOptions(subjectList, {
    cityDistrict: filters.cityDistricts,
    street: filters.streets,
    parentId: params.parentId
      ? [{ value: String(params.parentId), label: parent?.name ?? `#${params.parentId}` }]
      : null,
  });
  const createTo = params.parentId ? `${SUBJECTS_PATH}/create?parentId=${params.parentId}` : `${SUBJECTS_PATH}/create`;

  return (
    <div className="space-y-4">
      <PageHeader
        title={t("subject:list.title")}
        actions={canAdd ? <Button to={createTo}>{t("subject:list.new")}</Button> : undefined}
      />
      {actionData?.message && <Alert tone={actionData.tone ?? "error"}>{shown(actionData.message)}</Alert>}
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
                { intent: "markPaid", label: t("subject:action.markPaidSelected") },
                { intent: "markUnpaid", label: t("subject:action.markUnpaidSelected") },
              ]
            : undefined
        }
        caption={t("subject:list.title")}
        emptyState={{
          message: t("subject:list.empty"),
          action: canAdd ? (
            <Button to={createTo} size="sm">
              {t("subject:list.createFirst")}
            </Button>
          ) : undefined,
        }}
      />
    </div>
  );
}
