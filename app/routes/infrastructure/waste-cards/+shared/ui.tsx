/** Pieces the waste-card screens share (spec 001 §2 'Waste cards', §4 states): the path and the card state names. */
import type { WasteCardState } from "#contract/waste-card";
import { stateBadge } from "~/components/state-badge";

export const WASTE_CARDS_PATH = "/infrastructure/waste-cards";
export const IMPORT_PATH = `${WASTE_CARDS_PATH}/import`;

/** A card's state tones, also of the cards on a subject's page. */
export const CARD_STATE_TONE = {
  Free: "gray",
  Assigned: "green",
  Discarded: "red",
  Expired: "amber",
} as const satisfies Record<WasteCardState, string>;

export const StateBadge = stateBadge<WasteCardState>("wasteCard:state", CARD_STATE_TONE);
