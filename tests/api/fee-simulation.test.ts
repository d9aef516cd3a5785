/**
 * Issue 14 part 7 (simulation): for a small known municipality, a simulation's result carries the change per payer in
 * ten equal bands between the smallest and the largest change (docs/fees.md 'Simulation') with exact counts, the
 * payers who pay more / the same / less, the income before and after and the balance against the year's
 * expenditures — and writes no fee and no fee line. The screens find their simulations by `purpose`, kept with the
 * parameters.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import {
  baseFeeSetting,
  discount,
  expenditure,
  fee,
  feeCalculation,
  feePayerDiscount,
  motivationActivation,
  motivationInterval,
  motivationProgramme,
  municipality,
} from "../../api/db/schema";
import { finishedCalculation, insertResident, setupApi, type TestApi } from "./helpers";
import { RAISED_EXAMPLE } from "./fee-simulation-example";

let t: TestApi;
let M: number;
let vs = 0;
const Y = 2025;
const url = (rest: string) => `/municipality/${M}/fee${rest}`;

async function newPayer(lastName: string, opts: { from?: string; to?: string; born?: string } = {}) {
  return insertResident(t.db, M, {
    lastName,
    variableSymbol: String(++vs),
    dateOfBirth: opts.born ?? null,
    activeFrom: opts.from ?? `${Y - 5}-01-01`,
    activeTo: opts.to ?? null,
  });
}

const finished = (id: number) => finishedCalculation(t, M, id);

const simulate = async (json: Record<string, unknown>) => {
  const res = await t.call("POST", url("/simulation"), { as: "admin", json: { year: Y, ...json } });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return finished(res.body.id);
};

/** The municipality's fees as stored (their lines are built from these rows when read, decision 0038). */
const stored = async () => ({
  fees: await t.db.select().from(fee).where(eq(fee.municipalityId, M)).orderBy(asc(fee.id)),
});

/** Ten bands from `bounds` (eleven texts) with their counts. */
const bands = (bounds: string[], counts: number[]) =>
  counts.map((count, k) => ({ from: bounds[k]!, to: bounds[k + 1]!, count }));

beforeAll(async () => {
  t = await setupApi();
  const [m] = await t.db.insert(municipality).values({ name: "Obec simulace", country: "CZ" }).returning();
  M = m!.id;
  await t.db.insert(baseFeeSetting).values({ municipalityId: M, year: Y, baseFee: "900", minFeePercent: "0" });
  // Six payers (docs/fees.md: months by month ends, fixed discounts, the minimum): at 900 CZK
  await newPayer("Celý rok A"); // 900
  await newPayer("Celý rok B"); // 900
  await newPayer("Od července", { from: `${Y}-07-15` }); // 6 months: 450
  await newPayer("Dítě", { born: `${Y - 5}-05-05` }); // 900 − 450 = 450
  const ztp = await newPayer("ZTP"); // 900 − 1,100 → 0
  await newPayer("Do března", { to: `${Y}-03-31` }); // 3 months: 225
  await t.db.insert(discount).values({
    municipalityId: M,
    name: "Děti",
    type: "Age",
    group: "Child",
    ageFrom: 0,
    ageUntil: 6,
    feeDiscount: "450",
  });
  const [other] = await t.db
    .insert(discount)
    .values({ municipalityId: M, name: "ZTP", type: "Other", group: "ZTP", feeDiscount: "1100" })
    .returning({ id: discount.id });
  await t.db.insert(feePayerDiscount).values({ feePayerId: ztp, discountId: other!.id });
  await t.db.insert(expenditure).values({
    municipalityId: M,
    processedOn: `${Y}-06-30`,
    type: "WasteCollection",
    source: "BinCollection",
    amount: "5000",
  });
  const run = await t.call("POST", url("/calculation"), { as: "admin", json: { year: Y } });
  expect(run.status).toBe(202);
  expect(await finished(run.body.id)).toMatchObject({ state: "Done", totalFinalFee: "2925.00" });
});
afterAll(() => t?.close());

describe("a simulation's change per payer (issue 14 part 7)", () => {
  it("a higher base fee with a minimum: exact counts per band, nothing written", async () => {
    const before = await stored();
    const calculations = await t.db.select().from(feeCalculation).where(eq(feeCalculation.municipalityId, M));
    const sim = await simulate({ baseFee: "1200", minFeePercent: "20", maxFeePercent: "", purpose: "BaseFee" });
    // At 1,200 with min 20 % (240): 1,200 (+300) twice, 600 (+150), 750 (+300), 240 (+240, raised), 300 (+75).
    expect(sim).toMatchObject({ state: "Done", kind: "Simulation", payerCount: 6, totalFinalFee: "4290.00" });
    expect(sim.parameters).toMatchObject({ baseFee: "1200", minFeePercent: "20", purpose: "BaseFee" });
    expect(sim.result).toEqual(RAISED_EXAMPLE);
    expect(await stored()).toEqual(before);
    const after = await t.db.select().from(feeCalculation).where(eq(feeCalculation.municipalityId, M));
    expect(after).toHaveLength(calculations.length + 1);
  });

  it("a lower base fee: decreases and the unchanged payer in their bands", async () => {
    const before = await stored();
    const sim = await simulate({ baseFee: "600", minFeePercent: "0", maxFeePercent: null, purpose: "BaseFee" });
    // 600 (−300) twice, 300 (−150), 150 (−300), 0 (unchanged), 150 (−75).
    expect(sim.result).toMatchObject({
      incomeAfter: "1800.00",
      incomeChange: "-1125.00",
      balance: "-3200.00",
      increased: 0,
      unchanged: 1,
      decreased: 5,
    });
    expect(sim.result.histogram).toEqual(
      bands(
        [
          "-300.00",
          "-270.00",
          "-240.00",
          "-210.00",
          "-180.00",
          "-150.00",
          "-120.00",
          "-90.00",
          "-60.00",
          "-30.00",
          "0.00",
        ],
        [3, 0, 0, 0, 0, 1, 0, 1, 0, 1],
      ),
    );
    expect(await stored()).toEqual(before);
  });

  it("a purpose other than the screens' is refused with 422", async () => {
    const res = await t.call("POST", url("/simulation"), {
      as: "admin",
      json: { year: Y, baseFee: "900", purpose: "Elsewhere" },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(["purpose"]);
  });

  it("the year's active programme, as a simulation takes it, is read with fee.aDetail", async () => {
    const none = await t.call("GET", url("/active-programme"), { as: "admin", query: { year: Y } });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ programme: null });
    const [p] = await t.db
      .insert(motivationProgramme)
      .values({ municipalityId: M, type: "SortRatio", discountDistribution: "Gradual" })
      .returning({ id: motivationProgramme.id });
    await t.db.insert(motivationInterval).values([
      { programmeId: p!.id, fromValue: "0", toValue: "50", discountPercent: "0" },
      { programmeId: p!.id, fromValue: "50", toValue: null, discountPercent: "10" },
    ]);
    await t.db.insert(motivationActivation).values({ municipalityId: M, programmeId: p!.id, year: Y });
    const active = await t.call("GET", url("/active-programme"), { as: "admin", query: { year: Y } });
    expect(active.body.programme).toMatchObject({
      type: "SortRatio",
      discountDistribution: "Gradual",
      intervals: [
        { fromValue: "0.000", toValue: "50.000", discountPercent: "0.00" },
        { fromValue: "50.000", toValue: null, discountPercent: "10.00" },
      ],
    });
    const other = await t.call("GET", url("/active-programme"), { as: "admin", query: { year: Y + 1 } });
    expect(other.body).toEqual({ programme: null });
  });
});
