/**
 * Spec 001 §2 Collection yards: the list of one municipality's yards (id, name, IČZ, ZÚJ, address, last login) with
 * the search and the waste operator filter (spec 000 §2 …/modules/waste-collection-yards).
 */
import type { Route } from "./+types/list";
import { yardListKeys } from "#contract/lists";
import { yardList as listContract, type YardListItem } from "#contract/yard";
import { defineList } from "~/lib/list";
import { pageTitle } from "~/components/page-title";
import { ListPage } from "~/components/list-page";
import { column, dateTimeColumn, nameColumn, textColumn } from "~/components/list-columns";
import { searchFilter } from "~/lib/list-filters";
import { loadModuleList } from "../+shared/record-pages.server";
import { yardPath, yardsPath } from "./+shared/ui";

export const handle = pageTitle("collectionYard:list.title");

/** A row with its municipality, so its link can be made in the list definition. */
type Row = YardListItem & { municipalityId: number };

const address = (r: YardListItem) =>
  [r.street, [r.zipCode, r.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");

export const yardTable = defineList(yardListKeys, {
  filters: [
    searchFilter("collectionYard"),
    { key: "operator", kind: "search", label: { key: "collectionYard:field.operatorName" } },
  ],
  columns: [
    column("id", "collectionYard:field.id", (r: Row) => r.id),
    nameColumn<Row>("collectionYard:field.name", (id, r) => yardPath(r.municipalityId, id)),
    textColumn("icz", "collectionYard:field.icz", (r: Row) => r.icz),
    textColumn("zuj", "collectionYard:field.zuj", (r: Row) => r.zuj),
    textColumn("street", "collectionYard:field.address", (r: Row) => address(r) || null),
    textColumn("operatorName", "collectionYard:field.operatorName", (r: Row) => r.operatorName),
    dateTimeColumn("lastLoginAt", "collectionYard:field.lastLoginAt", (r: Row) => r.lastLoginAt),
  ],
});

export const loader = (args: Route.LoaderArgs) =>
  loadModuleList(args, "collectionYard", listContract, (api) => api.collectionYard.list);

export default function YardList({ loaderData }: Route.ComponentProps) {
  return (
    <ListPage
      ns="collectionYard"
      list={loaderData}
      def={yardTable}
      create={{ to: `${yardsPath(loaderData.municipalityId)}/create` }}
    />
  );
}
