/**
 * The dashboard (spec 001 §1 'Dashboard', §9; contract/dashboard.ts): every widget's figures on a municipality of the
 * test's own whose every bin, record, collection, visit, fee and expenditure is known; the comparison's period and
 * measure; widgets the role may not read answer null. Authentication, permission and tenancy are the route walk's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { expenditure, fee, wasteCollection, wasteEvidenceHeader, wasteEvidenceRecord } from "../../api/db/schema";
import { getDashboard } from "../../api/modules/dashboard/service";
import { monthBefore } from "#contract/calendar";
import { today } from "../../api/modules/subject/membership";
import { createdId, setupApiWithIds, type TestApi } from "./helpers";
import { feeWorld, Y } from "./fee-world";
import { cashVisit, openYardBody, yardWasteBody } from "./yard-fixtures";

let t: TestApi;
const w = feeWorld(() => t);
let M: number;
let houses: { a: number; b: number };
let wastes: { mixed: number; paper: number; bin120: number };
const url = (m: number) => `/municipality/${m}/dashboard`;
const DAY = today();
const THIS_YEAR = Number(DAY.slice(0, 4));

async function collection(collectedOn: string, recordCount: number, weightKg: string | null, state = "Processed") {
  const [c] = await t.db
    .insert(wasteCollection)
    .values({
      municipalityId: M,
      name: `Svoz ${collectedOn}`,
      collectedOn,
      origin: "WebImport",
      state,
      wasteTypeId: wastes.mixed,
      recordCount,
      weightKg,
    })
    .returning({ id: wasteCollection.id });
  return c!.id;
}

beforeAll(async () => {
  ({ t } = await setupApiWithIds());
  M = await w.town();
  wastes = await w.wastes(M);
  houses = { a: await w.place(M, { name: "Dům Alfa" }), b: await w.place(M, { name: "Dům Beta" }) };
  await w.payer(M, { subjectId: houses.a });
  await w.payer(M, { subjectId: houses.a });
  await w.payer(M, { subjectId: houses.b });
  // Bins: two assigned, one free, one discarded.
  const binA = await w.binOf(M, houses.a, wastes.bin120, wastes.mixed);
  const binB = await w.binOf(M, houses.b, wastes.bin120, wastes.paper);
  await t.db.insert(wasteEvidenceHeader).values([
    { municipalityId: M, barcode: "DBFREE", plainCode: "DBFREE", state: "Free" },
    { municipalityId: M, barcode: "DBGONE", plainCode: "DBGONE", state: "Discarded" },
  ]);
  // The year Y's records (no collection): Alfa 12 × 10.5 kg mixed, Beta 4 × 2.25 kg paper.
  await w.emptied(M, houses.a, binA, wastes.mixed, 12, "10.5");
  await w.emptied(M, houses.b, binB, wastes.paper, 4, "2.25");
  // Collections: Y and Y−1 by month; this month and the month three back; a discarded one counts nowhere.
  await collection(`${Y}-01-15`, 40, "1200.500");
  await collection(`${Y}-01-20`, 10, null);
  await collection(`${Y}-05-02`, 30, "800.000");
  await collection(`${Y - 1}-01-10`, 25, "700.250");
  await collection(`${Y - 1}-11-30`, 5, "100.000");
  await collection(`${Y}-02-01`, 99, "999.000", "Discarded");
  await collection(`${DAY.slice(0, 7)}-01`, 7, "70.000");
  await collection(`${monthBefore(DAY, 3)}-10`, 11, "110.000");
  // A manual record of today (no collection) counts in this month's records.
  await t.db
    .insert(wasteEvidenceRecord)
    .values({ municipalityId: M, subjectId: houses.a, collectedAt: new Date(), origin: "WebManual" });
  // Fees of Y: the recalculation, then one marked paid; expenditures of Y and one of Y+1.
  await w.calculate(M, Y);
  const fees = await t.db.select({ id: fee.id, finalFee: fee.finalFee }).from(fee).where(eq(fee.municipalityId, M));
  await t.db.update(fee).set({ paid: true }).where(eq(fee.id, fees[0]!.id));
  await t.db.insert(expenditure).values([
    { municipalityId: M, processedOn: `${Y}-03-01`, type: "WasteCollection", source: "Invoice", amount: "12000.50" },
    { municipalityId: M, processedOn: `${Y}-09-01`, type: "Wage", source: "Invoice", amount: "3000.25" },
    { municipalityId: M, processedOn: `${Y + 1}-01-01`, type: "Wage", source: "Invoice", amount: "1.00" },
  ]);
  // A yard of the municipality and a visit today: 60 kg of bulky waste.
  const yardId = createdId(
    await t.call("POST", `/municipality/${M}/collection-yard`, { as: "admin", json: openYardBody("Dvůr") }),
  );
  const bulky = createdId(
    await t.call("POST", `/municipality/${M}/collection-yard/${yardId}/waste`, {
      as: "admin",
      json: await yardWasteBody(t, "Objemný odpad", 0, [{ fromKg: "0", value: "1" }]),
    }),
  );
  const visitor = await w.payer(M, { subjectId: houses.b });
  const visit = await t.call("POST", `/municipality/${M}/yard-report`, {
    as: "admin",
    json: cashVisit(visitor, yardId, DAY, [{ yardWasteId: bulky, quantity: "60" }]),
  });
  expect(visit.status, JSON.stringify(visit.body)).toBe(201);
});
afterAll(() => t?.close());

describe("GET municipality/{id}/dashboard", () => {
  it("answers every widget's exact figures for the year", async () => {
    const res = await t.call("GET", url(M), { as: "admin", query: { year: Y } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({ year: Y, period: "month", measure: "weight", subjects: 2, feePayers: 4 });
    expect(Object.fromEntries(d.bins.map((b: { state: string; count: number }) => [b.state, b.count]))).toEqual({
      Free: 1,
      Assigned: 2,
      Used: 0,
      Discarded: 1,
      NoBin: 0,
      Undefined: 0,
    });
    // Composition: 126 kg mixed, 9 kg paper; sorted 9 / 135 = 6.67 %.
    expect(d.composition).toEqual({
      wastes: [
        { wasteTypeId: wastes.mixed, name: "Směsný komunální odpad", kg: "126.000" },
        { wasteTypeId: wastes.paper, name: "Papír", kg: "9.000" },
      ],
      sortRatio: "6.67",
    });
    expect(d.topProducers).toEqual([
      { subjectId: houses.a, name: "Dům Alfa", kg: "126.000", records: 12 },
      { subjectId: houses.b, name: "Dům Beta", kg: "9.000", records: 4 },
    ]);
    // January: 1200.5 kg this year (the unweighed one adds nothing) against 700.25; May 800; November of Y−1 100.
    expect(d.comparison).toHaveLength(12);
    expect(d.comparison[0]).toEqual({ bucket: 1, current: "1200.500", previous: "700.250" });
    expect(d.comparison[1]).toEqual({ bucket: 2, current: "0.000", previous: "0.000" });
    expect(d.comparison[4]).toEqual({ bucket: 5, current: "800.000", previous: "0.000" });
    expect(d.comparison[10]).toEqual({ bucket: 11, current: "0.000", previous: "100.000" });
    // Cost: the expenditures of Y; the fees the recalculation prescribed and the one marked paid.
    const fees = await t.db.select({ id: fee.id, finalFee: fee.finalFee }).from(fee).where(eq(fee.municipalityId, M));
    const prescribed = fees.reduce((s, f) => s + Math.round(Number(f.finalFee) * 100), 0) / 100;
    expect(prescribed).toBeGreaterThan(0);
    expect(d.cost.expenditure).toBe("15000.75");
    expect(Number(d.cost.prescribed)).toBe(prescribed);
    expect(d.cost.paid).toBe(fees.find((f) => f.id === Math.min(...fees.map((x) => x.id)))!.finalFee);
  });

  it("counts this and the last five months' records, the yards' last 30 days and the newest collections", async () => {
    const d = (await t.call("GET", url(M), { as: "admin" })).body;
    expect(d.year).toBe(THIS_YEAR);
    expect(d.evidenceMonths.map((m: { month: string }) => m.month)).toEqual(
      [5, 4, 3, 2, 1, 0].map((back) => monthBefore(DAY, back)),
    );
    const records = Object.fromEntries(
      d.evidenceMonths.map((m: { month: string; records: number }) => [m.month, m.records]),
    );
    expect(records[monthBefore(DAY, 0)]).toBe(7 + 1);
    expect(records[monthBefore(DAY, 3)]).toBe(11);
    expect(d.yards).toMatchObject({ to: DAY, visits: 1, weightKg: "60.000" });
    expect(d.lastCollections.map((c: { collectedOn: string }) => c.collectedOn)).toEqual([
      `${DAY.slice(0, 7)}-01`,
      `${monthBefore(DAY, 3)}-10`,
      `${Y}-05-02`,
      `${Y}-01-20`,
      `${Y}-01-15`,
    ]);
    expect(d.lastCollections[0]).toMatchObject({
      wasteName: "Směsný komunální odpad",
      recordCount: 7,
      weightKg: "70.000",
    });
  });

  it("compares by quarter and by the number of records", async () => {
    const d = (await t.call("GET", url(M), { as: "admin", query: { year: Y, period: "quarter", measure: "count" } }))
      .body;
    expect(d.comparison).toEqual([
      { bucket: 1, current: "50", previous: "25" },
      { bucket: 2, current: "30", previous: "0" },
      { bucket: 3, current: "0", previous: "0" },
      { bucket: 4, current: "0", previous: "5" },
    ]);
  });

  it("refuses a year outside 2000–2100 and an unknown period with 422", async () => {
    const res = await t.call("GET", url(M), { as: "admin", query: { year: 1999, period: "week" } });
    expect(res.status).toBe(422);
    expect(res.body.errors.year).toEqual(["Zadejte rok 2000–2100."]);
    expect(Object.keys(res.body.errors).sort()).toEqual(["period", "year"]);
  });

  it("leaves out the widgets of areas the role may not read (a yard manager: yards only)", async () => {
    const d = await getDashboard(t.db, M, {}, new Set(["dashboard.aDetail", "yardReport.aDetail"]));
    expect(d.yards).toMatchObject({ visits: 1 });
    for (const widget of [
      "bins",
      "subjects",
      "feePayers",
      "evidenceMonths",
      "lastCollections",
      "composition",
      "topProducers",
      "comparison",
      "cost",
    ] as const)
      expect(d[widget], widget).toBeNull();
  });
});
