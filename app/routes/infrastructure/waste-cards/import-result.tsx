/**
 * A waste-card import job (spec 001 §8 'Import: an error table with row and error columns, "Import obsahuje
 * chyby", and a count of erroneous records'): its progress while it runs in the background, then the counts and the
 * rejected rows, paged and filterable by category.
 */
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/import-result";
import { importErrorList as importErrorContract, isImportRunning } from "#contract/import";
import { readListParams } from "~/lib/list-params";
import { formatDateTime } from "#contract/calendar";
import { useCan } from "~/lib/permissions";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/page-header";
import { pageTitle } from "~/components/page-title";
import { ImportJobCounts, ImportJobOutcome, ImportJobStateBadge, LiveJob } from "~/components/import/job";
import { ImportErrors } from "~/components/import/errors";
import { IMPORT_PATH, WASTE_CARDS_PATH } from "./+shared/ui";

export const handle = pageTitle("wasteCard:result.title");

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

export default function ImportResult({ loaderData }: Route.ComponentProps) {
  const { job, errors, params } = loaderData;
  const { t, i18n } = useTranslation();
  const canAdd = useCan("aAdd", "wasteCard");
  return (
    <div className="space-y-4">
      <LiveJob running={isImportRunning(job.state)} />
      <PageHeader
        title={t("wasteCard:result.title")}
        subtitle={
          <>
            {job.fileName} · {formatDateTime(job.createdAt, i18n.language)} <ImportJobStateBadge state={job.state} />
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
      <ImportJobOutcome job={job} />
      <ImportJobCounts job={job} />
      <ImportErrors errors={errors} params={params} filtered={!!params.category} />
    </div>
  );
}
