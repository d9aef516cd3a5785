import { describe, expect, it } from "vitest";
import { COLLECTION_IMPORT_FORMATS } from "#contract/collection-import";
import {
  compileTimeReader,
  decimalToScaled,
  nameKey,
  pragueInstant,
  readDecimal,
  timeExample,
} from "../../api/modules/waste-collection/row-values";
import { decoderFor, EncodingError, sniffEncoding } from "../../api/modules/waste-collection/decoding";
import { buildRowReader } from "../../api/modules/waste-collection/formats";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe("Europe/Prague wall time → instant (DST by Intl)", () => {
  it("winter +1 h, summer +2 h", () => {
    expect(iso(pragueInstant(2026, 1, 15, 12, 0, 0, 0))).toBe("2026-01-15T11:00:00.000Z");
    expect(iso(pragueInstant(2026, 7, 15, 12, 0, 0, 0))).toBe("2026-07-15T10:00:00.000Z");
  });

  it("spring forward, 29 March 2026: 1:59:59 winter, 2:00–2:59 does not exist (moved forward), 3:00 summer", () => {
    expect(iso(pragueInstant(2026, 3, 29, 1, 59, 59, 0))).toBe("2026-03-29T00:59:59.000Z");
    expect(iso(pragueInstant(2026, 3, 29, 2, 0, 0, 0))).toBe("2026-03-29T01:00:00.000Z");
    expect(iso(pragueInstant(2026, 3, 29, 2, 30, 0, 0))).toBe("2026-03-29T01:30:00.000Z");
    expect(iso(pragueInstant(2026, 3, 29, 3, 0, 0, 0))).toBe("2026-03-29T01:00:00.000Z");
    expect(iso(pragueInstant(2026, 3, 29, 3, 30, 0, 0))).toBe("2026-03-29T01:30:00.000Z");
  });

  it("fall back, 25 October 2026: 2:00–2:59 happens twice, the earlier (summer) one is taken", () => {
    expect(iso(pragueInstant(2026, 10, 25, 1, 59, 0, 0))).toBe("2026-10-24T23:59:00.000Z");
    expect(iso(pragueInstant(2026, 10, 25, 2, 30, 0, 0))).toBe("2026-10-25T00:30:00.000Z");
    expect(iso(pragueInstant(2026, 10, 25, 3, 0, 0, 0))).toBe("2026-10-25T02:00:00.000Z");
  });

  it("other years' rules come from Intl (2025: 30 March and 26 October)", () => {
    expect(iso(pragueInstant(2025, 3, 30, 3, 0, 0, 0))).toBe("2025-03-30T01:00:00.000Z");
    expect(iso(pragueInstant(2025, 3, 29, 3, 0, 0, 0))).toBe("2025-03-29T02:00:00.000Z");
    expect(iso(pragueInstant(2025, 10, 26, 3, 0, 0, 0))).toBe("2025-10-26T02:00:00.000Z");
    expect(iso(pragueInstant(2025, 10, 25, 3, 0, 0, 0))).toBe("2025-10-25T01:00:00.000Z");
  });
});

describe("time patterns", () => {
  const universal = compileTimeReader(COLLECTION_IMPORT_FORMATS[0]!.timeFormats);

  it.each([
    ["2026-03-02T06:15", "2026-03-02T05:15:00.000Z"],
    ["2026-03-02T06:15:07.5", "2026-03-02T05:15:07.500Z"],
    ["2026-03-02T06:15:07Z", "2026-03-02T06:15:07.000Z"],
    ["2026-03-02T06:15:07+02:00", "2026-03-02T04:15:07.000Z"],
    ["2026-03-02T06:15:07-0130", "2026-03-02T07:45:07.000Z"],
    ["2026-07-02 06:15:07", "2026-07-02T04:15:07.000Z"],
    ["  2.3.2026   6:15  ", "2026-03-02T05:15:00.000Z"],
    ["29.3.2026 2:30:00", "2026-03-29T01:30:00.000Z"],
    ["25.10.2026 2:30:00", "2026-10-25T00:30:00.000Z"],
    ["25.10.2026 3:30:00", "2026-10-25T02:30:00.000Z"],
  ])("Universal %s → %s", (text, expected) => {
    expect(iso(universal(text))).toBe(expected);
  });

  it.each(["", "2026-02-29T06:15", "31.4.2026 6:15", "2.3.2026 24:00", "2.3.2026 6:60", "2026-03-02", "6:15", "x"])(
    "Universal rejects %j",
    (text) => expect(universal(text)).toBeNull(),
  );

  it("a zone beyond ±14 h is not a zone", () => {
    expect(universal("2026-03-02T06:15:07+15:00")).toBeNull();
  });

  it("every format's patterns compile, and read their own examples", () => {
    for (const format of COLLECTION_IMPORT_FORMATS) {
      const read = compileTimeReader(format.timeFormats);
      for (const pattern of format.timeFormats) {
        expect(read(timeExample(pattern)), `${format.id} ${pattern}`).not.toBeNull();
      }
      // Every format builds its reader (the header of a headed format is its own column names).
      const header = format.hasHeader
        ? Object.values(format.columns).map((c) => (Array.isArray(c) ? c[0] : String(c)))
        : null;
      expect(buildRowReader(format, header).ok, format.id).toBe(true);
    }
  });

  it("examples", () => {
    expect(timeExample("d.M.yyyy H:mm[:ss]")).toBe("2.3.2026 6:15:00");
    expect(timeExample("yyyy-MM-ddTHH:mm:ss[.SSS]XXX")).toBe("2026-03-02T06:15:00+01:00");
    expect(timeExample("yyyy/MM/dd HH:mm")).toBe("2026/03/02 06:15");
  });

  it("a broken pattern is a mistake in the data, thrown at once", () => {
    expect(() => compileTimeReader(["yyyy-MM-dd [HH:mm"])).toThrow("unbalanced [");
    expect(() => compileTimeReader(["yyyy-MM-dd HH:mm]"])).toThrow("unbalanced ]");
    expect(() => compileTimeReader(["yyyy-MM-dd HH:mm Q"])).toThrow("unknown letter Q");
    expect(() => compileTimeReader(["yyyy-MM-dd"])).toThrow("no h");
  });
});

describe("numbers and names", () => {
  it("decimals keep their digits; spaces group thousands; the separator is the format's", () => {
    expect(readDecimal("1 012,125", ",")).toEqual({ negative: false, whole: "1012", fraction: "125" });
    expect(readDecimal("-0.5", ".")).toEqual({ negative: true, whole: "0", fraction: "5" });
    expect(readDecimal(",5", "any")).toEqual({ negative: false, whole: "0", fraction: "5" });
    expect(readDecimal("12\u00a0500", ".")).toEqual({ negative: false, whole: "12500", fraction: "" });
    expect(readDecimal("  ", ".")).toBeNull();
    for (const bad of ["1,5", "1.2.3", "abc", "-", ".", "1e3", "0x10"])
      expect(readDecimal(bad, "."), bad).toBeUndefined();
    expect(readDecimal("1.5", ",")).toBeUndefined();
  });

  it("scaled exactly, rounded half away from zero", () => {
    const d = (s: string) => readDecimal(s, "any")!;
    expect(decimalToScaled(d("0.1"), 3)).toBe(100);
    expect(decimalToScaled(d("1,2345"), 3)).toBe(1235);
    expect(decimalToScaled(d("1,2344999"), 3)).toBe(1234);
    expect(decimalToScaled(d("-1,2345"), 3)).toBe(-1235);
    expect(decimalToScaled(d("123456789.123456"), 6)).toBe(123456789123456);
    expect(decimalToScaled(d("0.29"), 2)).toBe(29); // 0.29 × 100 is 28.999… in floats
  });

  it("names compare without case, diacritics, spaces or punctuation", () => {
    expect(nameKey("Zem. šířka")).toBe("zemsirka");
    expect(nameKey("Bin volume")).toBe(nameKey("binVolume"));
    expect(nameKey("PŘEPLNĚNÁ")).toBe(nameKey("přeplněná"));
  });
});

describe("decoding", () => {
  const bytes = (...b: number[]) => Uint8Array.from(b);
  const decodeAll = (encoding: Parameters<typeof decoderFor>[0], data: Uint8Array, size: number) => {
    const d = decoderFor(encoding);
    let out = "";
    for (let i = 0; i < data.length; i += size) out += d.write(data.subarray(i, i + size));
    return { text: out + d.end(), encoding: d.encoding };
  };
  const utf8 = new TextEncoder().encode("\uFEFFkód;ž\n");

  it("UTF-8 byte by byte (characters cut between chunks), BOM dropped", () => {
    expect(decodeAll("utf-8", utf8, 1)).toEqual({ text: "kód;ž\n", encoding: "utf-8" });
  });

  it("Windows-1250 maps every byte; a stray UTF-8 BOM at its start is dropped", () => {
    expect(decodeAll("windows-1250", bytes(0x9e, 0x9a, 0xe8, 0xf8, 0xec, 0x8a), 1).text).toBe("žščřěŠ");
    expect(decodeAll("windows-1250", bytes(0xef, 0xbb, 0xbf, 0x41), 2).text).toBe("A");
  });

  it("bad UTF-8 is an error, never a silent replacement character", () => {
    expect(() => decodeAll("utf-8", bytes(0x41, 0xe8, 0x41), 8)).toThrow(EncodingError);
    expect(() => decodeAll("utf-8", bytes(0x41, 0xc5), 8)).toThrow("Soubor není v kódování UTF-8.");
  });

  it("auto: ASCII until the first other byte, then UTF-8 or Windows-1250", () => {
    const ascii = new Uint8Array(20_000).fill(0x61);
    expect(decodeAll("auto", new Uint8Array([...ascii, 0xc5, 0xbe]), 4096)).toEqual({
      text: `${"a".repeat(20_000)}ž`,
      encoding: "utf-8",
    });
    expect(decodeAll("auto", new Uint8Array([...ascii, 0x9e, 0x41]), 4096)).toEqual({
      text: `${"a".repeat(20_000)}žA`,
      encoding: "windows-1250",
    });
    expect(decodeAll("auto", utf8, 3)).toEqual({ text: "kód;ž\n", encoding: "utf-8" });
    expect(decodeAll("auto", bytes(0x61, 0x62), 1)).toEqual({ text: "ab", encoding: "utf-8" });
  });

  it("sniffEncoding", () => {
    expect(sniffEncoding(bytes(0xef, 0xbb, 0xbf))).toBe("utf-8");
    expect(sniffEncoding(new TextEncoder().encode("Směsný"))).toBe("utf-8");
    expect(sniffEncoding(new TextEncoder().encode("Směsn").subarray(0, 4))).toBe("utf-8"); // 'ě' cut at the end
    expect(sniffEncoding(bytes(0x53, 0x6d, 0xec, 0x73))).toBe("windows-1250");
    expect(sniffEncoding(bytes())).toBe("utf-8");
  });
});
