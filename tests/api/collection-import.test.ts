/**
 * The waste collection import (issue 13 part 3–4; spec 001 §8 collection log record errors and route evidence, §9
 * duplicate handling strategies, formats and encodings): a crafted Universal file with a row of every error type,
 * the grouping into collections, the records and what they update, a re-import that changes nothing, each duplicate
 * strategy, a Windows-1250 vendor file, and a total weight spread exactly.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import {
  device,
  deviceAssignment,
  importJobError,
  municipality,
  wasteCollection,
  wasteCollectionLog,
  wasteEvidenceHeader as weh,
  wasteEvidenceRecord as record,
} from "../../api/db/schema";
import type { DuplicateHandlingStrategy } from "#contract/enums";
import {
  A,
  bag60,
  bin,
  bin240,
  HEADER,
  importCollection,
  mixed,
  novak,
  paper,
  setupCollectionTests,
  t,
} from "./collection-fixtures";

setupCollectionTests();

const errorsOf = async (jobId: number) =>
  (
    await t.db
      .select({ row: importJobError.rowNumber, category: importJobError.category, message: importJobError.message })
      .from(importJobError)
      .where(eq(importJobError.importJobId, jobId))
      .orderBy(asc(importJobError.rowNumber))
  ).map((e) => [e.row, e.category, e.message]);
const recordsOf = (headerId: number) =>
  t.db.select().from(record).where(eq(record.headerId, headerId)).orderBy(asc(record.collectedAt));
const setStrategy = (s: DuplicateHandlingStrategy) =>
  t.db.update(municipality).set({ duplicateHandlingStrategy: s }).where(eq(municipality.id, A));

describe("a Universal file with a row of every kind (spec 001 §8)", () => {
  it("records the good rows, explains every other with its error type, groups by vehicle, day and waste", async () => {
    await setStrategy("Ignore");
    const good = await bin();
    const good240 = await bin({ binTypeId: bin240 });
    const discarded = await bin({ state: "Discarded" });
    const noBinType = await bin({ binTypeId: null });
    const noSubject = await bin({ subjectId: null, state: "Free" });
    const paperBin = await bin({ wasteTypeId: paper });
    const bag = await bin({ binTypeId: bag60, disposable: true });
    const tagged = await bin({ rfid: "E200341201" });
    // The bag was collected last week already.
    await t.db.insert(record).values({
      municipalityId: A,
      headerId: bag.id,
      collectedAt: new Date("2026-11-10T08:00:00Z"),
      origin: "WebManual",
    });
    const [terminal] = await t.db
      .insert(device)
      .values({ name: "Terminál 1", type: "MobileTerminal", serialNumber: "TERM-77" })
      .returning({ id: device.id });
    await t.db.insert(deviceAssignment).values({ deviceId: terminal!.id, municipalityId: A, validFrom: "2026-01-01" });

    const file = [
      HEADER,
      `2026-11-16T07:05:00+01:00;${good.barcode};;200301;120;100;12,5;49.2151;15.8817;1AB 2345;TERM-77;`, // 2
      `2026-11-16T07:06:00+01:00;${good240.plainCode};;200301;240;50;;;;1AB 2345;TERM-77;34`, // 3
      `2026-11-16T07:07:00+01:00;;E200341201;200301;;;8;;;1AB 2345;;`, // 4 by RFID
      `2026-11-16T07:08:00+01:00;99999999;;200301;120;100;;;;1AB 2345;;`, // 5 UnknownCode
      `2026-11-16T07:09:00+01:00;;;200301;120;100;;;;1AB 2345;;`, // 6 EmptyCode
      `16.11.2026 25:99;${good.barcode};;200301;;;;;;1AB 2345;;`, // 7 Undefined (bad time)
      `2026-11-16T07:10:00+01:00;${discarded.barcode};;200301;;;;;;1AB 2345;;`, // 8 DiscardedCode
      `2026-11-16T07:11:00+01:00;${noBinType.barcode};;200301;;;;;;1AB 2345;;`, // 9 NoBin
      `2026-11-16T07:12:00+01:00;${noSubject.barcode};;200301;;;;;;1AB 2345;;`, // 10 OutOfRoute
      `2026-11-16T07:13:00+01:00;${good240.barcode};;200301;1100;;;;;1AB 2345;;`, // 11 InvalidBin
      `2026-11-16T07:14:00+01:00;${paperBin.barcode};;200301;;;;;;1AB 2345;;`, // 12 InvalidWaste
      `2026-11-16T07:15:00+01:00;${good.barcode};;Neznámý odpad;;;;;;1AB 2345;;`, // 13 InvalidWaste (unknown)
      `2026-11-16T07:16:00+01:00;${bag.barcode};;200301;;;;;;1AB 2345;;`, // 14 AlreadyUsedDisposableBin
      `2026-11-16T15:00:00+01:00;${good.barcode};;200301;120;100;3;;;1AB 2345;;`, // 15 DuplicateRecord (Ignore)
      `2026-11-17T07:05:00+01:00;${good.barcode};;200301;120;100;;;;1AB 2345;;`, // 16 next day: another collection
    ].join("\n");
    const job = await importCollection(file);
    expect(job).toMatchObject({ state: "error", totalRows: 15, acceptedRows: 4, unchangedRows: 0, errorRows: 11 });
    expect(await errorsOf(job.id)).toEqual([
      [5, "UnknownCode", "Nádoba s tímto kódem neexistuje."],
      [6, "EmptyCode", expect.any(String)],
      [7, "Undefined", expect.any(String)],
      [8, "DiscardedCode", "Kód patří vyřazené nádobě."],
      [9, "NoBin", "Kód nemá vyplněnou nádobu."],
      [10, "OutOfRoute", "Nádoba nepatří žádnému zákazníkovi svozové společnosti."],
      [11, "InvalidBin", "Typ nádoby neodpovídá trase."],
      [12, "InvalidWaste", "Nádoba je určena pro jiný druh odpadu."],
      [13, "InvalidWaste", "Odpad nepatří žádné trase."],
      [14, "AlreadyUsedDisposableBin", "Jednorázová nádoba už byla jednou svezena."],
      [15, "DuplicateRecord", "Nádoba už byla tento den svezena: řádek byl vynechán."],
    ]);

    const collections = await t.db
      .select()
      .from(wasteCollection)
      .where(eq(wasteCollection.importJobId, job.id))
      .orderBy(asc(wasteCollection.collectedOn));
    // The waste no route knows makes a collection of its own, holding only its error.
    expect(
      collections.map((c) => [
        c.collectedOn,
        c.licencePlate,
        c.wasteTypeId,
        c.wasteName,
        c.recordCount,
        c.errorCount,
        c.state,
      ]),
    ).toEqual([
      ["2026-11-16", "1AB 2345", mixed, "200301", 3, 7, "Error"],
      ["2026-11-16", "1AB 2345", null, "Neznámý odpad", 0, 1, "Error"],
      ["2026-11-17", "1AB 2345", mixed, "200301", 1, 0, "Processed"],
    ]);
    expect(collections[0]!.weightKg).toBe("20.500"); // 12.5 + 8 measured
    expect(collections[0]!.name).toBe("1AB 2345 · 16. 11. 2026 · Směsný komunální odpad");

    const [first] = await recordsOf(good.id);
    expect(first).toMatchObject({
      subjectId: novak,
      wasteTypeId: mixed,
      fullness: 100,
      binVolume: 120,
      weightKg: "12.500",
      acknowledgedWeightKg: "12.500",
      latitude: "49.215100",
      origin: "WebImport",
      rowNumber: 2,
    });
    expect((await recordsOf(good240.id))[0]).toMatchObject({
      binVolume: 240,
      fullness: 50,
      nonconformingStateIds: [34],
    });
    expect(await recordsOf(tagged.id)).toHaveLength(1);
    const [bumped] = await t.db.select().from(weh).where(eq(weh.id, good.id));
    expect(bumped!.lastEvidenceAt).toEqual(new Date("2026-11-17T06:05:00Z"));
    const [used] = await t.db.select({ at: device.lastUsedAt }).from(device).where(eq(device.id, terminal!.id));
    expect(used!.at).toEqual(new Date("2026-11-16T06:06:00Z"));

    // The same file again: nothing new, nothing counted twice.
    const again = await importCollection(file);
    expect(again).toMatchObject({ acceptedRows: 0, unchangedRows: 5, errorRows: 10 });
    expect(await recordsOf(good.id)).toHaveLength(2);
    const logCount = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(wasteCollectionLog)
      .where(eq(wasteCollectionLog.wasteCollectionId, collections[0]!.id));
    expect(logCount[0]!.n).toBe(8); // seven errors and the ignored duplicate (a remark, not counted as an error)
    expect(await t.db.select().from(wasteCollection).where(eq(wasteCollection.importJobId, again.id))).toEqual([]);
    const [still] = await t.db.select().from(wasteCollection).where(eq(wasteCollection.id, collections[0]!.id));
    expect(still).toMatchObject({ recordCount: 3, errorCount: 7, weightKg: "20.500" });
  });
});

describe("duplicate handling strategies (spec 001 §9: Ignore, Merge, NoAction, Overwrite)", () => {
  const twice = (code: string, plate: string) =>
    [
      HEADER,
      `2026-11-18T07:00:00+01:00;${code};;200301;120;60;10;;;${plate};;`,
      `2026-11-18T16:00:00+01:00;${code};;200301;120;90;5;;;${plate};;33`,
    ].join("\n");

  it.each([
    ["Merge", 1, { weightKg: "15.000", fullness: 90, nonconformingStateIds: [33] }],
    ["Overwrite", 1, { weightKg: "5.000", fullness: 90, nonconformingStateIds: [33] }],
    ["NoAction", 2, { weightKg: "10.000", fullness: 60, nonconformingStateIds: [] }],
    ["Ignore", 1, { weightKg: "10.000", fullness: 60, nonconformingStateIds: [] }],
  ] as const)(
    "%s: the second emptying of a day gives %i record(s); the same file again changes nothing",
    async (strategy, count, first) => {
      await setStrategy(strategy);
      const b = await bin();
      const file = twice(b.barcode, `S-${strategy}`);
      const job = await importCollection(file);
      const records = await recordsOf(b.id);
      expect(records).toHaveLength(count);
      expect(records[0]).toMatchObject({ ...first, collectedAt: new Date("2026-11-18T06:00:00Z") });
      if (strategy === "NoAction") expect(records[1]).toMatchObject({ duplicate: true, weightKg: "5.000" });
      const logs = await t.db.select().from(wasteCollectionLog).where(eq(wasteCollectionLog.headerId, b.id));
      expect(logs.map((l) => [l.errorType, l.recordId])).toEqual([["DuplicateRecord", records[0]!.id]]);
      expect(job.errorRows).toBe(strategy === "Ignore" ? 1 : 0);

      const again = await importCollection(file);
      expect(again).toMatchObject({ acceptedRows: 0, unchangedRows: strategy === "Ignore" ? 2 : 2, errorRows: 0 });
      expect(await recordsOf(b.id)).toEqual(records);
    },
  );
});

describe("vendor formats and encodings", () => {
  it("a Windows-1250 FCC v1 file with Czech words reads like the same UTF-8 one", async () => {
    await setStrategy("NoAction");
    const b = await bin();
    const text = [
      "Datum;Čas;Kód;Odpad;Objem;Naplnění;Hmotnost;SPZ",
      `16.11.2026;8:15:00;${b.barcode};Směsný komunální odpad;120;plná;11,25;2AB 0001`,
    ].join("\r\n");
    // The Windows-1250 bytes of the Czech letters used (not valid UTF-8).
    const CP1250: Record<string, number> = { Č: 0xc8, ě: 0xec, ý: 0xfd, á: 0xe1, í: 0xed, ó: 0xf3 };
    const bytes = Uint8Array.from([...text].map((ch) => CP1250[ch] ?? ch.charCodeAt(0)));
    expect([...text].every((ch) => ch.charCodeAt(0) < 128 || ch in CP1250)).toBe(true);
    const job = await importCollection(bytes, { format: "FCCv1" });
    expect(job).toMatchObject({ state: "processed", acceptedRows: 1 });
    expect((await recordsOf(b.id))[0]).toMatchObject({ wasteTypeId: mixed, weightKg: "11.250", fullness: 100 });
  });

  it.each([
    ["universal.csv", "Universal"],
    ["universal-bom.csv", "Universal"],
    ["universal-cp1250.csv", "Universal"],
    ["fcc-v1.csv", "FCCv1"],
    ["marius-pedersen-v2.csv", "MariusPedersenV2"],
    ["tsz-linsko-v1.csv", "TSZlinskoV1"],
  ])(
    "the sample %s (%s) is read whole: its rows only wait for their bins (UnknownCode), none is unreadable",
    async (name, format) => {
      const file = fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/collection-import", name));
      const job = await importCollection(new Uint8Array(file), { format });
      expect(job.state).not.toBe("discarded");
      expect(job.totalRows).toBeGreaterThan(0);
      const categories = new Set((await errorsOf(job.id)).map(([, category]) => category));
      expect([...categories].filter((c) => c !== "UnknownCode" && c !== "EmptyCode")).toEqual([]);
    },
  );
});

describe("a total weight (spec 001 §2 'import collection … total weight'; issue 13 part 4)", () => {
  it("is spread over the records by volume × fullness, exact to the gram, the sum equal to the total", async () => {
    const bins = [await bin(), await bin({ binTypeId: bin240 }), await bin({ binTypeId: bin240 })];
    const file = [
      HEADER,
      `2026-11-19T07:00:00+01:00;${bins[0]!.barcode};;200301;120;100;;;;;;`,
      `2026-11-19T07:01:00+01:00;${bins[1]!.barcode};;200301;240;50;;;;;;`,
      `2026-11-19T07:02:00+01:00;${bins[2]!.barcode};;200301;240;200;;;;;;`,
    ].join("\n");
    const job = await importCollection(file, { licencePlate: "3ab 7777", weight: "1", weightUnit: "t" });
    expect(job.state).toBe("processed");
    const [c] = await t.db.select().from(wasteCollection).where(eq(wasteCollection.importJobId, job.id));
    expect(c).toMatchObject({ licencePlate: "3AB 7777", weightKg: "1000.000" });
    const acknowledged = await t.db
      .select({ kg: record.acknowledgedWeightKg })
      .from(record)
      .where(and(eq(record.wasteCollectionId, c!.id)))
      .orderBy(asc(record.collectedAt));
    // 120×100 : 240×50 : 240×200 = 12,000 : 12,000 : 48,000 → 1/6, 1/6, 4/6 of 1,000,000 g.
    expect(acknowledged.map((r) => r.kg)).toEqual(["166.667", "166.667", "666.666"]);
    const grams = acknowledged.reduce((s, r) => s + Math.round(Number(r.kg) * 1000), 0);
    expect(grams).toBe(1_000_000);
  });

  it("refuses a bad weight, a long plate and an unknown format (422 on the field), before any job", async () => {
    const form = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries({ type: "wasteCollection", format: "Universal", ...fields })) body.set(k, v);
      body.set("file", new File([HEADER], "svoz.csv"));
      return t.call("POST", `/municipality/${A}/import`, { as: "manager", body });
    };
    expect((await form({ weight: "-3" })).body.errors).toHaveProperty("weight");
    expect((await form({ licencePlate: "X".repeat(21) })).body.errors).toHaveProperty("licencePlate");
    expect((await form({ format: "Botek" })).body.errors).toHaveProperty("format");
  });
});

describe("a disposable bin (bag) read twice in one file", () => {
  it("is recorded once; the later reading is AlreadyUsedDisposableBin, and the bag is Used", async () => {
    await setStrategy("NoAction");
    const bag = await bin({ binTypeId: bag60, disposable: true });
    const job = await importCollection(
      [
        HEADER,
        `2026-11-24T07:00:00+01:00;${bag.barcode};;200301;;;;;;B 1;;`,
        `2026-11-25T07:00:00+01:00;${bag.barcode};;200301;;;;;;B 1;;`,
      ].join("\n"),
    );
    expect(job).toMatchObject({ acceptedRows: 1, errorRows: 1 });
    expect((await errorsOf(job.id)).map(([row, category]) => [row, category])).toEqual([
      [3, "AlreadyUsedDisposableBin"],
    ]);
    expect(await recordsOf(bag.id)).toHaveLength(1);
    const [used] = await t.db.select({ state: weh.state }).from(weh).where(eq(weh.id, bag.id));
    expect(used!.state).toBe("Used");
  });
});
