/**
 * Spec 001 §2 'Waste cards', §3 Waste card and Import job, §4 states (Free, Assigned, Discarded, Expired by date),
 * §5 import rules, §8 'Import' and 'municipality of subject and card do not match'; docs/api-bins.md "Waste cards and
 * their import": the list and its filters, the bulk actions, the CSV import (good, bad and duplicate rows, a
 * re-import, not-CSV files, size) and the import job with its error rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray, like } from "drizzle-orm";
import { feePayer, importJob, importJobError, subject, subjectFeePayer, wasteCard } from "../../api/db/schema";
import { today } from "../../api/modules/subject/membership";
import { expireWasteCards } from "../../api/modules/waste-card/service";
import { setupApiWithIds, type TestApi, inDays } from "./helpers";

let t: TestApi;
let A: number;
let B: number;

const cards = (m: number, rest = "") => `/municipality/${m}/waste-card${rest}`;
const jobs = (m: number, rest = "") => `/municipality/${m}/import${rest}`;

async function insertSubject(municipalityId: number, name: string, type = "Household"): Promise<number> {
  const [row] = await t.db.insert(subject).values({ municipalityId, name, type }).returning({ id: subject.id });
  return row!.id;
}
async function insertPayer(municipalityId: number, lastName: string, firstName = "Jan"): Promise<number> {
  const [row] = await t.db
    .insert(feePayer)
    .values({ municipalityId, type: "Resident", firstName, lastName, activeFrom: "2020-01-01" })
    .returning({ id: feePayer.id });
  return row!.id;
}
async function join(municipalityId: number, subjectId: number, feePayerId: number, validTo: string | null = null) {
  await t.db
    .insert(subjectFeePayer)
    .values({ municipalityId, subjectId, feePayerId, validFrom: "2020-01-01", validTo });
}
type CardInsert = Partial<typeof wasteCard.$inferInsert> & { plainCode: string; code: string };
async function insertCard(municipalityId: number, values: CardInsert): Promise<number> {
  const [row] = await t.db
    .insert(wasteCard)
    .values({ state: values.subjectId ? "Assigned" : "Free", ...values, municipalityId })
    .returning({ id: wasteCard.id });
  return row!.id;
}
async function cardRow(id: number) {
  const [row] = await t.db.select().from(wasteCard).where(eq(wasteCard.id, id));
  return row;
}
async function cardByCode(municipalityId: number, code: string) {
  const [row] = await t.db
    .select()
    .from(wasteCard)
    .where(and(eq(wasteCard.municipalityId, municipalityId), eq(wasteCard.code, code)));
  return row;
}

/** POST waste-card/import with a multipart body whose field 'file' holds `content` named `name`. */
function upload(
  municipalityId: number,
  content: string | Uint8Array,
  name = "karty.csv",
  as: "manager" | "worker" | "readonly" | "admin" | "citizen" = "manager",
) {
  const body = new FormData();
  body.set("file", new File([content as BlobPart], name, { type: "text/csv" }));
  return t.call("POST", cards(municipalityId, "/import"), { as, body });
}
async function errorsOf(jobId: number) {
  return t.db
    .select({
      rowNumber: importJobError.rowNumber,
      category: importJobError.category,
      message: importJobError.message,
      rawRow: importJobError.rawRow,
    })
    .from(importJobError)
    .where(eq(importJobError.importJobId, jobId))
    .orderBy(asc(importJobError.rowNumber));
}

beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
afterAll(() => t?.close());

describe("list: columns, filters, expiry by date (spec 001 §2 Waste cards)", () => {
  let novak: number;
  let firma: number;
  let jana: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    novak = await insertSubject(A, "Novákovi, Hasskova 12");
    firma = await insertSubject(A, "Pekárna Dvořák s.r.o.", "Company");
    jana = await insertPayer(A, "Nováková", "Jana");
    await join(A, novak, jana);
    ids.assigned = await insertCard(A, {
      plainCode: "L100",
      code: "LIST-100",
      subjectId: novak,
      feePayerId: jana,
      validFrom: "2024-01-01",
    });
    ids.free = await insertCard(A, { plainCode: "L101", code: "LIST-101", validFrom: inDays(-3) });
    // Stored Assigned, but its validity ended yesterday: Expired by date before any job stores it.
    ids.lapsed = await insertCard(A, {
      plainCode: "L102",
      code: "LIST-102",
      subjectId: firma,
      validFrom: "2023-01-01",
      validTo: inDays(-1),
    });
    ids.discarded = await insertCard(A, {
      plainCode: "L103",
      code: "LIST-103",
      subjectId: firma,
      state: "Discarded",
      validFrom: "2022-05-01",
    });
    ids.lastDay = await insertCard(A, {
      plainCode: "L104",
      code: "LIST-104",
      subjectId: firma,
      validFrom: "2024-06-01",
      validTo: inDays(0),
    });
    ids.virtual = await insertCard(A, {
      plainCode: "V000000001",
      code: "V0000000018",
      subjectId: novak,
      virtual: true,
      validFrom: inDays(0),
    });
    await insertCard(B, { plainCode: "L100", code: "LIST-100" });
  });

  const list = async (query: Record<string, string | number> = {}) => {
    const res = await t.call("GET", cards(A), { as: "worker", query: { pageSize: 200, ...query } });
    expect(res.status).toBe(200);
    return res.body as { items: Record<string, unknown>[]; total: number };
  };
  const codes = (body: { items: Record<string, unknown>[] }) =>
    body.items.map((i) => i.code).filter((c) => String(c).startsWith("LIST") || String(c).startsWith("V0"));

  it("answers the columns of spec 001 §2 (names, subject type, state as of today, validity, virtual); only this municipality's cards", async () => {
    const body = await list({ search: "L10" });
    expect(body.total).toBe(5);
    expect(body.items.map((i) => i.plainCode)).toEqual(["L100", "L101", "L102", "L103", "L104"]);
    expect(body.items[0]).toEqual({
      id: ids.assigned,
      plainCode: "L100",
      code: "LIST-100",
      subjectId: novak,
      subjectName: "Novákovi, Hasskova 12",
      subjectType: "Household",
      feePayerId: jana,
      feePayerName: "Jana Nováková",
      state: "Assigned",
      validFrom: "2024-01-01",
      validTo: null,
      virtual: false,
    });
    expect(body.items[1]).toMatchObject({
      subjectId: null,
      subjectName: null,
      subjectType: null,
      feePayerName: null,
      state: "Free",
    });
    expect(body.items[2]).toMatchObject({ state: "Expired", validTo: inDays(-1), subjectType: "Company" });
    expect(body.items[3]).toMatchObject({ state: "Discarded" });
    // The last valid day is still valid.
    expect(body.items[4]).toMatchObject({ state: "Assigned", validTo: inDays(0) });
    // The stored state of the lapsed card is untouched by reading.
    expect((await cardRow(ids.lapsed))!.state).toBe("Assigned");
  });

  it("filters by state as of today: Expired includes the lapsed card, Assigned leaves it out", async () => {
    expect(codes(await list({ state: "Expired" }))).toEqual(["LIST-102"]);
    expect(codes(await list({ state: "Assigned" }))).toEqual(["LIST-100", "LIST-104", "V0000000018"]);
    expect(codes(await list({ state: "Free" }))).toEqual(["LIST-101"]);
    expect(codes(await list({ state: "Discarded" }))).toEqual(["LIST-103"]);
  });

  it("filters by subject type, subject, valid-from day; searches code and plain-code prefixes and names without diacritics", async () => {
    expect(codes(await list({ subjectType: "Company" }))).toEqual(["LIST-102", "LIST-103", "LIST-104"]);
    expect(codes(await list({ subjectId: novak }))).toEqual(["LIST-100", "V0000000018"]);
    expect(codes(await list({ validFrom: inDays(-3) }))).toEqual(["LIST-101", "V0000000018"]);
    expect(codes(await list({ search: "LIST-10" }))).toHaveLength(5);
    expect(codes(await list({ search: "L103" }))).toEqual(["LIST-103"]);
    // A prefix, not a substring: '103' is in the middle of LIST-103.
    expect(codes(await list({ search: "103" }))).toEqual([]);
    expect(codes(await list({ search: "novakovi" }))).toEqual(["LIST-100", "V0000000018"]);
    expect(codes(await list({ search: "dvorak" }))).toEqual(["LIST-102", "LIST-103", "LIST-104"]);
    // The fee payer's name.
    expect(codes(await list({ search: "jana novakova" }))).toEqual(["LIST-100"]);
    expect(codes(await list({ search: "%" }))).toEqual([]);
  });

  it("a common name (over 300 collection points) is searched in one pass: same answer as the index lookups", async () => {
    const many = await t.db
      .insert(subject)
      .values(
        Array.from({ length: 320 }, (_, i) => ({
          municipalityId: A,
          name: `Sídliště Hromádka ${i + 1}`,
          type: "Household",
        })),
      )
      .returning({ id: subject.id });
    await t.db.insert(wasteCard).values(
      many.map((m, i) => ({
        municipalityId: A,
        plainCode: `H${String(i).padStart(4, "0")}`,
        code: `HRO-${i}`,
        subjectId: m.id,
        state: "Assigned",
      })),
    );
    // A card whose code starts with the term (codes are matched as typed, case included) counts too; B's does not.
    await insertCard(A, { plainCode: "hromadka-1", code: "hromadka-card" });
    await insertCard(B, { plainCode: "hromadka-2", code: "hromadka-b" });
    const body = await list({ search: "hromadka", pageSize: 25 });
    expect(body.total).toBe(321);
    expect(body.items.map((i) => i.plainCode)).toEqual([
      ...Array.from({ length: 24 }, (_, i) => `H${String(i).padStart(4, "0")}`),
      "H0024",
    ]);
    const last = await list({ search: "hromadka", pageSize: 25, page: 13 });
    expect(last.items.map((i) => i.plainCode)).toEqual([
      "H0300",
      "H0301",
      "H0302",
      "H0303",
      "H0304",
      "H0305",
      "H0306",
      "H0307",
      "H0308",
      "H0309",
      "H0310",
      "H0311",
      "H0312",
      "H0313",
      "H0314",
      "H0315",
      "H0316",
      "H0317",
      "H0318",
      "H0319",
      "hromadka-1",
    ]);
    // Fewer matches take the index path and agree.
    expect((await list({ search: "hromadka 31" })).total).toBe(11);
  });

  it("sorts by plain code (default), code and end of validity; pages", async () => {
    const desc = await list({ search: "L10", sort: "-plainCode" });
    expect(desc.items.map((i) => i.plainCode)).toEqual(["L104", "L103", "L102", "L101", "L100"]);
    const byValidTo = await list({ search: "L10", sort: "validTo" });
    expect(byValidTo.items.map((i) => i.plainCode).slice(0, 2)).toEqual(["L102", "L104"]);
    const page2 = await list({ search: "L10", pageSize: 2, page: 2 });
    expect(page2.total).toBe(5);
    expect(page2.items.map((i) => i.plainCode)).toEqual(["L102", "L103"]);
    const pastTheEnd = await list({ search: "L10", pageSize: 5, page: 3 });
    expect(pastTheEnd).toEqual({ items: [], total: 5 });
    const unfilteredPast = await list({ pageSize: 200, page: 50 });
    expect(unfilteredPast.items).toEqual([]);
    expect(unfilteredPast.total).toBeGreaterThanOrEqual(6);
    expect((await t.call("GET", cards(A), { as: "worker", query: { state: "Lost" } })).status).toBe(422);
  });

  it("expireWasteCards stores Expired on lapsed Free and Assigned cards only", async () => {
    const changed = await expireWasteCards(t.db);
    expect(changed).toBeGreaterThanOrEqual(1);
    expect((await cardRow(ids.lapsed))!.state).toBe("Expired");
    expect((await cardRow(ids.lastDay))!.state).toBe("Assigned");
    expect((await cardRow(ids.discarded))!.state).toBe("Discarded");
  });
});

describe("bulk actions: set expiration date, assign subject, remove (spec 001 §2, §4, §8)", () => {
  let home: number;
  let other: number;
  let member: number;
  let former: number;
  let subjectOfB: number;

  beforeAll(async () => {
    home = await insertSubject(A, "Svobodovi, Žižkova 7");
    other = await insertSubject(A, "Chata Horka", "Cottage");
    member = await insertPayer(A, "Svoboda", "Petr");
    former = await insertPayer(A, "Svobodová", "Eva");
    await join(A, home, member);
    await join(A, home, former, "2021-12-31");
    subjectOfB = await insertSubject(B, "Bytový dom Petržalka", "ApartmentBuilding");
  });

  it("nothing selected → 422 'Vyberte položky.'", async () => {
    for (const [method, path, json] of [
      ["PATCH", "/expiration", { ids: [], validTo: inDays(30) }],
      ["PATCH", "/assign-subject", { ids: [], subjectId: home }],
      ["POST", "/remove", { ids: [] }],
    ] as const) {
      const res = await t.call(method, cards(A, path), { as: "manager", json });
      expect(res.status, path).toBe(422);
      expect(res.body.errors.ids).toEqual(["Vyberte položky."]);
    }
  });

  it("set expiration date: a future day keeps the state, a past day makes the cards Expired, a later one revives them", async () => {
    const a = await insertCard(A, { plainCode: "E1", code: "EXP-1", subjectId: home, validFrom: "2024-01-01" });
    const b = await insertCard(A, { plainCode: "E2", code: "EXP-2", validFrom: "2024-01-01" });
    const d = await insertCard(A, { plainCode: "E3", code: "EXP-3", state: "Discarded" });
    const ofB = await insertCard(B, { plainCode: "E9", code: "EXP-9" });

    const future = await t.call("PATCH", cards(A, "/expiration"), {
      as: "worker",
      json: { ids: [a, b], validTo: inDays(30) },
    });
    expect(future.status).toBe(200);
    expect(future.body).toEqual({ updated: 2 });
    expect(await cardRow(a)).toMatchObject({ validTo: inDays(30), state: "Assigned" });
    expect(await cardRow(b)).toMatchObject({ validTo: inDays(30), state: "Free" });

    // Another municipality's card in the selection is not touched.
    const past = await t.call("PATCH", cards(A, "/expiration"), {
      as: "manager",
      json: { ids: [a, b, d, ofB], validTo: inDays(-1) },
    });
    expect(past.body).toEqual({ updated: 3 });
    expect(await cardRow(a)).toMatchObject({ validTo: inDays(-1), state: "Expired" });
    expect(await cardRow(b)).toMatchObject({ state: "Expired" });
    expect(await cardRow(d)).toMatchObject({ validTo: inDays(-1), state: "Discarded" });
    expect(await cardRow(ofB)).toMatchObject({ validTo: null, state: "Free" });

    await t.call("PATCH", cards(A, "/expiration"), { as: "manager", json: { ids: [a], validTo: inDays(365) } });
    expect(await cardRow(a)).toMatchObject({ state: "Assigned" });

    const onlyB = await t.call("PATCH", cards(A, "/expiration"), {
      as: "manager",
      json: { ids: [ofB], validTo: inDays(1) },
    });
    expect(onlyB.status).toBe(404);
    expect(onlyB.body).toEqual({ Message: "Karty nebyly nalezeny." });
    const bad = await t.call("PATCH", cards(A, "/expiration"), {
      as: "manager",
      json: { ids: [a], validTo: "2025-02-30" },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.validTo).toEqual(["Zadejte datum konce platnosti."]);
  });

  it("assign subject: to a subject of this municipality with a current member; the other municipality's subject is refused", async () => {
    const free = await insertCard(A, { plainCode: "S1", code: "ASG-1" });
    const lapsed = await insertCard(A, { plainCode: "S2", code: "ASG-2", validTo: inDays(-10), state: "Expired" });
    const moved = await insertCard(A, { plainCode: "S3", code: "ASG-3", subjectId: other });

    const res = await t.call("PATCH", cards(A, "/assign-subject"), {
      as: "manager",
      json: { ids: [free, lapsed, moved], subjectId: home, feePayerId: member },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 3 });
    expect(await cardRow(free)).toMatchObject({
      subjectId: home,
      feePayerId: member,
      state: "Assigned",
      validFrom: today(),
    });
    // Still past its validity: Expired.
    expect(await cardRow(lapsed)).toMatchObject({ subjectId: home, state: "Expired" });
    expect(await cardRow(moved)).toMatchObject({ subjectId: home, feePayerId: member, state: "Assigned" });

    // Without a payer: the payer of the previous assignment goes.
    await t.call("PATCH", cards(A, "/assign-subject"), { as: "manager", json: { ids: [moved], subjectId: other } });
    expect(await cardRow(moved)).toMatchObject({ subjectId: other, feePayerId: null, state: "Assigned" });

    const mismatch = await t.call("PATCH", cards(A, "/assign-subject"), {
      as: "manager",
      json: { ids: [free], subjectId: subjectOfB },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.subjectId).toEqual(["Obec odběrného místa a karty se neshoduje."]);
    const missing = await t.call("PATCH", cards(A, "/assign-subject"), {
      as: "manager",
      json: { ids: [free], subjectId: 999_999 },
    });
    expect(missing.body.errors.subjectId).toEqual(["Obec odběrného místa a karty se neshoduje."]);

    const notMember = await t.call("PATCH", cards(A, "/assign-subject"), {
      as: "manager",
      json: { ids: [free], subjectId: home, feePayerId: former },
    });
    expect(notMember.status).toBe(422);
    expect(notMember.body.errors.feePayerId).toEqual(["Poplatník není současným členem tohoto odběrného místa."]);
    expect(await cardRow(free)).toMatchObject({ subjectId: home, feePayerId: member });

    const discarded = await insertCard(A, { plainCode: "S4", code: "ASG-4", state: "Discarded" });
    const refused = await t.call("PATCH", cards(A, "/assign-subject"), {
      as: "manager",
      json: { ids: [free, discarded], subjectId: other },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.ids).toEqual(["Vyřazenou kartu nelze přiřadit odběrnému místu."]);
    expect(await cardRow(free)).toMatchObject({ subjectId: home });

    const ofB = await insertCard(B, { plainCode: "S9", code: "ASG-9" });
    const cardOfB = await t.call("PATCH", cards(A, "/assign-subject"), {
      as: "manager",
      json: { ids: [ofB], subjectId: home },
    });
    expect(cardOfB.status).toBe(404);
    expect(cardOfB.body).toEqual({ Message: "Karty nebyly nalezeny." });
  });

  it("remove: a virtual card is deleted, a physical one Discarded (keeping whose it was)", async () => {
    const physical = await insertCard(A, { plainCode: "R1", code: "REM-1", subjectId: home, feePayerId: member });
    const virtual = await insertCard(A, {
      plainCode: "V000000077",
      code: "V0000000778",
      subjectId: home,
      virtual: true,
    });
    const res = await t.call("POST", cards(A, "/remove"), { as: "manager", json: { ids: [physical, virtual] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2 });
    expect(await cardRow(virtual)).toBeUndefined();
    expect(await cardRow(physical)).toMatchObject({ state: "Discarded", subjectId: home, feePayerId: member });
    // The subject detail shows it discarded.
    const detail = await t.call("GET", `/municipality/${A}/subject/${home}/waste-cards`, { as: "manager" });
    expect(detail.body.items.find((c: { id: number }) => c.id === physical)).toMatchObject({ state: "Discarded" });

    const again = await t.call("POST", cards(A, "/remove"), { as: "manager", json: { ids: [virtual] } });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ Message: "Karty nebyly nalezeny." });
  });

  it("the read-only administrator and a citizen change nothing (403)", async () => {
    const id = await insertCard(A, { plainCode: "P1", code: "PERM-1" });
    for (const as of ["readonly", "citizen"] as const) {
      expect(
        (await t.call("PATCH", cards(A, "/expiration"), { as, json: { ids: [id], validTo: inDays(1) } })).status,
      ).toBe(403);
      expect((await t.call("POST", cards(A, "/remove"), { as, json: { ids: [id] } })).status).toBe(403);
      expect((await upload(A, "1;PERM-X\n", "k.csv", as)).status).toBe(403);
    }
    expect(await cardRow(id)).toMatchObject({ state: "Free", validTo: null });
    expect((await t.call("GET", cards(A), { as: "readonly" })).status).toBe(200);
  });
});

describe("CSV import (spec 001 §5, §8 'Import')", () => {
  let s1: number;
  let s2: number;
  let p1: number;
  let subjectOfB: number;
  let payerOfB: number;

  beforeAll(async () => {
    s1 = await insertSubject(A, "Importovaný dům 1");
    s2 = await insertSubject(A, "Importovaný dům 2");
    p1 = await insertPayer(A, "Importní");
    subjectOfB = await insertSubject(B, "Dom v Petržalke");
    payerOfB = await insertPayer(B, "Slovák");
  });

  it("imports good rows (Assigned with a subject, Free without), records each bad and duplicate row with its line and reason", async () => {
    await insertCard(A, { plainCode: "9001", code: "IMP-TAKEN", subjectId: s2 });
    const file = [
      "\ufeffplainCode;code;subjectId;feePayerId",
      `1001;IMP-1001;${s1};${p1}`,
      "1002;IMP-1002;;",
      `1003;IMP-1003;${s2}`,
      "",
      ";IMP-NOPLAIN;;",
      "1005;;;",
      `1006;IMP-1006;${subjectOfB};`,
      `1007;IMP-1007;${s1};${payerOfB}`,
      "1008;IMP-1001;;",
      `1009;IMP-TAKEN;${s1};`,
      `1010;${"X".repeat(61)};;`,
      "1011;IMP-1011;abc;",
      "1012;IMP-1012;;5",
      "1013;IMP-1013;;;extra",
      "1002;IMP-OTHER;;",
      "9001;IMP-NEW;;",
    ].join("\r\n");
    const res = await upload(A, file);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: "wasteCard",
      fileName: "karty.csv",
      state: "error",
      totalRows: 15,
      acceptedRows: 3,
      unchangedRows: 0,
      errorRows: 12,
      message: "Import obsahuje chyby",
    });
    expect(await cardByCode(A, "IMP-1001")).toMatchObject({
      plainCode: "1001",
      subjectId: s1,
      feePayerId: p1,
      state: "Assigned",
      validFrom: today(),
      virtual: false,
    });
    expect(await cardByCode(A, "IMP-1002")).toMatchObject({ subjectId: null, feePayerId: null, state: "Free" });
    expect(await cardByCode(A, "IMP-1003")).toMatchObject({ subjectId: s2, state: "Assigned" });
    for (const code of [
      "IMP-NOPLAIN",
      "IMP-1006",
      "IMP-1007",
      "IMP-1011",
      "IMP-1012",
      "IMP-1013",
      "IMP-OTHER",
      "IMP-NEW",
    ]) {
      expect(await cardByCode(A, code), code).toBeUndefined();
    }
    expect(await cardByCode(A, "IMP-TAKEN")).toMatchObject({ plainCode: "9001", subjectId: s2 });

    const errors = await errorsOf(res.body.id);
    expect(errors.map((e) => [e.rowNumber, e.category, e.message])).toEqual([
      [6, "MissingCode", "Chybí číslo karty (plainCode)."],
      [7, "MissingCode", "Chybí kód karty (code)."],
      [8, "SubjectNotFound", "Odběrné místo s tímto ID v obci neexistuje."],
      [9, "FeePayerNotFound", "Poplatník s tímto ID v obci neexistuje."],
      [10, "DuplicateInFile", "Kód karty se v souboru opakuje (poprvé na řádku 2)."],
      [11, "CodeConflict", "Kód už má jiná karta s jinými údaji."],
      [12, "TooLong", "Kód karty je delší než 60 znaků."],
      [13, "InvalidValue", "ID odběrného místa musí být kladné celé číslo."],
      [14, "InvalidValue", "Poplatníka lze uvést jen spolu s odběrným místem."],
      [15, "Format", "Řádek má víc než 4 sloupce (plainCode;code;subjectId;feePayerId)."],
      [16, "DuplicateInFile", "Číslo karty se v souboru opakuje (poprvé na řádku 3)."],
      [17, "CodeConflict", "Číslo karty už má jiná karta."],
    ]);
    expect(errors).toHaveLength(res.body.errorRows);
    expect(errors.find((e) => e.rowNumber === 8)!.rawRow).toBe(`1006;IMP-1006;${subjectOfB};`);

    // The job and its errors through the API, paged.
    const job = await t.call("GET", jobs(A, `/${res.body.id}`), { as: "worker" });
    expect(job.status).toBe(200);
    expect(job.body).toEqual(res.body);
    const page = await t.call("GET", jobs(A, `/${res.body.id}/errors`), {
      as: "worker",
      query: { pageSize: 5, page: 2 },
    });
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(res.body.errorRows);
    expect(page.body.items.map((e: { rowNumber: number }) => e.rowNumber)).toEqual(
      errors.slice(5, 10).map((e) => e.rowNumber),
    );
    expect(page.body.items[0]).toEqual({
      id: expect.any(Number),
      rowNumber: errors[5]!.rowNumber,
      category: errors[5]!.category,
      message: errors[5]!.message,
      rawRow: errors[5]!.rawRow,
    });
  });

  it("re-importing the same file changes nothing: no new cards, the accepted rows come back unchanged", async () => {
    const file = `plainCode;code;subjectId;feePayerId\n2001;RE-1;${s1};${p1}\n2002;RE-2;;\n2003;RE-3;${s2};\n2001;RE-1;;\n`;
    const first = await upload(A, file);
    expect(first.body).toMatchObject({ state: "error", totalRows: 4, acceptedRows: 3, unchangedRows: 0, errorRows: 1 });
    const before = await t.db.select().from(wasteCard).where(eq(wasteCard.municipalityId, A));

    const again = await upload(A, file);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ state: "error", totalRows: 4, acceptedRows: 0, unchangedRows: 3, errorRows: 1 });
    expect(again.body.id).not.toBe(first.body.id);
    const after = await t.db.select().from(wasteCard).where(eq(wasteCard.municipalityId, A));
    expect(after).toEqual(before);

    // Without errors the job is 'processed' and has no message.
    const clean = await upload(A, `2002;RE-2;;\n2004;RE-4;;\n`);
    expect(clean.body).toMatchObject({
      state: "processed",
      totalRows: 2,
      acceptedRows: 1,
      unchangedRows: 1,
      errorRows: 0,
      message: null,
    });
    expect((await t.call("GET", jobs(A, `/${clean.body.id}/errors`), { as: "manager" })).body).toEqual({
      items: [],
      total: 0,
    });
  });

  it("streams a file of several batches: counts, line numbers and duplicates across batches are right", async () => {
    const lines = ["plainCode;code;subjectId;feePayerId"];
    for (let i = 1; i <= 4_500; i++) {
      if (i % 1_000 === 0)
        lines.push(`B${i};BIG-1;;`); // a duplicate of the first row, further down
      else if (i % 700 === 0)
        lines.push(`B${i};BIG-${i};999999999;`); // no such subject
      else lines.push(`B${i};BIG-${i};${i % 2 ? s1 : ""};`);
    }
    const res = await upload(A, lines.join("\n") + "\n", "velky.CSV");
    expect(res.body).toMatchObject({ state: "error", totalRows: 4_500, acceptedRows: 4_500 - 4 - 6, errorRows: 10 });
    const errors = await errorsOf(res.body.id);
    expect(errors.map((e) => e.rowNumber)).toEqual([701, 1001, 1401, 2001, 2101, 2801, 3001, 3501, 4001, 4201]);
    expect(errors[1]).toMatchObject({
      category: "DuplicateInFile",
      message: "Kód karty se v souboru opakuje (poprvé na řádku 2).",
      rawRow: "B1000;BIG-1;;",
    });
    const big = await t.db.select({ id: wasteCard.id }).from(wasteCard).where(like(wasteCard.code, "BIG-%"));
    expect(big).toHaveLength(4_490);
  });

  it("a quoted value, a value over several lines, a header in other letter case and a file without a header", async () => {
    const res = await upload(
      A,
      `PLAINCODE;Code;SubjectId;FeePayerId\n"3001";"Q-3001";;\n3002;"Q-\n3002";;\n3003;Q-3003;;\n`,
    );
    expect(res.body).toMatchObject({ totalRows: 3, acceptedRows: 3, state: "processed" });
    expect(await cardByCode(A, "Q-\n3002")).toBeDefined();
    const noHeader = await upload(A, `3004;Q-3004;${s1};\n`);
    expect(noHeader.body).toMatchObject({ totalRows: 1, acceptedRows: 1 });
  });

  it("not a CSV → 422 file 'Soubor musí být ve formátu CSV.' (by name and by content), no job", async () => {
    const jobsBefore = await t.db.select({ id: importJob.id }).from(importJob);
    const byName = await upload(A, "1;X;;\n", "karty.xlsx");
    expect(byName.status).toBe(422);
    expect(byName.body).toEqual({
      Message: "Soubor musí být ve formátu CSV.",
      errors: { file: ["Soubor musí být ve formátu CSV."] },
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const byContent = await upload(A, png, "obrazek.csv");
    expect(byContent.status).toBe(422);
    expect(byContent.body.errors.file).toEqual(["Soubor musí být ve formátu CSV."]);
    const cp1250 = await upload(A, new Uint8Array([0x31, 0x3b, 0x8a, 0xe8, 0x3b, 0x3b, 0x0a]), "windows.csv");
    expect(cp1250.status).toBe(422);
    expect(cp1250.body.errors.file).toEqual(["Soubor není v kódování UTF-8."]);
    const noFile = await t.call("POST", cards(A, "/import"), { as: "manager", body: new FormData() });
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors.file).toEqual(["Vyberte soubor CSV."]);
    // An upload cut off before its end (no closing boundary).
    const cut = await t.call("POST", cards(A, "/import"), {
      as: "manager",
      headers: { "Content-Type": "multipart/form-data; boundary=XyZ" },
      body: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="k.csv"\r\n\r\n1;CUT-1;;\r\n2;CUT-2',
    });
    expect(cut.status).toBe(422);
    expect(cut.body.errors.file).toEqual(["Nahrávání souboru bylo přerušeno."]);
    const json = await t.call("POST", cards(A, "/import"), { as: "manager", json: { file: "1;X" } });
    expect(json.status).toBe(422);
    expect(await t.db.select({ id: importJob.id }).from(importJob)).toEqual(jobsBefore);
  });

  it("a critical failure ends the job as discarded with the reason: no rows, commas instead of semicolons, broken quotes", async () => {
    const empty = await upload(A, "plainCode;code;subjectId;feePayerId\r\n\r\n");
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ state: "discarded", totalRows: 0, message: "Soubor neobsahuje žádné řádky." });
    const commas = await upload(A, "plainCode,code,subjectId,feePayerId\n1,C-1,,\n");
    expect(commas.body).toMatchObject({ state: "discarded", message: "Sloupce musí být oddělené středníkem (;)." });
    expect(await cardByCode(A, "C-1")).toBeUndefined();
    const broken = await upload(A, `4001;QB-1;;\n4002;"QB-2;;\n4003;QB-3;;\n`);
    expect(broken.body).toMatchObject({ state: "discarded" });
    expect(broken.body.message).toMatch(/^Chyba formátu CSV/);
  });

  it("refuses a body larger than 50 MB (413) before reading it", async () => {
    const body = new FormData();
    body.set("file", new File(["1;X;;\n"], "karty.csv"));
    const res = await t.call("POST", cards(A, "/import"), {
      as: "manager",
      body,
      headers: { "Content-Length": String(51 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ Message: "Soubor je větší než 50 MB." });
  });

  it("another municipality's job is not found; the manager of B cannot read A's job (404)", async () => {
    const own = await upload(A, "5001;OWN-1;;\n");
    const ofB = await upload(B, "5001;OWN-1;;\n", "karty.csv", "admin");
    expect(ofB.body).toMatchObject({ state: "processed", acceptedRows: 1 });
    expect(await cardByCode(B, "OWN-1")).toMatchObject({ municipalityId: B });

    const cross = await t.call("GET", jobs(A, `/${ofB.body.id}`), { as: "manager" });
    expect(cross.status).toBe(404);
    expect(cross.body).toEqual({ Message: "Import nebyl nalezen." });
    expect((await t.call("GET", jobs(A, `/${ofB.body.id}/errors`), { as: "manager" })).body).toEqual({
      Message: "Import nebyl nalezen.",
    });
    const tenancy = await t.call("GET", jobs(A, `/${own.body.id}`), { as: "managerB" });
    expect(tenancy.status).toBe(404);
    expect((await t.call("GET", jobs(A, "/999999"), { as: "manager" })).body).toEqual({
      Message: "Import nebyl nalezen.",
    });
  });

  it("a worker imports; the read-only administrator may read jobs but not import (403)", async () => {
    const res = await upload(A, "6001;W-1;;\n", "karty.csv", "worker");
    expect(res.status).toBe(200);
    const ro = await upload(A, "6002;W-2;;\n", "karty.csv", "readonly");
    expect(ro.status).toBe(403);
    expect(await cardByCode(A, "W-2")).toBeUndefined();
    expect((await t.call("GET", jobs(A, `/${res.body.id}`), { as: "readonly" })).status).toBe(200);
    const rows = await t.db
      .select()
      .from(wasteCard)
      .where(inArray(wasteCard.code, ["W-1"]));
    expect(rows).toHaveLength(1);
  });
});
