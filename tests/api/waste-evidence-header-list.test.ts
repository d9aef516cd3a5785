/**
 * Waste evidence header API tests: GET waste-evidence-header (list) and /filters; dispose counts and dispose frequency;
 * barcode searches (spec 000 §7). Shared setup in ./waste-evidence-header-fixtures.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { disposeCount, subjectFeePayer } from "../../api/db/schema";
import { today } from "../../api/modules/subject/membership";
import { makeBarcode } from "#contract/codes";
import { newMunicipality, insertResident } from "./helpers";
import {
  t,
  A,
  B,
  novak,
  subjectOfB,
  catalogueBin,
  ownBag,
  catalogueWaste,
  CODE_NOT_FOUND,
  url,
  type HeaderInsert,
  insertHeader,
  insertSubject,
  headerRow,
  historyOf,
  setupWasteEvidenceHeaderTests,
} from "./waste-evidence-header-fixtures";

setupWasteEvidenceHeaderTests();

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
    C = await newMunicipality(t.db, "Seznamov");
    hk = await insertSubject(C, {
      name: "Rodinný dům Novák",
      street: "Hasskova",
      conscriptionNumber: "845",
      city: "Seznamov",
    });
    dv = await insertSubject(C, { name: "Chata Dvořák", city: "Chatová Lhota" });
    payer = await insertResident(t.db, C);
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
