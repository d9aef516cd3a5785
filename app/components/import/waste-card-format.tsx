/** The waste-card file (spec 001 §5 'column order plainCode;code;subjectId;feePayerId'), shown wherever it is uploaded. */
import {
  WASTE_CARD_CODE_MAX,
  WASTE_CARD_IMPORT_COLUMNS,
  WASTE_CARD_IMPORT_MAX_BYTES,
  WASTE_CARD_PLAIN_CODE_MAX,
} from "#contract/waste-card";
import { useTranslation } from "~/i18n/use-translation";
import { ImportFormatHelp } from "./format-help";

/** Example rows: a card with subject and payer, one with a subject, a free one. */
const EXAMPLE = [
  "plainCode;code;subjectId;feePayerId",
  "100234;8590000100234;1520;8841",
  "100235;8590000100235;1520;",
  "100236;8590000100236;;",
];

export function WasteCardFormatHelp() {
  const { t } = useTranslation();
  const text: Record<(typeof WASTE_CARD_IMPORT_COLUMNS)[number], string> = {
    plainCode: t("wasteCard:import.colPlainCode", { n: WASTE_CARD_PLAIN_CODE_MAX }),
    code: t("wasteCard:import.colCode", { n: WASTE_CARD_CODE_MAX }),
    subjectId: t("wasteCard:import.colSubjectId"),
    feePayerId: t("wasteCard:import.colFeePayerId"),
  };
  return (
    <ImportFormatHelp
      intro={t("wasteCard:import.formatIntro")}
      columns={WASTE_CARD_IMPORT_COLUMNS.map((name, i) => ({ name, required: i < 2, text: text[name] }))}
      example={EXAMPLE}
      rules={[
        t("wasteCard:import.ruleGood"),
        t("wasteCard:import.ruleSame"),
        t("wasteCard:import.ruleConflict"),
        t("wasteCard:import.ruleSize", { n: WASTE_CARD_IMPORT_MAX_BYTES / 2 ** 20 }),
      ]}
    />
  );
}
