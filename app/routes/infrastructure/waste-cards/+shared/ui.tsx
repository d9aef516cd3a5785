/** Pieces the waste-card screens share (spec 001 §2 'Waste cards', §4 states): the path and the card state names. */
import { useTranslation } from "~/i18n/use-translation";
import type { WasteCardState } from "#contract/waste-card";
import { Badge, type BadgeTone } from "~/components/ui/badge";

export const WASTE_CARDS_PATH = "/infrastructure/waste-cards";
export const IMPORT_PATH = `${WASTE_CARDS_PATH}/import`;

const STATE_TONE: Record<WasteCardState, BadgeTone> = {
  Free: "gray",
  Assigned: "green",
  Discarded: "red",
  Expired: "amber",
};

export function StateBadge({ state }: { state: WasteCardState }) {
  const { t } = useTranslation();
  return <Badge tone={STATE_TONE[state]}>{t(`wasteCard:state.${state}`)}</Badge>;
}

/** 'Ano' / 'Ne'. */
export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <>{value ? t("wasteCard:yes") : t("wasteCard:no")}</>;
}
