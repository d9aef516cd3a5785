/**
 * Spec 000 §2 /administration/imports/create, spec 001 §2 'Imports: a create form with format help': the import type,
 * the format help of each type the product reads, and the upload; the file is streamed to the API, which queues the
 * job, and the user lands on the job's page.
 */
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { IMPORT_TYPES, type ImportType } from "#contract/import";
import { requireMunicipality } from "~/server/guard.server";
import { uploadImport } from "~/server/import-upload.server";
import { Field } from "~/components/field";
import { SectionCard } from "~/components/section-card";
import { PageHeader } from "~/components/page-header";
import { pageTitle } from "~/components/page-title";
import { Select } from "~/components/ui/select";
import { PillLink } from "~/components/pill-link";
import { WasteCardFormatHelp } from "~/components/import/waste-card-format";
import { ImportUploadForm } from "~/components/import/upload-form";
import { IMPORTS_PATH, importPath } from "./+shared/ui";

export const handle = pageTitle("import:create.title");

const HELP: Record<ImportType, () => ReactNode> = {
  wasteCard: () => <WasteCardFormatHelp />,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMunicipality(request, context, "import.aAdd");
  const type = new URL(request.url).searchParams.get("type");
  return { type: (IMPORT_TYPES as readonly string[]).includes(type ?? "") ? (type as ImportType) : IMPORT_TYPES[0] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "import.aAdd");
  return uploadImport(
    request,
    api,
    (body, type) => api.upload.import.create({ municipalityId }, body, type),
    importPath,
  );
}

export default function ImportCreate({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  // The help follows the chosen type at once with JavaScript; without it, the type links above the help choose.
  const [picked, setType] = useState<ImportType | null>(null);
  useEffect(() => setType(null), [loaderData.type]);
  const type = picked ?? loaderData.type;
  const typeError = actionData?.errors?.type;
  return (
    <div className="space-y-4">
      <PageHeader back={{ to: IMPORTS_PATH, label: t("import:list.title") }} title={t("import:create.title")} />
      <SectionCard aria-labelledby="import-upload" title={t("import:create.uploadTitle")} titleId="import-upload">
        <ImportUploadForm answer={actionData}>
          <Field id="import-type" label={t("import:field.type")} errors={typeError} required>
            <Select
              id="import-type"
              name="type"
              value={type}
              onChange={(e) => setType(e.target.value as ImportType)}
              required
            >
              {IMPORT_TYPES.map((v) => (
                <option key={v} value={v}>
                  {t(`import:type.${v}`)}
                </option>
              ))}
            </Select>
          </Field>
        </ImportUploadForm>
      </SectionCard>
      <SectionCard
        aria-labelledby="import-format"
        title={t("import:create.formatTitle", { type: t(`import:type.${type}`) })}
        titleId="import-format"
      >
        {IMPORT_TYPES.length > 1 && (
          <nav aria-label={t("import:create.formatOf")} className="mb-3 flex flex-wrap gap-1">
            {IMPORT_TYPES.map((v) => (
              <PillLink key={v} to={`?type=${v}`} current={v === type}>
                {t(`import:type.${v}`)}
              </PillLink>
            ))}
          </nav>
        )}
        {HELP[type]()}
      </SectionCard>
    </div>
  );
}
