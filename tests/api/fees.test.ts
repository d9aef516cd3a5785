/**
 * Fees → Fees calls (issue 14 part 2; contract/endpoints/fee.ts): the payers' fees of a year with their filters and
 * sorts, the cards and statistics with exact sums, and paid / unpaid singly and in bulk with the collection point's
 * 'fee paid' following its fees. The fee rows are written here as the recalculation would write them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { expenditure, fee, subject } from "../../api/db/schema";
import { today } from "../../api/modules/subject/membership";
import { insertFee } from "./fee-fixtures";
import { newMunicipality, setupApiWithIds, type TestApi, insertResident } from "./helpers";

let t: TestApi;
let A: number;
let B: number;
const YEAR = Number(today().slice(0, 4));
let novak: number;
let svoboda: number;
let feeIds: Record<string, number> = {};

const payer = (municipalityId: number, lastName: string, variableSymbol: string) =>
  insertResident(t.db, municipalityId, { lastName, variableSymbol, activeFrom: `${YEAR}-01-01` });

const feeOf = (values: Parameters<typeof insertFee>[2]) => insertFee(t.db, YEAR, values);

beforeAll(async () => {
  ({ t, A, B } = await setupApiWithIds());
  const subjects = await t.db
    .insert(subject)
    .values([
      { municipalityId: A, name: "Novákovi", type: "Household", variableSymbol: "501" },
      { municipalityId: A, name: "Svobodovi", type: "Household", variableSymbol: "502" },
    ])
    .returning({ id: subject.id });
  [novak, svoboda] = subjects.map((s) => s.id) as [number, number];
  const dvorak = await payer(A, "Dvořák", "1001");
  const adamova = await payer(A, "Adamová", "1002");
  const cerny = await payer(A, "Bartoš", "1003");
  const foreign = await payer(B, "Cizí", "9001");
  feeIds = {
    dvorak: await feeOf({ municipalityId: A, feePayerId: dvorak, subjectId: novak, variableSymbol: "1001" }),
    // A child: 900 − 450 discount.
    adamova: await feeOf({
      municipalityId: A,
      feePayerId: adamova,
      subjectId: novak,
      variableSymbol: "1002",
      totalDiscount: "450.00",
      finalFee: "450.00",
      fixedDiscountNames: "Dítě do 6 let",
    }),
    // Moved in May: 8 months of 900, with a sort-ratio discount of 10 %.
    cerny: await feeOf({
      municipalityId: A,
      feePayerId: cerny,
      subjectId: svoboda,
      variableSymbol: "1003",
      baseFee: "600.00",
      totalFee: "600.00",
      motivationDiscount: "60.00",
      totalDiscount: "60.00",
      finalFee: "540.00",
    }),
    lastYear: await feeOf({ municipalityId: A, feePayerId: dvorak, subjectId: novak, year: YEAR - 1 }),
    monthly: await feeOf({ municipalityId: A, feePayerId: dvorak, subjectId: novak, month: 1, finalFee: "75.00" }),
    foreign: await feeOf({ municipalityId: B, feePayerId: foreign }),
  };
  await t.db.insert(expenditure).values([
    {
      municipalityId: A,
      processedOn: `${YEAR}-03-31`,
      type: "WasteCollection",
      source: "BinCollection",
      amount: "1200.50",
    },
    { municipalityId: A, processedOn: `${YEAR}-06-30`, type: "Wage", source: "Other", amount: "300.00" },
    { municipalityId: A, processedOn: `${YEAR - 1}-06-30`, type: "Wage", source: "Other", amount: "999.00" },
  ]);
});
afterAll(() => t?.close());

const list = (query = "") => t.call("GET", `/municipality/${A}/fee?${query}`, { as: "manager" });

describe("GET municipality/{id}/fee", () => {
  it("lists the yearly fees of the current year by the payer's name, with the fixed discount apart", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.items.map((r: any) => r.feePayerName)).toEqual(["Jan Adamová", "Jan Bartoš", "Jan Dvořák"]);
    const cerny = res.body.items.find((r: any) => r.id === feeIds.cerny);
    expect(cerny).toMatchObject({
      subjectName: "Svobodovi",
      variableSymbol: "1003",
      baseFee: "600.00",
      fixedDiscount: "0.00",
      motivationDiscount: "60.00",
      finalFee: "540.00",
      paid: false,
    });
    expect(res.body.items[0]).toMatchObject({ fixedDiscount: "450.00", fixedDiscountNames: "Dítě do 6 let" });
  });

  it("filters by year, search, discount, collection point and sorts by final fee", async () => {
    expect((await list(`year=${YEAR - 1}`)).body.items.map((r: any) => r.id)).toEqual([feeIds.lastYear]);
    expect((await list("search=svobod")).body.items.map((r: any) => r.id)).toEqual([feeIds.cerny]);
    expect((await list("search=1002")).body.items.map((r: any) => r.id)).toEqual([feeIds.adamova]);
    expect((await list("discounted=false")).body.items.map((r: any) => r.id)).toEqual([feeIds.dvorak]);
    expect((await list(`subjectId=${novak}&sort=-finalFee`)).body.items.map((r: any) => r.id)).toEqual([
      feeIds.dvorak,
      feeIds.adamova,
    ]);
    const page2 = await list("pageSize=2&page=2");
    expect(page2.body).toMatchObject({ total: 3, items: [{ id: feeIds.dvorak }] });
    expect((await list("page=5")).body).toEqual({ items: [], total: 3 });
  });

  it("answers 422 on a wrong year and 404 for another municipality", async () => {
    const bad = await list("year=1999");
    expect(bad.status).toBe(422);
    expect(bad.body.errors.year).toEqual(["Zadejte rok 2000–2100."]);
    expect((await t.call("GET", `/municipality/${B}/fee`, { as: "manager" })).status).toBe(404);
  });
});

describe("GET municipality/{id}/fee/summary", () => {
  it("sums the cards exactly and counts the statistics", async () => {
    const res = await t.call("GET", `/municipality/${A}/fee/summary`, { as: "manager" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      year: YEAR,
      years: [YEAR, YEAR - 1],
      payerCount: 3,
      feeCount: 3,
      totalFee: "2400.00",
      totalDiscount: "510.00",
      finalFee: "1890.00",
      totalExpenditure: "1500.50",
      totalIncome: "0.00",
      unpaidFinalFee: "1890.00",
      paidCount: 0,
      unpaidCount: 3,
      fixedDiscountCount: 1,
      motivationDiscountCount: 1,
      motivationFeeCount: 0,
    });
    // Bars of 100 Kč up to the highest fee (900): 450 and 540 fall in bars 4 and 5, 900 in bar 9.
    const bars = res.body.distribution;
    expect(bars).toHaveLength(10);
    expect(bars[4]).toEqual({ from: "400.00", to: "500.00", payers: 1 });
    expect(bars[5].payers).toBe(1);
    expect(bars[9]).toEqual({ from: "900.00", to: "1000.00", payers: 1 });
    expect(bars.reduce((n: number, b: any) => n + b.payers, 0)).toBe(3);
  });

  it("counts a payer who moved during the year once: two fees, one payer, one bar of their whole year", async () => {
    const m = await newMunicipality(t.db, "Obec stěhování");
    const [before, after] = await t.db
      .insert(subject)
      .values([
        { municipalityId: m, name: "Staré bydliště", type: "Household" },
        { municipalityId: m, name: "Nové bydliště", type: "Household" },
      ])
      .returning({ id: subject.id });
    const moved = await insertResident(t.db, m, { lastName: "Stěhovavý", activeFrom: `${YEAR}-01-01` });
    const stayed = await insertResident(t.db, m, { lastName: "Usedlý", activeFrom: `${YEAR}-01-01` });
    // 4 months at the old address, 8 at the new one; a 10 % fixed discount at the new one.
    await feeOf({
      municipalityId: m,
      feePayerId: moved,
      subjectId: before!.id,
      baseFee: "300.00",
      totalFee: "300.00",
      finalFee: "300.00",
      paid: true,
    });
    await feeOf({
      municipalityId: m,
      feePayerId: moved,
      subjectId: after!.id,
      baseFee: "600.00",
      totalFee: "600.00",
      totalDiscount: "60.00",
      finalFee: "540.00",
    });
    await feeOf({
      municipalityId: m,
      feePayerId: stayed,
      subjectId: after!.id,
      totalDiscount: "90.00",
      finalFee: "810.00",
    });
    const res = await t.call("GET", `/municipality/${m}/fee/summary`, { as: "admin" });
    expect(res.body).toMatchObject({ payerCount: 2, feeCount: 3, paidCount: 1, unpaidCount: 2, fixedDiscountCount: 2 });
    // By payer: 840 and 810 both fall in the bar 800–900 of 100 Kč bars (not 300, 540 and 810 apart).
    const bars = res.body.distribution;
    expect(bars.filter((b: any) => b.payers > 0)).toEqual([{ from: "800.00", to: "900.00", payers: 2 }]);
  });

  it("is empty for a year without fees", async () => {
    const res = await t.call("GET", `/municipality/${A}/fee/summary?year=2010`, { as: "manager" });
    expect(res.body).toMatchObject({ year: 2010, payerCount: 0, finalFee: "0.00", distribution: [] });
  });
});

describe("PATCH municipality/{id}/fee/paid", () => {
  const mark = (ids: number[], paid: boolean, as: "manager" | "worker" | "managerB" = "manager") =>
    t.call("PATCH", `/municipality/${A}/fee/paid`, { as, json: { feeIds: ids, paid } });

  it("marks fees paid singly and in bulk; the collection point is paid when all its fees of the year are", async () => {
    const one = await mark([feeIds.dvorak], true);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ updated: 1 });
    const [novakRow] = await t.db.select().from(subject).where(eq(subject.id, novak));
    expect(novakRow!.feePaid).toBe(false); // Adamová has not paid yet.

    expect((await mark([feeIds.dvorak, feeIds.adamova, feeIds.cerny], true)).body).toEqual({ updated: 2 });
    const subjects = await t.db
      .select()
      .from(subject)
      .where(inArray(subject.id, [novak, svoboda]));
    expect(subjects.map((s) => s.feePaid)).toEqual([true, true]);
    const summary = await t.call("GET", `/municipality/${A}/fee/summary`, { as: "manager" });
    expect(summary.body).toMatchObject({ totalIncome: "1890.00", paidCount: 3, unpaidFinalFee: "0.00" });

    await mark([feeIds.adamova], false);
    const [again] = await t.db.select().from(subject).where(eq(subject.id, novak));
    expect(again!.feePaid).toBe(false);
  });

  it("leaves another municipality's fee alone and refuses an empty selection", async () => {
    expect((await mark([feeIds.foreign], true)).body).toEqual({ updated: 0 });
    const [row] = await t.db.select().from(fee).where(eq(fee.id, feeIds.foreign));
    expect(row!.paid).toBe(false);
    const empty = await mark([], true);
    expect(empty.status).toBe(422);
    expect(empty.body.errors.feeIds).toEqual(["Vyberte položky."]);
  });

  it("needs fee.aEdit: a worker only reads", async () => {
    expect((await mark([feeIds.dvorak], false, "worker")).status).toBe(403);
    expect((await t.call("GET", `/municipality/${A}/fee`, { as: "worker" })).status).toBe(200);
  });

  it("the subjects list's bulk 'paid' marks the payers' fees of the year alike", async () => {
    const res = await t.call("PATCH", `/municipality/${A}/subject/fee-paid`, {
      as: "manager",
      json: { subjectIds: [novak], paid: true },
    });
    expect(res.status).toBe(200);
    const rows = await t.db
      .select()
      .from(fee)
      .where(inArray(fee.id, [feeIds.dvorak, feeIds.adamova, feeIds.lastYear]));
    const byId = new Map(rows.map((r) => [r.id, r.paid]));
    expect(byId.get(feeIds.adamova)).toBe(true);
    expect(byId.get(feeIds.lastYear)).toBe(false);
  });
});
