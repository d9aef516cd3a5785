import { describe, expect, it } from "vitest";
import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_REQUIREMENT_TEXTS,
  isStrongPassword,
  unmetPasswordRequirements,
  weakPasswordVerdict,
} from "#contract/password";

const keys = (password: string | null | undefined, rule?: "strong" | "weak") =>
  unmetPasswordRequirements(password, rule).map((r) => r.key);

describe("spec 001 §5 — strong password rule", () => {
  it("minimum length is 6 (spec 001 §9)", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
  });

  it.each(["Abcde1!", "Aa1!aa", "Heslo#2026", "Žluťoučký1.", "Aa1 !aa"])("accepts %j", (password) => {
    expect(isStrongPassword(password)).toBe(true);
    expect(keys(password)).toEqual([]);
  });

  it("rejects 5 characters even when all kinds are present (length boundary)", () => {
    expect(isStrongPassword("Aa1!a")).toBe(false);
    expect(keys("Aa1!a")).toEqual(["password.minLength"]);
  });

  it("counts characters, not UTF-16 units", () => {
    // 5 code points, 6 UTF-16 units because of the emoji.
    expect(isStrongPassword("Aa1😀b")).toBe(false);
    expect(keys("Aa1😀b")).toEqual(["password.minLength"]);
  });

  it.each([
    ["abcde1!", ["password.upperCase"]],
    ["ABCDE1!", ["password.lowerCase"]],
    ["Abcdef!", ["password.digit"]],
    ["Abcdef1", ["password.special"]],
    ["Abc de1", ["password.special"]], // a space is not a special character
  ])("reports what %j is missing", (password, missing) => {
    expect(isStrongPassword(password)).toBe(false);
    expect(keys(password)).toEqual(missing);
  });

  it("treats Czech letters as upper/lower-case letters", () => {
    expect(keys("ŘÍŠE12!")).toEqual(["password.lowerCase"]);
    expect(keys("řízek12!")).toEqual(["password.upperCase"]);
  });

  it("lists every requirement for an empty or missing password, in display order", () => {
    const all = ["password.minLength", "password.upperCase", "password.lowerCase", "password.digit", "password.special"];
    expect(keys("")).toEqual(all);
    expect(keys(null)).toEqual(all);
    expect(isStrongPassword("")).toBe(false);
    expect(isStrongPassword(undefined)).toBe(false);
  });

  it("gives Czech default texts and the minimum for interpolation", () => {
    const [minLength, upper] = unmetPasswordRequirements("a");
    expect(minLength).toEqual({
      key: "password.minLength",
      defaultText: "Heslo musí mít alespoň 6 znaků.",
      values: { min: 6 },
    });
    expect(upper).toEqual({
      key: "password.upperCase",
      defaultText: "Heslo musí obsahovat alespoň jedno velké písmeno.",
    });
    expect(PASSWORD_REQUIREMENT_TEXTS["password.special"]).toBe("Heslo musí obsahovat alespoň jeden speciální znak.");
    expect(PASSWORD_REQUIREMENT_TEXTS["password.digit"]).toBe("Heslo musí obsahovat alespoň jednu číslici.");
  });
});

describe("spec 001 §5 — weaker password rule", () => {
  it("gives no verdict for an empty password", () => {
    expect(weakPasswordVerdict("")).toBeNull();
    expect(weakPasswordVerdict(null)).toBeNull();
    expect(weakPasswordVerdict(undefined)).toBeNull();
    expect(keys("", "weak")).toEqual([]);
  });

  it.each(["abcde1", "123456a", "ABCDE1", "heslo 1"])("accepts %j (6+ chars, a letter and a digit)", (password) => {
    expect(weakPasswordVerdict(password)).toBe(true);
    expect(keys(password, "weak")).toEqual([]);
  });

  it.each([
    ["abc1", ["password.minLength"]],
    ["abcde", ["password.minLength", "password.digit"]],
    ["abcdef", ["password.digit"]],
    ["123456", ["password.letter"]],
    ["!!!!!!", ["password.letter", "password.digit"]],
    [" ", ["password.minLength", "password.letter", "password.digit"]],
  ])("rejects %j", (password, missing) => {
    expect(weakPasswordVerdict(password)).toBe(false);
    expect(keys(password, "weak")).toEqual(missing);
  });

  it("boundary: 5 characters fail, 6 pass", () => {
    expect(weakPasswordVerdict("abcd1")).toBe(false);
    expect(weakPasswordVerdict("abcde1")).toBe(true);
  });
});
