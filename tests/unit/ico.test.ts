import { describe, expect, it } from "vitest";
import {
  canLookUpRegistry,
  czIcoCheckDigit,
  isPlainIco,
  isValidCzIco,
  isValidIco,
  isValidSkIco,
  registryFor,
} from "#contract/ico";

describe("spec 001 §5 — Czech IČO checksum", () => {
  it.each([
    ["25596641", "remainder 0 → 1"], // 176 % 11 = 0
    ["00064581", "remainder 0 → 1, leading zeros (Hlavní město Praha)"], // 77 % 11 = 0
    ["27082440", "remainder 1 → 0"], // 133 % 11 = 1
    ["45274649", "remainder 2 → 9 (ČEZ)"], // 156 % 11 = 2
    ["47114983", "remainder 8 → 3 (Česká pošta)"], // 151 % 11 = 8
    ["10000011", "remainder 10 → 1"], // 8 + 2 = 10
    ["00000001", "sum 0 → remainder 0 → 1"],
  ])("accepts %s (%s)", (ico) => {
    expect(isValidCzIco(ico)).toBe(true);
  });

  it.each([
    ["25596642", "wrong check digit"],
    ["27082441", "remainder 1 must give 0, not 1"],
    ["00064580", "remainder 0 must give 1, not 0"],
    ["10000010", "remainder 10 must give 1, not 0"],
    ["00000000", "all zeros: check digit must be 1"],
    ["2559664", "7 digits"],
    ["255966410", "9 digits"],
    ["2559664a", "a letter"],
    ["255 96 641", "inner spaces"],
    ["-2559664", "a sign"],
    ["", "empty"],
  ])("rejects %s (%s)", (ico) => {
    expect(isValidCzIco(ico)).toBe(false);
  });

  it("rejects null and undefined, and trims surrounding white space", () => {
    expect(isValidCzIco(null)).toBe(false);
    expect(isValidCzIco(undefined)).toBe(false);
    expect(isValidCzIco(" 25596641 ")).toBe(true);
  });

  it("computes the check digit from 7 digits with weights 8..2", () => {
    expect(czIcoCheckDigit("2559664")).toBe(1);
    expect(czIcoCheckDigit("2708244")).toBe(0);
    expect(czIcoCheckDigit("4527464")).toBe(9);
    expect(czIcoCheckDigit("1000001")).toBe(1);
    expect(czIcoCheckDigit("0000002")).toBe(7); // 2*2 = 4 → 11 - 4
    expect(() => czIcoCheckDigit("123")).toThrow(RangeError);
  });
});

describe("spec 001 §5 — Slovak IČO", () => {
  it("accepts any 8 characters (no checksum)", () => {
    expect(isValidSkIco("12345678")).toBe(true);
    expect(isValidSkIco("35763469")).toBe(true);
    expect(isValidSkIco("ABCDEFGH")).toBe(true);
  });
  it("rejects empty and other lengths", () => {
    expect(isValidSkIco("")).toBe(false);
    expect(isValidSkIco(null)).toBe(false);
    expect(isValidSkIco("1234567")).toBe(false);
    expect(isValidSkIco("123456789")).toBe(false);
    expect(isValidSkIco("        ")).toBe(false);
  });
});

describe("spec 001 §5 — isValidIco by country", () => {
  it("uses the Czech rule for CZ (any case)", () => {
    expect(isValidIco("25596641", "CZ")).toBe(true);
    expect(isValidIco("25596641", "cz")).toBe(true);
    expect(isValidIco("25596642", "CZ")).toBe(false);
    expect(isValidIco("12345678", "CZ")).toBe(false);
  });
  it("uses the Slovak rule for SK", () => {
    expect(isValidIco("12345678", "SK")).toBe(true);
    expect(isValidIco("1234567", "SK")).toBe(false);
  });
  it("accepts any non-empty value for other or missing countries", () => {
    expect(isValidIco("X", "AT")).toBe(true);
    expect(isValidIco("123", "DE")).toBe(true);
    expect(isValidIco("123", null)).toBe(true);
    expect(isValidIco("", "AT")).toBe(false);
    expect(isValidIco("   ", "AT")).toBe(false);
    expect(isValidIco(undefined, undefined)).toBe(false);
  });
});

describe("spec 001 §5 — plain check", () => {
  it("accepts exactly 8 digits without checking the checksum", () => {
    expect(isPlainIco("12345678")).toBe(true);
    expect(isPlainIco("25596642")).toBe(true);
    expect(isPlainIco("1234567")).toBe(false);
    expect(isPlainIco("123456789")).toBe(false);
    expect(isPlainIco("1234567a")).toBe(false);
    expect(isPlainIco(null)).toBe(false);
  });
});

describe("spec 001 §5 — registry lookup", () => {
  it("runs only for a numeric number that passes the country validation", () => {
    expect(canLookUpRegistry("25596641", "CZ")).toBe(true);
    expect(canLookUpRegistry("25596642", "CZ")).toBe(false);
    expect(canLookUpRegistry("12345678", "SK")).toBe(true);
    expect(canLookUpRegistry("ABCDEFGH", "SK")).toBe(false); // valid Slovak length, but not numeric
    expect(canLookUpRegistry("1234567", "SK")).toBe(false);
    expect(canLookUpRegistry("123", "AT")).toBe(true);
    expect(canLookUpRegistry("12a", "AT")).toBe(false);
    expect(canLookUpRegistry("", "AT")).toBe(false);
    expect(canLookUpRegistry(null, "CZ")).toBe(false);
  });
  it("asks ARES for a Czech or missing country and RPO otherwise (spec 000 §7)", () => {
    expect(registryFor("CZ")).toBe("ares");
    expect(registryFor("cz")).toBe("ares");
    expect(registryFor(null)).toBe("ares");
    expect(registryFor("")).toBe("ares");
    expect(registryFor("SK")).toBe("rpo");
    expect(registryFor("AT")).toBe("rpo");
  });
});
