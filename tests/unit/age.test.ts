/**
 * Ages from a date of birth (spec 001 §5): the exact age on a day (the automatic age group) and the age reached in a
 * year, which the age discounts of that year's fee look at (docs/fees.md) — the same rule on the payer's detail as in
 * the fee engine.
 */
import { describe, expect, it } from "vitest";
import { ageOn, ageReachedIn } from "#contract/fee-payer";

describe("ages", () => {
  it("the exact age turns on the birthday", () => {
    expect(ageOn("2020-03-15", "2026-03-14")).toBe(5);
    expect(ageOn("2020-03-15", "2026-03-15")).toBe(6);
  });
  it("the age reached in a year is the same all year", () => {
    expect(ageReachedIn("2020-03-15", 2026)).toBe(6);
    expect(ageReachedIn("2020-12-31", 2026)).toBe(6);
    expect(ageReachedIn("1949-01-30", 2027)).toBe(78);
  });
});
