/**
 * Czech 'QR Platba' (Short Payment Descriptor, SPAYD 1.0, Czech Banking Association): the text a Czech banking app
 * reads from a payment QR code, e.g. 'SPD*1.0*ACC:CZ6508000000192000145399*AM:450.00*CC:CZK*X-VS:1234*DT:20260531'.
 * Keys are upper case, values may not hold '*' (written as %2A), the amount has at most two decimal places.
 */

export interface SpaydPayment {
  /** The recipient's IBAN (no spaces). */
  iban: string;
  /** Exact decimal text ('450', '450.5', '450.00'). */
  amount: string;
  currency: "CZK" | "EUR";
  variableSymbol?: string | null;
  constantSymbol?: string | null;
  /** ISO date 'YYYY-MM-DD'. */
  dueDate?: string | null;
  /** The message for the recipient (at most 60 characters are kept). */
  message?: string | null;
}

/** '*' separates fields: in a value it is percent-encoded, and so is '%' itself (the spec's escape). */
export const spaydValue = (value: string): string => value.replace(/%/g, "%25").replace(/\*/g, "%2A");

/** '450' → '450.00'; more than two decimal places is a programming error (fees are whole cents). */
export function spaydAmount(amount: string): string {
  const m = /^(\d+)(?:\.(\d{0,2}))?$/.exec(amount.trim());
  if (!m) throw new Error(`not an amount with at most 2 decimal places: ${amount}`);
  return `${m[1]}.${(m[2] ?? "").padEnd(2, "0")}`;
}

/** Symbols are digits only (at most 10); anything else is left out rather than refused by the bank. */
const symbol = (v: string | null | undefined, max: number) => (v && /^\d+$/.test(v) && v.length <= max ? v : null);

export function spaydPayload(p: SpaydPayment): string {
  const fields: [string, string | null | undefined][] = [
    ["ACC", p.iban.replace(/\s/g, "").toUpperCase()],
    ["AM", spaydAmount(p.amount)],
    ["CC", p.currency],
    ["X-VS", symbol(p.variableSymbol, 10)],
    ["X-KS", symbol(p.constantSymbol, 10)],
    ["DT", p.dueDate ? p.dueDate.replace(/-/g, "") : null],
    ["MSG", p.message ? p.message.slice(0, 60) : null],
  ];
  return ["SPD", "1.0", ...fields.filter(([, v]) => v).map(([k, v]) => `${k}:${spaydValue(v!)}`)].join("*");
}
