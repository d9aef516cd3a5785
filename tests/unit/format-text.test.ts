/**
 * Format tests: spec 000 §9 — licence plate, zip code, phone; spec 000 §9 — text colour is dark when luminance is above
 * 125. Shared setup in ./format-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { formatLicencePlate, formatPhone, formatZip, luminance, textColorFor } from "~/lib/format";

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
