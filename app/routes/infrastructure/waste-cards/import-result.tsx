/**
 * A waste-card import job (spec 001 §8 'Import: an error table with row and error columns, "Import obsahuje
 * chyby", and a count of erroneous records'): its progress while it runs in the background, then the counts and the
 * rejected rows, paged and filterable by category.
 */
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/import-result";
import { useCan } from "~/lib/permissions";
import { loadImportJob } from "~/server/import-upload.server";
import { Button } from "~/components/ui/button";
import { pageTitle } from "~/components/page-title";
import { ImportJobPage } from "~/components/import/job-page";
import { IMPORT_PATH, WASTE_CARDS_PATH } from "./+shared/ui";

export const handle = pageTitle("wasteCard:result.title");

export const loader = (args: Route.LoaderArgs) => loadImportJob(args, "wasteCard.aDetail", (api) => api.wasteCard);

export default function ImportResult({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const canAdd = useCan("aAdd", "wasteCard");
  return (
    <ImportJobPage
      {...loaderData}
      title={t("wasteCard:result.title")}
      actions={
        <>
          <Button to={WASTE_CARDS_PATH} variant="secondary">
            {t("wasteCard:import.back")}
          </Button>
          {canAdd && <Button to={IMPORT_PATH}>{t("wasteCard:result.again")}</Button>}
        </>
      }
    />
  );
}
