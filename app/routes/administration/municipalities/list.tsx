import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/list";
import type { ApiClient } from "~/server/api.server";
import { COUNTRIES, MUNICIPALITY_TYPES } from "#contract/enums";
import { municipalityList as municipalityListContract, type MunicipalityListItem } from "#contract/municipality";
import { municipalityListKeys } from "#contract/lists";
import { defineList, withFilterOptions } from "~/lib/list";
import { loadList } from "~/server/list-action.server";
import { pageTitle } from "~/components/page-title";
import { ListPage } from "~/components/list-page";
import { column, nameColumn, dateTimeColumn, textColumn } from "~/components/list-columns";
import { booleanFilter, enumFilter, idOptions, optionsFilter, searchFilter } from "~/lib/list-filters";
import { ActiveBadge, MUNICIPALITIES_PATH, municipalityPath } from "./+shared/ui";

export const handle = pageTitle("municipality:list.title");

/** Spec 001 §2 Municipalities list: columns, filters (search, district, active, parent, country, type); sorts from contract/lists.ts. */
export const municipalityList = defineList(municipalityListKeys, {
  filters: [
    searchFilter("municipality"),
    optionsFilter("district", "municipality:field.district"),
    booleanFilter("active", "municipality:list.active"),
    optionsFilter("parentId", "municipality:field.parent"),
    enumFilter("country", "municipality:field.country", COUNTRIES, "municipality:country", true),
    enumFilter("type", "municipality:field.type", MUNICIPALITY_TYPES, "municipality:type", true),
  ],
  columns: [
    column("id", "municipality:list.id", undefined, { align: "right" }),
    nameColumn<MunicipalityListItem>("municipality:field.name", municipalityPath),
    column("district", "municipality:field.district"),
    column("type", "municipality:field.type", (row: MunicipalityListItem) => <TypeLabel type={row.type} />),
    textColumn("parentName", "municipality:field.parent", (row: MunicipalityListItem) => row.parentName),
    dateTimeColumn("lastLoginAt", "municipality:list.lastLogin", (row: MunicipalityListItem) => row.lastLoginAt),
    dateTimeColumn("lastRecordAt", "municipality:list.lastRecord", (row: MunicipalityListItem) => row.lastRecordAt),
    column("userCount", "municipality:list.usage", undefined, { align: "right" }),
    column("active", "municipality:list.state", (row: MunicipalityListItem) => <ActiveBadge active={row.active} />),
  ],
});

function TypeLabel({ type }: { type: string }) {
  const { t } = useTranslation();
  return <>{t(`municipality:type.${type}`, type)}</>;
}

/** The district and parent filters' options, read with the page. */
async function filterOptions(api: ApiClient) {
  const [districts, options] = await Promise.all([api.municipality.districts(), api.municipality.options()]);
  return { districts: districts.items, parents: options.items };
}

export const loader = (args: Route.LoaderArgs) =>
  loadList(args, "municipality.aDetail", municipalityListContract, (api) => api.municipality.list, filterOptions);

export default function MunicipalityList({ loaderData }: Route.ComponentProps) {
  const { districts, parents } = loaderData;
  // Filter options known only at run time (districts, parents).
  const def = withFilterOptions(municipalityList, {
    district: districts,
    parentId: idOptions(parents),
  });
  return (
    <ListPage
      ns="municipality"
      list={loaderData}
      def={def}
      create={{ to: `${MUNICIPALITIES_PATH}/create`, emptyLabel: false }}
      caption={false}
    />
  );
}
