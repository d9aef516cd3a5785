/**
 * A collection's total weight spread over its evidence records (issue 13 'Weights', docs/collection-import.md
 * 'Weight distribution'): each record's share is proportional to its bin volume × fullness coefficient (the
 * acknowledged weight), in whole grams, and the shares add up to the total exactly. Integer arithmetic only
 * (BigInt): floor shares, then the grams left over go one each to the largest remainders, ties to the smaller
 * record id, so the same collection always gets the same answer.
 */
import { FULLNESS_FULL } from "#contract/collection-import";
import { decimalToScaled, readDecimal } from "./row-values";

export interface WeightedRecord {
  /** Unique within the collection (the tie-break). */
  id: number | bigint;
  /** Whole litres; null (unknown) or 0 → no share. */
  binVolume: number | null;
  /** Whole percent (100 full, 200 overfilled); null (not read) → 100. */
  fullness: number | null;
}

export interface RecordWeight {
  id: number | bigint;
  /** Whole grams. */
  grams: number;
}

/** The record's weight factor: litres × percent (a 240 l bin half full → 12,000). */
export function acknowledgedFactor(record: Pick<WeightedRecord, "binVolume" | "fullness">): bigint {
  const volume = record.binVolume ?? 0;
  const fullness = record.fullness ?? FULLNESS_FULL;
  if (!Number.isSafeInteger(volume) || volume < 0) throw new RangeError(`binVolume must be whole litres: ${volume}`);
  if (!Number.isSafeInteger(fullness) || fullness < 0) throw new RangeError(`fullness must be whole %: ${fullness}`);
  return BigInt(volume) * BigInt(fullness);
}

/**
 * The grams of each record (in the order given), summing exactly to totalGrams. Factors are volume × fullness;
 * when every factor is 0 (no volumes, or all bins empty) the weight goes by volume alone, and when there are no
 * volumes at all, equally, so that a collection's weight is never lost. No records → [] (the caller keeps the
 * weight on the collection). A record whose factor is 0 never gets a gram while another has a positive factor.
 */
export function distributeWeight(totalGrams: number | bigint, records: readonly WeightedRecord[]): RecordWeight[] {
  const total = BigInt(totalGrams);
  if (total < 0n) throw new RangeError(`totalGrams must not be negative: ${totalGrams}`);
  if (total > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`totalGrams too large: ${totalGrams}`);
  }
  if (records.length === 0) return [];
  const ids = records.map((r) => BigInt(r.id));
  if (new Set(ids).size !== records.length) throw new RangeError("record ids repeat");

  let factors = records.map(acknowledgedFactor);
  if (factors.every((f) => f === 0n)) factors = records.map((r) => BigInt(r.binVolume ?? 0));
  if (factors.every((f) => f === 0n)) factors = records.map(() => 1n);
  const sum = factors.reduce((a, b) => a + b, 0n);

  const shares = factors.map((f) => (total * f) / sum);
  const remainders = factors.map((f) => (total * f) % sum);
  let left = total - shares.reduce((a, b) => a + b, 0n);
  // Largest remainder first; equal remainders by the smaller id.
  const order = records
    .map((_, i) => i)
    .sort((a, b) => {
      const byRemainder = remainders[b]! - remainders[a]!;
      if (byRemainder !== 0n) return byRemainder > 0n ? 1 : -1;
      return ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0;
    });
  for (const i of order) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left--;
  }
  return records.map((r, i) => ({ id: r.id, grams: Number(shares[i]) }));
}

const UNIT_EXPONENT = { g: 0, kg: 3, t: 6 } as const;
export type WeightUnit = keyof typeof UNIT_EXPONENT;

/**
 * A weight typed or read in a unit ('1,25' t, '1 000.5' kg) as whole grams, exact (digits, never floats); finer
 * than a gram is rounded half up. Empty → null; not a number or negative → undefined.
 */
export function weightToGrams(text: string, unit: WeightUnit): number | null | undefined {
  const v = readDecimal(text, "any");
  if (v === null) return null;
  if (v === undefined) return undefined;
  // Up to 10^15 g (a billion tonnes): every value is exact.
  if (v.whole.replace(/^0+/, "").length + UNIT_EXPONENT[unit] > 15) return undefined;
  const grams = decimalToScaled(v, UNIT_EXPONENT[unit]);
  return grams < 0 ? undefined : grams;
}

/** Whole grams as an exact decimal in a unit: (1234567, 't') → '1.234567', (1500, 'kg') → '1.5'. */
export function gramsToUnit(grams: number | bigint, unit: WeightUnit): string {
  const g = BigInt(grams);
  const exponent = UNIT_EXPONENT[unit];
  const digits = (g < 0n ? -g : g).toString().padStart(exponent + 1, "0");
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent).replace(/0+$/, "");
  return `${g < 0n ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}
