import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  COLLECTION_IMPORT_FORMATS,
  UNIVERSAL_FORMAT,
  collectionFormat,
  collectionLogError,
  type CollectionFormat,
  type CollectionRow,
} from "#contract/collection-import";
import { messageKey, registerMessageKeys } from "~/lib/messages";
import {
  CollectionFileError,
  NO_ROWS,
  readCollectionFile,
  type ReadRow,
} from "../../api/modules/waste-collection/read-file";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/collection-import");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function readAll(bytes: Uint8Array, format: CollectionFormat, size = 65_536) {
  const rows: ReadRow[] = [];
  let encoding: string | null = null;
  for await (const row of readCollectionFile(chunked(bytes, size), format, { onEncoding: (e) => (encoding = e) })) {
    rows.push(row);
  }
  return { rows, encoding };
}

const okRows = (rows: ReadRow[]) =>
  rows.map((r) => {
    if (!r.result.ok) throw new Error(`row ${r.rowNumber}: ${r.result.message}`);
    return r.result.row;
  });

const row = (over: Partial<CollectionRow>): CollectionRow => ({
  time: "",
  code: null,
  rfid: null,
  waste: null,
  binVolume: null,
  fullness: null,
  weightGrams: null,
  latitude: null,
  longitude: null,
  licencePlate: null,
  device: null,
  nonconformingStateIds: [],
  ...over,
});

const text = (s: string) => new TextEncoder().encode(s);
const universal = (lines: string[]) =>
  text(["time;code;rfid;binVolume;fullness;weight;latitude;longitude;nonconformingStates", ...lines].join("\n"));

describe("collection formats: every mapping reads its sample file", () => {
  it("lists Universal first and at least two vendor mappings, all ids unique", () => {
    expect(COLLECTION_IMPORT_FORMATS[0]!.id).toBe("Universal");
    expect(COLLECTION_IMPORT_FORMATS.filter((f) => f.layout === "assumed").length).toBeGreaterThanOrEqual(2);
    expect(new Set(COLLECTION_IMPORT_FORMATS.map((f) => f.id)).size).toBe(COLLECTION_IMPORT_FORMATS.length);
    expect(collectionFormat("FCCv1")?.encoding).toBe("windows-1250");
    expect(collectionFormat("Nope")).toBeUndefined();
  });

  it("the example of docs/collection-import.md is the sample file", () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/collection-import.md"), "utf8");
    const example = /```csv\n([\s\S]*?)```/.exec(doc)![1];
    expect(example).toBe(fixture("universal.csv").toString("utf8"));
  });

  it.each([1, 7, 65_536])("Universal, UTF-8 without BOM, in chunks of %i bytes", async (size) => {
    const { rows, encoding } = await readAll(fixture("universal.csv"), UNIVERSAL_FORMAT, size);
    expect(encoding).toBe("utf-8");
    expect(rows.map((r) => r.rowNumber)).toEqual([2, 3, 4]);
    expect(rows[1]!.raw).toBe(
      "2026-03-02 06:16:30;;E2003412B802011A;Směsný komunální odpad;240;50;8.25;49,2150;15,8820;1T2 3456;TRM-001;33",
    );
    expect(okRows(rows)).toEqual([
      row({
        time: "2026-03-02T05:15:00.000Z",
        code: "0000010000017",
        waste: "200301",
        binVolume: 120,
        fullness: 100,
        weightGrams: 12_500,
        latitude: 49.2149,
        longitude: 15.8817,
        licencePlate: "1T2 3456",
        device: "TRM-001",
      }),
      row({
        time: "2026-03-02T05:16:30.000Z",
        rfid: "E2003412B802011A",
        waste: "Směsný komunální odpad",
        binVolume: 240,
        fullness: 50,
        weightGrams: 8_250,
        latitude: 49.215,
        longitude: 15.882,
        licencePlate: "1T2 3456",
        device: "TRM-001",
        nonconformingStateIds: [33],
      }),
      row({
        time: "2026-03-02T05:17:00.000Z",
        code: "0000010000024",
        rfid: "E2003412B802011B",
        waste: "200301",
        binVolume: 1100,
        fullness: 200,
        licencePlate: "1T2 3456",
        device: "TRM-001",
        nonconformingStateIds: [1, 52],
      }),
    ]);
  });

  it("Universal, UTF-8 with BOM and CRLF, header in other case and spacing, d.M.yyyy time, '80 %', '1 012,125' kg", async () => {
    const bytes = fixture("universal-bom.csv");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { rows, encoding } = await readAll(bytes, UNIVERSAL_FORMAT, 2);
    expect(encoding).toBe("utf-8");
    expect(okRows(rows)).toEqual([
      row({
        time: "2026-03-02T05:15:00.000Z",
        code: "0000010000017",
        waste: "200301",
        binVolume: 120,
        fullness: 80,
        weightGrams: 1_012_125,
        latitude: 49.2149,
        longitude: 15.8817,
        licencePlate: "1T2 3456",
        device: "TRM-002",
      }),
    ]);
  });

  it("Universal, Windows-1250 (real bytes), detected and decoded with its diacritics", async () => {
    const bytes = fixture("universal-cp1250.csv");
    expect(bytes.includes(0xec)).toBe(true); // 'ě' in Windows-1250
    const { rows, encoding } = await readAll(bytes, UNIVERSAL_FORMAT, 5);
    expect(encoding).toBe("windows-1250");
    expect(okRows(rows)).toEqual([
      row({
        time: "2026-03-02T05:15:00.000Z",
        code: "0000010000017",
        waste: "Směsný komunální odpad – tříděný",
        binVolume: 120,
        device: "Žďár-čtečka 1",
        licencePlate: "5J9 ŘŠ12",
      }),
    ]);
  });

  it("FCCv1 (assumed): Windows-1250, Czech header, date and time apart, decimal comma, fullness words, vendor states", async () => {
    const { rows } = await readAll(fixture("fcc-v1.csv"), collectionFormat("FCCv1")!, 3);
    const common = { licencePlate: "1T2 3456", device: "FCC-T1" };
    expect(okRows(rows)).toEqual([
      row({
        ...common,
        time: "2026-03-02T05:15:00.000Z",
        code: "0000010000017",
        waste: "Směsný odpad",
        binVolume: 120,
        fullness: 100,
        weightGrams: 12_500,
        latitude: 49.2149,
        longitude: 15.8817,
      }),
      row({
        ...common,
        time: "2026-03-02T05:16:30.000Z",
        rfid: "E2003412B802011A",
        waste: "Papír",
        binVolume: 1100,
        fullness: 200,
        weightGrams: 45_250,
        latitude: 49.215,
        longitude: 15.882,
        nonconformingStateIds: [1, 53],
      }),
      // 29 March 2026 2:30 does not exist in Prague (clocks go 2:00 → 3:00): read as 3:30 summer time.
      row({
        ...common,
        time: "2026-03-29T01:30:00.000Z",
        code: "0000010000024",
        waste: "Plast",
        binVolume: 240,
        fullness: 50,
        weightGrams: 3_000,
      }),
    ]);
  });

  it("MariusPedersenV2 (assumed): tabs, another column order, ISO instants, m³, fraction fullness, tonnes", async () => {
    const { rows } = await readAll(fixture("marius-pedersen-v2.csv"), collectionFormat("MariusPedersenV2")!);
    const common = { licencePlate: "1T2 3456", device: "MP-77" };
    expect(okRows(rows)).toEqual([
      row({
        ...common,
        time: "2026-03-02T05:15:00.000Z",
        rfid: "E2003412B802011A",
        waste: "200301",
        binVolume: 240,
        fullness: 50,
        weightGrams: 8_250,
        latitude: 49.2149,
        longitude: 15.8817,
        nonconformingStateIds: [33, 34],
      }),
      // 0 and 0: a terminal without a GPS fix.
      row({
        ...common,
        time: "2026-10-25T00:30:00.000Z",
        code: "0000010000017",
        waste: "200101",
        binVolume: 1100,
        fullness: 125,
        weightGrams: 45_100,
      }),
    ]);
  });

  it("TSZlinskoV1 (assumed): no header, commas, columns by position, grams", async () => {
    const { rows } = await readAll(fixture("tsz-linsko-v1.csv"), collectionFormat("TSZlinskoV1")!);
    expect(rows.map((r) => r.rowNumber)).toEqual([1, 2]);
    expect(okRows(rows)).toEqual([
      row({
        time: "2026-03-02T05:15:00.000Z",
        rfid: "E2003412B802011A",
        binVolume: 120,
        fullness: 100,
        weightGrams: 12_500,
        latitude: 49.2149,
        longitude: 15.8817,
        licencePlate: "1T2 3456",
      }),
      row({
        time: "2026-03-02T05:16:30.000Z",
        rfid: "E2003412B802011B",
        binVolume: 240,
        fullness: 75,
        weightGrams: 8_000,
        licencePlate: "1T2 3456",
      }),
    ]);
  });
});

/** Every message a test below meets; each must have a key of the messages namespace (shown in sk and en too). */
const messagesMet = new Set<string>();
const met = (r: ReadRow) => {
  if (!r.result.ok) messagesMet.add(r.result.message);
  return r;
};

describe("collection formats: row errors", () => {
  it("every message of the crafted file, the good row kept", async () => {
    const { rows } = await readAll(fixture("universal-errors.csv"), UNIVERSAL_FORMAT);
    rows.forEach(met);
    expect(rows[0]!.result.ok).toBe(true);
    expect(rows.slice(1).map((r) => [r.rowNumber, r.result.ok ? "ok" : [r.result.category, r.result.message]])).toEqual(
      [
        [3, ["MissingValue", "Chybí čas."]],
        [4, ["InvalidValue", "Čas „2.3.2026 25:00“ nelze přečíst (očekává se např. 2026-03-02T06:15:00)."]],
        [5, ["EmptyCode", "Chybí kód i RFID nádoby."]],
        [6, ["InvalidValue", "Hodnota „sto“ ve sloupci „binVolume“ není číslo."]],
        [7, ["OutOfRange", "Naplněnost „250“ je mimo rozsah 0–200 %."]],
        [8, ["OutOfRange", "Zeměpisná šířka „95.1“ je mimo rozsah −90 až 90."]],
        [9, ["OutOfRange", "Zeměpisná délka „181“ je mimo rozsah −180 až 180."]],
        [10, ["InvalidValue", "Neznámý stav nevyhovující nádoby „7“ (povolené: 1, 33, 34, 52, 53)."]],
        [11, ["InvalidValue", "Hmotnost nesmí být záporná."]],
      ],
    );
    expect(collectionLogError("EmptyCode")).toBe("EmptyCode");
    expect(collectionLogError("OutOfRange")).toBe("Undefined");
  });

  it.each([
    ["2026-03-02T06:15:00;0000010000017;;-120;;;;;", "Objem nádoby nesmí být záporný."],
    ["2026-03-02T06:15:00;0000010000017;;200000;;;;;", "Objem nádoby 200000 l je mimo rozsah 0–100000 l."],
    ["2026-03-02T06:15:00;0000010000017;;;;100001;;;", "Hmotnost „100001“ je mimo rozsah (nejvýš 100 t)."],
    ["2026-03-02T06:15:00;0000010000017;;;;12.5.3;;;", "Hodnota „12.5.3“ ve sloupci „weight“ není číslo."],
    ["2026-03-02T06:15:00;0000010000017;;;-1;;;;", "Naplněnost „-1“ je mimo rozsah 0–200 %."],
    ["2026-03-02T06:15:00;0000010000017;;;;;49.2;;", "Chybí zeměpisná délka (šířka je uvedena)."],
    ["2026-03-02T06:15:00;0000010000017;;;;;;15.8;", "Chybí zeměpisná šířka (délka je uvedena)."],
    ["2026-02-30T06:15:00;0000010000017;;;;;;;", "Čas „2026-02-30T06:15:00“ nelze přečíst"],
    ["1970-01-01T00:00:00Z;0000010000017;;;;;;;", "Čas „1970-01-01T00:00:00Z“ je mimo roky 2000–2100."],
    [`2026-03-02T06:15:00;${"1".repeat(41)};;;;;;;`, "Text ve sloupci „code“ je delší než 40 znaků."],
    ["2026-03-02T06:15:00;0000010000017\u0000;;;;;;;", "Text obsahuje nepovolené znaky."],
  ])("%s → %s", async (line, message) => {
    const { rows } = await readAll(universal([line]), UNIVERSAL_FORMAT);
    rows.forEach(met);
    expect(rows[0]!.result.ok).toBe(false);
    expect(rows[0]!.result.ok ? "" : rows[0]!.result.message).toContain(message);
  });

  it("FCCv1: missing date, unknown fullness word, unknown vendor state", async () => {
    const header = "Datum;Čas;Kód;Naplnění;Závady";
    const cp1250 = encode1250([header, ";6:15:00;1;;", "2.3.2026;6:15:00;1;napůl;", "2.3.2026;6:15:00;1;plná;rozbitá"]);
    const { rows } = await readAll(cp1250, collectionFormat("FCCv1")!);
    rows.forEach(met);
    expect(rows.map((r) => (r.result.ok ? "ok" : r.result.message))).toEqual([
      "Chybí datum.",
      "Hodnota „napůl“ ve sloupci „Naplnění“ není číslo.",
      "Neznámý stav nevyhovující nádoby „rozbitá“ (povolené: 1, 33, 34, 52, 53).",
    ]);
  });

  it("MariusPedersenV2: a fill level above 2 is above 200 %", async () => {
    const bytes = text("Timestamp\tTag\tFillLevel\n2026-03-02T06:15:00Z\tE1\t2.5\n");
    const { rows } = await readAll(bytes, collectionFormat("MariusPedersenV2")!);
    expect(rows[0]!.result).toEqual({
      ok: false,
      category: "OutOfRange",
      message: "Naplněnost „2.5“ je mimo rozsah 0–200 %.",
    });
  });
});

/** Lines as Windows-1250 bytes, CRLF (Node has no Windows-1250 encoder: the decoder's table read backwards). */
function encode1250(lines: string[]): Uint8Array {
  const decoder = new TextDecoder("windows-1250");
  const byChar = new Map(Array.from({ length: 256 }, (_, b) => [decoder.decode(Uint8Array.of(b)), b] as const));
  return Uint8Array.from([...lines.join("\r\n")].map((ch) => byChar.get(ch)!));
}

describe("collection formats: whole-file errors", () => {
  const fails = async (bytes: Uint8Array, format: CollectionFormat, message: string) => {
    const error = await readAll(bytes, format).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CollectionFileError);
    messagesMet.add((error as Error).message);
    expect((error as Error).message).toBe(message);
  };

  it("names the missing required column", async () => {
    await fails(text("code;rfid\n1;2\n"), UNIVERSAL_FORMAT, "V hlavičce souboru chybí sloupec „time“.");
    await fails(
      text("time;waste\n2026-03-02T06:15:00;x\n"),
      UNIVERSAL_FORMAT,
      "V hlavičce souboru chybí sloupec s kódem nádoby („code“, „rfid“).",
    );
    await fails(
      encode1250(["Čas;Kód", "6:15:00;1"]),
      collectionFormat("FCCv1")!,
      "V hlavičce souboru chybí sloupec „Datum“.",
    );
    await fails(
      encode1250(["Datum;Čas;Odpad", "2.3.2026;6:15:00;x"]),
      collectionFormat("FCCv1")!,
      "V hlavičce souboru chybí sloupec s kódem nádoby („Kód“, „RFID“).",
    );
  });

  it("says which delimiter the format wants", async () => {
    await fails(
      text("time,code\n2026-03-02T06:15:00,1\n"),
      UNIVERSAL_FORMAT,
      "Sloupce musí být oddělené středníkem (;).",
    );
    await fails(
      text("Timestamp;Tag\n2026-03-02T06:15:00Z;E1\n"),
      collectionFormat("MariusPedersenV2")!,
      "Sloupce musí být oddělené tabulátorem.",
    );
  });

  it("an empty file, a header alone, bad UTF-8 in a UTF-8 format, an unclosed quote", async () => {
    await fails(text(""), UNIVERSAL_FORMAT, NO_ROWS);
    await fails(text("time;code\n\n"), UNIVERSAL_FORMAT, NO_ROWS);
    await fails(
      new Uint8Array([...text("Timestamp\tTag\n2026-03-02T06:15:00Z\t"), 0xe8, 0x0a]),
      collectionFormat("MariusPedersenV2")!,
      "Soubor není v kódování UTF-8.",
    );
    await fails(text('time;code\n2026-03-02T06:15:00;"1\n'), UNIVERSAL_FORMAT, "Chyba formátu CSV na řádku 2.");
  });

  it("rows read before a failure further on come out first", async () => {
    const seen: number[] = [];
    const lines = Array.from({ length: 2000 }, (_, i) => `2026-03-02T06:15:00Z\tE${i}`);
    const bytes = new Uint8Array([...text(["Timestamp\tTag", ...lines, ""].join("\n")), 0xff, 0x0a]);
    await expect(
      (async () => {
        for await (const r of readCollectionFile(chunked(bytes, 512), collectionFormat("MariusPedersenV2")!)) {
          seen.push(r.rowNumber);
        }
      })(),
    ).rejects.toThrow("Soubor není v kódování UTF-8.");
    // The stream is not read far ahead of its reader: nearly every row before the bad byte was seen, in order.
    expect(seen.length).toBeGreaterThan(1900);
    expect(seen.slice(0, 3)).toEqual([2, 3, 4]);
  });

  it("a header format may fix a column by position", async () => {
    const format = { ...UNIVERSAL_FORMAT, columns: { time: 0, code: "Kód" } };
    const { rows } = await readAll(text("Kdy;Kod\n2026-03-02T06:15:00;1\n"), format);
    expect(okRows(rows)).toEqual([row({ time: "2026-03-02T05:15:00.000Z", code: "1" })]);
  });

  it("a quoted value over two lines: the row number is the line where the record starts", async () => {
    const { rows } = await readAll(
      text('time;code;waste\n2026-03-02T06:15:00;1;"a\nb"\n2026-03-02T06:16:00;2;c\n'),
      UNIVERSAL_FORMAT,
    );
    expect(rows.map((r) => [r.rowNumber, r.result.ok && r.result.row.waste])).toEqual([
      [2, "a\nb"],
      [4, "c"],
    ]);
  });

  it("Excel's 'sep=;' line before the header is skipped", async () => {
    const { rows } = await readAll(text("sep=;\r\ntime;code\r\n2026-03-02T06:15:00;1\r\n"), UNIVERSAL_FORMAT);
    expect(rows.map((r) => [r.rowNumber, r.result.ok])).toEqual([[3, true]]);
  });

  it("a reader that stops early does not hang", async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `2026-03-02T06:15:00;${i + 1};;;;;;;`);
    for await (const r of readCollectionFile(chunked(universal(lines), 1024), UNIVERSAL_FORMAT)) {
      expect(r.rowNumber).toBe(2);
      break;
    }
  });
});

describe("collection formats: messages", () => {
  it("every row and file message met above has a key of the messages namespace", () => {
    const catalog = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, "../../locales/cs/messages.json"), "utf8"),
    );
    registerMessageKeys(Object.keys(catalog));
    expect(messagesMet.size).toBeGreaterThan(25);
    expect([...messagesMet].filter((m) => !messageKey(m))).toEqual([]);
  });
});
