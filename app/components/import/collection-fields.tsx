/**
 * The fields of a collection upload, placed before the file input (the API reads them first): the file's format,
 * and optionally the vehicle's licence plate and the collection's total weight (spec 001 §2 'import collection (a
 * .csv file with vehicle licence plate and total weight)').
 */
import { COLLECTION_IMPORT_FORMATS } from "#contract/collection-import";
import { useTranslation } from "~/i18n/use-translation";
import { Field, fieldAria } from "~/components/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";

type Errors = Record<string, string[] | undefined> | undefined;

export function CollectionUploadFields({
  format,
  onFormat,
  errors,
}: {
  format: string;
  onFormat?: (format: string) => void;
  errors: Errors;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field id="import-format" label={t("import:collection.format")} errors={errors?.format} required>
        <Select
          name="format"
          value={format}
          onChange={(e) => onFormat?.(e.target.value)}
          {...fieldAria("import-format", errors?.format)}
        >
          {COLLECTION_IMPORT_FORMATS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="import-plate" label={t("import:collection.licencePlate")} errors={errors?.licencePlate}>
        <Input
          name="licencePlate"
          maxLength={20}
          className="w-36"
          {...fieldAria("import-plate", errors?.licencePlate)}
        />
      </Field>
      <Field id="import-weight" label={t("import:collection.weight")} errors={errors?.weight}>
        <span className="flex gap-1">
          <Input name="weight" inputMode="decimal" className="w-28" {...fieldAria("import-weight", errors?.weight)} />
          <Select name="weightUnit" aria-label={t("import:collection.weightUnit")} defaultValue="t" className="w-20">
            <option value="t">t</option>
            <option value="kg">kg</option>
          </Select>
        </span>
      </Field>
    </>
  );
}
