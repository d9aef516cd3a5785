import { describe, expect, it } from "vitest";
import {
  currencyFor,
  formatCoefficient,
  formatCollectionTime,
  formatCurrency,
  formatDistance,
  formatDurationHours,
  formatLicencePlate,
  formatNumber,
  formatPhone,
  formatRelativeTime,
  formatWeight,
  formatZip,
  kgToTonnes,
  luminance,
  metresToKilometres,
  pluralCategory,
  pluralCs,
  pluralSk,
  textColorFor,
} from "~/lib/format";
import {
  dateRangeQuickLinks,
  endOfDay,
  endOfMonth,
  endOfQuarter,
  endOfWeek,
  endOfYear,
  formatDate,
  formatDateTime,
  parseApiDate,
  startOfDay,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
  startOfYear,
  toIsoDate,
  yearOptions,
  yearsBack,
} from "#contract/calendar";

const iso = (d: Date) => d.toISOString();
const at = (s: string) => new Date(s);

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

describe("spec 000 §9 — durations as hours, collection time as h:mm", () => {
  it("shows seconds as hours with 1 decimal", () => {
    expect(formatDurationHours(5400)).toBe("1,5 h");
    expect(formatDurationHours(3600)).toBe("1,0 h");
    expect(formatDurationHours(0)).toBe("0,0 h");
    expect(formatDurationHours(180)).toBe("0,1 h"); // 0.05 h rounds up
    expect(formatDurationHours(36_000_000)).toBe("10 000,0 h");
    expect(formatDurationHours(null)).toBe("");
  });

  it("rounds collection time minutes at 30 seconds", () => {
    expect(formatCollectionTime(0)).toBe("0:00");
    expect(formatCollectionTime(29)).toBe("0:00");
    expect(formatCollectionTime(29.9)).toBe("0:00");
    expect(formatCollectionTime(30)).toBe("0:01");
    expect(formatCollectionTime(89)).toBe("0:01");
    expect(formatCollectionTime(90)).toBe("0:02");
    expect(formatCollectionTime(3599)).toBe("1:00");
    expect(formatCollectionTime(3629)).toBe("1:00");
    expect(formatCollectionTime(3630)).toBe("1:01");
    expect(formatCollectionTime(5400)).toBe("1:30");
  });

  it("does not wrap hours at a day, keeps the sign, and shows nothing when missing", () => {
    expect(formatCollectionTime(90_000)).toBe("25:00");
    expect(formatCollectionTime(-300)).toBe("-0:05");
    expect(formatCollectionTime(-10)).toBe("0:00");
    expect(formatCollectionTime(null)).toBe("");
  });
});

describe("spec 000 §9 — relative time from seconds to years with the prefix 'před'", () => {
  const now = at("2026-11-22T10:00:00Z");
  const ago = (seconds: number, locale?: string) =>
    formatRelativeTime(new Date(now.getTime() - seconds * 1000), now, locale);

  it.each([
    [0, "před 0 sekundami"],
    [1, "před 1 sekundou"],
    [30, "před 30 sekundami"],
    [59.9, "před 59 sekundami"],
    [60, "před 1 minutou"],
    [5 * 60, "před 5 minutami"],
    [5 * 60 + 59, "před 5 minutami"],
    [3600, "před 1 hodinou"],
    [2 * 3600, "před 2 hodinami"],
    [86400, "před 1 dnem"],
    [3 * 86400, "před 3 dny"],
    [29 * 86400, "před 29 dny"],
    [30 * 86400, "před 1 měsícem"],
    [60 * 86400, "před 2 měsíci"],
    [364 * 86400, "před 12 měsíci"],
    [365 * 86400, "před 1 rokem"],
    [3 * 365 * 86400, "před 3 lety"],
    [10 * 365 * 86400, "před 10 lety"],
  ])("%s s ago → %s", (seconds, text) => {
    expect(ago(seconds)).toBe(text);
  });

  it("always starts past times with 'před' in Czech", () => {
    for (const seconds of [0, 45, 600, 7200, 172800, 5_000_000, 100_000_000]) {
      expect(ago(seconds).startsWith("před ")).toBe(true);
    }
  });

  it("speaks Slovak and English, falling back to Czech", () => {
    expect(ago(300, "sk")).toBe("pred 5 minútami");
    expect(ago(300, "en")).toBe("5 minutes ago");
    expect(ago(3 * 86400, "en-GB")).toBe("3 days ago");
    expect(ago(300, "de")).toBe("před 5 minutami");
  });

  it("reads future times as 'za …'", () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5 * 60_000), now)).toBe("za 5 minut");
  });

  it("parses API strings without Z as UTC and shows nothing for invalid dates", () => {
    expect(formatRelativeTime("2026-11-22T09:55:00", now)).toBe("před 5 minutami");
    expect(formatRelativeTime(null, now)).toBe("");
    expect(formatRelativeTime("not a date", now)).toBe("");
  });
});

describe("spec 000 §9 — licence plate, zip code, phone", () => {
  it("groups a licence plate as 3 plus the rest", () => {
    expect(formatLicencePlate("1AB2345")).toBe("1AB 2345");
    expect(formatLicencePlate("1ab 23 45")).toBe("1AB 2345");
    expect(formatLicencePlate("1AB2")).toBe("1AB 2");
    expect(formatLicencePlate("ABC")).toBe("ABC");
    expect(formatLicencePlate("")).toBe("");
    expect(formatLicencePlate(null)).toBe("");
  });

  it("groups a zip code in threes", () => {
    expect(formatZip("11000")).toBe("110 00");
    expect(formatZip("110 00")).toBe("110 00");
    expect(formatZip(81101)).toBe("811 01");
    expect(formatZip("1234567")).toBe("123 456 7");
    expect(formatZip("")).toBe("");
    expect(formatZip(null)).toBe("");
  });

  it("splits numbers starting with '+' in threes", () => {
    expect(formatPhone("+420123456789")).toBe("+420 123 456 789");
    expect(formatPhone("+420 123 456 789")).toBe("+420 123 456 789");
    expect(formatPhone("+421905123456")).toBe("+421 905 123 456");
  });

  it("groups 10 digits as a 4-digit prefix and threes", () => {
    expect(formatPhone("0905123456")).toBe("0905 123 456");
    expect(formatPhone("0905 123 456")).toBe("0905 123 456");
  });

  it("groups other digit strings in threes", () => {
    expect(formatPhone("123456789")).toBe("123 456 789");
    expect(formatPhone("  123456789 ")).toBe("123 456 789");
    expect(formatPhone("123-456-789")).toBe("123 456 789");
    expect(formatPhone("420123456789")).toBe("420 123 456 789");
  });

  it("leaves anything else as typed", () => {
    expect(formatPhone("ext. 123")).toBe("ext. 123");
    expect(formatPhone("")).toBe("");
    expect(formatPhone(null)).toBe("");
  });
});

describe("spec 000 §9 — text colour is dark when luminance is above 125", () => {
  it("computes 0.299R + 0.587G + 0.114B", () => {
    expect(luminance("#ffffff")).toBe(255);
    expect(luminance("#000")).toBe(0);
    expect(luminance("#7d7d7d")).toBe(125);
    expect(luminance("#ff0000")).toBeCloseTo(76.245, 6);
    expect(luminance("nope")).toBeNull();
  });

  it("picks dark above 125 and light at or below", () => {
    expect(textColorFor("#ffffff")).toBe("dark");
    expect(textColorFor("#fff")).toBe("dark");
    expect(textColorFor("FFFFFF")).toBe("dark");
    expect(textColorFor("#FFFFFF80")).toBe("dark");
    expect(textColorFor("#000000")).toBe("light");
    expect(textColorFor("#7d7d7d")).toBe("light"); // exactly 125
    expect(textColorFor("#7e7e7e")).toBe("dark"); // 126
    expect(textColorFor("#ff0000")).toBe("light"); // 76.2
    expect(textColorFor("#00ff00")).toBe("dark"); // 149.7
    expect(textColorFor("#0000ff")).toBe("light"); // 29.1
    expect(textColorFor("#ffff00")).toBe("dark"); // 225.9
  });

  it("falls back to dark text for an unreadable colour", () => {
    expect(textColorFor("red")).toBe("dark");
    expect(textColorFor(null)).toBe("dark");
    expect(textColorFor("")).toBe("dark");
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

describe("spec 000 §9 — dates without a trailing Z are UTC", () => {
  it.each([
    ["2026-11-22T10:00:00", "2026-11-22T10:00:00.000Z"],
    ["2026-11-22T10:00:00.123", "2026-11-22T10:00:00.123Z"],
    ["2026-11-22 10:00:00", "2026-11-22T10:00:00.000Z"],
    ["2026-11-22T10:00:00Z", "2026-11-22T10:00:00.000Z"],
    ["2026-11-22T10:00:00+01:00", "2026-11-22T09:00:00.000Z"],
    ["2026-11-22T10:00:00-02:00", "2026-11-22T12:00:00.000Z"],
    ["2026-11-22", "2026-11-22T00:00:00.000Z"],
  ])("parseApiDate(%j) → %s", (input, expected) => {
    expect(parseApiDate(input)?.toISOString()).toBe(expected);
  });

  it("passes dates and epoch milliseconds through and rejects empty or invalid input", () => {
    const date = at("2026-01-01T00:00:00Z");
    expect(parseApiDate(date)).toBe(date);
    expect(parseApiDate(date.getTime())?.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(parseApiDate(null)).toBeNull();
    expect(parseApiDate(undefined)).toBeNull();
    expect(parseApiDate("")).toBeNull();
    expect(parseApiDate("yesterday")).toBeNull();
    expect(parseApiDate(new Date(Number.NaN))).toBeNull();
  });
});

describe("dates are shown in Europe/Prague", () => {
  it("formats a date as '22. 11. 2026' (cs, sk) or '22/11/2026' (en)", () => {
    expect(formatDate(at("2026-11-22T10:00:00Z"))).toBe("22. 11. 2026");
    expect(formatDate(at("2026-11-22T10:00:00Z"), "sk")).toBe("22. 11. 2026");
    expect(formatDate(at("2026-11-22T10:00:00Z"), "en")).toBe("22/11/2026");
    expect(formatDate(at("2026-03-05T10:00:00Z"), "en")).toBe("05/03/2026");
    expect(formatDate(at("2026-11-22T10:00:00Z"))).not.toMatch(/[\u00a0\u202f]/);
  });

  it("uses the Prague calendar day, not the UTC one", () => {
    expect(formatDate(at("2026-12-31T23:30:00Z"))).toBe("1. 1. 2027"); // 00:30 CET
    expect(formatDate(at("2026-06-30T22:30:00Z"))).toBe("1. 7. 2026"); // 00:30 CEST
    expect(formatDate("2026-11-22")).toBe("22. 11. 2026");
  });

  it("formats date and time in 24 hours", () => {
    expect(formatDateTime("2026-11-22T10:05:00")).toBe("22. 11. 2026 11:05"); // UTC + 1 h
    expect(formatDateTime(at("2026-07-01T06:07:00Z"))).toBe("1. 7. 2026 8:07"); // UTC + 2 h
    expect(formatDateTime(at("2026-07-01T22:00:00Z"), "en")).toBe("02/07/2026 0:00");
  });

  it("shows nothing for missing or invalid dates", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate("garbage")).toBe("");
    expect(formatDateTime(undefined)).toBe("");
  });

  it("gives the Prague calendar date for URLs", () => {
    expect(toIsoDate(at("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(toIsoDate(at("2026-03-05T12:00:00Z"))).toBe("2026-03-05");
  });
});

describe("spec 000 §9 — date helpers: day, week (Monday start), month, quarter, year", () => {
  it("day", () => {
    expect(iso(startOfDay(at("2026-11-22T10:00:00Z")))).toBe("2026-11-21T23:00:00.000Z");
    expect(iso(endOfDay(at("2026-11-22T10:00:00Z")))).toBe("2026-11-22T22:59:59.999Z");
  });

  it("week: a Sunday belongs to the week that began on the Monday before", () => {
    const sunday = at("2026-11-22T10:00:00Z");
    expect(iso(startOfWeek(sunday))).toBe("2026-11-15T23:00:00.000Z"); // Mon 16 Nov 00:00 CET
    expect(iso(endOfWeek(sunday))).toBe("2026-11-22T22:59:59.999Z"); // Sun 22 Nov 23:59:59.999 CET
  });

  it("week: Sunday 23:30 in Prague is still that week; 00:30 on Monday starts the next one", () => {
    expect(iso(startOfWeek(at("2026-11-22T22:30:00Z")))).toBe("2026-11-15T23:00:00.000Z");
    expect(iso(startOfWeek(at("2026-11-22T23:30:00Z")))).toBe("2026-11-22T23:00:00.000Z");
  });

  it("week: Monday 00:00 is its own start", () => {
    const monday = at("2026-11-15T23:00:00Z");
    expect(iso(startOfWeek(monday))).toBe("2026-11-15T23:00:00.000Z");
  });

  it("week across the spring DST change (Sunday 29 March 2026)", () => {
    const sunday = at("2026-03-29T12:00:00Z");
    expect(iso(startOfWeek(sunday))).toBe("2026-03-22T23:00:00.000Z"); // CET
    expect(iso(endOfWeek(sunday))).toBe("2026-03-29T21:59:59.999Z"); // CEST
  });

  it("week across a year boundary", () => {
    // Thursday 1 January 2026 → Monday 29 December 2025 to Sunday 4 January 2026.
    expect(iso(startOfWeek(at("2026-01-01T12:00:00Z")))).toBe("2025-12-28T23:00:00.000Z");
    expect(iso(endOfWeek(at("2026-01-01T12:00:00Z")))).toBe("2026-01-04T22:59:59.999Z");
  });

  it("month, including February in leap and common years", () => {
    expect(iso(startOfMonth(at("2026-11-22T10:00:00Z")))).toBe("2026-10-31T23:00:00.000Z");
    expect(iso(endOfMonth(at("2026-11-22T10:00:00Z")))).toBe("2026-11-30T22:59:59.999Z");
    expect(iso(endOfMonth(at("2028-02-10T12:00:00Z")))).toBe("2028-02-29T22:59:59.999Z");
    expect(iso(endOfMonth(at("2026-02-10T12:00:00Z")))).toBe("2026-02-28T22:59:59.999Z");
    expect(iso(endOfMonth(at("2100-02-10T12:00:00Z")))).toBe("2100-02-28T22:59:59.999Z");
    expect(iso(endOfMonth(at("2000-02-10T12:00:00Z")))).toBe("2000-02-29T22:59:59.999Z");
  });

  it("quarter", () => {
    expect(iso(startOfQuarter(at("2026-05-15T12:00:00Z")))).toBe("2026-03-31T22:00:00.000Z");
    expect(iso(endOfQuarter(at("2026-05-15T12:00:00Z")))).toBe("2026-06-30T21:59:59.999Z");
    expect(iso(startOfQuarter(at("2026-12-31T12:00:00Z")))).toBe("2026-09-30T22:00:00.000Z");
    expect(iso(endOfQuarter(at("2026-12-31T12:00:00Z")))).toBe("2026-12-31T22:59:59.999Z");
    expect(iso(startOfQuarter(at("2026-01-01T00:30:00Z")))).toBe("2025-12-31T23:00:00.000Z");
  });

  it("year, by the Prague calendar", () => {
    expect(iso(startOfYear(at("2026-06-01T12:00:00Z")))).toBe("2025-12-31T23:00:00.000Z");
    expect(iso(endOfYear(at("2026-06-01T12:00:00Z")))).toBe("2026-12-31T22:59:59.999Z");
    expect(iso(startOfYear(at("2026-12-31T23:30:00Z")))).toBe("2026-12-31T23:00:00.000Z"); // already 2027
  });
});

describe("spec 000 §9 — years back up to 3", () => {
  it("runs from the same day N years ago to the end of today", () => {
    const range = yearsBack(3, at("2026-11-22T10:00:00Z"));
    expect(iso(range.from)).toBe("2023-11-21T23:00:00.000Z");
    expect(iso(range.to)).toBe("2026-11-22T22:59:59.999Z");
    expect(iso(yearsBack(1, at("2026-11-22T10:00:00Z")).from)).toBe("2025-11-21T23:00:00.000Z");
  });

  it("moves 29 February to 28 February in a common year", () => {
    const range = yearsBack(1, at("2028-02-29T12:00:00Z"));
    expect(iso(range.from)).toBe("2027-02-27T23:00:00.000Z");
    expect(iso(range.to)).toBe("2028-02-29T22:59:59.999Z");
    expect(iso(yearsBack(2, at("2026-02-28T12:00:00Z")).from)).toBe("2024-02-27T23:00:00.000Z");
  });

  it("refuses anything but 1, 2 or 3", () => {
    expect(() => yearsBack(0)).toThrow(RangeError);
    expect(() => yearsBack(4)).toThrow(RangeError);
    expect(() => yearsBack(1.5)).toThrow(RangeError);
  });
});

describe("spec 000 §9 — year selector: current year back 10 years (inclusive, newest first)", () => {
  it("lists 11 years", () => {
    expect(yearOptions(at("2026-06-01T12:00:00Z"))).toEqual([
      2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017, 2016,
    ]);
  });

  it("takes the current year from the Prague calendar", () => {
    const years = yearOptions(at("2026-12-31T23:30:00Z"));
    expect(years[0]).toBe(2027);
    expect(years.at(-1)).toBe(2017);
    expect(years).toHaveLength(11);
  });
});

describe("spec 000 §9 — date-range quick links", () => {
  const asText = (now: Date) => dateRangeQuickLinks(now).map((link) => `${link.key} ${iso(link.from)} ${iso(link.to)}`);

  it("in November (on a Sunday)", () => {
    expect(asText(at("2026-11-22T10:00:00Z"))).toEqual([
      "currentYear 2025-12-31T23:00:00.000Z 2026-12-31T22:59:59.999Z",
      "year 2024-12-31T23:00:00.000Z 2025-12-31T22:59:59.999Z",
      "currentMonth 2026-10-31T23:00:00.000Z 2026-11-30T22:59:59.999Z",
      "lastMonth 2026-09-30T22:00:00.000Z 2026-10-31T22:59:59.999Z",
      "currentWeek 2026-11-15T23:00:00.000Z 2026-11-22T22:59:59.999Z",
      "lastQuarter 2026-06-30T22:00:00.000Z 2026-09-30T21:59:59.999Z",
    ]);
  });

  it("in January, last month and last quarter fall in the previous year", () => {
    expect(asText(at("2026-01-15T10:00:00Z"))).toEqual([
      "currentYear 2025-12-31T23:00:00.000Z 2026-12-31T22:59:59.999Z",
      "year 2024-12-31T23:00:00.000Z 2025-12-31T22:59:59.999Z",
      "currentMonth 2025-12-31T23:00:00.000Z 2026-01-31T22:59:59.999Z",
      "lastMonth 2025-11-30T23:00:00.000Z 2025-12-31T22:59:59.999Z",
      "currentWeek 2026-01-11T23:00:00.000Z 2026-01-18T22:59:59.999Z",
      "lastQuarter 2025-09-30T22:00:00.000Z 2025-12-31T22:59:59.999Z",
    ]);
  });

  it("in March of a leap year, last month ends on 29 February", () => {
    const lastMonth = dateRangeQuickLinks(at("2028-03-10T10:00:00Z")).find((l) => l.key === "lastMonth");
    expect(iso(lastMonth!.from)).toBe("2028-01-31T23:00:00.000Z");
    expect(iso(lastMonth!.to)).toBe("2028-02-29T22:59:59.999Z");
  });
});
