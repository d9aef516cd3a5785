/** Pieces every print batch screen shows: paths, the code type, the state badge. */
import { useTranslation } from "~/i18n/use-translation";
import type { PrintBatchCodeType, PrintBatchState } from "#contract/print-batch";
import { Badge } from "~/components/ui/badge";

export const PRINT_BATCHES_PATH = "/administration/print-batches";
export const printBatchPath = (id: number) => `${PRINT_BATCHES_PATH}/${id}`;

/** Czech defaults of the code types (spec 001 §9). */
export const CODE_TYPE_LABELS: Record<PrintBatchCodeType, string> = {
  Regular: "Adresné",
  NoSubject: "Bez odběrného místa",
};
export const STATE_LABELS: Record<PrintBatchState, string> = {
  Generated: "Vygenerovaná",
  Printed: "Vytištěná",
};

export function CodeTypeLabel({ type }: { type: PrintBatchCodeType }) {
  const { t } = useTranslation();
  return <>{t(`printBatch:codeType.${type}`, CODE_TYPE_LABELS[type] ?? type)}</>;
}

export function PrintBatchStateBadge({ state }: { state: PrintBatchState }) {
  const { t } = useTranslation();
  return (
    <Badge tone={state === "Printed" ? "green" : "blue"}>
      {t(`printBatch:state.${state}`, STATE_LABELS[state] ?? state)}
    </Badge>
  );
}
