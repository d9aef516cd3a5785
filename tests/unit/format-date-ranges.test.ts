/**
 * Format tests: spec 000 §9 — date helpers: day, week (Monday start), month, quarter, year; spec 000 §9 — years back up
 * to 3; spec 000 §9 — year selector: current year back 10 years (inclusive, newest first); spec 000 §9 — date-range
 * quick links. Shared setup in ./format-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import {
  dateRangeQuickLinks,
  endOfDay,
  endOfMonth,
  endOfQuarter,
  endOfWeek,
  endOfYear,
  startOfDay,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
  startOfYear,
  yearOptions,
  yearsBack,
} from "#contract/calendar";
import { iso, at } from "./format-fixtures";

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
