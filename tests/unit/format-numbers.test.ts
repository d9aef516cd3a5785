/**
 * Format tests: spec 000 §9 — numbers: thousands separated by spaces, decimal comma; spec 000 §9 — currency: CZK (Kč)
 * for CZ, otherwise EUR (€, up to 3 decimals); spec 000 §9 — weights and distances: ÷1000, 1 decimal, decimal comma,
 * unit suffix; spec 000 §9 — coefficient as a percent, '-' if null (input is a fraction); spec 001 §9 — plural forms
 * split at 1, 2 to 4 and 5 or more. Shared setup in ./format-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import {
  currencyFor,
  formatCoefficient,
  formatCurrency,
  formatDistance,
  formatNumber,
  formatWeight,
  kgToTonnes,
  metresToKilometres,
  pluralCategory,
  pluralCs,
  pluralSk,
} from "~/lib/format";

describe("spec 000 §9 — numbers: thousands separated by spaces, decimal comma", () => {
  it("groups thousands with a regular space (U+0020, never NBSP)", () => {
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1000)).toBe("1 000");
    expect(formatNumber(1234567)).toBe("1 234 567");
    expect(formatNumber(1234567)).not.toMatch(/[\u00a0\u202f]/);
    expect(formatNumber(1e21)).toBe("1 000 000 000 000 000 000 000");
  });

  it("shows 0 to 3 decimals by default, with a decimal comma", () => {
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(1234.5)).toBe("1 234,5");
    expect(formatNumber(1234567.891)).toBe("1 234 567,891");
    expect(formatNumber(0.12345)).toBe("0,123");
  });

  it("fixes or bounds decimals on request", () => {
    expect(formatNumber(1234.5, { decimals: 2 })).toBe("1 234,50");
    expect(formatNumber(3, { minDecimals: 1, maxDecimals: 2 })).toBe("3,0");
    expect(formatNumber(3.14159, { minDecimals: 1, maxDecimals: 2 })).toBe("3,14");
  });

  it("rounds half away from zero on the decimal value", () => {
    expect(formatNumber(1.005, { decimals: 2 })).toBe("1,01");
    expect(formatNumber(2.5, { decimals: 0 })).toBe("3");
    expect(formatNumber(-2.5, { decimals: 0 })).toBe("-3");
    expect(formatNumber(1.4999, { decimals: 0 })).toBe("1");
  });

  it("shows negatives with a hyphen-minus and never '-0'", () => {
    expect(formatNumber(-1234.5)).toBe("-1 234,5");
    expect(formatNumber(-0.4, { decimals: 0 })).toBe("0");
    expect(formatNumber(-0)).toBe("0");
  });

  it("formats decimal strings exactly (numeric columns from the API)", () => {
    expect(formatNumber("12345678901234567890.125", { decimals: 2 })).toBe("12 345 678 901 234 567 890,13");
    expect(formatNumber("1234,5")).toBe("1 234,5");
    expect(formatNumber(" 42 ")).toBe("42");
  });

  it("shows nothing for missing or unreadable values", () => {
    expect(formatNumber(null)).toBe("");
    expect(formatNumber(undefined)).toBe("");
    expect(formatNumber("")).toBe("");
    expect(formatNumber(Number.NaN)).toBe("");
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe("");
    expect(formatNumber("abc")).toBe("");
  });
});

describe("spec 000 §9 — currency: CZK (Kč) for CZ, otherwise EUR (€, up to 3 decimals)", () => {
  it("describes the currency of a country", () => {
    expect(currencyFor("CZ")).toEqual({ code: "CZK", symbol: "Kč", minDecimals: 2, maxDecimals: 2 });
    expect(currencyFor("cz")).toEqual({ code: "CZK", symbol: "Kč", minDecimals: 2, maxDecimals: 2 });
    expect(currencyFor("SK")).toEqual({ code: "EUR", symbol: "€", minDecimals: 2, maxDecimals: 3 });
    expect(currencyFor("AT").code).toBe("EUR");
    expect(currencyFor(null).code).toBe("EUR");
    expect(currencyFor(undefined).code).toBe("EUR");
  });

  it("shows CZK with exactly 2 decimals", () => {
    expect(formatCurrency(1234.5, "CZ")).toBe("1 234,50 Kč");
    expect(formatCurrency(0, "CZ")).toBe("0,00 Kč");
    expect(formatCurrency(1234567.891, "CZ")).toBe("1 234 567,89 Kč");
    expect(formatCurrency(1.005, "CZ")).toBe("1,01 Kč");
    expect(formatCurrency("1234.505", "CZ")).toBe("1 234,51 Kč");
    expect(formatCurrency(-1234.5, "CZ")).toBe("-1 234,50 Kč");
    expect(formatCurrency(-0.001, "CZ")).toBe("0,00 Kč");
  });

  it("shows EUR with 2 to 3 decimals for every other country", () => {
    expect(formatCurrency(1234.5, "SK")).toBe("1 234,50 €");
    expect(formatCurrency(0.125, "SK")).toBe("0,125 €");
    expect(formatCurrency(0.1255, "SK")).toBe("0,126 €");
    expect(formatCurrency(1.2345, "AT")).toBe("1,235 €");
    expect(formatCurrency(100, null)).toBe("100,00 €");
    expect(formatCurrency(-5, "SK")).toBe("-5,00 €");
  });

  it("shows nothing without an amount", () => {
    expect(formatCurrency(null, "CZ")).toBe("");
    expect(formatCurrency(undefined, "SK")).toBe("");
  });
});

describe("spec 000 §9 — weights and distances: ÷1000, 1 decimal, decimal comma, unit suffix", () => {
  it("converts", () => {
    expect(kgToTonnes(2500)).toBe(2.5);
    expect(metresToKilometres(1500)).toBe(1.5);
  });

  it("shows kilograms", () => {
    expect(formatWeight(1234.56)).toBe("1 234,6 kg");
    expect(formatWeight(1234.56, "kg")).toBe("1 234,6 kg");
    expect(formatWeight(0)).toBe("0,0 kg");
    expect(formatWeight(0.05)).toBe("0,1 kg");
    expect(formatWeight(0.04)).toBe("0,0 kg");
    expect(formatWeight("1500.55")).toBe("1 500,6 kg");
  });

  it("shows tonnes from kilograms", () => {
    expect(formatWeight(1234.56, "t")).toBe("1,2 t");
    expect(formatWeight(1250, "t")).toBe("1,3 t");
    expect(formatWeight(1249, "t")).toBe("1,2 t");
    expect(formatWeight(0, "t")).toBe("0,0 t");
    expect(formatWeight(-500, "t")).toBe("-0,5 t");
    expect(formatWeight(1234567890, "t")).toBe("1 234 567,9 t");
    expect(formatWeight("2500", "t")).toBe("2,5 t");
  });

  it("shows distances in m or km", () => {
    expect(formatDistance(850, "m")).toBe("850,0 m");
    expect(formatDistance(12345, "km")).toBe("12,3 km");
    expect(formatDistance(12350, "km")).toBe("12,4 km");
    expect(formatDistance(1000)).toBe("1,0 km");
    expect(formatDistance(1234567, "m")).toBe("1 234 567,0 m");
  });

  it("shows nothing for missing values", () => {
    expect(formatWeight(null)).toBe("");
    expect(formatWeight(undefined, "t")).toBe("");
    expect(formatDistance(null, "km")).toBe("");
  });
});

describe("spec 000 §9 — coefficient as a percent, '-' if null (input is a fraction)", () => {
  it("shows a fraction as a percent with up to 2 decimals", () => {
    expect(formatCoefficient(0.85)).toBe("85 %");
    expect(formatCoefficient(0.285)).toBe("28,5 %");
    expect(formatCoefficient(0.123456)).toBe("12,35 %");
    expect(formatCoefficient(1)).toBe("100 %");
    expect(formatCoefficient(1.2)).toBe("120 %");
    expect(formatCoefficient(12.5)).toBe("1 250 %");
    expect(formatCoefficient(0)).toBe("0 %");
    expect(formatCoefficient(-0.1)).toBe("-10 %");
    expect(formatCoefficient("0.5")).toBe("50 %");
  });

  it("shows '-' for null or undefined", () => {
    expect(formatCoefficient(null)).toBe("-");
    expect(formatCoefficient(undefined)).toBe("-");
    expect(formatCoefficient(Number.NaN)).toBe("-");
  });
});

describe("spec 001 §9 — plural forms split at 1, 2 to 4 and 5 or more", () => {
  const days = ["den", "dny", "dní"] as const;

  it.each([
    [1, "den"],
    [2, "dny"],
    [3, "dny"],
    [4, "dny"],
    [5, "dní"],
    [0, "dní"],
    [11, "dní"],
    [21, "dní"],
    [22, "dní"],
    [1_000_000, "dní"],
    [-1, "den"],
    [-3, "dny"],
    [-5, "dní"],
    [1.5, "dní"],
    [Number.NaN, "dní"],
  ])("pluralCs(%s) → %s", (n, form) => {
    expect(pluralCs(n, days)).toBe(form);
  });

  it("exposes the category", () => {
    expect(pluralCategory(1)).toBe("one");
    expect(pluralCategory(4)).toBe("few");
    expect(pluralCategory(0)).toBe("many");
    expect(pluralCategory(2.5)).toBe("many");
  });

  it("uses the same split for Slovak", () => {
    const sk = ["deň", "dni", "dní"] as const;
    expect(pluralSk(1, sk)).toBe("deň");
    expect(pluralSk(3, sk)).toBe("dni");
    expect(pluralSk(5, sk)).toBe("dní");
    expect(pluralSk(0, sk)).toBe("dní");
  });
});
