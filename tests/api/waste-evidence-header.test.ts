/**
 * Spec 001 §2 'Waste bins / waste evidence headers', §4 bin states and history, §8 code assignment errors; spec 000
 * §7 search-by-barcode and find-code-by-barcode, through /v1/municipality/{id}/waste-evidence-header… (docs/api-bins.md
 * "Bins", docs/decisions/0012): every state change and assignment error, history rows and bin_count, edit, list
 * filters/sorts/paging, dispose counts, barcode searches, the label copy, tenancy and the read-only administrator.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, inArray } from "drizzle-orm";
import {
  binType,
  disposeCount,
  feePayer,
  municipality,
  subject,
  subjectFeePayer,
  wasteCard,
  wasteEvidenceHeader as weh,
  wasteEvidenceHeaderHistory as history,
  wasteType,
} from "../../api/db/schema";
import { today } from "../../api/modules/subject/membership";
import { makeBarcode } from "#contract/codes";
import { ASSIGN_ERROR_MESSAGES } from "#contract/waste-evidence-header";
import { setupApiWithIds, type TestApi, versionOf, pdfText } from "./helpers";

let t: TestApi;
let A: number;
let B: number;
/** Subjects of A: Novák (Hasskova 845/12, Třebíč), Dvořák (a cottage in Okříšky); one of B. */
let novak: number;
let dvorak: number;
let subjectOfB: number;
let catalogueBin: number;
let ownBag: number;
let binTypeOfB: number;
let catalogueWaste: number;
let wasteOfB: number;

const BIN_NOT_FOUND = { Message: "Nádoba nebyla nalezena." };
const CODE_NOT_FOUND = { Message: "Kód nebyl nalezen." };
const url = (m: number, rest = "") => `/municipality/${m}/waste-evidence-header${rest}`;

/** Plain codes are handed out by this counter, so tests never share a bin. */
let nextPlain = 100;
type HeaderInsert = Partial<typeof weh.$inferInsert>;
async function insertHeader(municipalityId: number, values: HeaderInsert = {}) {
  const plain = values.plainCode ? Number(values.plainCode) : nextPlain++;
  const [row] = await t.db
    .insert(weh)
    .values({ barcode: makeBarcode(municipalityId, plain), plainCode: String(plain), ...values, municipalityId })
    .returning();
  return row!;
}
async function insertSubject(municipalityId: number, values: Partial<typeof subject.$inferInsert> & { name: string }) {
  const [row] = await t.db
    .insert(subject)
    .values({ type: "Household", ...values, municipalityId })
    .returning({ id: subject.id });
  return row!.id;
}
const headerRow = async (id: number) => (await t.db.select().from(weh).where(eq(weh.id, id)))[0]!;
const historyOf = (id: number) => t.db.select().from(history).where(eq(history.headerId, id)).orderBy(asc(history.id));
const binCount = async (id: number) =>
  (await t.db.select({ n: subject.binCount }).from(subject).where(eq(subject.id, id)))[0]!.n;
/** A subject of A with nothing else on it: its bin_count is exactly what a test does. */
const freshSubject = (name: string) => insertSubject(A, { name, city: "Třebíč", street: "Nová" });

beforeAll(async () => {
  ({ t, A, B } = await setupApiWithIds());
  novak = await insertSubject(A, {
    name: "Rodinný dům Novák",
    shortName: "RD Novák",
    street: "Hasskova",
    conscriptionNumber: "845",
    streetNumber: "12",
    city: "Třebíč",
  });
  dvorak = await insertSubject(A, { name: "Chata Dvořák", type: "Cottage", city: "Okříšky" });
  subjectOfB = await insertSubject(B, { name: "Cudzie miesto", city: "Bratislava" });
  const [w1] = await t.db
    .insert(wasteType)
    .values({ name: "Směsný komunální odpad", catalogCode: "200301" })
    .returning({ id: wasteType.id });
  const [w2] = await t.db
    .insert(wasteType)
    .values({ name: "Papier", municipalityId: B })
    .returning({ id: wasteType.id });
  catalogueWaste = w1!.id;
  wasteOfB = w2!.id;
  const [b1] = await t.db
    .insert(binType)
    .values({ name: "Popelnice 120 l", category: "bin", capacity: 120 })
    .returning({ id: binType.id });
  const [b2] = await t.db
    .insert(binType)
    .values({ name: "Pytel 60 l", category: "bag", kind: "disposable", capacity: 60, municipalityId: A })
    .returning({ id: binType.id });
  const [b3] = await t.db
    .insert(binType)
    .values({ name: "Kontajner 1100 l", category: "container", capacity: 1100, municipalityId: B })
    .returning({ id: binType.id });
  catalogueBin = b1!.id;
  ownBag = b2!.id;
  binTypeOfB = b3!.id;
});
afterAll(() => t?.close());

// ---------------------------------------------------------------------------------------------------------------

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
      const hist = await historyOf(h.id);
      expect(hist).toHaveLength(1);
      expect(hist[0]).toMatchObject({
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
    const hist = await historyOf(bag.id);
    expect(hist).toHaveLength(1);
    expect(hist[0]).toMatchObject({
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

// ---------------------------------------------------------------------------------------------------------------

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
      const hist = await historyOf(h.id);
      expect(hist).toHaveLength(1);
      expect(hist[0]).toMatchObject({
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

// ---------------------------------------------------------------------------------------------------------------

describe("GET and PUT waste-evidence-header/{id}", () => {
  const edit = (over: Record<string, unknown> = {}) => ({
    // The version the edit form loaded (decision 0020): these bins are not edited before.
    version: 0,
    binTypeId: String(catalogueBin),
    wasteTypeId: "",
    rfid: "",
    disposable: "",
    description: "",
    street: "",
    city: "",
    zipCode: "",
    latitude: "",
    longitude: "",
    ...over,
  });

  it("the detail: subject's address and short name, types, who assigned it", async () => {
    const h = await insertHeader(A, { binTypeId: catalogueBin, wasteTypeId: catalogueWaste });
    await t.call("POST", url(A, "/assign"), { as: "manager", json: { subjectId: novak, codes: [h.plainCode] } });
    const res = await t.call("GET", url(A, `/${h.id}`), { as: "readonly" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: h.id,
      municipalityId: A,
      barcode: h.barcode,
      plainCode: h.plainCode,
      state: "Assigned",
      binName: "Popelnice 120 l",
      capacity: 120,
      wasteTypeName: "Směsný komunální odpad",
      subjectId: novak,
      subjectName: "Rodinný dům Novák",
      subjectShortName: "RD Novák",
      subjectAddress: "Hasskova 845/12",
      address: "Hasskova 845/12",
      city: "Třebíč",
      assignedByName: "Manager Testovací",
      street: null,
      disposable: false,
      disposePeriod: null,
    });
    expect(res.body.assignedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("PUT saves the fields and writes 'ConfigurationChanged' with [old, new] of what changed; the same form again writes nothing", async () => {
    const h = await insertHeader(A, { subjectId: novak, state: "Assigned" });
    const body = edit({
      rfid: "E200-0001",
      disposable: "on",
      description: "U brány",
      street: "Žerotínovo nám. 1",
      city: "Třebíč",
      zipCode: "674 01",
      latitude: "49.2149",
      longitude: "15.8817",
    });
    const res = await t.call("PUT", url(A, `/${h.id}`), { as: "worker", json: body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: h.id });
    expect(await headerRow(h.id)).toMatchObject({
      binTypeId: catalogueBin,
      rfid: "E200-0001",
      disposable: true,
      description: "U brány",
      street: "Žerotínovo nám. 1",
      city: "Třebíč",
      zipCode: "67401",
      latitude: "49.214900",
      longitude: "15.881700",
    });
    const hist = await historyOf(h.id);
    expect(hist).toHaveLength(1);
    expect(hist[0]).toMatchObject({
      event: "ConfigurationChanged",
      subjectId: novak,
      userId: t.fixtures.users.worker.id,
    });
    expect(hist[0]!.details).toEqual({
      binTypeId: [null, catalogueBin],
      rfid: [null, "E200-0001"],
      disposable: [false, true],
      description: [null, "U brány"],
      street: [null, "Žerotínovo nám. 1"],
      city: [null, "Třebíč"],
      zipCode: [null, "67401"],
      latitude: [null, "49.214900"],
      longitude: [null, "15.881700"],
    });
    // The bin's own address now wins over the subject's.
    const detail = await t.call("GET", url(A, `/${h.id}`), { as: "worker" });
    expect(detail.body).toMatchObject({ address: "Žerotínovo nám. 1, Třebíč", latitude: "49.214900" });

    const again = { ...body, version: await versionOf(t.db, weh, h.id) };
    expect((await t.call("PUT", url(A, `/${h.id}`), { as: "worker", json: again })).status).toBe(200);
    expect(await historyOf(h.id)).toHaveLength(1);
    const version = await versionOf(t.db, weh, h.id);
    await t.call("PUT", url(A, `/${h.id}`), { as: "worker", json: { ...body, latitude: "49.3", rfid: "", version } });
    const second = (await historyOf(h.id))[1]!;
    expect(second.details).toEqual({ rfid: ["E200-0001", null], latitude: ["49.214900", "49.300000"] });

    const hr = await t.call("GET", url(A, `/${h.id}/history`), { as: "readonly" });
    expect(hr.status).toBe(200);
    expect(hr.body.items.map((r: { event: string }) => r.event)).toEqual([
      "ConfigurationChanged",
      "ConfigurationChanged",
    ]);
    expect(hr.body.items[0]).toMatchObject({
      id: second.id,
      subjectId: novak,
      subjectName: "Rodinný dům Novák",
      userName: "Worker Testovací",
      details: { rfid: ["E200-0001", null], latitude: ["49.214900", "49.300000"] },
    });
  });

  it("422: RFID of another bin of the municipality (B may use it), a bin type of B, one coordinate only", async () => {
    await insertHeader(A, { rfid: "RF-TAKEN" });
    const h = await insertHeader(A);
    const taken = await t.call("PUT", url(A, `/${h.id}`), { as: "manager", json: edit({ rfid: "RF-TAKEN" }) });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ rfid: ["RFID už má jiná nádoba."] });
    const hb = await insertHeader(B);
    const inB = await t.call("PUT", url(B, `/${hb.id}`), {
      as: "managerB",
      json: edit({ rfid: "RF-TAKEN", binTypeId: "" }),
    });
    expect(inB.status).toBe(200);
    const type = await t.call("PUT", url(A, `/${h.id}`), { as: "manager", json: edit({ binTypeId: binTypeOfB }) });
    expect(type.status).toBe(422);
    expect(type.body.errors).toEqual({ binTypeId: ["Typ nádoby nebyl nalezen."] });
    const coords = await t.call("PUT", url(A, `/${h.id}`), { as: "manager", json: edit({ latitude: "49.2" }) });
    expect(coords.status).toBe(422);
    expect(coords.body.errors.longitude).toEqual(["Zadejte obě souřadnice, nebo žádnou."]);
    expect(await headerRow(h.id)).toMatchObject({ rfid: null, binTypeId: null, latitude: null });
    expect(await historyOf(h.id)).toHaveLength(0);
  });

  it("a bin of municipality B under A's id answers 'Nádoba nebyla nalezena.' on every call; B's manager sees it", async () => {
    const ofB = await insertHeader(B, { description: "Cizí" });
    const calls: [string, string, unknown?][] = [
      ["GET", ""],
      ["PUT", "", edit()],
      ["GET", "/history"],
      ["GET", "/dispose-counts"],
      ["PUT", "/dispose-counts", { year: 2025, month: 1, actualCount: 1 }],
      ["PUT", "/dispose-frequency", { period: "Month", orderedDisposeCount: 4, version: 0 }],
      ["GET", "/label.pdf"],
    ];
    for (const [method, rest, json] of calls) {
      const res = await t.call(method, url(A, `/${ofB.id}${rest}`), { as: "manager", json });
      expect(res.status, `${method} ${rest}`).toBe(404);
      expect(res.body, `${method} ${rest}`).toEqual(BIN_NOT_FOUND);
    }
    // Bulk actions over B's id change nothing.
    for (const action of ["/discard", "/restore"]) {
      const res = await t.call("POST", url(A, action), { as: "manager", json: { ids: [ofB.id] } });
      expect(res.body).toEqual({ updated: 0 });
    }
    expect(await headerRow(ofB.id)).toMatchObject({ description: "Cizí", state: "Free", disposePeriod: null });
    expect((await t.call("GET", url(B, `/${ofB.id}`), { as: "managerB" })).status).toBe(200);
    // A missing bin: the same message.
    const missing = await t.call("GET", url(A, "/2147483000"), { as: "manager" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(BIN_NOT_FOUND);
  });

  it("the read-only administrator reads but changes nothing (403)", async () => {
    const h = await insertHeader(A);
    expect((await t.call("GET", url(A), { as: "readonly" })).status).toBe(200);
    expect((await t.call("GET", url(A, `/${h.id}/dispose-counts`), { as: "readonly" })).status).toBe(200);
    const writes: [string, string, unknown][] = [
      ["POST", "/assign", { subjectId: novak, codes: [h.plainCode] }],
      ["POST", "/discard", { ids: [h.id] }],
      ["POST", "/restore", { ids: [h.id] }],
      ["POST", "/transfer", { ids: [h.id], subjectId: novak }],
      ["PUT", `/${h.id}`, edit()],
      ["PUT", `/${h.id}/dispose-counts`, { year: 2025, month: 1, actualCount: 1 }],
      ["PUT", `/${h.id}/dispose-frequency`, { period: "Month", orderedDisposeCount: 2 }],
    ];
    for (const [method, rest, json] of writes) {
      const res = await t.call(method, url(A, rest), { as: "readonly", json });
      expect(res.status, `${method} ${rest}`).toBe(403);
    }
    expect(await headerRow(h.id)).toMatchObject({ state: "Free", binTypeId: null, disposePeriod: null });
    expect(await historyOf(h.id)).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe("GET waste-evidence-header (list) and /filters", () => {
  /** A municipality of its own, so totals and orders are exact. */
  let C: number;
  let hk: number;
  let dv: number;
  let payer: number;
  const ids: Record<string, number> = {};
  // The list's default is the web's (newest first, contract/lists.ts); these cases read it in plain-code order.
  const list = async (query: Record<string, string | number>) => {
    const res = await t.call("GET", url(C), { as: "admin", query: { sort: "plainCode", ...query } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: { id: number; plainCode: string }[]; total: number };
  };
  const codes = (body: { items: { plainCode: string }[] }) => body.items.map((i) => i.plainCode);

  beforeAll(async () => {
    const [m] = await t.db
      .insert(municipality)
      .values({ name: "Seznamov", country: "CZ" })
      .returning({ id: municipality.id });
    C = m!.id;
    hk = await insertSubject(C, {
      name: "Rodinný dům Novák",
      street: "Hasskova",
      conscriptionNumber: "845",
      city: "Seznamov",
    });
    dv = await insertSubject(C, { name: "Chata Dvořák", city: "Chatová Lhota" });
    const [p] = await t.db
      .insert(feePayer)
      .values({ municipalityId: C, type: "Resident", firstName: "Jan", lastName: "Novák", activeFrom: "2020-01-01" })
      .returning({ id: feePayer.id });
    payer = p!.id;
    // Today a member of hk; a member of dv only in the past.
    await t.db.insert(subjectFeePayer).values([
      { municipalityId: C, subjectId: hk, feePayerId: payer, validFrom: "2020-01-01" },
      { municipalityId: C, subjectId: dv, feePayerId: payer, validFrom: "2020-01-01", validTo: "2021-12-31" },
    ]);
    const add = async (plain: number, values: HeaderInsert) =>
      (ids[String(plain)] = (await insertHeader(C, { plainCode: String(plain), ...values })).id);
    await add(2, {
      state: "Assigned",
      subjectId: hk,
      binTypeId: catalogueBin,
      wasteTypeId: catalogueWaste,
      assignedAt: new Date("2025-03-10T09:00:00Z"),
      rfid: "ABCD01",
    });
    await add(10, {
      state: "Assigned",
      subjectId: dv,
      binTypeId: ownBag,
      assignedAt: new Date("2025-01-15T09:00:00Z"),
    });
    await add(3, {
      state: "Discarded",
      subjectId: hk,
      assignedAt: new Date("2024-06-01T09:00:00Z"),
      // 1 February 2025 00:30 in Prague is still 31 January in UTC.
      discardedAt: new Date("2025-01-31T23:30:00Z"),
      city: "Zámostí",
      street: "U Mostu 5",
    });
    await add(25, { state: "Free" });
    await add(11, { state: "Used", subjectId: dv, disposable: true, lastEvidenceAt: new Date("2025-04-01T08:00:00Z") });
  });

  it("answers { items, total } with the list columns; sorted by the plain code (numeric)", async () => {
    const body = await list({});
    expect(body.total).toBe(5);
    expect(codes(body)).toEqual(["2", "3", "10", "11", "25"]);
    expect(body.items[0]).toEqual({
      id: ids["2"],
      barcode: makeBarcode(C, 2),
      plainCode: "2",
      rfid: "ABCD01",
      binName: "Popelnice 120 l",
      capacity: 120,
      wasteTypeName: "Směsný komunální odpad",
      lastEvidenceAt: null,
      state: "Assigned",
      disposable: false,
      assignedAt: "2025-03-10T09:00:00.000Z",
      discardedAt: null,
      subjectId: hk,
      subjectName: "Rodinný dům Novák",
      city: "Seznamov",
      address: "Hasskova 845",
    });
    expect(body.items[1]).toMatchObject({ city: "Zámostí", address: "U Mostu 5, Zámostí" });
    expect(body.items[4]).toMatchObject({ subjectId: null, subjectName: null, city: null, address: "" });
  });

  it("sorts: each key both ways, empty values last, id as the tie-breaker", async () => {
    expect(codes(await list({ sort: "-plainCode" }))).toEqual(["25", "11", "10", "3", "2"]);
    expect(codes(await list({ sort: "barcode" }))).toEqual(["2", "3", "10", "11", "25"]);
    expect(codes(await list({ sort: "state" }))).toEqual(["2", "10", "3", "25", "11"]);
    expect(codes(await list({ sort: "assignedAt" }))).toEqual(["3", "10", "2", "25", "11"]);
    expect(codes(await list({ sort: "-assignedAt" }))).toEqual(["2", "10", "3", "11", "25"]);
    expect(codes(await list({ sort: "-discardedAt" }))).toEqual(["3", "11", "25", "10", "2"]);
    expect(codes(await list({ sort: "lastEvidenceAt" }))[0]).toBe("11");
    // Chata Dvořák < Rodinný dům Novák; the free bin (no subject) last.
    expect(codes(await list({ sort: "subjectName" }))).toEqual(["10", "11", "2", "3", "25"]);
    expect(codes(await list({ sort: "-subjectName" }))).toEqual(["3", "2", "11", "10", "25"]);
    // Chatová Lhota (10, 11), Seznamov (2), Zámostí (3, own city), none (25).
    expect(codes(await list({ sort: "city" }))).toEqual(["10", "11", "2", "3", "25"]);
    expect(codes(await list({ sort: "-id" }))).toEqual(["11", "25", "3", "10", "2"]);
    // Without a sort the list is newest first (contract/lists.ts wehListKeys); an unknown key is refused.
    const unsorted = await t.call("GET", url(C), { as: "admin" });
    expect(codes(unsorted.body as { items: { plainCode: string }[] })).toEqual(["11", "25", "3", "10", "2"]);
    const nonsense = await t.call("GET", url(C), { as: "admin", query: { sort: "nonsense" } });
    expect(nonsense.status).toBe(422);
  });

  it("pages: total of the whole filter, the page's slice", async () => {
    const p2 = await list({ pageSize: 2, page: 2 });
    expect(p2.total).toBe(5);
    expect(codes(p2)).toEqual(["10", "11"]);
    const p3 = await list({ pageSize: 2, page: 3 });
    expect(codes(p3)).toEqual(["25"]);
    const beyond = await list({ pageSize: 2, page: 9 });
    expect(beyond).toEqual({ items: [], total: 5 });
  });

  it("filters: search (barcode, plain code, RFID prefixes; subject name without accents)", async () => {
    expect(codes(await list({ search: makeBarcode(C, 10) }))).toEqual(["10"]);
    expect(codes(await list({ search: "1" }))).toEqual(["10", "11"]);
    expect(codes(await list({ search: "abcd" }))).toEqual(["2"]);
    expect(codes(await list({ search: "dvorak" }))).toEqual(["10", "11"]);
    expect(codes(await list({ search: "%" }))).toEqual([]);
  });

  it("filters: subject, current fee payer, bin type, waste type, state, city", async () => {
    expect(codes(await list({ subjectId: hk }))).toEqual(["2", "3"]);
    // The payer is a member of hk today and of dv only in the past.
    expect(codes(await list({ feePayerId: payer }))).toEqual(["2", "3"]);
    expect(codes(await list({ binTypeId: ownBag }))).toEqual(["10"]);
    expect(codes(await list({ wasteTypeId: catalogueWaste }))).toEqual(["2"]);
    expect(codes(await list({ state: "Used" }))).toEqual(["11"]);
    expect(codes(await list({ state: "Assigned", sort: "-plainCode" }))).toEqual(["10", "2"]);
    expect(codes(await list({ city: "Seznamov" }))).toEqual(["2"]);
    expect(codes(await list({ city: "Zámostí" }))).toEqual(["3"]);
    expect(codes(await list({ city: "Chatová Lhota" }))).toEqual(["10", "11"]);
    const bad = await t.call("GET", url(C), { as: "admin", query: { state: "Lost" } });
    expect(bad.status).toBe(422);
  });

  it("filters: assignment and discard dates are Prague calendar days, both ends inclusive", async () => {
    expect(codes(await list({ assignedFrom: "2025-01-15", assignedTo: "2025-03-10" }))).toEqual(["2", "10"]);
    expect(codes(await list({ assignedFrom: "2025-01-16" }))).toEqual(["2"]);
    expect(codes(await list({ assignedTo: "2025-01-14" }))).toEqual(["3"]);
    expect(codes(await list({ discardedFrom: "2025-02-01", discardedTo: "2025-02-01" }))).toEqual(["3"]);
    expect(codes(await list({ discardedTo: "2025-01-31" }))).toEqual([]);
  });

  it("GET filters: the distinct cities of the bins and of the municipality's subjects", async () => {
    const res = await t.call("GET", url(C, "/filters"), { as: "admin" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ cities: ["Chatová Lhota", "Seznamov", "Zámostí"] });
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe("dispose counts and dispose frequency", () => {
  it("months 1–12 of the current year; ordered per month from a Month frequency; PUT upserts one month", async () => {
    const h = await insertHeader(A, { subjectId: novak, state: "Assigned" });
    const freq = await t.call("PUT", url(A, `/${h.id}/dispose-frequency`), {
      as: "manager",
      json: { period: "Month", orderedDisposeCount: "2", version: "0" },
    });
    expect(freq.status).toBe(200);
    expect(freq.body).toEqual({ period: "Month", orderedDisposeCount: 2 });
    expect(await headerRow(h.id)).toMatchObject({ disposePeriod: "Month", orderedDisposeCount: 2 });
    expect((await historyOf(h.id))[0]).toMatchObject({
      event: "ConfigurationChanged",
      details: { disposePeriod: [null, "Month"], orderedDisposeCount: [null, 2] },
    });

    const year = Number(today().slice(0, 4));
    const res = await t.call("GET", url(A, `/${h.id}/dispose-counts`), { as: "worker" });
    expect(res.status).toBe(200);
    expect(res.body.year).toBe(year);
    expect(res.body.period).toBe("Month");
    expect(res.body.orderedDisposeCount).toBe(2);
    expect(res.body.months).toHaveLength(12);
    expect(res.body.months[0]).toEqual({ month: 1, orderedCount: 2, actualCount: 0 });
    expect(res.body.totals).toEqual({ ordered: 24, actual: 0 });

    const put = await t.call("PUT", url(A, `/${h.id}/dispose-counts`), {
      as: "worker",
      json: { year: 2024, month: "3", orderedCount: "5", actualCount: "4" },
    });
    expect(put.status).toBe(200);
    expect(put.body.year).toBe(2024);
    expect(put.body.months[2]).toEqual({ month: 3, orderedCount: 5, actualCount: 4 });
    expect(put.body.months[3]).toEqual({ month: 4, orderedCount: 2, actualCount: 0 });
    expect(put.body.totals).toEqual({ ordered: 27, actual: 4 });
    // The same month again replaces the row; an empty ordered count falls back to the frequency.
    const again = await t.call("PUT", url(A, `/${h.id}/dispose-counts`), {
      as: "worker",
      json: { year: 2024, month: 3, orderedCount: "", actualCount: 1 },
    });
    expect(again.body.months[2]).toEqual({ month: 3, orderedCount: 2, actualCount: 1 });
    expect(await t.db.select().from(disposeCount).where(eq(disposeCount.headerId, h.id))).toEqual([
      { headerId: h.id, year: 2024, month: 3, orderedCount: null, actualCount: 1 },
    ]);
    // Another year is empty.
    const other = await t.call("GET", url(A, `/${h.id}/dispose-counts`), { as: "worker", query: { year: 2023 } });
    expect(other.body.totals).toEqual({ ordered: 24, actual: 0 });
  });

  it("a Year frequency: no ordered count per month, the yearly count as the total", async () => {
    const h = await insertHeader(A, { disposePeriod: "Year", orderedDisposeCount: 26 });
    const res = await t.call("GET", url(A, `/${h.id}/dispose-counts`), { as: "worker", query: { year: 2025 } });
    expect(res.body.months.every((m: { orderedCount: number | null }) => m.orderedCount === null)).toBe(true);
    expect(res.body.totals).toEqual({ ordered: 26, actual: 0 });
    const bad = await t.call("PUT", url(A, `/${h.id}/dispose-counts`), {
      as: "worker",
      json: { year: 2025, month: 13, actualCount: -1 },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["actualCount", "month"]);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe("barcode searches (spec 000 §7)", () => {
  it("find-code-by-barcode: the exact barcode within the municipality; another municipality's or a plain code → 404", async () => {
    const h = await insertHeader(A, { binTypeId: catalogueBin });
    await t.call("POST", url(A, "/assign"), { as: "manager", json: { subjectId: novak, codes: [h.plainCode] } });
    const found = await t.call("GET", `/municipality/${A}/find-code-by-barcode`, {
      as: "worker",
      query: { barcode: h.barcode },
    });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      id: h.id,
      municipalityId: A,
      barcode: h.barcode,
      plainCode: h.plainCode,
      state: "Assigned",
      subjectId: novak,
      subjectName: "Rodinný dům Novák",
      binName: "Popelnice 120 l",
    });
    const ofB = await insertHeader(B);
    for (const barcode of [ofB.barcode, h.plainCode, makeBarcode(A, 9_100_000)]) {
      const res = await t.call("GET", `/municipality/${A}/find-code-by-barcode`, { as: "worker", query: { barcode } });
      expect(res.status, barcode).toBe(404);
      expect(res.body).toEqual(CODE_NOT_FOUND);
    }
    const empty = await t.call("GET", `/municipality/${A}/find-code-by-barcode`, {
      as: "worker",
      query: { barcode: " " },
    });
    expect(empty.status).toBe(422);
  });

  it("search-by-barcode: only the user's municipalities; the administrator finds any", async () => {
    const inA = await insertHeader(A);
    const inB = await insertHeader(B, { state: "Assigned", subjectId: subjectOfB });
    const search = (as: "manager" | "managerB" | "admin" | "readonly" | "citizen", barcode: string) =>
      t.call("GET", "/waste-evidence-header/search-by-barcode", { as, query: { barcode } });
    const own = await search("manager", inA.barcode);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      id: inA.id,
      municipalityId: A,
      state: "Free",
      subjectId: null,
      subjectName: null,
    });
    const foreign = await search("manager", inB.barcode);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(CODE_NOT_FOUND);
    expect((await search("managerB", inB.barcode)).body).toMatchObject({ id: inB.id, subjectName: "Cudzie miesto" });
    expect((await search("admin", inB.barcode)).body).toMatchObject({ id: inB.id, municipalityId: B });
    expect((await search("readonly", inA.barcode)).status).toBe(200);
    expect((await search("citizen", inA.barcode)).status).toBe(403);
    const unknown = await search("admin", makeBarcode(A, 9_200_000));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(CODE_NOT_FOUND);
  });
});

describe("GET waste-evidence-header/{id}/label.pdf", () => {
  it("a copy of the label as an inline PDF named after the plain code", async () => {
    const h = await insertHeader(A, { binTypeId: catalogueBin, state: "Assigned", subjectId: novak });
    const res = await t.call("GET", url(A, `/${h.id}/label.pdf`), { as: "readonly" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`inline; filename="stitek-${h.plainCode}.pdf"`);
    const bytes = res.body as Uint8Array;
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = pdfText(bytes);
    if (text !== null) {
      // The bin's own label: its plain code, barcode, municipality, subject's short name and bin type.
      for (const part of [h.plainCode, h.barcode, "Třebíč", "RD Novák", "Popelnice 120 l"])
        expect(text).toContain(part);
    }
    // A subject without a short name, and a free code without a subject or bin type, print too.
    const cottage = await insertHeader(A, { state: "Assigned", subjectId: dvorak });
    const free = await insertHeader(A);
    for (const id of [cottage.id, free.id]) {
      const pdf = await t.call("GET", url(A, `/${id}/label.pdf`), { as: "worker" });
      expect(pdf.status).toBe(200);
      expect(Buffer.from((pdf.body as Uint8Array).subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    }
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
