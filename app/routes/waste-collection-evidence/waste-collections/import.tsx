/**
 * Spec 001 §2 'Waste collections: import collection (a .csv file with vehicle licence plate and total weight)': the
 * file's format, the plate and the weight from the weighbridge ticket (both optional), the format help; the file is
 * streamed to the API, which queues the import, and the user lands on the job's page.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/import";
import { COLLECTION_IMPORT_FORMATS } from "#contract/collection-import";
import { requireMunicipality } from "~/server/guard.server";
import { uploadImportAction } from "~/server/import-upload.server";
import { SectionCard } from "~/components/section-card";
import { PageHeader } from "~/components/page-header";
import { pageTitle } from "~/components/page-title";
import { PillLink } from "~/components/pill-link";
import { CollectionFormatHelp, collectionFormatById } from "~/components/import/collection-format";
import { CollectionUploadFields } from "~/components/import/collection-fields";
import { ImportUploadForm } from "~/components/import/upload-form";
import { COLLECTIONS_PATH, COLLECTION_IMPORT_PATH } from "./+shared/ui";

export const handle = pageTitle("wasteCollection:import.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMunicipality(request, context, "wasteCollection.aAdd");
  return { format: collectionFormatById(new URL(request.url).searchParams.get("format")).id };
}

export const action = (args: Route.ActionArgs) =>
  uploadImportAction(
    args,
    "wasteCollection.aAdd",
    (api) => api.upload.wasteCollection.import,
    (id) => `${COLLECTION_IMPORT_PATH}/${id}`,
  );

export default function CollectionImport({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string | null>(null);
  useEffect(() => setPicked(null), [loaderData.format]);
  const format = picked ?? loaderData.format;
  return (
    <div className="space-y-4">
      <PageHeader
        back={{ to: COLLECTIONS_PATH, label: t("wasteCollection:list.title") }}
        title={t("wasteCollection:import.title")}
      />
      <SectionCard title={t("import:create.uploadTitle")} titleId="import-upload">
        <ImportUploadForm answer={actionData}>
          <CollectionUploadFields format={format} onFormat={setPicked} errors={actionData?.errors} />
        </ImportUploadForm>
        <p className="mt-2 text-sm text-slate-600">{t("import:collection.optional")}</p>
      </SectionCard>
      <SectionCard
        title={t("import:create.formatTitle", { type: collectionFormatById(format).label })}
        titleId="import-format"
      >
        <nav aria-label={t("import:create.formatOf")} className="mb-3 flex flex-wrap gap-1">
          {COLLECTION_IMPORT_FORMATS.map((f) => (
            <PillLink key={f.id} to={`?format=${f.id}`} current={f.id === format}>
              {f.label}
            </PillLink>
          ))}
        </nav>
        <CollectionFormatHelp formatId={format} />
      </SectionCard>
    </div>
  );
}
