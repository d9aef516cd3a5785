/**
 * Waste evidence header API tests: POST discard / restore; POST transfer; bin_count stays true across a whole life.
 * Shared setup in ./waste-evidence-header-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { subject } from "../../api/db/schema";
import {
  t,
  A,
  B,
  subjectOfB,
  url,
  insertHeader,
  headerRow,
  historyOf,
  onlyHistoryRow,
  binCount,
  freshSubject,
  setupWasteEvidenceHeaderTests,
} from "./waste-evidence-header-fixtures";

setupWasteEvidenceHeaderTests();

describe("POST discard / restore", () => {
  it("discard: Assigned, Free and Used → Discarded; an already discarded bin and another municipality's are left alone", async () => {
    const s = await freshSubject("Vyřazení");
    const assigned = await insertHeader(A, { state: "Assigned", subjectId: s });
    const used = await insertHeader(A, { state: "Used", subjectId: s, disposable: true, lastEvidenceAt: new Date() });
    const free = await insertHeader(A);
    const long = new Date("2024-01-05T10:00:00Z");
    const already = await insertHeader(A, { state: "Discarded", discardedAt: long, subjectId: s });
    const ofB = await insertHeader(B);
    await t.db.update(subject).set({ binCount: 2 }).where(eq(subject.id, s));
    const res = await t.call("POST", url(A, "/discard"), {
      as: "manager",
      json: { ids: [assigned.id, used.id, free.id, already.id, ofB.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 3 });
    for (const h of [assigned, used, free]) {
      const row = await headerRow(h.id);
      expect(row.state).toBe("Discarded");
      expect(Date.now() - row.discardedAt!.getTime()).toBeLessThan(60_000);
      const hist = await onlyHistoryRow(h.id);
      expect(hist).toMatchObject({
        event: "Discarded",
        userId: t.fixtures.users.manager.id,
        details: { previousState: h.state },
      });
    }
    // The subject stays on the discarded bin (restore gives it back), but it no longer counts.
    expect((await headerRow(assigned.id)).subjectId).toBe(s);
    expect(await binCount(s)).toBe(0);
    expect((await headerRow(already.id)).discardedAt!.toISOString()).toBe(long.toISOString());
    expect(await historyOf(already.id)).toHaveLength(0);
    expect((await headerRow(ofB.id)).state).toBe("Free");
  });

  it("restore: Discarded → Assigned with a subject, else Free; a collected disposable bin comes back Used; history 'Reactivated'", async () => {
    const s = await freshSubject("Obnovení");
    const withSubject = await insertHeader(A, { state: "Discarded", discardedAt: new Date(), subjectId: s });
    const without = await insertHeader(A, { state: "Discarded", discardedAt: new Date() });
    const bag = await insertHeader(A, {
      state: "Discarded",
      discardedAt: new Date(),
      subjectId: s,
      disposable: true,
      lastEvidenceAt: new Date("2025-01-10T08:00:00Z"),
    });
    const notDiscarded = await insertHeader(A, { state: "Assigned", subjectId: s });
    const res = await t.call("POST", url(A, "/restore"), {
      as: "worker",
      json: { ids: [withSubject.id, without.id, bag.id, notDiscarded.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 3 });
    expect(await headerRow(withSubject.id)).toMatchObject({ state: "Assigned", subjectId: s, discardedAt: null });
    expect(await headerRow(without.id)).toMatchObject({ state: "Free", subjectId: null, discardedAt: null });
    expect(await headerRow(bag.id)).toMatchObject({ state: "Used", discardedAt: null });
    expect((await historyOf(withSubject.id))[0]).toMatchObject({
      event: "Reactivated",
      subjectId: s,
      userId: t.fixtures.users.worker.id,
      details: { state: "Assigned" },
    });
    expect((await historyOf(without.id))[0]).toMatchObject({ event: "Reactivated", details: { state: "Free" } });
    expect(await historyOf(notDiscarded.id)).toHaveLength(0);
    // withSubject, bag (Used) and notDiscarded count.
    expect(await binCount(s)).toBe(3);
  });

  it("422 'Vyberte položky.' with no ids", async () => {
    for (const action of ["/discard", "/restore"]) {
      const res = await t.call("POST", url(A, action), { as: "manager", json: { ids: [] } });
      expect(res.status).toBe(422);
      expect(res.body.errors.ids).toEqual(["Vyberte položky."]);
    }
  });
});

describe("POST transfer", () => {
  it("Assigned and Free bins go to the new subject; history 'Transferred' with the move-evidence choice; both counts", async () => {
    const from = await freshSubject("Převod – z");
    const to = await freshSubject("Převod – na");
    const a1 = await insertHeader(A);
    const a2 = await insertHeader(A);
    await t.call("POST", url(A, "/assign"), {
      as: "manager",
      json: { subjectId: from, codes: [a1.plainCode, a2.plainCode] },
    });
    const free = await insertHeader(A);
    const ofB = await insertHeader(B);
    expect(await binCount(from)).toBe(2);
    const res = await t.call("POST", url(A, "/transfer"), {
      as: "worker",
      json: { ids: [a1.id, free.id, ofB.id], subjectId: to, moveEvidences: "on" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2 });
    for (const h of [a1, free]) {
      const row = await headerRow(h.id);
      expect(row).toMatchObject({ state: "Assigned", subjectId: to, assignedBy: t.fixtures.users.worker.id });
      const last = (await historyOf(h.id)).at(-1)!;
      expect(last).toMatchObject({
        event: "Transferred",
        subjectId: to,
        userId: t.fixtures.users.worker.id,
        details: { fromSubjectId: h.id === a1.id ? from : null, toSubjectId: to, moveEvidences: true },
      });
    }
    expect(await headerRow(a2.id)).toMatchObject({ subjectId: from });
    expect(await binCount(from)).toBe(1);
    expect(await binCount(to)).toBe(2);
    expect(await headerRow(ofB.id)).toMatchObject({ state: "Free", subjectId: null });
  });

  it("a discarded bin refuses the whole transfer (422); the subject must be this municipality's", async () => {
    const from = await freshSubject("Převod 2 – z");
    const to = await freshSubject("Převod 2 – na");
    const ok = await insertHeader(A, { state: "Assigned", subjectId: from });
    const discarded = await insertHeader(A, { state: "Discarded", discardedAt: new Date(), subjectId: from });
    const res = await t.call("POST", url(A, "/transfer"), {
      as: "manager",
      json: { ids: [ok.id, discarded.id], subjectId: to },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      Message: "Vyřazenou nádobu nelze převést.",
      errors: { ids: ["Vyřazenou nádobu nelze převést."] },
    });
    expect(await headerRow(ok.id)).toMatchObject({ subjectId: from, state: "Assigned" });
    expect(await historyOf(ok.id)).toHaveLength(0);
    const foreign = await t.call("POST", url(A, "/transfer"), {
      as: "manager",
      json: { ids: [ok.id], subjectId: subjectOfB },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ subjectId: ["Odběrné místo nebylo nalezeno."] });
    expect((await headerRow(ok.id)).subjectId).toBe(from);
  });
});

describe("bin_count stays true across a whole life", () => {
  it("assign → discard → restore → transfer keeps both subjects' counts and the history in order", async () => {
    const s1 = await freshSubject("Život 1");
    const s2 = await freshSubject("Život 2");
    const h = await insertHeader(A);
    await t.call("POST", url(A, "/assign"), { as: "manager", json: { subjectId: s1, codes: [h.barcode] } });
    expect(await binCount(s1)).toBe(1);
    await t.call("POST", url(A, "/discard"), { as: "manager", json: { ids: [h.id] } });
    expect(await binCount(s1)).toBe(0);
    await t.call("POST", url(A, "/restore"), { as: "manager", json: { ids: [h.id] } });
    expect(await binCount(s1)).toBe(1);
    await t.call("POST", url(A, "/transfer"), { as: "manager", json: { ids: [h.id], subjectId: s2 } });
    expect([await binCount(s1), await binCount(s2)]).toEqual([0, 1]);
    const events = (await historyOf(h.id)).map((r) => r.event);
    expect(events).toEqual(["Assigned", "Discarded", "Reactivated", "Transferred"]);
    const rows = await t.db
      .select({ id: subject.id, n: subject.binCount })
      .from(subject)
      .where(inArray(subject.id, [s1, s2]));
    expect(rows.map((r) => r.n).sort()).toEqual([0, 1]);
  });
});
