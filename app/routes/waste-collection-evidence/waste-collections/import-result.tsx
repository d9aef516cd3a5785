/**
 * A collection import job: its progress while it runs in the background, then the counts, the collections it made or
 * added to, and the rejected rows with their reasons (spec 001 §8 collection log record errors), by category.
 */
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/import-result";
import { isImportRunning } from "#contract/import";
import { loadImportJob } from "~/server/import-upload.server";
import { Button } from "~/components/ui/button";
import { pageTitle } from "~/components/page-title";
import { ImportJobPage } from "~/components/import/job-page";
import { COLLECTIONS_PATH, COLLECTION_IMPORT_PATH } from "./+shared/ui";

export const handle = pageTitle("wasteCollection:import.resultTitle");

export const loader = (args: Route.LoaderArgs) =>
  loadImportJob(args, "wasteCollection.aDetail", (api) => api.wasteCollection);

export default function CollectionImportResult({ loaderData }: Route.ComponentProps) {
  const { job } = loaderData;
  const { t } = useTranslation();
  return (
    <ImportJobPage
      {...loaderData}
      back={{ to: COLLECTIONS_PATH, label: t("wasteCollection:list.title") }}
      title={t("wasteCollection:import.resultTitle")}
      actions={
        <>
          {!isImportRunning(job.state) && job.acceptedRows + job.unchangedRows > 0 && (
            <Button to={`${COLLECTIONS_PATH}?importJobId=${job.id}`}>{t("wasteCollection:import.collections")}</Button>
          )}
          <Button to={COLLECTION_IMPORT_PATH} variant="secondary">
            {t("wasteCollection:import.again")}
          </Button>
        </>
      }
    />
  );
}
