/**
 * Spec 000 §2 /administration/imports/create, spec 001 §2 'Imports: a create form with format help': the import type
 * (and a collection file's format), the format help of each type and format the product reads, and the upload; the
 * file is streamed to the API, which queues the job, and the user lands on the job's page.
 */
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { IMPORT_TYPES, type ImportType } from "#contract/import";
import { COLLECTION_IMPORT_FORMATS } from "#contract/collection-import";
import { requireMunicipality } from "~/server/guard.server";
import { uploadImportAction } from "~/server/import-upload.server";
import { Field, fieldAria } from "~/components/field";
import { SectionCard } from "~/components/section-card";
import { PageHeader } from "~/components/page-header";
import { pageTitle } from "~/components/page-title";
import { Select } from "~/components/ui/select";
import { PillLink } from "~/components/pill-link";
import { WasteCardFormatHelp } from "~/components/import/waste-card-format";
import { CollectionFormatHelp, collectionFormatById } from "~/components/import/collection-format";
import { CollectionUploadFields } from "~/components/import/collection-fields";
import { ImportUploadForm } from "~/components/import/upload-form";
import { IMPORTS_PATH, importPath } from "./+shared/ui";

export const handle = pageTitle("import:create.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMunicipality(request, context, "import.aAdd");
  const url = new URL(request.url);
  const type = url.searchParams.get("type");
  return {
    type: (IMPORT_TYPES as readonly string[]).includes(type ?? "") ? (type as ImportType) : IMPORT_TYPES[0],
    format: collectionFormatById(url.searchParams.get("format")).id,
  };
}

export const action = (args: Route.ActionArgs) =>
  uploadImportAction(args, "import.aAdd", (api) => api.upload.import.create, importPath);

export default function ImportCreate({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  // The help follows the choice at once with JavaScript; without it, the links above the help choose.
  const [picked, setPicked] = useState<{ type: ImportType; format: string } | null>(null);
  useEffect(() => setPicked(null), [loaderData.type, loaderData.format]);
  const { type, format } = picked ?? loaderData;
  const errors = actionData?.errors;
  const help: Record<ImportType, ReactNode> = {
    wasteCollection: <CollectionFormatHelp formatId={format} />,
    wasteCard: <WasteCardFormatHelp />,
  };
  const choices = [
    ...COLLECTION_IMPORT_FORMATS.map((f) => ({
      type: "wasteCollection" as const,
      format: f.id,
      label: `${t("import:type.wasteCollection")}: ${f.label}`,
    })),
    { type: "wasteCard" as const, format, label: t("import:type.wasteCard") },
  ];
  return (
    <div className="space-y-4">
      <PageHeader back={{ to: IMPORTS_PATH, label: t("import:list.title") }} title={t("import:create.title")} />
      <SectionCard aria-labelledby="import-upload" title={t("import:create.uploadTitle")} titleId="import-upload">
        <ImportUploadForm answer={actionData}>
          <Field id="import-type" label={t("import:field.type")} errors={errors?.type} required>
            <Select
              name="type"
              value={type}
              onChange={(e) => setPicked({ type: e.target.value as ImportType, format })}
              required
              {...fieldAria("import-type", errors?.type)}
            >
              {IMPORT_TYPES.map((v) => (
                <option key={v} value={v}>
                  {t(`import:type.${v}`)}
                </option>
              ))}
            </Select>
          </Field>
          {type === "wasteCollection" && (
            <CollectionUploadFields format={format} onFormat={(f) => setPicked({ type, format: f })} errors={errors} />
          )}
        </ImportUploadForm>
        {type === "wasteCollection" && <p className="mt-2 text-sm text-slate-600">{t("import:collection.optional")}</p>}
      </SectionCard>
      <SectionCard
        aria-labelledby="import-format"
        title={t("import:create.formatTitle", { type: t(`import:type.${type}`) })}
        titleId="import-format"
      >
        <nav aria-label={t("import:create.formatOf")} className="mb-3 flex flex-wrap gap-1">
          {choices.map((c) => (
            <PillLink
              key={`${c.type}-${c.format}`}
              to={`?type=${c.type}&format=${c.format}`}
              current={c.type === type && (c.type !== "wasteCollection" || c.format === format)}
            >
              {c.label}
            </PillLink>
          ))}
        </nav>
        {help[type]}
      </SectionCard>
    </div>
  );
}
