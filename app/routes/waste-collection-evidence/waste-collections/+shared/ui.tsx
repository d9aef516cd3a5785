/** Pieces the waste collection screens share (spec 001 §2 'Waste collections', §4 states): paths, state, weight. */
import type { CollectionState } from "#contract/collection";
import { formatNumber } from "~/lib/format";
import type { BadgeTone } from "~/components/ui/badge";
import { stateBadge } from "~/components/state-badge";

export const COLLECTIONS_PATH = "/waste-collection-evidence/waste-collections";
export const collectionPath = (id: number) => `${COLLECTIONS_PATH}/${id}`;
export const COLLECTION_IMPORT_PATH = `${COLLECTIONS_PATH}/import`;

const STATE_TONE: Record<CollectionState, BadgeTone> = {
  None: "gray",
  WaitingData: "gray",
  UnProcessed: "blue",
  Processed: "green",
  Error: "amber",
  Discarded: "red",
};

export const CollectionStateBadge = stateBadge("wasteCollection:state", STATE_TONE);

/** A weight kept in kg, shown in tonnes (spec 001 §9 'collection weight in tonnes'). */
export function Tonnes({ kg }: { kg: string | null }) {
  if (kg === null) return <>–</>;
  return (
    <span className="tabular-nums whitespace-nowrap">{formatNumber(Number(kg) / 1000, { maxDecimals: 3 })} t</span>
  );
}

/** kg with up to three decimals. */
export function Kilograms({ kg }: { kg: string | null }) {
  if (kg === null) return <>–</>;
  return <span className="tabular-nums whitespace-nowrap">{formatNumber(kg as `${number}`)} kg</span>;
}

/** An invoice value with its unit (CZK, EUR). */
export function Price({ value, unit }: { value: string | null; unit: string | null }) {
  if (value === null) return <>–</>;
  return (
    <span className="tabular-nums whitespace-nowrap">
      {formatNumber(value as `${number}`, { decimals: 2 })} {unit ?? "CZK"}
    </span>
  );
}
