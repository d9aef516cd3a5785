import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/list";
import {
  PRINT_BATCH_STATES,
  printBatchList as printBatchContract,
  type PrintBatchListItem,
} from "#contract/print-batch";
import { printBatchListKeys } from "#contract/lists";
import { defineList } from "~/lib/list";
import { readListParams } from "~/lib/list-params";
import { formatNumber } from "~/lib/format";
import { formatDateTime } from "#contract/calendar";
import { useCan } from "~/lib/permissions";
import { requireMunicipality } from "~/server/guard.server";
import { pageTitle } from "~/components/page-title";
import { PageHeader } from "~/components/page-header";
import { DataTable } from "~/components/data-table";
import { Button } from "~/components/ui/button";
import { CodeTypeLabel, PRINT_BATCHES_PATH, PrintBatchStateBadge, printBatchPath } from "./+shared/ui";

export const handle = pageTitle("printBatch:list.title");

/** Spec 001 §2 'Print batches' list: newest first, filtered by state; sorts from contract/lists.ts. */
export const printBatchList = defineList(printBatchListKeys, {
  filters: [
    {
      key: "state",
      kind: "select",
      label: { key: "printBatch:field.state" },
      options: PRINT_BATCH_STATES.map((s) => ({
        value: s,
        label: { key: `printBatch:state.${s}` },
      })),
    },
  ],
  columns: [
    {
      key: "createdAt",
      label: { key: "printBatch:field.createdAt" },
      className: "whitespace-nowrap",
      render: (row: PrintBatchListItem) => <CreatedLink row={row} />,
    },
    {
      key: "codeType",
      label: { key: "printBatch:field.codeType" },
      render: (row: PrintBatchListItem) => <CodeTypeLabel type={row.codeType} />,
    },
    {
      key: "labelCount",
      label: { key: "printBatch:field.counts" },
      align: "right",
      className: "whitespace-nowrap",
      // NoSubject: codes per bin type; Regular: subjects. Labels = that × the bin types.
      render: (row: PrintBatchListItem) => (
        <span className="tabular-nums">
          {formatNumber(row.codeCount)} / {formatNumber(row.labelCount)}
        </span>
      ),
    },
    {
      key: "binTypeNames",
      label: { key: "printBatch:field.binTypes" },
      render: (row: PrintBatchListItem) => row.binTypeNames.join(", ") || "–",
    },
    {
      key: "rfid",
      label: { key: "printBatch:field.rfid" },
      render: (row: PrintBatchListItem) => <YesNo value={row.rfid} />,
    },
    {
      key: "state",
      label: { key: "printBatch:field.state" },
      render: (row: PrintBatchListItem) => <PrintBatchStateBadge state={row.state} />,
    },
    {
      key: "note",
      label: { key: "printBatch:field.note" },
      render: (row: PrintBatchListItem) => row.note ?? "–",
    },
    {
      key: "createdByName",
      label: { key: "printBatch:field.createdBy" },
      render: (row: PrintBatchListItem) => row.createdByName ?? "–",
    },
  ],
});

function CreatedLink({ row }: { row: PrintBatchListItem }) {
  const { i18n } = useTranslation();
  return (
    <Link className="font-medium text-emerald-800 hover:underline" to={printBatchPath(row.id)}>
      {formatDateTime(row.createdAt, i18n.language)}
    </Link>
  );
}

function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <>{value ? t("common:dataTable.yes") : t("common:dataTable.no")}</>;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "printBatch.aDetail");
  const params = readListParams(printBatchContract, request.url);
  const list = await api.printBatch.list({ municipalityId, ...params });
  return { ...list, params };
}

export default function PrintBatchList({ loaderData }: Route.ComponentProps) {
  const { items, total, params } = loaderData;
  const { t, i18n } = useTranslation();
  const canAdd = useCan("aAdd", "printBatch");
  const newButton = (size?: "sm") =>
    canAdd ? (
      <Button to={`${PRINT_BATCHES_PATH}/create`} size={size}>
        {t("printBatch:list.new")}
      </Button>
    ) : undefined;
  return (
    <div className="space-y-4">
      <PageHeader title={t("printBatch:list.title")} actions={newButton()} />
      <DataTable
        def={printBatchList}
        rows={items}
        total={total}
        params={params}
        rowKey="id"
        rowLabel={(row) => formatDateTime(row.createdAt, i18n.language)}
        caption={t("printBatch:list.title")}
        emptyState={{ message: t("printBatch:list.empty"), action: newButton("sm") }}
      />
    </div>
  );
}
