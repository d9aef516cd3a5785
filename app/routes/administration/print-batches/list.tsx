import type { Route } from "./+types/list";
import {
  PRINT_BATCH_STATES,
  printBatchList as printBatchContract,
  type PrintBatchListItem,
} from "#contract/print-batch";
import { printBatchListKeys } from "#contract/lists";
import { defineList } from "~/lib/list";
import { formatNumber } from "~/lib/format";
import { loadMunicipalityList } from "~/server/list-action.server";
import { pageTitle } from "~/components/page-title";
import { ListPage } from "~/components/list-page";
import { column, createdAtColumn, createdByColumn, textColumn, YesNo } from "~/components/list-columns";
import { enumFilter } from "~/lib/list-filters";
import { CodeTypeLabel, PRINT_BATCHES_PATH, PrintBatchStateBadge, printBatchPath } from "./+shared/ui";

export const handle = pageTitle("printBatch:list.title");

/** Spec 001 §2 'Print batches' list: newest first, filtered by state; sorts from contract/lists.ts. */
export const printBatchList = defineList(printBatchListKeys, {
  filters: [enumFilter("state", "printBatch:field.state", PRINT_BATCH_STATES, "printBatch:state")],
  columns: [
    createdAtColumn<PrintBatchListItem>("printBatch:field.createdAt", printBatchPath),
    column("codeType", "printBatch:field.codeType", (row: PrintBatchListItem) => <CodeTypeLabel type={row.codeType} />),
    column(
      "labelCount",
      "printBatch:field.counts",
      // NoSubject: codes per bin type; Regular: subjects. Labels = that × the bin types.
      (row: PrintBatchListItem) => (
        <span className="tabular-nums">
          {formatNumber(row.codeCount)} / {formatNumber(row.labelCount)}
        </span>
      ),
      { align: "right", className: "whitespace-nowrap" },
    ),
    textColumn(
      "binTypeNames",
      "printBatch:field.binTypes",
      (row: PrintBatchListItem) => row.binTypeNames.join(", ") || null,
    ),
    column("rfid", "printBatch:field.rfid", (row: PrintBatchListItem) => <YesNo value={row.rfid} />),
    column("state", "printBatch:field.state", (row: PrintBatchListItem) => <PrintBatchStateBadge state={row.state} />),
    textColumn("note", "printBatch:field.note", (row: PrintBatchListItem) => row.note),
    createdByColumn<PrintBatchListItem>("printBatch:field.createdBy"),
  ],
});

export const loader = (args: Route.LoaderArgs) =>
  loadMunicipalityList(args, "printBatch.aDetail", printBatchContract, (api) => api.printBatch.list);

export default function PrintBatchList({ loaderData }: Route.ComponentProps) {
  return (
    <ListPage ns="printBatch" list={loaderData} def={printBatchList} create={{ to: `${PRINT_BATCHES_PATH}/create` }} />
  );
}
