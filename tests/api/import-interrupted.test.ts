/**
 * Issue 11 security 8: an import cut off by a crash does not stay 'processing' for ever. A running job's process
 * keeps its heartbeat; a 'processing' job whose heartbeat stopped is marked discarded 'Import byl přerušen…' (at
 * start and every minute, server.ts); a live job of another process sharing the database is left alone; the user
 * uploads the same file again and the import completes (the rows saved before the crash are 'unchanged').
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { importJob, importJobError, wasteCard } from "../../api/db/schema";
import { failInterruptedImports, importWasteCards, INTERRUPTED } from "../../api/modules/waste-card/import";
import { FORBIDDEN_TEXT_MESSAGE } from "#contract/common";
import { setupApiWithIds, type TestApi } from "./helpers";

let t: TestApi;
let A: number;
beforeAll(async () => ({ t, A } = await setupApiWithIds()));
afterAll(() => t?.close());

const csv = (from: number, to: number) =>
  [
    "plainCode;code;subjectId;feePayerId",
    ...Array.from({ length: to - from }, (_, i) => `P${from + i};K${from + i};;`),
  ].join("\n") + "\n";
const upload = (content: string, name = "karty.csv") => {
  const body = new FormData();
  body.set("file", new File([content], name, { type: "text/csv" }));
  return t.call("POST", `/municipality/${A}/waste-card/import`, { as: "manager", body });
};
const jobRow = async (id: number) => (await t.db.select().from(importJob).where(eq(importJob.id, id)))[0]!;
const ago = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

async function insertJob(values: Partial<typeof importJob.$inferInsert>) {
  const [row] = await t.db
    .insert(importJob)
    .values({ municipalityId: A, type: "WasteCard", fileName: "karty.csv", state: "processing", ...values })
    .returning({ id: importJob.id });
  return row!.id;
}

describe("interrupted imports (issue 11 security 8)", () => {
  it("a job whose heartbeat stopped is marked failed, a live one is not; the result says so; the same file again completes it", async () => {
    // What a crash leaves behind: the first 30 cards saved, the job 'processing', its heartbeat 10 minutes old.
    const first = await upload(csv(0, 30));
    expect(first.body.state).toBe("processed");
    await t.db
      .update(importJob)
      .set({ state: "processing", processedAt: null, heartbeatAt: ago(600) })
      .where(eq(importJob.id, first.body.id));
    // Another process's import, alive (beat just now), and one from before heartbeats existed, 10 minutes old.
    const live = await insertJob({ heartbeatAt: new Date() });
    const old = await insertJob({ heartbeatAt: null, createdAt: new Date(Date.now() - 600_000) });
    const fresh = await insertJob({ heartbeatAt: null });

    const ended = await failInterruptedImports(t.db);
    expect(ended.sort()).toEqual([first.body.id, old].sort());
    expect((await jobRow(live)).state).toBe("processing");
    expect((await jobRow(fresh)).state).toBe("processing");
    const crashed = await jobRow(first.body.id);
    expect(crashed).toMatchObject({ state: "discarded", message: INTERRUPTED });
    expect(crashed.processedAt).toBeInstanceOf(Date);
    expect(INTERRUPTED).toMatch(/^Import byl přerušen/);

    // The result page's call shows the state and the message.
    const shown = await t.call("GET", `/municipality/${A}/import/${first.body.id}`, { as: "manager" });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ state: "discarded", message: INTERRUPTED, acceptedRows: 30 });
    // Marked once: a second pass changes nothing.
    expect(await failInterruptedImports(t.db)).toEqual([]);

    // Uploading the whole file again finishes the work; the cards saved before are unchanged.
    const again = await upload(csv(0, 50));
    expect(again.body).toMatchObject({
      state: "processed",
      totalRows: 50,
      acceptedRows: 20,
      unchangedRows: 30,
      errorRows: 0,
    });
    expect((await t.db.select().from(wasteCard).where(eq(wasteCard.municipalityId, A))).length).toBe(50);
  });

  it("a running import keeps beating: it is never taken for interrupted, and ends normally", async () => {
    let release!: () => void;
    const paused = new Promise<void>((r) => (release = r));
    async function* chunks() {
      // More than the first 8 KB that are looked at before the job is created.
      yield Buffer.from(csv(1000, 2000));
      await paused; // the upload stalls, as a slow client's would
      yield Buffer.from("P200;K200;;\n");
    }
    const running = importWasteCards(t.db, A, null, { fileName: "pomalu.csv", chunks: chunks() }, { heartbeatMs: 20 });
    let jobId = 0;
    await vi.waitFor(async () => {
      const [row] = await t.db.select().from(importJob).where(eq(importJob.fileName, "pomalu.csv"));
      expect(row?.state).toBe("processing");
      jobId = row!.id;
    });
    // Pretend the last beat was long ago: the next beat of the live process brings it back.
    await t.db
      .update(importJob)
      .set({ heartbeatAt: ago(600) })
      .where(eq(importJob.id, jobId));
    await vi.waitFor(async () => {
      const [beat] = await t.db
        .select({ recent: sql<boolean>`${importJob.heartbeatAt} > now() - interval '1 minute'` })
        .from(importJob)
        .where(eq(importJob.id, jobId));
      expect(beat!.recent).toBe(true);
    });
    expect(await failInterruptedImports(t.db)).not.toContain(jobId);
    release();
    expect(await running).toMatchObject({ id: jobId, state: "processed", acceptedRows: 1001 });
  });

  it("an ended job is not changed by its process afterwards", async () => {
    let release!: () => void;
    const paused = new Promise<void>((r) => (release = r));
    async function* chunks() {
      yield Buffer.from(csv(3000, 4000));
      await paused;
    }
    const running = importWasteCards(t.db, A, null, { fileName: "zaseknuty.csv", chunks: chunks() });
    let jobId = 0;
    await vi.waitFor(async () => {
      const [row] = await t.db.select().from(importJob).where(eq(importJob.fileName, "zaseknuty.csv"));
      jobId = row!.id;
    });
    await t.db
      .update(importJob)
      .set({ heartbeatAt: ago(600) })
      .where(eq(importJob.id, jobId));
    expect(await failInterruptedImports(t.db)).toContain(jobId);
    release();
    expect(await running).toMatchObject({ id: jobId, state: "discarded", message: INTERRUPTED });
  });

  it("NUL bytes: in a row after the first bytes that row is rejected (its raw text kept readable); in the file name 422", async () => {
    const filler = Array.from({ length: 1000 }, (_, i) => `F${i};FK${i};;`).join("\n");
    const content = `plainCode;code;subjectId;feePayerId\n${filler}\nN1;NK\u00001;;\nN2;NK2;;\n`;
    const res = await upload(content);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: "error", acceptedRows: 1001, errorRows: 1 });
    const errors = await t.db.select().from(importJobError).where(eq(importJobError.importJobId, res.body.id));
    expect(errors).toEqual([
      expect.objectContaining({
        rowNumber: 1002,
        category: "InvalidValue",
        message: FORBIDDEN_TEXT_MESSAGE,
        rawRow: "N1;NK\uFFFD1;;",
      }),
    ]);

    const named = await upload(csv(500, 501), "ka\u0000rty.csv");
    expect(named.status).toBe(422);
  });
});
