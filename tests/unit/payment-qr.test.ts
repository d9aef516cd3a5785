/**
 * Issue 14 part 6: the QR payment payloads of a payment notice — Czech 'QR Platba' (SPAYD 1.0) and Slovak
 * 'PAY by square' — and the bank account checks (Czech weights modulo 11, IBAN modulo 97).
 */
import { describe, expect, it } from "vitest";
import { spaydAmount, spaydPayload, spaydValue } from "../../api/modules/payment-notice/spayd";
import {
  base32hex,
  bySquarePayload,
  crc32,
  decodeBySquare,
  fromBase32hex,
} from "../../api/modules/payment-notice/bysquare";
import {
  czechIban,
  groupedIban,
  isValidCzechAccount,
  isValidIban,
  parseCzechAccount,
} from "../../contract/bank-account";
import { dueDateOf, paymentSettingsBody } from "../../contract/payment-notice";

describe("SPAYD (QR Platba)", () => {
  const base = { iban: "CZ65 0800 0000 1920 0014 5399", amount: "450", currency: "CZK" as const };

  it("writes the header, upper-case keys in the spec's order, the IBAN without spaces", () => {
    expect(
      spaydPayload({
        ...base,
        variableSymbol: "1234",
        constantSymbol: "0308",
        dueDate: "2026-05-31",
        message: "Poplatek 2026",
      }),
    ).toBe("SPD*1.0*ACC:CZ6508000000192000145399*AM:450.00*CC:CZK*X-VS:1234*X-KS:0308*DT:20260531*MSG:Poplatek 2026");
  });

  it("amounts carry exactly two decimal places, more is refused", () => {
    expect(spaydAmount("450")).toBe("450.00");
    expect(spaydAmount("450.5")).toBe("450.50");
    expect(spaydAmount("11.67")).toBe("11.67");
    expect(() => spaydAmount("1.005")).toThrow();
    expect(() => spaydAmount("-1")).toThrow();
  });

  it("escapes '*' (and '%') in values, so a message cannot add a field", () => {
    expect(spaydValue("a*b%c")).toBe("a%2Ab%25c");
    const payload = spaydPayload({ ...base, message: "Odpad*AM:1" });
    expect(payload.endsWith("*MSG:Odpad%2AAM:1")).toBe(true);
    expect(payload.split("*").filter((f) => f.startsWith("AM:"))).toEqual(["AM:450.00"]);
  });

  it("leaves out a missing or non-numeric variable symbol and an empty date", () => {
    expect(spaydPayload({ ...base, variableSymbol: null, dueDate: null })).toBe(
      "SPD*1.0*ACC:CZ6508000000192000145399*AM:450.00*CC:CZK",
    );
    expect(spaydPayload({ ...base, variableSymbol: "12A4" })).not.toContain("X-VS");
    expect(spaydPayload({ ...base, message: "x".repeat(80) })).toContain(`MSG:${"x".repeat(60)}`);
  });
});

describe("PAY by square", () => {
  const payment = {
    iban: "SK31 1200 0000 1987 4263 7541",
    amount: "11.67",
    currency: "EUR" as const,
    variableSymbol: "2026001",
    constantSymbol: "0308",
    dueDate: "2026-05-31",
    note: "Poplatok za odpad 2026 – Ďurčo",
    beneficiaryName: "Obec Príklad",
  };

  it("base32hex and CRC32 follow RFC 4648 §7 and the common CRC-32", () => {
    expect(base32hex(new TextEncoder().encode("foobar"))).toBe("CPNMUOJ1E8");
    expect([...fromBase32hex("CPNMUOJ1E8")]).toEqual([...new TextEncoder().encode("foobar")]);
    expect(crc32(new TextEncoder().encode("123456789")).toString(16)).toBe("cbf43926");
  });

  it("round-trips: header 0000, the length, a valid CRC and the fields in the spec's order", () => {
    const payload = bySquarePayload(payment);
    expect(payload).toMatch(/^[0-9A-V]+$/);
    expect(payload.startsWith("000")).toBe(true); // 15 of the header's 16 zero bits
    const decoded = decodeBySquare(payload);
    expect(decoded.header).toEqual([0, 0, 0, 0]);
    expect(decoded.crcOk).toBe(true);
    expect(decoded.fields).toEqual([
      "",
      "1",
      "1",
      "11.67",
      "EUR",
      "20260531",
      "2026001",
      "0308",
      "",
      "",
      "Poplatok za odpad 2026 – Durco",
      "1",
      "SK3112000000198742637541",
      "",
      "0",
      "0",
      "Obec Priklad",
      "",
      "",
    ]);
  });

  it("writes whole amounts without decimals and leaves empty fields empty", () => {
    const fields = decodeBySquare(bySquarePayload({ ...payment, amount: "900.00", variableSymbol: null })).fields;
    expect(fields[3]).toBe("900");
    expect(fields[6]).toBe("");
  });
});

describe("bank accounts", () => {
  it("checks Czech accounts by the weights modulo 11", () => {
    const account = parseCzechAccount("19-2000145399/0800")!;
    expect(account).toEqual({ prefix: "19", number: "2000145399", bankCode: "0800" });
    expect(isValidCzechAccount(account)).toBe(true);
    expect(isValidCzechAccount(parseCzechAccount("2000145398/0800")!)).toBe(false);
    expect(isValidCzechAccount(parseCzechAccount("18-2000145399/0800")!)).toBe(false);
    expect(parseCzechAccount("2000145399")).toBeNull();
    expect(parseCzechAccount("1234567-2000145399/0800")).toBeNull();
  });

  it("derives the Czech IBAN and checks IBANs modulo 97", () => {
    expect(czechIban(parseCzechAccount("19-2000145399/0800")!)).toBe("CZ6508000000192000145399");
    expect(isValidIban("CZ65 0800 0000 1920 0014 5399")).toBe(true);
    expect(isValidIban("cz6508000000192000145399")).toBe(true);
    expect(isValidIban("CZ6608000000192000145399")).toBe(false);
    expect(isValidIban("SK3112000000198742637541")).toBe(true);
    expect(isValidIban("SK31120000001987426375")).toBe(false); // a Slovak IBAN has 24 characters
    expect(groupedIban("CZ6508000000192000145399")).toBe("CZ65 0800 0000 1920 0014 5399");
  });

  it("the settings form answers per field in Czech", () => {
    const fail = (v: Record<string, unknown>) => {
      const r = paymentSettingsBody.safeParse({ dueDay: "31", dueMonth: "5", version: 0, ...v });
      return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(fail({})).toEqual({ account: "Vyplňte číslo účtu nebo IBAN." });
    expect(fail({ account: "123/08" }).account).toMatch(/předčíslí-číslo\/kód banky/);
    expect(fail({ account: "2000145398/0800" }).account).toMatch(/modulo 11/);
    expect(fail({ iban: "CZ6608000000192000145399" }).iban).toMatch(/IBAN není platný/);
    expect(fail({ account: "19-2000145399/0800", iban: "SK3112000000198742637541" }).iban).toBe(
      "IBAN neodpovídá číslu účtu.",
    );
    expect(fail({ account: "19-2000145399/0800", dueDay: "30", dueMonth: "2" }).dueDay).toMatch(/den splatnosti/i);
    expect(fail({ account: "19-2000145399/0800", constantSymbol: "12345" }).constantSymbol).toMatch(/4 číslice/);
    expect(fail({ account: "19-2000145399/0800", iban: "CZ65 0800 0000 1920 0014 5399" })).toEqual({});
  });
});

describe("the due date of a fee year", () => {
  // The settings hold one day and month (decision 0033); a notice of year Y is due in Y — also a year's notices
  // printed later, and a 29 February is refused by the settings, so every year's date exists.
  it("is the settings' day and month in the notice's year", () => {
    expect(dueDateOf({ dueDay: 31, dueMonth: 5 }, 2025)).toBe("2025-05-31");
    expect(dueDateOf({ dueDay: 31, dueMonth: 5 }, 2026)).toBe("2026-05-31");
    expect(dueDateOf({ dueDay: 1, dueMonth: 12 }, 2024)).toBe("2024-12-01");
    expect(dueDateOf({ dueDay: 28, dueMonth: 2 }, 2027)).toBe("2027-02-28");
  });
});
