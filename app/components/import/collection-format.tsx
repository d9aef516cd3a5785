/**
 * The format help of a collection file (spec 001 §2 'Imports: a create form with format help', §9 collection import
 * formats; docs/collection-import.md): the columns of the chosen format with what each holds, an example, and the
 * format's rules (delimiter, encoding, numbers, units). A vendor layout we assumed says so.
 */
import {
  COLLECTION_IMPORT_FORMATS,
  type CollectionField,
  type CollectionFormat,
  type ColumnRef,
} from "#contract/collection-import";
import { COLLECTION_IMPORT_MAX_BYTES } from "#contract/collection";
import { useTranslation } from "~/i18n/use-translation";
import { Alert } from "~/components/ui/alert";
import { ImportFormatHelp } from "./format-help";

const UNIVERSAL_EXAMPLE = [
  "time;code;rfid;waste;binVolume;fullness;weight;latitude;longitude;licencePlate;device;nonconformingStates",
  "2026-03-02T06:15:00;0000010000017;;200301;120;100;12,5;49.2149;15.8817;1T2 3456;TRM-001;",
  "2026-03-02 06:16:30;;E2003412B802011A;Směsný komunální odpad;240;50;8.25;49,2150;15,8820;1T2 3456;TRM-001;33",
];

const DELIMITER_NAME: Record<CollectionFormat["delimiter"], string> = { ";": ";", ",": ",", "\t": "TAB", "|": "|" };
const columnName = (ref: ColumnRef) =>
  typeof ref === "number" ? `#${ref + 1}` : typeof ref === "string" ? ref : ref[0]!;

export function collectionFormatById(id: string | null | undefined): CollectionFormat {
  return COLLECTION_IMPORT_FORMATS.find((f) => f.id === id) ?? COLLECTION_IMPORT_FORMATS[0]!;
}

export function CollectionFormatHelp({ formatId }: { formatId: string }) {
  const { t } = useTranslation();
  const format = collectionFormatById(formatId);
  const fields = Object.entries(format.columns) as [CollectionField, ColumnRef][];
  const header = fields.map(([, ref]) => columnName(ref)).join(format.delimiter === "\t" ? " ⇥ " : format.delimiter);
  return (
    <div className="space-y-3">
      {format.layout === "assumed" && (
        <Alert tone="warning">{t("import:collection.assumed", { name: format.label })}</Alert>
      )}
      <ImportFormatHelp
        intro={t("import:collection.intro", {
          delimiter: DELIMITER_NAME[format.delimiter],
          encoding: t(`import:collection.encoding.${format.encoding}`),
        })}
        columns={fields.map(([field, ref]) => ({
          name: columnName(ref),
          required: field === "time" || field === "date",
          text: t(`import:collection.field.${field}`, {
            unit: field === "weight" ? format.weightUnit : format.volumeUnit,
          }),
        }))}
        example={format.id === "Universal" ? UNIVERSAL_EXAMPLE : [header]}
        rules={[
          t("import:collection.ruleCode"),
          t("import:collection.ruleTime", { formats: format.timeFormats.join(" · ") }),
          t(`import:collection.decimal.${format.decimal}`),
          t("import:collection.ruleErrors"),
          t("import:collection.ruleAgain"),
          t("import:collection.ruleSize", { n: COLLECTION_IMPORT_MAX_BYTES / 2 ** 20 }),
        ]}
      />
    </div>
  );
}
