/**
 * Codes of virtual waste cards (spec 001 §2 'virtual card creation'). A virtual card has no printed card behind
 * it, so its code only has to be unique in the municipality and recognisable: plainCode is 'V' and 9 random
 * digits (physical cards never start with a letter V), code is plainCode followed by a Luhn check digit of those
 * 9 digits, so a mistyped code is refused rather than matching another card.
 */
import { randomInt } from "node:crypto";
import { luhnCheckDigit } from "#contract/codes";

export const VIRTUAL_CARD_PREFIX = "V";

/** A fresh random virtual card code pair: { plainCode: 'V123456789', code: 'V1234567897' }. */
export function virtualCardCode(random: (max: number) => number = randomInt): { plainCode: string; code: string } {
  const digits = String(random(1_000_000_000)).padStart(9, "0");
  const plainCode = `${VIRTUAL_CARD_PREFIX}${digits}`;
  return { plainCode, code: `${plainCode}${luhnCheckDigit(digits)}` };
}

/** The code's check digit holds (a virtual card code typed or scanned). */
export function isValidVirtualCardCode(code: string): boolean {
  const m = /^V(\d{9})(\d)$/.exec(code);
  return !!m && luhnCheckDigit(m[1]!) === Number(m[2]);
}
