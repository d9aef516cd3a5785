/**
 * A waste-card import job (spec 001 §8 'Import: an error table with row and error columns, "Import obsahuje
 * chyby", and a count of erroneous records'): its progress while it runs in the background, then the counts and the
 * rejected rows, paged and filterable by category.
 */
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/import-result";
import { importErrorList as importErrorContract } from "#contract/import";
import { readListParams } from "~/lib/list-params";
import { useCan } from "~/lib/permissions";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { Button } from "~/components/ui/button";
import { pageTitle } from "~/components/page-title";
import { ImportJobPage } from "~/components/import/job-page";
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
