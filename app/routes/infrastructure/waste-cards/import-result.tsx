/**
 * The result of a waste-card import (spec 001 §8 'Import: an error table with row and error columns, "Import
 * obsahuje chyby", and a count of erroneous records'): the job's counts and its rejected rows, paged.
 */
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/import-result";
import {
  importErrorList as importErrorContract,
  type ImportJobErrorRow,
  type ImportJobState,
} from "#contract/waste-card";
import { importErrorListKeys } from "#contract/lists";
import { defineList } from "~/lib/list";
import { readListParams } from "~/lib/list-params";
import { formatNumber } from "~/lib/format";
import { formatDateTime } from "#contract/calendar";
import { useMessage } from "~/lib/messages";
import { useCan } from "~/lib/permissions";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { DataTable } from "~/components/data-table";
import { column } from "~/components/list-columns";
import { Alert } from "~/components/ui/alert";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/section-card";
import { PageHeader } from "~/components/page-header";
import { pageTitle } from "~/components/page-title";
import { IMPORT_PATH, WASTE_CARDS_PATH } from "./+shared/ui";

export const handle = pageTitle("wasteCard:result.title");

function ErrorMessage({ text }: { text: string }) {
  const shown = useMessage();
  return <>{shown(text)}</>;
}

export const importErrorList = defineList(importErrorListKeys, {
  filters: [],
  columns: [
    column("rowNumber", "wasteCard:result.row", undefined, { align: "right", className: "w-20 tabular-nums" }),
    column("message", "wasteCard:result.error", (row: ImportJobErrorRow) => <ErrorMessage text={row.message} />),
    column("rawRow", "wasteCard:result.rawRow", (row: ImportJobErrorRow) => (
      <code className="font-mono text-xs break-all">{row.rawRow ?? ""}</code>
    )),
  ],
});

/** The rejected rows: row number in the file, the reason, the row as it was. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const importJobId = requireId(params.importJobId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteCard.aDetail");
  const list = readListParams(importErrorContract, request.url);
  const [job, errors] = await Promise.all([
    api.wasteCard.importJob({ municipalityId, importJobId }),
    api.wasteCard.importErrors({ municipalityId, importJobId, ...list }),
  ]);
  return { job, errors, params: list };
}

const STATE_TONE: Record<ImportJobState, BadgeTone> = {
  unprocessed: "gray",
  processing: "blue",
  processed: "green",
  error: "amber",
  discarded: "red",
};

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md border border-slate-200 px-4 py-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{formatNumber(value)}</dd>
    </div>
  );
}

export default function ImportResult({ loaderData }: Route.ComponentProps) {
  const { job, errors, params } = loaderData;
  const { t, i18n } = useTranslation();
  const shown = useMessage();
  const canAdd = useCan("aAdd", "wasteCard");

  return (
    <div className="space-y-4">
      <PageHeader
        title={t("wasteCard:result.title")}
        subtitle={
          <>
            {job.fileName} · {formatDateTime(job.createdAt, i18n.language)}{" "}
            <Badge tone={STATE_TONE[job.state]}>{t(`wasteCard:jobState.${job.state}`)}</Badge>
          </>
        }
        actions={
          <>
            <Button to={WASTE_CARDS_PATH} variant="secondary">
              {t("wasteCard:import.back")}
            </Button>
            {canAdd && <Button to={IMPORT_PATH}>{t("wasteCard:result.again")}</Button>}
          </>
        }
      />

      {job.state === "discarded" && (
        <Alert tone="error">
          {t("wasteCard:result.discarded")} {shown(job.message ?? "")}
        </Alert>
      )}
      {job.errorRows > 0 && (
        <Alert tone="warning">
          <strong>{t("wasteCard:result.hasErrors")}</strong>{" "}
          {t("wasteCard:result.errorCount", {
            n: formatNumber(job.errorRows),
          })}
        </Alert>
      )}
      {job.state === "processed" && <Alert tone="success">{t("wasteCard:result.ok")}</Alert>}

      <SectionCard title={t("wasteCard:result.counts")} titleId="import-counts">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Count label={t("wasteCard:result.total")} value={job.totalRows} />
          <Count label={t("wasteCard:result.accepted")} value={job.acceptedRows} />
          <Count label={t("wasteCard:result.unchanged")} value={job.unchangedRows} />
          <Count label={t("wasteCard:result.rejected")} value={job.errorRows} />
        </dl>
      </SectionCard>

      {errors.total > 0 && (
        <section aria-labelledby="import-errors" className="space-y-2">
          <h2 id="import-errors" className="text-lg font-semibold">
            {t("wasteCard:result.errorsTitle")}
          </h2>
          <DataTable
            def={importErrorList}
            rows={errors.items}
            total={errors.total}
            params={params}
            rowKey="id"
            caption={t("wasteCard:result.errorsTitle")}
          />
        </section>
      )}
    </div>
  );
}
