/**
 * Waste evidence header API tests: POST waste-evidence-header/assign: state changes (spec 001 §4); POST waste-evidence-
 * header/assign: code errors (spec 001 §5, §8). Shared setup in ./waste-evidence-header-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { wasteCard } from "../../api/db/schema";
import { makeBarcode } from "#contract/codes";
import { ASSIGN_ERROR_MESSAGES } from "#contract/waste-evidence-header";
import {
  t,
  A,
  B,
  novak,
  subjectOfB,
  catalogueBin,
  ownBag,
  binTypeOfB,
  catalogueWaste,
  wasteOfB,
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

describe("POST waste-evidence-header/assign: state changes (spec 001 §4)", () => {
  it("Free → Assigned by plain code and by barcode, with types, the given day, the user, history and bin_count", async () => {
    const s = await freshSubject("Přiřazení 1");
    const h1 = await insertHeader(A);
    const h2 = await insertHeader(A);
    const res = await t.call("POST", url(A, "/assign"), {
      as: "manager",
      json: {
        subjectId: s,
        codes: [h1.plainCode, ` ${h2.barcode} `],
        binTypeId: catalogueBin,
        wasteTypeId: catalogueWaste,
        assignedFrom: "2025-03-01",
        moveEvidences: true,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      assigned: 2,
      results: [
        { code: h1.plainCode, status: "assigned", id: h1.id, error: null, message: null },
        { code: h2.barcode, status: "assigned", id: h2.id, error: null, message: null },
      ],
    });
    for (const h of [h1, h2]) {
      const row = await headerRow(h.id);
      expect(row).toMatchObject({
        state: "Assigned",
        subjectId: s,
        binTypeId: catalogueBin,
        wasteTypeId: catalogueWaste,
        assignedBy: t.fixtures.users.manager.id,
      });
      // 1 March 2025 00:00 in Prague (CET, UTC+1).
      expect(row.assignedFrom!.toISOString()).toBe("2025-02-28T23:00:00.000Z");
      expect(Date.now() - row.assignedAt!.getTime()).toBeLessThan(60_000);
      const hist = await onlyHistoryRow(h.id);
      expect(hist).toMatchObject({
        event: "Assigned",
        subjectId: s,
        userId: t.fixtures.users.manager.id,
        details: { moveEvidences: true },
      });
    }
    expect(await binCount(s)).toBe(2);
  });

  it("without a day the assignment is valid from now; types are left as they were", async () => {
    const s = await freshSubject("Přiřazení 2");
    const h = await insertHeader(A, { binTypeId: ownBag });
    const res = await t.call("POST", url(A, "/assign"), {
      as: "worker",
      json: { subjectId: String(s), codes: [h.plainCode] },
    });
    expect(res.status).toBe(200);
    const row = await headerRow(h.id);
    expect(row).toMatchObject({
      state: "Assigned",
      subjectId: s,
      binTypeId: ownBag,
      assignedBy: t.fixtures.users.worker.id,
    });
    expect(row.assignedFrom!.getTime()).toBe(row.assignedAt!.getTime());
    expect((await historyOf(h.id))[0]!.details).toEqual({ moveEvidences: false });
  });

  it("an Assigned code of the same subject is reported assigned again without any change (idempotent)", async () => {
    const s = await freshSubject("Přiřazení 3");
    const h = await insertHeader(A);
    await t.call("POST", url(A, "/assign"), { as: "manager", json: { subjectId: s, codes: [h.plainCode] } });
    const before = await headerRow(h.id);
    const again = await t.call("POST", url(A, "/assign"), {
      as: "worker",
      json: { subjectId: s, codes: [h.barcode, h.plainCode], binTypeId: catalogueBin },
    });
    expect(again.status).toBe(200);
    expect(again.body.assigned).toBe(2);
    expect(again.body.results.map((r: { status: string; id: number }) => [r.status, r.id])).toEqual([
      ["assigned", h.id],
      ["assigned", h.id],
    ]);
    expect(await headerRow(h.id)).toEqual(before);
    expect(await historyOf(h.id)).toHaveLength(1);
    expect(await binCount(s)).toBe(1);
  });

  it("NoBin and Undefined codes are assigned like Free ones", async () => {
    const s = await freshSubject("Přiřazení 4");
    const noBin = await insertHeader(A, { state: "NoBin" });
    const undef = await insertHeader(A, { state: "Undefined" });
    const res = await t.call("POST", url(A, "/assign"), {
      as: "manager",
      json: { subjectId: s, codes: [noBin.plainCode, undef.plainCode] },
    });
    expect(res.body.assigned).toBe(2);
    expect((await headerRow(noBin.id)).state).toBe("Assigned");
    expect((await headerRow(undef.id)).state).toBe("Assigned");
    expect(await binCount(s)).toBe(2);
  });

  it("SubjectAlreadyAssign: a code assigned to another subject is left there (transfer is the way)", async () => {
    const other = await freshSubject("Přiřazení 5 – původní");
    const s = await freshSubject("Přiřazení 5 – nové");
    const h = await insertHeader(A, { state: "Assigned", subjectId: other });
    const res = await t.call("POST", url(A, "/assign"), {
      as: "manager",
      json: { subjectId: s, codes: [h.plainCode] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      assigned: 0,
      results: [
        {
          code: h.plainCode,
          status: "error",
          id: h.id,
          error: "SubjectAlreadyAssign",
          message: ASSIGN_ERROR_MESSAGES.SubjectAlreadyAssign,
        },
      ],
    });
    expect(await headerRow(h.id)).toMatchObject({ state: "Assigned", subjectId: other });
    expect(await historyOf(h.id)).toHaveLength(0);
  });

  it("Discarded: a discarded code is refused (restore it first)", async () => {
    const s = await freshSubject("Přiřazení 6");
    const h = await insertHeader(A, { state: "Discarded", discardedAt: new Date() });
    const res = await t.call("POST", url(A, "/assign"), { as: "manager", json: { subjectId: s, codes: [h.barcode] } });
    expect(res.body.results[0]).toMatchObject({
      status: "error",
      error: "Discarded",
      message: ASSIGN_ERROR_MESSAGES.Discarded,
    });
    expect((await headerRow(h.id)).state).toBe("Discarded");
  });

  it("AlreadyUsedDisposableBin: a used disposable bin is never reused, and the attempt is in its history", async () => {
    const s = await freshSubject("Přiřazení 7");
    const bag = await insertHeader(A, {
      state: "Used",
      disposable: true,
      binTypeId: ownBag,
      lastEvidenceAt: new Date(),
    });
    const res = await t.call("POST", url(A, "/assign"), {
      as: "manager",
      json: { subjectId: s, codes: [bag.plainCode] },
    });
    expect(res.body).toEqual({
      assigned: 0,
      results: [
        {
          code: bag.plainCode,
          status: "error",
          id: bag.id,
          error: "AlreadyUsedDisposableBin",
          message: ASSIGN_ERROR_MESSAGES.AlreadyUsedDisposableBin,
        },
      ],
    });
    expect(await headerRow(bag.id)).toMatchObject({ state: "Used", subjectId: null });
    const hist = await onlyHistoryRow(bag.id);
    expect(hist).toMatchObject({
      event: "AlreadyUsedDisposableBin",
      userId: t.fixtures.users.manager.id,
      details: { code: bag.plainCode, attemptedSubjectId: s },
    });
    expect(await binCount(s)).toBe(0);
  });
});

describe("POST waste-evidence-header/assign: code errors (spec 001 §5, §8)", () => {
  it("good codes are assigned in one go while every bad code answers its own error", async () => {
    const s = await freshSubject("Kódy");
    const good = await insertHeader(A);
    const ofB = await insertHeader(B);
    await t.db.insert(wasteCard).values([
      { municipalityId: A, plainCode: "77001", code: "K-77001" },
      { municipalityId: A, plainCode: "C-1", code: "1234567890123" },
    ]);
    // A waste card code of B is not A's business: 'not found' in A.
    await t.db.insert(wasteCard).values({ municipalityId: B, plainCode: "77002", code: "K-77002" });
    const badCheckDigit = good.barcode.slice(0, 12) + String((Number(good.barcode[12]) + 1) % 10);
    const codes = [
      good.plainCode,
      badCheckDigit,
      "ABC-1",
      ofB.barcode,
      makeBarcode(A, 9_000_001),
      "888888",
      "K-77001",
      "77001",
      "1234567890123",
      "77002",
    ];
    const res = await t.call("POST", url(A, "/assign"), { as: "manager", json: { subjectId: s, codes } });
    expect(res.status).toBe(200);
    const outcome = Object.fromEntries(
      res.body.results.map((r: { code: string; status: string; error: string | null; message: string | null }) => [
        r.code,
        r.error ? [r.error, r.message] : r.status,
      ]),
    );
    const err = (e: keyof typeof ASSIGN_ERROR_MESSAGES) => [e, ASSIGN_ERROR_MESSAGES[e]];
    expect(outcome).toEqual({
      [good.plainCode]: "assigned",
      [badCheckDigit]: err("UndefinedCode"),
      "ABC-1": err("UndefinedCode"),
      [ofB.barcode]: err("MunicipalityMismatch"),
      [makeBarcode(A, 9_000_001)]: err("CodeNotFound"),
      "888888": err("CodeNotFound"),
      "K-77001": err("CodeOfOtherType"),
      "77001": err("CodeOfOtherType"),
      "1234567890123": err("CodeOfOtherType"),
      "77002": err("CodeNotFound"),
    });
    expect(ASSIGN_ERROR_MESSAGES.UndefinedCode).toBe("Tento kód neexistuje!");
    expect(ASSIGN_ERROR_MESSAGES.CodeNotFound).toBe("Kód nebyl nalezen.");
    expect(ASSIGN_ERROR_MESSAGES.CodeOfOtherType).toBe("Kód jiného typu.");
    expect(res.body.assigned).toBe(1);
    expect(await headerRow(good.id)).toMatchObject({ state: "Assigned", subjectId: s });
    // B's bin was not touched.
    expect(await headerRow(ofB.id)).toMatchObject({ state: "Free", subjectId: null });
  });

  it("plain codes with leading zeros name the same bin", async () => {
    const s = await freshSubject("Nuly");
    const h = await insertHeader(A);
    const res = await t.call("POST", url(A, "/assign"), {
      as: "manager",
      json: { subjectId: s, codes: [h.plainCode.padStart(7, "0")] },
    });
    expect(res.body.results[0]).toMatchObject({ status: "assigned", id: h.id });
  });

  it("422: the subject, bin type and waste type must be this municipality's (or the catalogue's); codes are required", async () => {
    const h = await insertHeader(A);
    const ofB = await t.call("POST", url(A, "/assign"), {
      as: "manager",
      json: { subjectId: subjectOfB, codes: [h.plainCode] },
    });
    expect(ofB.status).toBe(422);
    expect(ofB.body.errors).toEqual({ subjectId: ["Odběrné místo nebylo nalezeno."] });
    const types = await t.call("POST", url(A, "/assign"), {
      as: "manager",
      json: { subjectId: novak, codes: [h.plainCode], binTypeId: binTypeOfB, wasteTypeId: wasteOfB },
    });
    expect(types.status).toBe(422);
    expect(types.body.errors).toEqual({
      binTypeId: ["Typ nádoby nebyl nalezen."],
      wasteTypeId: ["Druh odpadu nebyl nalezen."],
    });
    const empty = await t.call("POST", url(A, "/assign"), { as: "manager", json: { subjectId: novak, codes: [] } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.codes).toEqual(["Zadejte alespoň jeden kód."]);
    expect((await headerRow(h.id)).state).toBe("Free");
    // B's manager may use B's own types.
    const hb = await insertHeader(B);
    const inB = await t.call("POST", url(B, "/assign"), {
      as: "managerB",
      json: { subjectId: subjectOfB, codes: [hb.plainCode], binTypeId: binTypeOfB, wasteTypeId: wasteOfB },
    });
    expect(inB.body.assigned).toBe(1);
    expect(await headerRow(hb.id)).toMatchObject({
      binTypeId: binTypeOfB,
      wasteTypeId: wasteOfB,
      subjectId: subjectOfB,
    });
  });
});
