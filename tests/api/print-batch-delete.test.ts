/**
 * Print batch API tests: DELETE print-batch/{id} (spec 001 §8 'Failures shown: delete of … print batches'). Shared
 * setup in ./print-batch-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { codeSequence, disposeCount, printBatch, subject, wasteEvidenceHeader } from "../../api/db/schema";
import { batchInUseMessage } from "#contract/print-batch";
import {
  t,
  A,
  B,
  fixedBin,
  bag,
  url,
  BATCH_NOT_FOUND,
  insertSubject,
  headersOf,
  eventsOf,
  createNoSubject,
  setupPrintBatchTests,
} from "./print-batch-fixtures";

setupPrintBatchTests();

describe("DELETE print-batch/{id} (spec 001 §8 'Failures shown: delete of … print batches')", () => {
  const wehUrl = (m: number, rest = "") => `/municipality/${m}/waste-evidence-header${rest}`;
  const del = (id: number, as: "manager" | "worker" | "readonly" | "managerB" | "citizen" = "manager", m = A) =>
    t.call("DELETE", url(m, `/${id}`), { as });
  const batchExists = async (id: number) =>
    (await t.db.select({ id: printBatch.id }).from(printBatch).where(eq(printBatch.id, id))).length === 1;

  it("a batch whose codes are all Free and unused is deleted with its codes and their history; numbers are not reused", async () => {
    const id = await createNoSubject(A, { codeCount: 3, binTypeIds: [fixedBin.id, bag.id] });
    const codes = await headersOf(id);
    expect(codes).toHaveLength(6);
    expect(await eventsOf(codes)).toHaveLength(6);
    const [before] = await t.db.select().from(codeSequence).where(eq(codeSequence.municipalityId, A));

    const res = await del(id);
    expect(res.status).toBe(204);
    expect(await batchExists(id)).toBe(false);
    const left = await t.db
      .select({ id: wasteEvidenceHeader.id })
      .from(wasteEvidenceHeader)
      .where(
        inArray(
          wasteEvidenceHeader.id,
          codes.map((c) => c.id),
        ),
      );
    expect(left).toEqual([]);
    expect(await eventsOf(codes)).toEqual([]);
    // The barcodes are gone: a scanner finds nothing.
    const found = await t.call("GET", `/municipality/${A}/find-code-by-barcode`, {
      as: "manager",
      query: { barcode: codes[0]!.barcode },
    });
    expect(found.status).toBe(404);

    // The next batch continues after the deleted codes: a printed label never names another bin.
    const next = await createNoSubject(A, { codeCount: 1 });
    expect((await headersOf(next))[0]!.plainCode).toBe(String(before!.lastPlainCode + 1));
    // Deleted already: 404.
    const again = await del(id);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(BATCH_NOT_FOUND);
  });

  it("a Printed batch of unused codes may be deleted too; the municipality worker may delete", async () => {
    const id = await createNoSubject(A, { codeCount: 1 });
    expect((await t.call("POST", url(A, `/${id}/printed`), { as: "manager" })).status).toBe(200);
    expect((await del(id, "worker")).status).toBe(204);
    expect(await batchExists(id)).toBe(false);
  });

  it("a batch with a code assigned to a collection point → 409 with the count; nothing is deleted", async () => {
    const id = await createNoSubject(A, { codeCount: 3 });
    const codes = await headersOf(id);
    const novak = await insertSubject(A, "Rodinný dům Černý");
    const assigned = await t.call("POST", wehUrl(A, "/assign"), {
      as: "manager",
      json: { subjectId: novak, codes: [codes[1]!.plainCode] },
    });
    expect(assigned.body.assigned).toBe(1);

    const res = await del(id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ Message: "Tiskovou dávku nelze smazat, 1 kód je již použit." });
    expect(await batchExists(id)).toBe(true);
    expect((await headersOf(id)).map((h) => h.id)).toEqual(codes.map((c) => c.id));
    expect(await eventsOf(codes)).toHaveLength(4);
  });

  it("a code assigned once and released again (its collection point deleted) still counts as used", async () => {
    const id = await createNoSubject(A, { codeCount: 2 });
    const codes = await headersOf(id);
    const temporary = await insertSubject(A, "Chata Na skále");
    await t.call("POST", wehUrl(A, "/assign"), {
      as: "manager",
      json: { subjectId: temporary, codes: codes.map((c) => c.plainCode) },
    });
    expect((await t.call("DELETE", `/municipality/${A}/subject/${temporary}`, { as: "manager" })).status).toBe(204);
    const released = await headersOf(id);
    expect(released.map((h) => [h.state, h.subjectId])).toEqual([
      ["Free", null],
      ["Free", null],
    ]);
    const res = await del(id);
    expect(res.status).toBe(409);
    expect(res.body.Message).toBe("Tiskovou dávku nelze smazat, 2 kódy jsou již použity.");
    expect(await batchExists(id)).toBe(true);
  });

  it("a discarded code, or a code with dispose counts (collections), is in use", async () => {
    const discarded = await createNoSubject(A, { codeCount: 2 });
    const [d] = await headersOf(discarded);
    expect((await t.call("POST", wehUrl(A, "/discard"), { as: "manager", json: { ids: [d!.id] } })).status).toBe(200);
    const res = await del(discarded);
    expect(res.status).toBe(409);
    expect(res.body.Message).toBe("Tiskovou dávku nelze smazat, 1 kód je již použit.");

    const collected = await createNoSubject(A, { codeCount: 1 });
    const [c] = await headersOf(collected);
    await t.db.insert(disposeCount).values({ headerId: c!.id, year: 2025, month: 3, actualCount: 1 });
    expect((await del(collected)).status).toBe(409);
    expect(await batchExists(discarded)).toBe(true);
    expect(await batchExists(collected)).toBe(true);
  });

  it("an addressed batch untouched since it was made (6 subjects × 2 bin types) is deleted; the bin counts drop back", async () => {
    const subjects = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => insertSubject(A, `Bytový dům ${n}`)));
    const created = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "Regular", subjectIds: subjects, binTypeIds: [fixedBin.id, bag.id] },
    });
    const binCounts = async () =>
      (await t.db.select({ binCount: subject.binCount }).from(subject).where(inArray(subject.id, subjects))).map(
        (c) => c.binCount,
      );
    expect(await binCounts()).toEqual([2, 2, 2, 2, 2, 2]);
    const res = await del(created.body.id);
    expect(res.status).toBe(204);
    expect(await headersOf(created.body.id)).toEqual([]);
    expect(await binCounts()).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("an addressed batch with one code moved to another collection point → 409 '1 kód je již použit.'", async () => {
    const [first, second, other] = await Promise.all(["Dům A", "Dům B", "Dům C"].map((n) => insertSubject(A, n)));
    const created = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "Regular", subjectIds: [first, second], binTypeIds: [fixedBin.id] },
    });
    const codes = await headersOf(created.body.id);
    const moved = await t.call("POST", wehUrl(A, "/transfer"), {
      as: "manager",
      json: { ids: [codes[0]!.id], subjectId: other },
    });
    expect(moved.status).toBe(200);
    const res = await del(created.body.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ Message: "Tiskovou dávku nelze smazat, 1 kód je již použit." });
    expect(await headersOf(created.body.id)).toHaveLength(2);
  });

  it("the message's Czech plural: 1 kód, 2–4 kódy, 5 and more kódů", () => {
    expect(batchInUseMessage(1)).toBe("Tiskovou dávku nelze smazat, 1 kód je již použit.");
    expect(batchInUseMessage(4)).toBe("Tiskovou dávku nelze smazat, 4 kódy jsou již použity.");
    expect(batchInUseMessage(5)).toBe("Tiskovou dávku nelze smazat, 5 kódů je již použito.");
    expect(batchInUseMessage(10000)).toBe("Tiskovou dávku nelze smazat, 10000 kódů je již použito.");
  });

  it("another municipality's batch → 404 and it stays; the read-only administrator and a citizen → 403", async () => {
    const bBatch = await createNoSubject(B, { codeCount: 1 });
    const viaA = await del(bBatch, "manager", A);
    expect(viaA.status).toBe(404);
    expect(viaA.body).toEqual(BATCH_NOT_FOUND);
    const viaB = await del(bBatch, "manager", B);
    expect(viaB.status).toBe(404);
    expect(await batchExists(bBatch)).toBe(true);
    expect(await headersOf(bBatch)).toHaveLength(1);

    const own = await createNoSubject(A, { codeCount: 1 });
    expect((await del(own, "readonly")).status).toBe(403);
    expect((await del(own, "citizen")).status).toBe(403);
    expect(await batchExists(own)).toBe(true);
    expect(await headersOf(own)).toHaveLength(1);
    // B's own manager may delete it.
    expect((await del(bBatch, "managerB", B)).status).toBe(204);
  });
});
