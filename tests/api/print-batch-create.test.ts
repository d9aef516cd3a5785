/**
 * Print batch API tests: POST print-batch (spec 001 §2, §9 code types). Shared setup in ./print-batch-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { binType, codeSequence, printBatch, subject } from "../../api/db/schema";
import { parseBarcode } from "#contract/codes";
import {
  t,
  A,
  B,
  fixedBin,
  bag,
  url,
  insertSubject,
  headersOf,
  eventsOf,
  createNoSubject,
  batchCount,
  setupPrintBatchTests,
} from "./print-batch-fixtures";
import { expectRefused } from "./helpers";

setupPrintBatchTests();

describe("POST print-batch (spec 001 §2, §9 code types)", () => {
  it("NoSubject: 3 codes × 2 bin types → 6 Free headers with unique, check-protected barcodes and sequential plain codes", async () => {
    const res = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "NoSubject", codeCount: 3, binTypeIds: [fixedBin.id, bag.id], rfid: true, note: "Jaro 2025" },
    });
    expect(res.status).toBe(201);
    const id = res.body.id as number;

    const [batch] = await t.db.select().from(printBatch).where(eq(printBatch.id, id));
    expect(batch).toMatchObject({
      municipalityId: A,
      codeType: "NoSubject",
      codeCount: 3,
      binTypeIds: [fixedBin.id, bag.id],
      rfid: true,
      note: "Jaro 2025",
      state: "Generated",
      createdBy: t.fixtures.users.manager.id,
    });

    const headers = await headersOf(id);
    expect(headers).toHaveLength(6);
    expect(new Set(headers.map((h) => h.barcode)).size).toBe(6);
    for (const h of headers) {
      expect(h).toMatchObject({
        municipalityId: A,
        state: "Free",
        subjectId: null,
        assignedAt: null,
        printBatchId: id,
      });
      // The barcode names the municipality and the plain code (docs/decisions/0012).
      expect(parseBarcode(h.barcode)).toEqual({ municipalityId: A, plainCode: Number(h.plainCode) });
    }
    // The first batch of the municipality: plain codes 1…6, grouped by bin type; a bag is disposable.
    expect(headers.map((h) => h.plainCode)).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(headers.map((h) => h.binTypeId)).toEqual([fixedBin.id, fixedBin.id, fixedBin.id, bag.id, bag.id, bag.id]);
    expect(headers.map((h) => h.disposable)).toEqual([false, false, false, true, true, true]);

    const events = await eventsOf(headers);
    expect(events).toHaveLength(6);
    expect(events.every((e) => e.event === "Created" && e.userId === t.fixtures.users.manager.id)).toBe(true);

    // The next batch continues the municipality's numbering.
    const next = await createNoSubject(A, { codeCount: 2 });
    expect((await headersOf(next)).map((h) => h.plainCode)).toEqual(["7", "8"]);
    const [seq] = await t.db.select().from(codeSequence).where(eq(codeSequence.municipalityId, A));
    expect(seq!.lastPlainCode).toBe(8);
  });

  it("Regular for 2 subjects → Assigned codes with subject, time and user; the subjects' bin counts follow", async () => {
    const novak = await insertSubject(A, "Rodinný dům Novák", "RD Novák");
    const dvorak = await insertSubject(A, "Rodinný dům Dvořák");
    const res = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "Regular", subjectIds: [novak, dvorak], binTypeIds: [fixedBin.id] },
    });
    expect(res.status).toBe(201);
    const headers = await headersOf(res.body.id);
    expect(headers.map((h) => h.subjectId)).toEqual([novak, dvorak]);
    for (const h of headers) {
      expect(h.state).toBe("Assigned");
      expect(h.assignedAt).toBeInstanceOf(Date);
      expect(h.assignedBy).toBe(t.fixtures.users.manager.id);
    }
    const [batch] = await t.db.select().from(printBatch).where(eq(printBatch.id, res.body.id));
    expect(batch).toMatchObject({ codeType: "Regular", codeCount: 2 });

    const events = await eventsOf(headers);
    expect(events.filter((e) => e.event === "Created")).toHaveLength(2);
    expect(
      events
        .filter((e) => e.event === "Assigned")
        .map((e) => e.subjectId)
        .sort(),
    ).toEqual([novak, dvorak].sort());

    const counts = await t.db
      .select({ id: subject.id, binCount: subject.binCount })
      .from(subject)
      .where(inArray(subject.id, [novak, dvorak]));
    expect(counts.every((c) => c.binCount === 1)).toBe(true);
  });

  it("concurrent batches never share a plain code", async () => {
    const ids = await Promise.all([1, 2, 3].map(() => createNoSubject(A, { codeCount: 5 })));
    const codes = (await Promise.all(ids.map(headersOf))).flat().map((h) => h.plainCode);
    expect(codes).toHaveLength(15);
    expect(new Set(codes).size).toBe(15);
  });

  it("422 for a missing code count, no bin types, too many codes, another municipality's subject or bin type; nothing written", async () => {
    const before = await batchCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ codeType: "NoSubject", binTypeIds: [fixedBin.id] }, "codeCount", "Zadejte počet kódů 1 až 5 000."],
      [
        { codeType: "NoSubject", codeCount: 5001, binTypeIds: [fixedBin.id] },
        "codeCount",
        "Zadejte počet kódů 1 až 5 000.",
      ],
      [
        { codeType: "NoSubject", codeCount: 0, binTypeIds: [fixedBin.id] },
        "codeCount",
        "Zadejte počet kódů 1 až 5 000.",
      ],
      [{ codeType: "NoSubject", codeCount: 5, binTypeIds: [] }, "binTypeIds", "Vyberte alespoň jeden typ nádoby."],
      [{ codeType: "Regular", binTypeIds: [fixedBin.id] }, "subjectIds", "Vyberte alespoň jedno odběrné místo."],
      [
        { codeType: "NoSubject", codeCount: 5000, binTypeIds: [fixedBin.id, bag.id, fixedBin.id + 1] },
        "codeCount",
        "Dávka může mít nejvýše 10 000 štítků; rozdělte ji.",
      ],
      [{ codeType: "Other", codeCount: 1, binTypeIds: [fixedBin.id] }, "codeType", "Vyberte typ kódu."],
    ];
    for (const [json, field, message] of cases) {
      const res = await t.call("POST", url(A), { as: "manager", json });
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }

    const foreignSubject = await insertSubject(B, "Bytový dom Petržalka");
    const ownSubject = await insertSubject(A, "Chata U lesa");
    await expectRefused(
      t.call("POST", url(A), {
        as: "manager",
        json: { codeType: "Regular", subjectIds: [ownSubject, foreignSubject], binTypeIds: [fixedBin.id] },
      }),
      { subjectIds: ["Odběrné místo nebylo nalezeno."] },
    );

    const [bOwnType] = await t.db
      .insert(binType)
      .values({ municipalityId: B, name: "Kontajner 5000 l", category: "container", capacity: 5000 })
      .returning({ id: binType.id });
    await expectRefused(
      t.call("POST", url(A), {
        as: "manager",
        json: { codeType: "NoSubject", codeCount: 1, binTypeIds: [bOwnType!.id] },
      }),
      { binTypeIds: ["Typ nádoby nebyl nalezen."] },
    );

    expect(await batchCount()).toBe(before);
    const [owned] = await t.db.select().from(subject).where(eq(subject.id, ownSubject));
    expect(owned!.binCount).toBe(0);
  });

  it("a municipality's own bin type is accepted; the read-only administrator may not create (403)", async () => {
    const [own] = await t.db
      .insert(binType)
      .values({ municipalityId: A, name: "Kontejner obce 3000 l", category: "container", capacity: 3000 })
      .returning({ id: binType.id });
    const id = await createNoSubject(A, { codeCount: 1, binTypeIds: [own!.id] });
    expect((await headersOf(id))[0]!.binTypeId).toBe(own!.id);

    const readonly = await t.call("POST", url(A), {
      as: "readonly",
      json: { codeType: "NoSubject", codeCount: 1, binTypeIds: [fixedBin.id] },
    });
    expect(readonly.status).toBe(403);
  });
});
