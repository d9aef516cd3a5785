/**
 * The evidence records' references after decision 0031 (migration 0020): the writer checks them once per batch
 * (write-records.ts lockReferences) and triggers follow their deletion. Tenancy: a record never points at another
 * municipality's collection, bin, subject or waste type, whatever a file or a caller says. And the import's batches,
 * written while the next is read, still resume after the committed ones.
 */
import { describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import {
  importJob,
  municipality,
  subject,
  wasteCollection,
  wasteEvidenceRecord as record,
  wasteEvidenceHeader as weh,
  wasteType,
} from "../../api/db/schema";
import type { Db } from "../../api/db/client";
import { processRows } from "../../api/modules/waste-collection/process";
import { lockReferences } from "../../api/modules/waste-collection/write-records";
import { collectionImporter } from "../../api/modules/waste-collection/import";
import { storeUpload } from "../../api/modules/import/store";
import { runImportJob } from "../../api/modules/import/runner";
import { runStoppedAfterFirstBatch } from "./import-fixtures";
import { loadWasteTypes } from "../../api/modules/waste-collection/waste-types";
import type { IndexedBin } from "../../api/modules/waste-collection/bin-index";
import { A, B, bin, HEADER, importCollection, mixed, novak, setupCollectionTests, t } from "./collection-fixtures";

setupCollectionTests();

const line = (at: string, code: string) => `${at};${code};;200301;120;100;10;;;5T5 5555;;`;

/** A household of municipality `m`: its id. */
async function household(m: number, name: string, city: string, street: string) {
  const [row] = await t.db
    .insert(subject)
    .values({ municipalityId: m, name, type: "Household", city, street })
    .returning({ id: subject.id });
  return row!.id;
}

/** A waste collection of municipality `m` made by an import, on the day: its id. */
async function importedCollection(m: number, name: string, collectedOn: string) {
  const [row] = await t.db
    .insert(wasteCollection)
    .values({ municipalityId: m, name, collectedOn, origin: "WebImport", state: "None" })
    .returning({ id: wasteCollection.id });
  return row!.id;
}

/** A waste type of municipality `m` with its catalogue code: its id. */
async function ownWasteType(m: number, name: string, catalogCode: string) {
  const [row] = await t.db
    .insert(wasteType)
    .values({ municipalityId: m, name, catalogCode })
    .returning({ id: wasteType.id });
  return row!.id;
}

describe("tenancy of the records (decision 0031)", () => {
  it("another municipality's codes in a file are unknown here: no record points at its bin", async () => {
    const ours = await bin();
    const theirs = await bin({}, B);
    const job = await importCollection(
      [
        HEADER,
        line("2026-10-05T07:00:00+02:00", ours.barcode),
        line("2026-10-05T07:01:00+02:00", theirs.barcode),
        line("2026-10-05T07:02:00+02:00", theirs.plainCode),
      ].join("\n"),
    );
    expect(job).toMatchObject({ totalRows: 3, acceptedRows: 1, errorRows: 2 });
    expect(await t.db.select().from(record).where(eq(record.headerId, theirs.id))).toEqual([]);
    // Every record of the job: this municipality's, with its bin and subject of this municipality.
    const foreign = await t.db.execute(sql`
      select r.id from waste_evidence_record r
      left join waste_evidence_header h on h.id = r.header_id
      left join subject s on s.id = r.subject_id
      where r.import_job_id = ${job.id}
        and (r.municipality_id <> ${A} or h.municipality_id is distinct from ${A} or s.municipality_id is distinct from ${A})`);
    expect((foreign as unknown as { rows: unknown[] }).rows).toEqual([]);
    expect(await t.db.select({ id: record.id }).from(record).where(eq(record.importJobId, job.id))).toHaveLength(1);
  });

  it("a batch whose bin, subject or waste type is another municipality's is refused whole, nothing written", async () => {
    const theirs = await bin({}, B);
    const theirSubject = await household(B, "Cizí", "Jinde", "Jiná");
    const theirWaste = await ownWasteType(B, "Jejich odpad", "200399");
    const ours = await bin();
    const theirCollection = await importedCollection(B, "Jejich svoz", "2026-10-09");
    const forged: (Partial<IndexedBin> & { collectionId?: number })[] = [
      { id: theirs.id },
      { id: ours.id, subjectId: theirSubject },
      { id: ours.id, wasteTypeId: theirWaste },
      { collectionId: theirCollection },
    ];
    const wasteTypes = await loadWasteTypes(t.db, A);
    for (const [k, { collectionId, ...lie }] of forged.entries()) {
      const found: IndexedBin = {
        id: ours.id,
        state: "Assigned",
        disposable: false,
        binTypeId: ours.binTypeId,
        capacity: 120,
        subjectId: ours.subjectId,
        wasteTypeId: mixed,
        city: null,
        ...lie,
      };
      const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(record);
      // A caller that looked a bin up wrongly (a forged bin index): the database check refuses it.
      await expect(
        t.db.transaction(async (tx) =>
          processRows(
            tx as unknown as Db,
            {
              municipalityId: A,
              strategy: "Ignore",
              wasteTypes,
              importJobId: null,
              origin: "WebManual",
              userId: null,
              bins: { find: () => found },
              collectionId,
            },
            [
              {
                rowNumber: null,
                raw: null,
                row: {
                  time: `2026-10-0${k + 6}T08:00:00.000Z`,
                  code: "X",
                  rfid: null,
                  waste: null,
                  binVolume: null,
                  fullness: 100,
                  weightGrams: null,
                  latitude: null,
                  longitude: null,
                  licencePlate: "5T5 5555",
                  device: null,
                  nonconformingStateIds: [],
                },
              },
            ],
          ),
        ),
      ).rejects.toThrow(/another municipality/);
      expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(record)).toEqual(before);
    }
  });
});

describe("deleting what a record points at (migration 0020 triggers)", () => {
  it("unsets the subject, the waste type and the import job; a collection and a municipality take their records", async () => {
    const own = await household(A, "Dočasný", "Třebíč", "Krátká");
    const ownWaste = await ownWasteType(A, "Vlastní odpad", "200398");
    const b = await bin({ subjectId: own, wasteTypeId: ownWaste });
    const job = await importCollection(
      [HEADER, `2026-10-12T07:00:00+02:00;${b.barcode};;200398;120;100;10;;;5T5 5555;;`].join("\n"),
    );
    expect(job).toMatchObject({ acceptedRows: 1, errorRows: 0 });
    const [r] = await t.db.select().from(record).where(eq(record.headerId, b.id));
    expect(r).toMatchObject({ subjectId: own, wasteTypeId: ownWaste, importJobId: job.id });

    await t.db.delete(subject).where(eq(subject.id, own));
    await t.db.delete(wasteType).where(eq(wasteType.id, ownWaste));
    await t.db.delete(importJob).where(eq(importJob.id, job.id));
    const [after] = await t.db.select().from(record).where(eq(record.id, r!.id));
    expect(after).toMatchObject({ subjectId: null, wasteTypeId: null, importJobId: null, headerId: b.id });
    const other = await importedCollection(A, "Jiný svoz", "2026-10-13");
    await t.db.insert(record).values([
      {
        municipalityId: A,
        wasteCollectionId: other,
        collectedAt: new Date("2026-10-13T08:00:00Z"),
        origin: "WebManual",
      },
      {
        municipalityId: A,
        wasteCollectionId: other,
        collectedAt: new Date("2026-10-13T08:01:00Z"),
        origin: "WebManual",
      },
    ]);
    await t.db.delete(wasteCollection).where(eq(wasteCollection.id, other));
    expect(await t.db.select().from(record).where(eq(record.wasteCollectionId, other))).toEqual([]);

    // B's own record (no collection) goes with B.
    const [theirs] = await t.db
      .insert(record)
      .values({ municipalityId: B, collectedAt: new Date("2026-10-12T08:00:00Z"), origin: "WebManual" })
      .returning({ id: record.id });
    await t.db.delete(wasteCollection).where(eq(wasteCollection.municipalityId, B));
    await t.db.delete(municipality).where(eq(municipality.id, B));
    expect(await t.db.select().from(record).where(eq(record.id, theirs!.id))).toEqual([]);
    expect(await t.db.select({ id: record.id }).from(record).where(eq(record.id, r!.id))).toHaveLength(1);
  });
});

describe("a deletion while a batch writes (decision 0036: one advisory lock, not a row lock per reference)", () => {
  // Two transactions at once need two connections: PostgreSQL only (PGlite has one).
  it.runIf(process.env.DATABASE_URL)(
    "deleting a bin waits for the batch that checked it; then the record it wrote loses its bin",
    async () => {
      const b = await bin();
      const c = await importedCollection(A, "Souběh", "2026-10-20");
      let deleted = false;
      let deletion: Promise<unknown> | null = null;
      await t.db.transaction(async (tx) => {
        await lockReferences(
          tx as unknown as Db,
          { municipalityId: A, importJobId: null, origin: "WebImport", userId: null },
          [{ headerId: b.id, subjectId: novak, wasteTypeId: mixed, collectionId: c }],
        );
        // The bin's deletion starts after the check and must wait for this transaction's end.
        deletion = t.db
          .delete(weh)
          .where(eq(weh.id, b.id))
          .then(() => (deleted = true));
        await new Promise((r) => setTimeout(r, 300));
        expect(deleted).toBe(false);
        await tx.insert(record).values({
          municipalityId: A,
          wasteCollectionId: c,
          headerId: b.id,
          subjectId: novak,
          wasteTypeId: mixed,
          collectedAt: new Date("2026-10-20T06:00:00Z"),
          origin: "WebImport",
        });
      });
      await deletion;
      expect(deleted).toBe(true);
      const rows = await t.db.select().from(record).where(eq(record.wasteCollectionId, c));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ headerId: null, subjectId: novak });

      // The other way round: a bin deleted (not yet committed) before a batch checks it: the batch waits, then
      // misses it and fails whole, as a key violation did.
      const gone = await bin();
      let batch!: Promise<void>;
      await t.db.transaction(async (del) => {
        await del.delete(weh).where(eq(weh.id, gone.id));
        batch = t.db.transaction(async (tx) =>
          lockReferences(
            tx as unknown as Db,
            { municipalityId: A, importJobId: null, origin: "WebImport", userId: null },
            [{ headerId: gone.id, subjectId: novak, wasteTypeId: mixed, collectionId: c }],
          ),
        );
        batch.catch(() => undefined);
        await new Promise((r) => setTimeout(r, 300));
      });
      await expect(batch).rejects.toThrow("references missing");
    },
    30_000,
  );
});

describe("a bin met again in a later batch of the same file (the probe skipped for bins the run did not write)", () => {
  it("is a duplicate of the record written or overwritten by an earlier batch, never a second record", async () => {
    const [was] = await t.db
      .select({ s: municipality.duplicateHandlingStrategy })
      .from(municipality)
      .where(eq(municipality.id, A));
    await t.db.update(municipality).set({ duplicateHandlingStrategy: "Overwrite" }).where(eq(municipality.id, A));
    try {
      const x = await bin(); // has a record from an earlier file: batch 1 overwrites it
      const y = await bin(); // gets its record in batch 1
      const others = [];
      for (let i = 0; i < 40; i++) others.push(await bin());
      const first = await importCollection([HEADER, line("2026-11-02T06:00:00+01:00", x.barcode)].join("\n"));
      expect(first).toMatchObject({ acceptedRows: 1 });
      const lines = [
        HEADER,
        line("2026-11-02T07:00:00+01:00", x.barcode),
        line("2026-11-02T07:01:00+01:00", y.barcode),
      ];
      // Filler on other days, so that the rows below fall into the second batch (10,000 rows a batch).
      const day0 = Date.UTC(2024, 0, 1, 6, 0);
      for (let i = 0; lines.length <= 10_000; i++) {
        const at = new Date(day0 + Math.floor(i / 40) * 86_400_000 + (i % 40) * 60_000).toISOString();
        lines.push(line(at, others[i % 40]!.barcode));
      }
      lines.push(line("2026-11-02T08:00:00+01:00", x.barcode), line("2026-11-02T08:01:00+01:00", y.barcode));
      const job = await importCollection(lines.join("\n"));
      expect(job).toMatchObject({ totalRows: 10_002, errorRows: 0 });
      for (const b of [x, y]) {
        // One record of the day: the later readings overwrote it.
        expect(await t.db.select().from(record).where(eq(record.headerId, b.id))).toHaveLength(1);
      }
      const [rx] = await t.db.select().from(record).where(eq(record.headerId, x.id));
      expect(rx!.collectedAt.toISOString()).toBe("2026-11-02T05:00:00.000Z");
    } finally {
      await t.db.update(municipality).set({ duplicateHandlingStrategy: was!.s }).where(eq(municipality.id, A));
    }
  }, 180_000);
});

describe("a collection import stopped between batches (read ahead while the database writes)", () => {
  it("hands the job back after the committed batch; the next run resumes: nothing lost or counted twice", async () => {
    const bins = [];
    for (let i = 0; i < 50; i++) bins.push(await bin());
    const rows = 12_000; // a batch of 10,000 and one of 2,000
    const day0 = Date.UTC(2025, 0, 1, 6, 0);
    const lines = [HEADER];
    for (let i = 0; i < rows; i++) {
      const at = new Date(day0 + Math.floor(i / 50) * 86_400_000 + (i % 50) * 60_000).toISOString();
      lines.push(`${at};${bins[i % 50]!.barcode};;200301;120;100;1;;;5T5 5555;;`);
    }
    const content = Buffer.from(lines.join("\n"));
    async function* chunks() {
      for (let i = 0; i < content.length; i += 64 * 1024) yield content.subarray(i, i + 64 * 1024);
    }
    const id = await storeUpload(
      t.db,
      {
        municipalityId: A,
        userId: null,
        type: collectionImporter.type,
        format: "Universal",
        maxBytes: 50 * 2 ** 20,
        checkHead: () => undefined,
      },
      { fileName: "svoz.csv", chunks: chunks() },
    );
    await runStoppedAfterFirstBatch(t.db, collectionImporter, id);
    const ofJob = async () => (await t.db.select({ n: count() }).from(record).where(eq(record.importJobId, id)))[0]!.n;
    const job = async () => (await t.db.select().from(importJob).where(eq(importJob.id, id)))[0]!;
    expect(await job()).toMatchObject({ state: "unprocessed", rowsDone: 10_000, acceptedRows: 10_000 });
    expect(await ofJob()).toBe(10_000);

    await runImportJob(
      t.db,
      new Map([[collectionImporter.type, collectionImporter]]),
      id,
      new AbortController().signal,
    );
    expect(await job()).toMatchObject({
      state: "processed",
      totalRows: rows,
      acceptedRows: rows,
      unchangedRows: 0,
      errorRows: 0,
      rowsDone: rows,
    });
    expect(await ofJob()).toBe(rows);
    // Each bin once a day, each day in its collection with its count.
    const counts = await t.db.execute(sql`
      select count(*)::int as collections, sum(record_count)::int as records from waste_collection
      where id in (select distinct waste_collection_id from waste_evidence_record where import_job_id = ${id})`);
    expect((counts as unknown as { rows: unknown[] }).rows[0]).toEqual({ collections: 240, records: rows });
  }, 180_000);
});
