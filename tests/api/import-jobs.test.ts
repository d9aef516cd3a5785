/**
 * Imports as background jobs (issue 13 part 1, decision 0028) and the imports area (part 2; spec 000 §2
 * /administration/imports*, spec 001 §2 'Imports', §4 import job states): the upload answers at once with the queued
 * job, the job runs on the queue's worker, a run stopped between batches or lost with its process is taken up again
 * and resumes after its committed rows (nothing lost, nothing counted twice), two workers share the queue, and the
 * area lists, filters, explains and downloads.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { importJob, importJobError, municipality, wasteCard } from "../../api/db/schema";
import { openDatabase, type Database, type Db } from "../../api/db/client";
import { storeUpload } from "../../api/modules/import/store";
import { runImportJob, UPLOAD_INTERRUPTED } from "../../api/modules/import/runner";
import { IMPORTERS } from "../../api/modules/import/importers";
import { queueImport } from "../../api/modules/import/upload";
import { wasteCardImporter } from "../../api/modules/waste-card/import";
import { rescueLostImports, workImports } from "../../api/jobs/imports";
import { startQueue } from "../../api/jobs/queue";
import { cloneDatabase, finishedJob, setupApiWithIds, type TestApi } from "./helpers";
import { runStoppedAfterFirstBatch } from "./import-fixtures";

let t: TestApi;
let A: number;
let B: number;
beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
afterAll(() => t?.close());

const imports = (m: number, rest = "") => `/municipality/${m}/import${rest}`;
const cardsFile = (from: number, to: number, header = true) =>
  (header ? "plainCode;code;subjectId;feePayerId\n" : "") +
  Array.from({ length: to - from }, (_, i) => `P${from + i};K${from + i};;\n`).join("");

function form(content: string, fields: Record<string, string> = { type: "wasteCard" }, name = "karty.csv") {
  const body = new FormData();
  // The fields come before the file, as the create form sends them.
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  body.set("file", new File([content], name, { type: "text/csv" }));
  return body;
}

/** A stored upload of municipality A that no worker has been told about (the test runs it by hand). */
async function storedJob(content: string, db: Db = t.db, municipalityId = A): Promise<number> {
  async function* chunks() {
    yield Buffer.from(content);
  }
  return storeUpload(
    db,
    { municipalityId, userId: null, type: "wasteCard", maxBytes: 50 * 2 ** 20, checkHead: () => undefined },
    { fileName: "karty.csv", chunks: chunks() },
  );
}
const jobRow = async (id: number) => (await t.db.select().from(importJob).where(eq(importJob.id, id)))[0]!;
/** Cards of A whose code is like the pattern (K30___: the six-character codes K30000…K30999). */
const cardCount = async (pattern: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(wasteCard)
      .where(and(eq(wasteCard.municipalityId, A), sql`${wasteCard.code} like ${pattern}`))
  )[0]!.n;

describe("the job engine (issue 13 part 1)", () => {
  it("the upload answers at once with the queued job; the worker finishes it; the imports area reads it", async () => {
    const res = await t.call("POST", imports(A), { as: "manager", body: form(cardsFile(0, 10)) });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ type: "wasteCard", fileName: "karty.csv", hasFile: true, totalRows: 0 });
    expect(["unprocessed", "processing", "processed"]).toContain(res.body.state);
    const done = await finishedJob(t, imports(A, `/${res.body.id}`), "manager");
    expect(done).toMatchObject({
      state: "processed",
      totalRows: 10,
      acceptedRows: 10,
      progress: 100,
      createdByName: "Manager Testovací",
    });
    expect(await cardCount("K_")).toBe(10);
  });

  it("a run stopped between batches hands the job back; the next run resumes after the committed rows", async () => {
    const before = await cardCount("K%");
    const id = await storedJob(cardsFile(100, 5_100));
    await runStoppedAfterFirstBatch(t.db, wasteCardImporter, id);
    const handedBack = await jobRow(id);
    expect(handedBack).toMatchObject({ state: "unprocessed", rowsDone: 2_000, acceptedRows: 2_000, heartbeatAt: null });
    expect(await cardCount("K%")).toBe(before + 2_000);

    await runImportJob(t.db, IMPORTERS, id, new AbortController().signal);
    expect(await cardCount("K%")).toBe(before + 5_000);
    expect(await jobRow(id)).toMatchObject({
      state: "processed",
      totalRows: 5_000,
      acceptedRows: 5_000,
      unchangedRows: 0,
      rowsDone: 5_000,
    });
  });

  it("a job lost with its process (stale heartbeat) is queued again and resumes; a live one is left alone and never run twice", async () => {
    const id = await storedJob(cardsFile(10_000, 14_500));
    await runStoppedAfterFirstBatch(t.db, wasteCardImporter, id);
    // What a killed process leaves: 'processing', its heartbeat minutes old, its queue job taken.
    await t.db
      .update(importJob)
      .set({ state: "processing", heartbeatAt: sql`now() - interval '10 minutes'` })
      .where(eq(importJob.id, id));
    // Another process's live import: it keeps beating.
    const live = await storedJob(cardsFile(20_000, 20_010));
    await t.db
      .update(importJob)
      .set({ state: "processing", heartbeatAt: sql`now()` })
      .where(eq(importJob.id, live));

    expect(await rescueLostImports(t.db, t.jobs)).toEqual([id]);
    const done = await finishedJob(t, imports(A, `/${id}`));
    expect(done).toMatchObject({ state: "processed", totalRows: 4_500, acceptedRows: 4_500, errorRows: 0 });
    expect(await cardCount("K1____")).toBe(4_500);

    // The live job is not claimed by a second delivery.
    await runImportJob(t.db, IMPORTERS, live, new AbortController().signal);
    expect(await jobRow(live)).toMatchObject({ state: "processing", totalRows: 0 });
    expect(await rescueLostImports(t.db, t.jobs)).toEqual([]);
    await t.db.delete(importJob).where(eq(importJob.id, live));
  });

  it("an upload cut off before it was stored whole is ended, not run", async () => {
    const [cut] = await t.db
      .insert(importJob)
      .values({
        municipalityId: A,
        type: "wasteCard",
        fileName: "cut.csv",
        heartbeatAt: sql`now() - interval '10 minutes'`,
      })
      .returning({ id: importJob.id });
    expect(await rescueLostImports(t.db, t.jobs)).toEqual([]);
    expect(await jobRow(cut!.id)).toMatchObject({ state: "discarded", message: UPLOAD_INTERRUPTED });
  });

  it("two workers (as two processes) share the queue: every job runs once, all finish", async () => {
    const other = await startQueue(t.database, { supervise: false });
    await workImports(t.db, other);
    try {
      const ids = [];
      for (let i = 0; i < 6; i++) {
        const id = await storedJob(cardsFile(30_000 + i * 100, 30_100 + i * 100));
        await queueImport(t.db, i % 2 ? other : t.jobs, id);
        ids.push(id);
      }
      for (const id of ids) {
        expect(await finishedJob(t, imports(A, `/${id}`))).toMatchObject({
          state: "processed",
          totalRows: 100,
          acceptedRows: 100,
        });
      }
      expect(await cardCount("K30___")).toBe(600);
    } finally {
      await other.stop();
    }
  });
});

/**
 * A database that outlives its 'process': PGlite in a data directory (loaded from the migrated test dump), or a
 * PostgreSQL copy; `reopen` opens the same data again, as the next start of the server does.
 */
async function restartable(): Promise<{ database: Database; reopen(): Promise<Database>; drop(): Promise<void> }> {
  const source = inject("testDb");
  if (source.kind === "pglite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "obec-restart-"));
    const dump = new Blob([fs.readFileSync(source.dumpPath)]);
    return {
      database: await openDatabase({ dataDir, loadDataDir: dump }),
      reopen: () => openDatabase({ dataDir }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const { database, drop } = await cloneDatabase();
  return { database, reopen: () => openDatabase({ url: database.url }), drop };
}

describe("a restart (issue 13 part 1: a job survives a restart)", () => {
  it("a job queued before a stop, and one cut off mid-run by a kill, both finish after the next start; nothing counted twice", async () => {
    const { database, reopen, drop } = await restartable();
    try {
      const [m] = await database.db
        .insert(municipality)
        .values({ name: "Restart", shortName: "Restart", type: "Municipality", kind: "Small", country: "CZ" })
        .returning({ id: municipality.id });
      // First life: one job queued but never worked (the process stops first), one half done when it is killed.
      const first = await startQueue(database, { supervise: false });
      const queued = await storedJob(cardsFile(50_000, 50_300), database.db, m!.id);
      await queueImport(database.db, first, queued);
      const killed = await storedJob(cardsFile(60_000, 64_100), database.db, m!.id);
      await queueImport(database.db, first, killed);
      await runStoppedAfterFirstBatch(database.db, wasteCardImporter, killed);
      // A kill leaves the job 'processing' (no hand-back) with its first batch committed.
      await database.db
        .update(importJob)
        .set({ state: "processing", heartbeatAt: sql`now()` })
        .where(eq(importJob.id, killed));
      await first.stop();
      await database.close();

      // Second life: the same data, a new queue and worker, the start's rescue.
      const again = await reopen();
      const jobs = await startQueue(again, { supervise: false });
      try {
        await workImports(again.db, jobs);
        await rescueLostImports(again.db, jobs, { soleProcess: again.kind === "pglite" });
        if (again.kind === "postgres") {
          // Another process may still run it: taken up once its heartbeat is stale.
          await again.db
            .update(importJob)
            .set({ heartbeatAt: sql`now() - interval '10 minutes'` })
            .where(eq(importJob.id, killed));
          await rescueLostImports(again.db, jobs);
        }
        const state = async (id: number) => (await again.db.select().from(importJob).where(eq(importJob.id, id)))[0]!;
        for (const [id, rows] of [
          [queued, 300],
          [killed, 4_100],
        ] as const) {
          await expect.poll(async () => (await state(id)).state, { timeout: 30_000, interval: 100 }).toBe("processed");
          expect(await state(id)).toMatchObject({
            totalRows: rows,
            acceptedRows: rows,
            unchangedRows: 0,
            rowsDone: rows,
          });
        }
        const [cards] = await again.db
          .select({ n: sql<number>`count(*)::int` })
          .from(wasteCard)
          .where(eq(wasteCard.municipalityId, m!.id));
        expect(cards!.n).toBe(4_400);
      } finally {
        await jobs.stop();
        await again.close();
      }
    } finally {
      await drop();
    }
  });
});

describe("the imports area (issue 13 part 2)", () => {
  let withErrors: number;
  beforeAll(async () => {
    const file =
      'plainCode;code;subjectId;feePayerId\nE1;EK1;;\n;EK2;;\nE3;EK3;abc;\nE4;EK1;;\nE5;EK5;;\n=HYPERLINK("x");HK;abc;\n';
    const res = await t.call("POST", imports(A), { as: "manager", body: form(file) });
    await finishedJob(t, imports(A, `/${res.body.id}`));
    withErrors = res.body.id;
  });

  it("lists every job newest first, filtered by type, state and day; another municipality sees none of them", async () => {
    const all = await t.call("GET", imports(A), { as: "worker" });
    expect(all.status).toBe(200);
    expect(all.body.items[0].id).toBe(withErrors);
    const dates = all.body.items.map((j: { createdAt: string }) => j.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const errorOnly = await t.call("GET", imports(A), { as: "worker", query: { state: "error" } });
    expect(errorOnly.body.items.map((j: { id: number }) => j.id)).toContain(withErrors);
    expect(errorOnly.body.items.every((j: { state: string }) => j.state === "error")).toBe(true);
    const yesterday = new Date(Date.now() - 2 * 86400_000).toISOString().slice(0, 10);
    expect((await t.call("GET", imports(A), { as: "worker", query: { dateTo: yesterday } })).body.total).toBe(0);
    expect(
      (await t.call("GET", imports(A), { as: "worker", query: { dateFrom: yesterday, type: "wasteCard" } })).body.total,
    ).toBe(all.body.total);
    expect((await t.call("GET", imports(A), { as: "worker", query: { state: "nonsense" } })).status).toBe(422);
    expect((await t.call("GET", imports(B), { as: "managerB" })).body).toEqual({ items: [], total: 0 });
    expect((await t.call("GET", imports(A, `/${withErrors}`), { as: "managerB" })).status).toBe(404);
  });

  it("the error log: paged, by category, and as a CSV file a spreadsheet opens safely", async () => {
    const all = await t.call("GET", imports(A, `/${withErrors}/errors`), { as: "worker" });
    expect(all.body.items.map((e: { rowNumber: number; category: string }) => [e.rowNumber, e.category])).toEqual([
      [3, "MissingCode"],
      [4, "InvalidValue"],
      [5, "DuplicateInFile"],
      [7, "InvalidValue"],
    ]);
    const dup = await t.call("GET", imports(A, `/${withErrors}/errors`), {
      as: "worker",
      query: { category: "DuplicateInFile" },
    });
    expect(dup.body).toMatchObject({
      total: 1,
      items: [{ rowNumber: 5, message: "Kód karty se v souboru opakuje (poprvé na řádku 2)." }],
    });

    const csv = await t.call("GET", imports(A, `/${withErrors}/errors.csv`), { as: "worker" });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toContain(`chyby-importu-${withErrors}.csv`);
    // The file starts with a BOM (spreadsheets read it as UTF-8); the test's reader drops it when decoding.
    const raw = await t.app.request(`http://test.local/v1${imports(A, `/${withErrors}/errors.csv`)}`, {
      headers: { Authorization: `Bearer ${await t.token("worker")}` },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (csv.body as string).split("\r\n");
    expect(lines[0]).toBe("řádek;kategorie;chyba;původní řádek");
    expect(lines[1]).toBe('3;MissingCode;Chybí číslo karty (plainCode).;";EK2;;"');
    // A cell a spreadsheet would run as a formula is written as text.
    expect(lines[4]).toBe(`7;InvalidValue;ID odběrného místa musí být kladné celé číslo.;"'=HYPERLINK(""x"");HK;abc;"`);
    expect(lines).toHaveLength(6); // header, four rows, the empty end
  });

  it("the original file downloads as sent; a finished job's file can be deleted (its log stays), a running one's not", async () => {
    const file = await t.call("GET", imports(A, `/${withErrors}/file`), { as: "worker" });
    expect(file.status).toBe(200);
    expect(file.body).toContain('=HYPERLINK("x");HK;abc;');
    expect(file.headers.get("content-disposition")).toContain("karty.csv");

    expect((await t.call("DELETE", imports(A, `/${withErrors}/file`), { as: "worker" })).status).toBe(403);
    expect((await t.call("DELETE", imports(A, `/${withErrors}/file`), { as: "managerB" })).status).toBe(404);
    const del = await t.call("DELETE", imports(A, `/${withErrors}/file`), { as: "manager" });
    expect(del.status).toBe(204);
    expect((await t.call("GET", imports(A, `/${withErrors}`), { as: "worker" })).body).toMatchObject({
      hasFile: false,
      errorRows: 4,
    });
    expect((await t.call("GET", imports(A, `/${withErrors}/file`), { as: "worker" })).status).toBe(404);
    expect((await t.call("DELETE", imports(A, `/${withErrors}/file`), { as: "manager" })).status).toBe(404);
    expect((await t.call("GET", imports(A, `/${withErrors}/errors`), { as: "worker" })).body.total).toBe(4);

    const running = await storedJob(cardsFile(40_000, 40_001));
    await t.db
      .update(importJob)
      .set({ state: "processing", heartbeatAt: sql`now()` })
      .where(eq(importJob.id, running));
    const refused = await t.call("DELETE", imports(A, `/${running}/file`), { as: "manager" });
    expect(refused).toMatchObject({
      status: 409,
      body: { Message: "Import ještě probíhá: soubor lze smazat až po jeho dokončení." },
    });
    await t.db.delete(importJob).where(eq(importJob.id, running));
  });

  it("the create call needs a type the product reads (422 type), a CSV (422 file) and import.aAdd (403); none leaves a job", async () => {
    const before = (await t.db.select({ id: importJob.id }).from(importJob)).length;
    const noType = await t.call("POST", imports(A), { as: "manager", body: form(cardsFile(0, 1), {}) });
    expect(noType).toMatchObject({ status: 422, body: { errors: { type: ["Vyberte typ importu."] } } });
    const unknown = await t.call("POST", imports(A), { as: "manager", body: form(cardsFile(0, 1), { type: "elwis" }) });
    expect(unknown.status).toBe(422);
    const notCsv = await t.call("POST", imports(A), {
      as: "manager",
      body: form("x", { type: "wasteCard" }, "karty.xlsx"),
    });
    expect(notCsv).toMatchObject({ status: 422, body: { errors: { file: ["Soubor musí být ve formátu CSV."] } } });
    expect((await t.call("POST", imports(A), { as: "worker", body: form(cardsFile(0, 1)) })).status).toBe(403);
    expect((await t.db.select({ id: importJob.id }).from(importJob)).length).toBe(before);
    // The waste-card page's own calls see only waste-card jobs; a job of the area is one of them.
    expect((await t.call("GET", `/municipality/${A}/waste-card/import/${withErrors}`, { as: "worker" })).status).toBe(
      200,
    );
    expect(await t.db.select().from(importJobError).where(eq(importJobError.importJobId, withErrors))).toHaveLength(4);
  });
});

describe("bad bytes (issue 11 security: NUL)", () => {
  it("a NUL in a row after the first bytes rejects that row (its raw text kept readable); in the file name 422", async () => {
    const filler = Array.from({ length: 1000 }, (_, i) => `F${i};FK${i};;`).join("\n");
    const content = `plainCode;code;subjectId;feePayerId\n${filler}\nN1;NK\u00001;;\nN2;NK2;;\n`;
    const res = await t.call("POST", imports(A), { as: "manager", body: form(content) });
    expect(res.status).toBe(202);
    const job = await finishedJob(t, imports(A, `/${res.body.id}`));
    expect(job).toMatchObject({ state: "error", acceptedRows: 1001, errorRows: 1 });
    const errors = await t.db.select().from(importJobError).where(eq(importJobError.importJobId, res.body.id));
    expect(errors).toEqual([
      expect.objectContaining({ rowNumber: 1002, category: "InvalidValue", rawRow: "N1;NK\uFFFD1;;" }),
    ]);
    const named = await t.call("POST", imports(A), {
      as: "manager",
      body: form(cardsFile(0, 1), undefined, "ka\u0000rty.csv"),
    });
    expect(named.status).toBe(422);
  });
});
