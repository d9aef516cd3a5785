import { Link, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/list";
import { COUNTRIES, MUNICIPALITY_TYPES } from "#contract/enums";
import type { MunicipalityListItem } from "#contract/municipality";
import { defineList, toApiQuery } from "~/lib/list";
import { listParam, listSchema, parseListParams } from "~/lib/list-params";
import { requirePermission } from "~/server/guard.server";
import { DataTable } from "~/components/data-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useCan } from "~/lib/permissions";
import { formatDateTime } from "#contract/calendar";

export const meta = () => [{ title: "Obce · Odpady obce" }];

const dateTime = (v: string | null) => (v ? formatDateTime(v) : "–");

/** The list's URL search params, parsed by the loader only (the browser never loads zod). */
const municipalityParams = listSchema({
  search: listParam.search(),
  district: listParam.search(),
  active: listParam.boolean(),
  parentId: listParam.search(),
  country: listParam.select(COUNTRIES),
  type: listParam.select(MUNICIPALITY_TYPES),
});

/** Spec 001 §2 Municipalities list: columns, filters (search, district, active, parent, country, type). */
export const municipalityList = defineList({
  id: "municipalities",
  defaultSort: "name",
  filters: [
    { key: "search", kind: "search", label: { key: "municipality:list.search", defaultValue: "Hledat" } },
    {
      key: "district",
      kind: "select",
      label: { key: "municipality:field.district", defaultValue: "Okres" },
      options: [],
    },
    { key: "active", kind: "boolean", label: { key: "municipality:list.active", defaultValue: "Aktivní" } },
    {
      key: "parentId",
      kind: "select",
      label: { key: "municipality:field.parent", defaultValue: "Nadřazená obec" },
      options: [],
    },
    {
      key: "country",
      kind: "select",
      label: { key: "municipality:field.country", defaultValue: "Země" },
      options: COUNTRIES.map((c) => ({ value: c, label: { key: `municipality:country.${c}`, defaultValue: c } })),
    },
    {
      key: "type",
      kind: "select",
      label: { key: "municipality:field.type", defaultValue: "Typ" },
      options: MUNICIPALITY_TYPES.map((v) => ({ value: v, label: { key: `municipality:type.${v}`, defaultValue: v } })),
    },
  ],
  columns: [
    { key: "id", label: { key: "municipality:list.id", defaultValue: "ID" }, sortable: true, align: "right" },
    {
      key: "name",
      label: { key: "municipality:field.name", defaultValue: "Název" },
      sortable: true,
      render: (row: MunicipalityListItem) => (
        <Link className="font-medium text-emerald-800 hover:underline" to={`/administration/municipalities/${row.id}`}>
          {row.name}
        </Link>
      ),
    },
    { key: "district", label: { key: "municipality:field.district", defaultValue: "Okres" }, sortable: true },
    {
      key: "type",
      label: { key: "municipality:field.type", defaultValue: "Typ" },
      sortable: true,
      render: (row: MunicipalityListItem) => <TypeLabel type={row.type} />,
    },
    {
      key: "parentName",
      label: { key: "municipality:field.parent", defaultValue: "Nadřazená obec" },
      render: (row: MunicipalityListItem) => row.parentName ?? "–",
    },
    {
      key: "lastLoginAt",
      label: { key: "municipality:list.lastLogin", defaultValue: "Poslední přihlášení" },
      sortable: true,
      render: (row: MunicipalityListItem) => dateTime(row.lastLoginAt),
    },
    {
      key: "lastRecordAt",
      label: { key: "municipality:list.lastRecord", defaultValue: "Poslední záznam" },
      sortable: true,
      render: (row: MunicipalityListItem) => dateTime(row.lastRecordAt),
    },
    {
      key: "userCount",
      label: { key: "municipality:list.usage", defaultValue: "Využití (uživatelé)" },
      align: "right",
    },
    {
      key: "active",
      label: { key: "municipality:list.state", defaultValue: "Stav" },
      sortable: true,
      render: (row: MunicipalityListItem) => <StateBadge active={row.active} />,
    },
  ],
});

function TypeLabel({ type }: { type: string }) {
  const { t } = useTranslation();
  return <>{t(`municipality:type.${type}`, type)}</>;
}

function StateBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge tone={active ? "green" : "gray"}>
      {active ? t("municipality:state.active", "Aktivní") : t("municipality:state.inactive", "Neaktivní")}
    </Badge>
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await requirePermission(request, context, "municipality.aDetail");
  const params = parseListParams(municipalityList, municipalityParams, request.url);
  const [list, districts, options] = await Promise.all([
    api.get<{ items: MunicipalityListItem[]; total: number }>("/municipality", toApiQuery(params)),
    api.get<{ items: string[] }>("/municipality/districts"),
    api.get<{ items: { id: number; name: string }[] }>("/municipality/options"),
  ]);
  return { ...list, params, districts: districts.items, parents: options.items };
}

export default function MunicipalityList() {
  const { items, total, params, districts, parents } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const canAdd = useCan("aAdd", "municipality");
  // Filter options known only at run time (districts, parents) are filled in here.
  const def = {
    ...municipalityList,
    filters: municipalityList.filters.map((f) =>
      f.key === "district"
        ? { ...f, options: districts.map((d) => ({ value: d, label: d })) }
        : f.key === "parentId"
          ? { ...f, options: parents.map((p) => ({ value: String(p.id), label: p.name })) }
          : f,
    ),
  };
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("municipality:list.title", "Obce")}</h1>
        {canAdd && (
          <Button to="/administration/municipalities/create">{t("municipality:list.new", "Nová obec")}</Button>
        )}
      </div>
      <DataTable
        def={def}
        rows={items}
        total={total}
        params={params}
        rowKey="id"
        emptyState={{ message: t("municipality:list.empty", "Žádná obec neodpovídá filtru.") }}
      />
    </div>
  );
}
