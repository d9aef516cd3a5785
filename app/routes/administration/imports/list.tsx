import type { Route } from "./+types/list";
import {
  IMPORT_JOB_STATES,
  IMPORT_TYPES,
  importJobList as importJobContract,
  type ImportJobAnswer,
} from "#contract/import";
import { importJobListKeys } from "#contract/lists";
import { defineList } from "~/lib/list";
import { loadMunicipalityList } from "~/server/list-action.server";
import { pageTitle } from "~/components/page-title";
import { ListPage } from "~/components/list-page";
import { column, createdAtColumn, createdByColumn, countColumn, textColumn } from "~/components/list-columns";
import { dateRangeFilters, enumFilter } from "~/lib/list-filters";
import { ImportJobStateBadge } from "~/components/import/job";
import { IMPORTS_PATH, ImportTypeName, importPath } from "./+shared/ui";

export const handle = pageTitle("import:list.title");

/** Spec 001 §2 'Imports: list with filters by date, state and type': newest first. */
export const importJobList = defineList(importJobListKeys, {
  filters: [
    enumFilter("type", "import:field.type", IMPORT_TYPES, "import:type"),
    enumFilter("state", "import:field.state", IMPORT_JOB_STATES, "import:state"),
    ...dateRangeFilters("import:filter"),
  ],
  columns: [
    createdAtColumn<ImportJobAnswer>("import:field.createdAt", importPath),
    column("type", "import:field.type", (row: ImportJobAnswer) => <ImportTypeName type={row.type} />),
    textColumn("fileName", "import:field.fileName", (row: ImportJobAnswer) => row.fileName),
    column("state", "import:field.state", (row: ImportJobAnswer) => <ImportJobStateBadge state={row.state} />),
    countColumn("totalRows", "import:job.total", (row: ImportJobAnswer) => row.totalRows),
    countColumn("acceptedRows", "import:job.accepted", (row: ImportJobAnswer) => row.acceptedRows),
    countColumn("errorRows", "import:job.rejected", (row: ImportJobAnswer) => row.errorRows),
    createdByColumn<ImportJobAnswer>("import:field.createdBy"),
  ],
});

export const loader = (args: Route.LoaderArgs) =>
  loadMunicipalityList(args, "import.aDetail", importJobContract, (api) => api.import.list);

export default function ImportList({ loaderData }: Route.ComponentProps) {
  return <ListPage ns="import" list={loaderData} def={importJobList} create={{ to: `${IMPORTS_PATH}/create` }} />;
}
