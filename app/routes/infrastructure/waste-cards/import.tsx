/**
 * Spec 001 §2 'A CSV import page describes the file structure', §5 'Waste card import must be a .csv file; column
 * order plainCode;code;subjectId;feePayerId'. The form posts the file as multipart; the action does not read it: the
 * body goes on to the API as a stream, which stores it and queues the import, and the user lands on the job's page.
 */
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/import";
import { requireMunicipality } from "~/server/guard.server";
import { uploadImportAction } from "~/server/import-upload.server";
import { SectionCard } from "~/components/section-card";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/page-header";
import { pageTitle } from "~/components/page-title";
import { WasteCardFormatHelp } from "~/components/import/waste-card-format";
import { ImportUploadForm } from "~/components/import/upload-form";
import { IMPORT_PATH, WASTE_CARDS_PATH } from "./+shared/ui";

export const handle = pageTitle("wasteCard:import.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMunicipality(request, context, "wasteCard.aAdd");
  return null;
}

/** Streams the upload to POST waste-card/import and shows the job it queued. */
export const action = (args: Route.ActionArgs) =>
  uploadImportAction(
    args,
    "wasteCard.aAdd",
    (api) => api.upload.wasteCard.import,
    (id) => `${IMPORT_PATH}/${id}`,
  );

export default function WasteCardImport({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("wasteCard:import.title")}
        actions={
          <Button to={WASTE_CARDS_PATH} variant="secondary">
            {t("wasteCard:import.back")}
          </Button>
        }
      />
      <SectionCard aria-labelledby="import-format" title={t("wasteCard:import.formatTitle")} titleId="import-format">
        <WasteCardFormatHelp />
      </SectionCard>
      <SectionCard aria-labelledby="import-upload" title={t("wasteCard:import.uploadTitle")} titleId="import-upload">
        <ImportUploadForm answer={actionData} />
      </SectionCard>
    </div>
  );
}
