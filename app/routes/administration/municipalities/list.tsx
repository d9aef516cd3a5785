import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/list";
import { COUNTRIES, MUNICIPALITY_TYPES } from "#contract/enums";
import { municipalityList as municipalityListContract, type MunicipalityListItem } from "#contract/municipality";
import { municipalityListKeys } from "#contract/lists";
import { defineList, withFilterOptions } from "~/lib/list";
import { readListParams } from "~/lib/list-params";
import { requirePermission } from "~/server/guard.server";
import { pageTitle } from "~/components/page-title";
import { PageHeader } from "~/components/page-header";
import { DataTable } from "~/components/data-table";
import { Button } from "~/components/ui/button";
import { useCan } from "~/lib/permissions";
import { formatDateTime } from "#contract/calendar";
import { ActiveBadge, MUNICIPALITIES_PATH, municipalityPath } from "./+shared/ui";

export const handle = pageTitle("municipality:list.title");

const dateTime = (v: string | null) => (v ? formatDateTime(v) : "–");

/** Spec 001 §2 Municipalities list: columns, filters (search, district, active, parent, country, type); sorts from contract/lists.ts. */
export const municipalityList = defineList(municipalityListKeys, {
  filters: [
    { key: "search", kind: "search", label: { key: "municipality:list.search" } },
    {
      key: "district",
      kind: "select",
      label: { key: "municipality:field.district" },
      options: [],
    },
    { key: "active", kind: "boolean", label: { key: "municipality:list.active" } },
    {
      key: "parentId",
      kind: "select",
      label: { key: "municipality:field.parent" },
      options: [],
    },
    {
      key: "country",
      kind: "select",
      label: { key: "municipality:field.country" },
      options: COUNTRIES.map((c) => ({ value: c, label: { key: `municipality:country.${c}`, defaultValue: c } })),
    },
    {
      key: "type",
      kind: "select",
      label: { key: "municipality:field.type" },
      options: MUNICIPALITY_TYPES.map((v) => ({ value: v, label: { key: `municipality:type.${v}`, defaultValue: v } })),
    },
  ],
  columns: [
    { key: "id", label: { key: "municipality:list.id" }, align: "right" },
    {
      key: "name",
      label: { key: "municipality:field.name" },
      render: (row: MunicipalityListItem) => (
        <Link className="font-medium text-emerald-800 hover:underline" to={municipalityPath(row.id)}>
          {row.name}
        </Link>
      ),
    },
    { key: "district", label: { key: "municipality:field.district" } },
    {
      key: "type",
      label: { key: "municipality:field.type" },
      render: (row: MunicipalityListItem) => <TypeLabel type={row.type} />,
    },
    {
      key: "parentName",
      label: { key: "municipality:field.parent" },
      render: (row: MunicipalityListItem) => row.parentName ?? "–",
    },
    {
      key: "lastLoginAt",
      label: { key: "municipality:list.lastLogin" },
      render: (row: MunicipalityListItem) => dateTime(row.lastLoginAt),
    },
    {
      key: "lastRecordAt",
      label: { key: "municipality:list.lastRecord" },
      render: (row: MunicipalityListItem) => dateTime(row.lastRecordAt),
    },
    {
      key: "userCount",
      label: { key: "municipality:list.usage" },
      align: "right",
    },
    {
      key: "active",
      label: { key: "municipality:list.state" },
      render: (row: MunicipalityListItem) => <ActiveBadge active={row.active} />,
    },
  ],
});

function TypeLabel({ type }: { type: string }) {
  const { t } = useTranslation();
  return <>{t(`municipality:type.${type}`, type)}</>;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await requirePermission(request, context, "municipality.aDetail");
  const params = readListParams(municipalityListContract, request.url);
  const [list, districts, options] = await Promise.all([
    api.municipality.list(params),
    api.municipality.districts(),
    api.municipality.options(),
  ]);
  return { ...list, params, districts: districts.items, parents: options.items };
}

export default function MunicipalityList({ loaderData }: Route.ComponentProps) {
  const { items, total, params, districts, parents } = loaderData;
  const { t } = useTranslation();
  const canAdd = useCan("aAdd", "municipality");
  // Filter options known only at run time (districts, parents).
  const def = withFilterOptions(municipalityList, {
    district: districts,
    parentId: parents.map((p) => ({ value: String(p.id), label: p.name })),
  });
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("municipality:list.title")}
        actions={canAdd && <Button to={`${MUNICIPALITIES_PATH}/create`}>{t("municipality:list.new")}</Button>}
      />
      <DataTable
        def={def}
        rows={items}
        total={total}
        params={params}
        rowKey="id"
        emptyState={{ message: t("municipality:list.empty") }}
      />
    </div>
  );
}
