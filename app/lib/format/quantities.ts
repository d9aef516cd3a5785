/**
 * Quantities (spec 000 §9: kg → t and m → km divide by 1000; 1 decimal, decimal comma, ' kg' / ' t' suffix).
 */
import { EMPTY, layoutDecimal, toFiniteNumber, toNumeric, type NumericInput } from "./numbers";

type WeightUnit = "kg" | "t";
type DistanceUnit = "m" | "km";

/** Decimals shown for weights, distances and durations in hours. */
export const QUANTITY_DECIMALS = 1;

export function kgToTonnes(kg: number): number {
  return kg / 1000;
}

export function metresToKilometres(metres: number): number {
  return metres / 1000;
}

/** A weight given in kg, shown in kg ('1 234,6 kg') or converted to tonnes ('1,2 t'). */
export function formatWeight(kg: NumericInput, unit: WeightUnit = "kg"): string {
  const value = unit === "t" ? toFiniteNumber(kg) : toNumeric(kg);
  if (value === null) return EMPTY;
  const shown = unit === "t" ? kgToTonnes(value as number) : value;
  return `${layoutDecimal(shown, QUANTITY_DECIMALS, QUANTITY_DECIMALS)} ${unit}`;
}

/** A distance given in metres, shown in m ('850,0 m') or converted to km ('12,3 km'). */
export function formatDistance(metres: NumericInput, unit: DistanceUnit = "km"): string {
  const value = unit === "km" ? toFiniteNumber(metres) : toNumeric(metres);
  if (value === null) return EMPTY;
  const shown = unit === "km" ? metresToKilometres(value as number) : value;
  return `${layoutDecimal(shown, QUANTITY_DECIMALS, QUANTITY_DECIMALS)} ${unit}`;
}
