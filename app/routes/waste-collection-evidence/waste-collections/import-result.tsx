/**
 * A collection import job: its progress while it runs in the background, then the counts, the collections it made or
 * added to, and the rejected rows with their reasons (spec 001 §8 collection log record errors), by category.
 */
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/import-result";
import { importErrorList as importErrorContract, isImportRunning } from "#contract/import";
import { readListParams } from "~/lib/list-params";
import { formatDateTime } from "#contract/calendar";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/page-header";
import { pageTitle } from "~/components/page-title";
import { ImportJobCounts, ImportJobOutcome, ImportJobStateBadge, LiveJob } from "~/components/import/job";
import { ImportErrors } from "~/components/import/errors";
import { COLLECTIONS_PATH, COLLECTION_IMPORT_PATH } from "./+shared/ui";

export const handle = pageTitle("wasteCollection:import.resultTitle");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const importJobId = requireId(params.importJobId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteCollection.aDetail");
  const list = readListParams(importErrorContract, request.url);
  const [job, errors] = await Promise.all([
    api.wasteCollection.importJob({ municipalityId, importJobId }),
    api.wasteCollection.importErrors({ municipalityId, importJobId, ...list }),
  ]);
  return { job, errors, params: list };
}

export default function CollectionImportResult({ loaderData }: Route.ComponentProps) {
  const { job, errors, params } = loaderData;
  const { t, i18n } = useTranslation();
  const running = isImportRunning(job.state);
  return (
    <div className="space-y-4">
      <LiveJob running={running} />
      <PageHeader
        back={{ to: COLLECTIONS_PATH, label: t("wasteCollection:list.title") }}
        title={t("wasteCollection:import.resultTitle")}
        subtitle={
          <>
            {job.fileName} · {formatDateTime(job.createdAt, i18n.language)} <ImportJobStateBadge state={job.state} />
          </>
        }
        actions={
          <>
            {!running && job.acceptedRows + job.unchangedRows > 0 && (
              <Button to={`${COLLECTIONS_PATH}?importJobId=${job.id}`}>
                {t("wasteCollection:import.collections")}
              </Button>
            )}
            <Button to={COLLECTION_IMPORT_PATH} variant="secondary">
              {t("wasteCollection:import.again")}
            </Button>
          </>
        }
      />
      <ImportJobOutcome job={job} />
      <ImportJobCounts job={job} />
      <ImportErrors errors={errors} params={params} filtered={!!params.category} />
    </div>
  );
}
