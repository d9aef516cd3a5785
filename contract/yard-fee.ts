/**
 * The fee of a yard visit's waste (spec 001 §2 Yard visits 'fee from the ranges with VAT', §3 Yard waste
 * configuration, §9 VAT rates; docs/yards.md 'Fee rule'). Pure and exact: quantities are integer grams, money is
 * integer hundredths (haléře / cents), decimal strings in and out, never floating point.
 *
 * - The fee period is the one valid on the visit's day (valid_from ≤ day ≤ valid_to, open when null).
 * - A range matches a quantity q when from < q ≤ to (from exclusive, to inclusive, as the product's other
 *   intervals, spec 001 §9; to null = no upper bound). With 'use member count' both bounds are multiplied by the
 *   members of the payer's collection point (at least 1). No matching range (or 0 kg): no fee.
 * - value is the price per kg without VAT: base = q × value, rounded half up to hundredths;
 *   VAT = base × rate / 100, rounded half up; fee = base + VAT.
 */

export interface FeeRange {
  /** kg, decimal string with up to 3 decimals. */
  fromKg: string;
  toKg: string | null;
  /** Price per kg without VAT, decimal string with up to 2 decimals. */
  value: string;
}

export interface FeePeriod {
  validFrom: string;
  validTo: string | null;
  vatRate: number;
  ranges: FeeRange[];
}

export interface WasteFee {
  /** Decimal strings with 2 decimals. */
  withoutVat: string;
  vat: string;
  total: string;
  vatRate: number;
}

/** '12.5' → 12500n with `scale` 3; refuses anything that is not a plain non-negative decimal. */
export function toUnits(value: string, scale: number): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) throw new Error(`not a decimal: ${value}`);
  const frac = (m[2] ?? "").padEnd(scale, "0");
  if (frac.length > scale && /[1-9]/.test(frac.slice(scale))) throw new Error(`more than ${scale} decimals: ${value}`);
  return BigInt(m[1]!) * 10n ** BigInt(scale) + BigInt(frac.slice(0, scale) || "0");
}

/**
 * toUnits for a value a form sent, or null when it is no decimal of that scale. The schemas' cross-field checks use
 * it: zod runs them even when the field's own check failed, and that field already carries its message.
 */
export function unitsOrNull(value: string | undefined, scale: number): bigint | null {
  if (value === undefined) return null;
  try {
    return toUnits(value, scale);
  } catch {
    return null;
  }
}

/** 12500n, 3 → '12.500'. */
export function fromUnits(units: bigint, scale: number): string {
  const sign = units < 0n ? "-" : "";
  const abs = units < 0n ? -units : units;
  const base = 10n ** BigInt(scale);
  const whole = (abs / base).toString();
  return scale === 0 ? sign + whole : `${sign}${whole}.${(abs % base).toString().padStart(scale, "0")}`;
}

/** a / b rounded half up, for non-negative a and positive b. */
const divRound = (a: bigint, b: bigint): bigint => (a * 2n + b) / (2n * b);

/** The period valid on `day` (YYYY-MM-DD); the latest start wins if several would. */
export function periodOn<P extends Pick<FeePeriod, "validFrom" | "validTo">>(periods: P[], day: string): P | undefined {
  return periods
    .filter((p) => p.validFrom <= day && (p.validTo === null || day <= p.validTo))
    .sort((a, b) => (a.validFrom < b.validFrom ? 1 : -1))[0];
}

/** The range a quantity in grams falls into: from < q ≤ to, bounds × members. */
export function rangeFor<R extends FeeRange>(ranges: R[], grams: bigint, members = 1): R | undefined {
  const m = BigInt(Math.max(1, Math.trunc(members)));
  return ranges.find((r) => {
    const from = toUnits(r.fromKg, 3) * m;
    const to = r.toKg === null ? null : toUnits(r.toKg, 3) * m;
    return grams > from && (to === null || grams <= to);
  });
}

/** The fee of `quantityKg` brought on `day` under the waste's fee periods. */
export function yardWasteFee(
  periods: FeePeriod[],
  day: string,
  quantityKg: string,
  opts: { members?: number } = {},
): WasteFee {
  const period = periodOn(periods, day);
  const vatRate = period?.vatRate ?? 0;
  const grams = toUnits(quantityKg, 3);
  const range = period ? rangeFor(period.ranges, grams, opts.members) : undefined;
  // grams × hundredths per kg / 1000 = hundredths.
  const base = range ? divRound(grams * toUnits(range.value, 2), 1000n) : 0n;
  const vat = divRound(base * BigInt(vatRate), 100n);
  return { withoutVat: fromUnits(base, 2), vat: fromUnits(vat, 2), total: fromUnits(base + vat, 2), vatRate };
}

/** Sums decimal strings of `scale` decimals exactly. */
export function sumDecimals(values: string[], scale = 2): string {
  return fromUnits(
    values.reduce((s, v) => s + toUnits(v, scale), 0n),
    scale,
  );
}

/** A quantity as entered in kg or t, in kg with 3 decimals (1.2345 t is 1234.5 kg). */
export function quantityInKg(quantity: string, unit: "kg" | "t"): string {
  if (unit === "kg") return fromUnits(toUnits(quantity, 3), 3);
  return fromUnits(toUnits(quantity, 6), 3);
}
