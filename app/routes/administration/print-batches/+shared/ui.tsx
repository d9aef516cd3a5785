/** Pieces every print batch screen shows: paths, the code type, the state badge. */
import { useTranslation } from "~/i18n/use-translation";
import type { PrintBatchCodeType, PrintBatchState } from "#contract/print-batch";
import { Badge } from "~/components/ui/badge";

export const PRINT_BATCHES_PATH = "/administration/print-batches";
export const printBatchPath = (id: number) => `${PRINT_BATCHES_PATH}/${id}`;

export function CodeTypeLabel({ type }: { type: PrintBatchCodeType }) {
  const { t } = useTranslation();
  return <>{t(`printBatch:codeType.${type}`)}</>;
}

export function PrintBatchStateBadge({ state }: { state: PrintBatchState }) {
  const { t } = useTranslation();
  return <Badge tone={state === "Printed" ? "green" : "blue"}>{t(`printBatch:state.${state}`)}</Badge>;
}
