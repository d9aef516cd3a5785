/** Currency (spec 000 §9: "CZK (Kč) for country code CZ, otherwise EUR (€, up to 3 decimals)"). */
import { EMPTY, layoutDecimal, toNumeric, type NumericInput } from "./numbers";

interface CurrencyInfo {
  code: "CZK" | "EUR";
  symbol: "Kč" | "€";
  /** Decimals always shown. */
  minDecimals: number;
  /** Decimals shown at most (the amount is rounded to this). */
  maxDecimals: number;
}

const CZK: CurrencyInfo = { code: "CZK", symbol: "Kč", minDecimals: 2, maxDecimals: 2 };
const EUR: CurrencyInfo = { code: "EUR", symbol: "€", minDecimals: 2, maxDecimals: 3 };

/** The currency of a municipality's country: CZK for 'CZ' (any case), EUR for every other value, even none. */
export function currencyFor(countryCode: string | null | undefined): CurrencyInfo {
  return countryCode?.trim().toUpperCase() === "CZ" ? { ...CZK } : { ...EUR };
}

/**
 * Money with its symbol after a space: CZ → '1 234,50 Kč' (always 2 decimals);
 * elsewhere → '1 234,50 €', '0,125 €' (2 decimals at least, 3 at most — "up to 3 decimals").
 */
export function formatCurrency(amount: NumericInput, countryCode: string | null | undefined): string {
  const numeric = toNumeric(amount);
  if (numeric === null) return EMPTY;
  const currency = currencyFor(countryCode);
  return `${layoutDecimal(numeric, currency.minDecimals, currency.maxDecimals)} ${currency.symbol}`;
}
