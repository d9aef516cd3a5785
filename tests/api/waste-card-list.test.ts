/**
 * Waste card API tests: list: columns, filters, expiry by date (spec 001 §2 Waste cards). Shared setup in ./waste-card-
 * fixtures.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { feePayer, subject, wasteCard } from "../../api/db/schema";
import { expireWasteCards } from "../../api/modules/waste-card/service";
import { inDays } from "./helpers";
import {
  t,
  A,
  B,
  cards,
  insertSubject,
  insertPayer,
  join,
  insertCard,
  cardRow,
  setupWasteCardTests,
} from "./waste-card-fixtures";

setupWasteCardTests();

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

  it("the name search follows its collection point and payer: a rename, a new payer, a deleted collection point", async () => {
    const point = await insertSubject(A, "Zahrádkáři Oslava");
    const payer = await insertPayer(A, "Šťastná", "Eva");
    const found = (body: { items: Record<string, unknown>[] }) => body.items.map((item) => item.code);
    const card = await insertCard(A, { plainCode: "S900", code: "SEARCH-900", subjectId: point });
    expect(found(await list({ search: "zahradkari" }))).toEqual(["SEARCH-900"]);
    expect(found(await list({ search: "stastna" }))).toEqual([]);

    // Renamed (the collection point), given a payer (the card), the payer renamed: each is found by its new name.
    await t.db.update(subject).set({ name: "Včelaři Oslava" }).where(eq(subject.id, point));
    expect(found(await list({ search: "zahradkari" }))).toEqual([]);
    expect(found(await list({ search: "vcelari" }))).toEqual(["SEARCH-900"]);
    await t.db.update(wasteCard).set({ feePayerId: payer }).where(eq(wasteCard.id, card));
    expect(found(await list({ search: "stastna" }))).toEqual(["SEARCH-900"]);
    await t.db.update(feePayer).set({ lastName: "Veselá" }).where(eq(feePayer.id, payer));
    expect(found(await list({ search: "stastna" }))).toEqual([]);
    expect(found(await list({ search: "vesela eva" }))).toEqual(["SEARCH-900"]);
    // Still found by the collection point after the payer's rename; no longer once the collection point is deleted.
    expect(found(await list({ search: "vcelari" }))).toEqual(["SEARCH-900"]);
    await t.db.delete(subject).where(eq(subject.id, point));
    expect(found(await list({ search: "vcelari" }))).toEqual([]);
    expect(found(await list({ search: "vesela" }))).toEqual(["SEARCH-900"]);
    // What the fee engine writes (a payer's final fee) leaves the card's search text as it was.
    await t.db.update(feePayer).set({ finalFee: "1200.00" }).where(eq(feePayer.id, payer));
    expect((await cardRow(card))!.search).toBe("vesela eva\neva vesela");
  });

  it("a common name (over 300 collection points): every match counted and paged in code order", async () => {
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
