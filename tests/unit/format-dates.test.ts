/**
 * Format tests: spec 000 §9 — durations as hours, collection time as h:mm; spec 000 §9 — relative time from seconds to
 * years with the prefix 'před'; spec 000 §9 — dates without a trailing Z are UTC; dates are shown in Europe/Prague.
 * Shared setup in ./format-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { formatCollectionTime, formatDurationHours, formatRelativeTime } from "~/lib/format";
import { formatDate, formatDateTime, parseApiDate, toIsoDate } from "#contract/calendar";
import { at } from "./format-fixtures";

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
