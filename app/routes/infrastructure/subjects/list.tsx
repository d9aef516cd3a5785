import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/list";
import type { ApiClient } from "~/server/api.server";
import { SUBJECT_TYPES } from "#contract/enums";
import { subjectList as subjectContract, type SubjectListItem } from "#contract/subject";
import { subjectListKeys } from "#contract/lists";
import { defineList, withFilterOptions } from "~/lib/list";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { readIntent, unknownIntent } from "~/server/action.server";
import { bulkChange, loadMunicipalityList } from "~/server/list-action.server";
import { pageTitle } from "~/components/page-title";
import { ListPage } from "~/components/list-page";
import { column, nameColumn, refColumn, textColumn } from "~/components/list-columns";
import { booleanFilter, enumFilter, optionsFilter, searchFilter } from "~/lib/list-filters";
import { FeePaidBadge, SUBJECTS_PATH, SubjectTypeLabel, subjectPath } from "./+shared/ui";
import { Money } from "~/components/money";

export const handle = pageTitle("subject:list.title");

/**
 * Spec 001 §2 Collection points list: columns, filters (search, type, district, street, paid, bins, parent); the
 * sorts from contract/lists.ts. The districts, streets and the chosen parent are filled in at run time.
 */
export const subjectList = defineList(subjectListKeys, {
  filters: [
    searchFilter("subject", true),
    enumFilter("type", "subject:field.type", SUBJECT_TYPES, "subject:type"),
    optionsFilter("cityDistrict", "subject:field.cityDistrict"),
    optionsFilter("street", "subject:field.street"),
    booleanFilter("feePaid", "subject:list.feePaid"),
    booleanFilter("hasBins", "subject:list.hasBins"),
    optionsFilter("parentId", "subject:field.parent"),
  ],
  columns: [
    nameColumn<SubjectListItem>("subject:field.name", subjectPath),
    column("type", "subject:field.type", (row: SubjectListItem) => <SubjectTypeLabel type={row.type} />),
    // Sorted by street (then the API's own order); the cell shows the whole formatted address.
    textColumn("street", "subject:list.address", (row: SubjectListItem) => row.address || null),
    column("variableSymbol", "subject:list.variableSymbol"),
    column("memberCount", "subject:list.memberCount", undefined, { align: "right" }),
    column("binCount", "subject:list.binCount", undefined, { align: "right" }),
    column("totalFee", "subject:list.totalFee", (row: SubjectListItem) => <Money value={row.totalFee} />, {
      align: "right",
    }),
    column("feePaid", "subject:list.feePaidColumn", (row: SubjectListItem) => <FeePaidBadge paid={row.feePaid} />),
    refColumn("parentName", "subject:field.parent", (row: SubjectListItem) => row.parentId, subjectPath),
  ],
});

/** The filters' options; the parent filter is shown only when set (from a detail's 'all children' link), by name. */
async function filtersOf(api: ApiClient, municipalityId: number, params: { parentId?: number }) {
  const [filters, parent] = await Promise.all([
    api.subject.filters({ municipalityId }),
    params.parentId
      ? api.result.subject
          .detail({ municipalityId, subjectId: params.parentId })
          .then((r) => (r.ok ? { id: r.data.id, name: r.data.name } : null))
      : null,
  ]);
  return { filters, parent };
}

export const loader = (args: Route.LoaderArgs) =>
  loadMunicipalityList(args, "subject.aDetail", subjectContract, (api) => api.subject.list, filtersOf);

/** Spec 001 §2/§4: mark the fee paid or unpaid in bulk (PATCH subject/fee-paid); nothing selected → 'Vyberte položky.'. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "subject.aEdit");
  const t = await userT(api.session);
  const { formData, intent } = await readIntent(request);
  if (intent !== "markPaid" && intent !== "markUnpaid") return unknownIntent(intent, t);
  const paid = intent === "markPaid";
  return bulkChange(
    { request, context, api, t, formData, intent },
    "subjectIds",
    (subjectIds) => api.subject.setFeePaid({ municipalityId }, { subjectIds, paid }),
    paid ? t("subject:flash.markedPaid") : t("subject:flash.markedUnpaid"),
  );
}

export default function SubjectList({ loaderData, actionData }: Route.ComponentProps) {
  const { params, filters, parent } = loaderData;
  const { t } = useTranslation();
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
    <ListPage
      ns="subject"
      list={loaderData}
      create={{ to: createTo, emptyLabel: t("subject:list.createFirst") }}
      answer={actionData}
      resetAfter={["markPaid", "markUnpaid"]}
      def={def}
      bulkActions={[
        { intent: "markPaid", label: t("subject:action.markPaidSelected") },
        { intent: "markUnpaid", label: t("subject:action.markUnpaidSelected") },
      ]}
    />
  );
}
