/**
 * Issue 15 part 4 (docs/yards.md, migration 0028_yard_day_sums): the per-day sums the statistics read are kept by
 * triggers on every write of visits and their records — creating, editing (wastes changed, moved to another day and
 * yard), the paid flag, deleting a visit, statements writing many rows at once — and always equal a recomputation
 * from the raw rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addYardWaste, cashVisit, openYardBody, yardWasteBody } from "./yard-fixtures";
import { sql } from "drizzle-orm";
import { createdId, inDays, insertResident, setupApiWithIds, type TestApi } from "./helpers";
import { rowsOf } from "../../api/modules/subject/shared";

let t: TestApi;
let A: number;
const yards = (rest = "") => `/municipality/${A}/collection-yard${rest}`;
const visits = (rest = "") => `/municipality/${A}/yard-report${rest}`;

const yardBody = openYardBody;

/** Every kept sum and every sum recomputed from yard_report and yard_report_record, in one order, as text. */
async function keptAndRecomputed() {
  const q = async (text: string) =>
    (await rowsOf<Record<string, string>>(t.db, sql.raw(text))).map((r) => JSON.stringify(r));
  return {
    days: await q(`select yard_id, day::text, visits, weight_kg::text from yard_day_sum order by 1, 2`),
    daysRaw:
      await q(`select yard_id, report_date::text as day, count(*)::int as visits, sum(total_weight_kg)::numeric(16,3)::text as weight_kg
      from yard_report group by 1, 2 order by 1, 2`),
    wastes:
      await q(`select yard_id, day::text, yard_waste_id, records, weight_kg::text, fee_without_vat::text, vat::text, fee::text
      from yard_day_waste_sum order by 1, 2, 3`),
    wastesRaw: await q(`select r.yard_id, r.report_date::text as day, rr.yard_waste_id, count(*)::int as records,
      sum(rr.quantity_kg)::numeric(16,3)::text as weight_kg, sum(rr.fee_without_vat)::numeric(14,2)::text as fee_without_vat,
      sum(rr.vat)::numeric(14,2)::text as vat, sum(rr.fee)::numeric(14,2)::text as fee
      from yard_report r join yard_report_record rr on rr.yard_report_id = r.id group by 1, 2, 3 order by 1, 2, 3`),
    payers: await q(`select yard_id, year, fee_payer_id, visits, weight_kg::text, fee::text
      from yard_payer_year_sum order by 1, 2, 3`),
    payersRaw:
      await q(`select yard_id, extract(year from report_date)::smallint as year, fee_payer_id, count(*)::int as visits,
      sum(total_weight_kg)::numeric(16,3)::text as weight_kg, sum(fee)::numeric(14,2)::text as fee
      from yard_report group by 1, 2, 3 order by 1, 2, 3`),
  };
}

async function expectExact() {
  const s = await keptAndRecomputed();
  expect(s.days).toEqual(s.daysRaw);
  expect(s.wastes).toEqual(s.wastesRaw);
  expect(s.payers).toEqual(s.payersRaw);
  return s;
}

let north: number;
let south: number;
let bulkyN: number;
let glassN: number;
let bulkyS: number;
let payer: number;
let other: number;

type Records = { yardWasteId: number; quantity: string }[];
const visit = (reportDate: string, records: Records, yardId = north) =>
  t.call("POST", visits(), { as: "worker", json: cashVisit(payer, yardId, reportDate, records) });
/** The worker's edit of visit `id` (loaded at version 0): moved to the yard and day with these wastes. */
const editVisit = (id: number, yardId: number, reportDate: string, records: Records) =>
  t.call("PUT", visits(`/${id}`), {
    as: "worker",
    json: { ...cashVisit(payer, yardId, reportDate, records), version: 0 },
  });

beforeAll(async () => {
  ({ t, A } = await setupApiWithIds());
  north = createdId(await t.call("POST", yards(), { as: "manager", json: yardBody("Dvůr Sever") }));
  south = createdId(await t.call("POST", yards(), { as: "manager", json: yardBody("Dvůr Jih") }));
  const bulky = await yardWasteBody(t, "Objemný odpad", "21", [
    { fromKg: "0", toKg: "50", value: "0" },
    { fromKg: "50", value: "2.50" },
  ]);
  bulkyN = await addYardWaste(t, A, north, bulky);
  bulkyS = await addYardWaste(t, A, south, bulky);
  glassN = await addYardWaste(t, A, north, await yardWasteBody(t, "Sklo", 0, [{ fromKg: "0", value: "1" }]));
  payer = await insertResident(t.db, A, { lastName: "Dvořák" });
  other = await insertResident(t.db, A, { firstName: "Eva", lastName: "Malá" });
});
afterAll(() => t?.close());

describe("per-day sums of a yard's visits and wastes (kept on write)", () => {
  it("follow creating, editing, the paid flag and deleting visits exactly", async () => {
    const a = createdId(await visit(inDays(-1), [{ yardWasteId: bulkyN, quantity: "120.5" }]));
    const b = createdId(
      await visit(inDays(-1), [
        { yardWasteId: bulkyN, quantity: "30" },
        { yardWasteId: glassN, quantity: "4.25" },
      ]),
    );
    createdId(await visit(inDays(-3), [{ yardWasteId: glassN, quantity: "2" }]));
    const created = await expectExact();
    expect(created.days).toHaveLength(2);
    expect(JSON.parse(created.days[1]!)).toMatchObject({ yard_id: north, visits: 2, weight_kg: "154.750" });

    // Visit b: its wastes changed and moved to another day.
    const saved = await editVisit(b, north, inDays(-2), [{ yardWasteId: glassN, quantity: "7" }]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const edited = await expectExact();
    expect(edited.days).toHaveLength(3);

    // Visit a moved to the other yard with that yard's waste.
    const moved = await editVisit(a, south, inDays(-1), [{ yardWasteId: bulkyS, quantity: "60" }]);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const movedSums = await expectExact();
    expect(movedSums.days.map((d) => JSON.parse(d).yard_id)).toContain(south);

    // The paid flag does not change a sum; deleting a visit takes its day away.
    expect((await t.call("PATCH", visits(`/${a}/paid`), { as: "worker", json: { paid: "true" } })).status).toBe(200);
    await expectExact();
    expect((await t.call("DELETE", visits(`/${b}`), { as: "worker" })).status).toBe(204);
    const deleted = await expectExact();
    expect(deleted.days).toHaveLength(2);
  });

  it("follow a statement writing many visits at once and one deleting a whole yard's visits", async () => {
    for (let i = 0; i < 5; i++)
      createdId(await visit(inDays(-10 - (i % 2)), [{ yardWasteId: bulkyN, quantity: `${10 + i}` }]));
    // A statement updating several visits' weights at once (as a recalculation or an import would).
    await t.db.execute(sql`update yard_report set total_weight_kg = total_weight_kg + 1 where yard_id = ${north}`);
    await t.db.execute(sql`update yard_report_record set quantity_kg = quantity_kg + 1, fee = fee + 1`);
    await t.db.execute(sql`update yard_report set fee_payer_id = ${other}, fee = fee + 2
      where id = (select max(id) from yard_report where yard_id = ${north})`);
    await expectExact();
    await t.db.execute(sql`delete from yard_report where yard_id = ${south}`);
    const s = await expectExact();
    expect(s.days.every((d) => JSON.parse(d).yard_id === north)).toBe(true);
  });

  it("rank the top visitors by weight as numbers, from the per-year sums and from the visits alike", async () => {
    const west = createdId(await t.call("POST", yards(), { as: "manager", json: yardBody("Dvůr Západ") }));
    const glass = await addYardWaste(t, A, west, await yardWasteBody(t, "Sklo", 0, [{ fromKg: "0", value: "0" }]));
    const day = inDays(0);
    // As text "99.000" sorts above "100.000"; as kg it is below.
    for (const [feePayerId, quantity] of [
      [payer, "99"],
      [other, "100"],
    ] as const) {
      createdId(
        await t.call("POST", visits(), {
          as: "worker",
          json: cashVisit(feePayerId, west, day, [{ yardWasteId: glass, quantity }]),
        }),
      );
    }
    await expectExact();
    const top = async (query: Record<string, string>) => {
      const res = await t.call(
        "GET",
        yards(`/${west}/statistics?${new URLSearchParams({ topBy: "weight", ...query })}`),
        {
          as: "worker",
        },
      );
      expect(res.status).toBe(200);
      return res.body.topVisitors.map((v: { feePayerId: number; weightKg: string }) => [v.feePayerId, v.weightKg]);
    };
    const expected = [
      [other, "100.000"],
      [payer, "99.000"],
    ];
    expect(await top({})).toEqual(expected); // this year so far: the per-year sums
    expect(await top({ dateFrom: day, dateTo: day })).toEqual(expected); // a day: summed from the visits
  });
});
