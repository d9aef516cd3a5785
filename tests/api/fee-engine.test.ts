/**
 * The fee engine (issue 14 parts 1, 7 and 9): the worked examples of docs/fees.md with their exact amounts —
 * proration by month ends, a payer who moved, age discount bounds, an Other discount, min/max bounds, rounding to
 * CZK and to EUR cents, every programme and every discount distribution — and the run itself: a background job on
 * the 'fee-calculation' queue (as a running server has it), idempotent, keeping `paid`, a simulation that writes no
 * fee, and a year without a base fee that fails with its Czech message. Each example has its own municipality, so
 * its totals are exact. Permissions and tenancy of the calls are walked by route-walk.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import {
  baseFeeSetting,
  binType,
  discount,
  expenditure,
  fee,
  feeCalculation,
  feePayer,
  feePayerDiscount,
  motivationActivation,
  motivationCustomDiscount,
  motivationInterval,
  motivationProgramme,
  municipality,
  subject,
  subjectFeePayer,
  wasteEvidenceHeader,
  wasteEvidenceRecord,
  wasteType,
} from "../../api/db/schema";
import { requeueLostCalculations } from "../../api/modules/fee-calculation/run";
import { rescueLostFeeCalculations } from "../../api/jobs/fee-calculation";
import { today } from "../../api/modules/subject/membership";
import { finishedCalculation, insertResident, setupApiWithIds, type TestApi } from "./helpers";

let t: TestApi;
let A: number;
let B: number;
beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
afterAll(() => t?.close());

const Y = 2025;
const CURRENT = Number(today().slice(0, 4));
const feeUrl = (m: number, rest = "") => `/municipality/${m}/fee${rest}`;

let seq = 0;
/** A municipality of the example's own, with a base fee for the year (unless `baseFee` is null). */
async function town(opts: { baseFee?: string | null; min?: string; max?: string | null; country?: "CZ" | "SK"; year?: number } = {}) {
  const [m] = await t.db
    .insert(municipality)
    .values({ name: `Obec ${++seq}`, country: opts.country ?? "CZ" })
    .returning({ id: municipality.id });
  if (opts.baseFee !== null)
    await t.db.insert(baseFeeSetting).values({
      municipalityId: m!.id,
      year: opts.year ?? Y,
      baseFee: opts.baseFee ?? "900",
      minFeePercent: opts.min ?? "0",
      maxFeePercent: opts.max ?? null,
    });
  return m!.id;
}

async function place(M: number, values: Partial<typeof subject.$inferInsert> = {}) {
  const [s] = await t.db
    .insert(subject)
    .values({ municipalityId: M, type: "House", name: `Dům ${++seq}`, ...values })
    .returning({ id: subject.id });
  return s!.id;
}

/** A payer active from `from` (to `to`), member of `subjectId` over the same days unless memberships are given. */
async function payer(
  M: number,
  opts: {
    from?: string;
    to?: string | null;
    born?: string | null;
    subjectId?: number;
    memberships?: { subjectId: number; from: string; to?: string | null }[];
  } = {},
) {
  const from = opts.from ?? `${Y - 5}-01-01`;
  const payer = await insertResident(t.db, M, {
    lastName: `Plátce ${++seq}`,
    variableSymbol: String(seq),
    dateOfBirth: opts.born ?? null,
    activeFrom: from,
    activeTo: opts.to ?? null,
  });
  const memberships = opts.memberships ?? (opts.subjectId ? [{ subjectId: opts.subjectId, from, to: opts.to }] : []);
  for (const ms of memberships)
    await t.db.insert(subjectFeePayer).values({
      municipalityId: M,
      subjectId: ms.subjectId,
      feePayerId: payer,
      validFrom: ms.from,
      validTo: ms.to ?? null,
    });
  return payer;
}

async function ageDiscount(M: number, name: string, from: number | null, until: number | null, amount: string) {
  const [d] = await t.db
    .insert(discount)
    .values({ municipalityId: M, name, type: "Age", group: "Child", ageFrom: from, ageUntil: until, feeDiscount: amount })
    .returning({ id: discount.id });
  return d!.id;
}

async function otherDiscount(M: number, name: string, amount: string, payers: number[]) {
  const [d] = await t.db
    .insert(discount)
    .values({ municipalityId: M, name, type: "Other", group: name, feeDiscount: amount })
    .returning({ id: discount.id });
  for (const p of payers) await t.db.insert(feePayerDiscount).values({ feePayerId: p, discountId: d!.id });
  return d!.id;
}

/** The municipality's waste types (mixed 200301, paper sorted) and a 120 l bin type. */
async function wastes(M: number) {
  const [mixed] = await t.db
    .insert(wasteType)
    .values({ municipalityId: M, name: "Směsný komunální odpad", catalogCode: "200301", sorted: false })
    .returning({ id: wasteType.id });
  const [paper] = await t.db
    .insert(wasteType)
    .values({ municipalityId: M, name: "Papír", catalogCode: "200101", sorted: true })
    .returning({ id: wasteType.id });
  const [bt] = await t.db
    .insert(binType)
    .values({ municipalityId: M, name: "Popelnice 120 l", category: "Bin", capacity: 120 })
    .returning({ id: binType.id });
  return { mixed: mixed!.id, paper: paper!.id, bin120: bt!.id };
}

/** A bin of the subject (assigned header) of the given waste. */
async function binOf(M: number, subjectId: number, binTypeId: number, wasteTypeId: number) {
  const code = `FE${++seq}`;
  const [h] = await t.db
    .insert(wasteEvidenceHeader)
    .values({ municipalityId: M, barcode: code, plainCode: code, binTypeId, wasteTypeId, subjectId, state: "Assigned" })
    .returning({ id: wasteEvidenceHeader.id });
  return h!.id;
}

/** `count` emptyings of the bin in the year, each weighing `kg` (the acknowledged weight). */
async function emptied(M: number, subjectId: number, headerId: number, wasteTypeId: number, count: number, kg: string) {
  const rows = Array.from({ length: count }, (_, i) => ({
    municipalityId: M,
    subjectId,
    headerId,
    wasteTypeId,
    collectedAt: new Date(Date.UTC(Y, i % 12, 1 + Math.floor(i / 12), 6, 0, 0)),
    acknowledgedWeightKg: kg,
    origin: "Manual",
  }));
  await t.db.insert(wasteEvidenceRecord).values(rows);
}

async function programme(
  M: number,
  values: Partial<typeof motivationProgramme.$inferInsert> & { type: string },
  intervals: [string, string | null, string][] = [],
  year = Y,
) {
  const [p] = await t.db
    .insert(motivationProgramme)
    .values({ municipalityId: M, ...values })
    .returning({ id: motivationProgramme.id });
  for (const [fromValue, toValue, discountPercent] of intervals)
    await t.db.insert(motivationInterval).values({ programmeId: p!.id, fromValue, toValue, discountPercent });
  await t.db.insert(motivationActivation).values({ municipalityId: M, programmeId: p!.id, year });
  return p!.id;
}

/** POST recalculate, then the finished calculation (the worker of the test's queue runs it). */
async function calculate(M: number, year = Y) {
  const res = await t.call("POST", feeUrl(M, "/calculation"), { as: "admin", json: { year } });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return finished(M, res.body.id);
}

const finished = (M: number, id: number) => finishedCalculation(t, M, id);

/** The year's fee of a payer at a subject (null subject: none). */
async function feeOf(M: number, payerId: number, subjectId: number | null = null, year = Y) {
  const rows = await t.db
    .select()
    .from(fee)
    .where(
      and(
        eq(fee.municipalityId, M),
        eq(fee.year, year),
        eq(fee.feePayerId, payerId),
        subjectId === null ? sql`${fee.subjectId} is null` : eq(fee.subjectId, subjectId),
      ),
    );
  expect(rows, `one fee of payer ${payerId} at ${subjectId}`).toHaveLength(1);
  return rows[0]!;
}

const money = (f: typeof fee.$inferSelect) => ({
  baseFee: f.baseFee,
  binFee: f.binFee,
  motivationFee: f.motivationFee,
  motivationDiscount: f.motivationDiscount,
  totalFee: f.totalFee,
  totalDiscount: f.totalDiscount,
  finalFee: f.finalFee,
});

async function lines(M: number, feeId: number) {
  const res = await t.call("GET", feeUrl(M, `/${feeId}/explanation`), { as: "admin" });
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.lines as { type: string }[]).map((l) => [l.type, l]));
}

describe("proration, moves and fixed discounts (docs/fees.md examples 1–3)", () => {
  it("a payer active from 15 March pays 10 months; one who left on 30 June 6 months, on 29 June 5", async () => {
    const M = await town();
    const s = await place(M);
    const march = await payer(M, { from: `${Y}-03-15`, subjectId: s });
    const june30 = await payer(M, { to: `${Y}-06-30`, subjectId: s });
    const june29 = await payer(M, { to: `${Y}-06-29`, subjectId: s });
    const done = await calculate(M);
    expect(done).toMatchObject({ state: "Done", payerCount: 3, totalFinalFee: "1575.00", progress: 100 });
    expect(money(await feeOf(M, march, s))).toMatchObject({ baseFee: "750.00", finalFee: "750.00" });
    expect((await feeOf(M, june30, s)).finalFee).toBe("450.00");
    expect((await feeOf(M, june29, s)).finalFee).toBe("375.00");
    const l = await lines(M, (await feeOf(M, march, s)).id);
    expect(l.BaseFee).toMatchObject({ amount: "750.00", quantity: "10.000", unit: "months", rate: "900.0000" });
    // Only the components that apply have a line (decision 0035): no programme, no fixed discount.
    expect(Object.keys(l).sort()).toEqual(["BaseFee", "TotalFee"]);
  });

  it("a payer who moved on 30 April has a fee at each subject for its months; one without a subject has it too", async () => {
    const M = await town();
    const s1 = await place(M);
    const s2 = await place(M);
    const mover = await payer(M, {
      memberships: [
        { subjectId: s1, from: `${Y - 3}-01-01`, to: `${Y}-04-29` },
        { subjectId: s2, from: `${Y}-04-30` },
      ],
    });
    const homeless = await payer(M);
    await calculate(M);
    expect((await feeOf(M, mover, s1)).baseFee).toBe("225.00");
    expect((await feeOf(M, mover, s2)).baseFee).toBe("675.00");
    expect((await feeOf(M, homeless, null)).finalFee).toBe("900.00");
  });

  it("age discounts by the age reached in the year, both bounds inclusive; an Other discount; names recorded", async () => {
    const M = await town();
    const s = await place(M);
    await ageDiscount(M, "Děti", 0, 6, "450");
    await ageDiscount(M, "Senioři", 70, null, "300");
    const six = await payer(M, { born: `${Y - 6}-12-31`, from: `${Y}-03-15`, subjectId: s });
    const seven = await payer(M, { born: `${Y - 7}-01-01`, subjectId: s });
    const seventy = await payer(M, { born: `${Y - 70}-06-01`, subjectId: s });
    const sixtyNine = await payer(M, { born: `${Y - 69}-01-01`, subjectId: s });
    await otherDiscount(M, "ZTP", "200", [seventy]);
    await calculate(M);
    expect(money(await feeOf(M, six, s))).toMatchObject({ baseFee: "750.00", totalDiscount: "375.00", finalFee: "375.00" });
    expect((await feeOf(M, six, s)).fixedDiscountNames).toBe("Děti");
    expect((await feeOf(M, seven, s)).finalFee).toBe("900.00");
    const senior = await feeOf(M, seventy, s);
    expect(money(senior)).toMatchObject({ totalDiscount: "500.00", finalFee: "400.00" });
    expect(senior.fixedDiscountNames).toBe("Senioři, ZTP");
    expect((await lines(M, senior.id)).FixedDiscount).toMatchObject({
      amount: "500.00",
      rate: "500.0000",
      note: "Senioři, ZTP",
    });
    expect((await feeOf(M, sixtyNine, s)).finalFee).toBe("900.00");
  });
});

describe("bounds and rounding (docs/fees.md example 4)", () => {
  it("the minimum holds a fee at 20 % of BaseFee; never below zero", async () => {
    const M = await town({ min: "20" });
    const s = await place(M);
    const p = await payer(M, { born: `${Y - 3}-05-05`, subjectId: s });
    await ageDiscount(M, "Děti", 0, 6, "450");
    await otherDiscount(M, "Sleva obce", "600", [p]);
    await calculate(M);
    const f = await feeOf(M, p, s);
    expect(money(f)).toMatchObject({ totalFee: "900.00", totalDiscount: "1050.00", finalFee: "180.00" });
    expect((await lines(M, f.id)).TotalFee).toMatchObject({ note: "Min", percent: "20.00" });

    const zero = await town();
    const z = await payer(zero);
    await otherDiscount(zero, "Osvobození", "1000", [z]);
    await calculate(zero);
    expect((await feeOf(zero, z)).finalFee).toBe("0.00");
  });

  it("CZK rounds the final fee to whole crowns half up; EUR keeps cents", async () => {
    const cz = await town({ baseFee: "20" });
    const czPayer = await payer(cz, { from: `${Y}-06-01` });
    const half = await town({ baseFee: "900" });
    const halfPayer = await payer(half, { from: `${Y}-12-01` });
    await otherDiscount(half, "Drobná sleva", "6", [halfPayer]);
    const sk = await town({ baseFee: "20", country: "SK" });
    const skPayer = await payer(sk, { from: `${Y}-06-01` });
    await Promise.all([calculate(cz), calculate(half), calculate(sk)]);
    // 20 × 7 / 12 = 11.666… → 11.67 → 12 CZK; 11.67 EUR.
    expect(money(await feeOf(cz, czPayer))).toMatchObject({ baseFee: "11.67", finalFee: "12.00" });
    expect(money(await feeOf(sk, skPayer))).toMatchObject({ baseFee: "11.67", finalFee: "11.67" });
    // 900 / 12 = 75.00, minus 6 / 12 = 0.50 → 74.50 → 75 CZK.
    expect(money(await feeOf(half, halfPayer))).toMatchObject({ totalDiscount: "0.50", finalFee: "75.00" });
  });
});

describe("motivation programmes and distributions (docs/fees.md examples 5–9)", () => {
  const SORT_INTERVALS: [string, string | null, string][] = [
    ["0", "20", "0"],
    ["20", "50", "10"],
    ["50", null, "20"],
  ];
  /** A subject sorting 40 % (mixed 60 kg, paper 40 kg) with one payer all year and one until 30 June. */
  async function sortingTown(distribution: string) {
    const M = await town();
    const w = await wastes(M);
    const s = await place(M);
    const whole = await payer(M, { subjectId: s });
    const half = await payer(M, { to: `${Y}-06-30`, subjectId: s });
    const bin = await binOf(M, s, w.bin120, w.mixed);
    const paperBin = await binOf(M, s, w.bin120, w.paper);
    await emptied(M, s, bin, w.mixed, 6, "10");
    await emptied(M, s, paperBin, w.paper, 4, "10");
    const prog = await programme(M, { type: "SortRatio", discountDistribution: distribution }, [
      ...SORT_INTERVALS,
    ]);
    return { M, s, whole, half, prog };
  }

  it("SortRatio, Legacy: 40 % sorted lies in (20, 50] → 10 % of BaseFee", async () => {
    const { M, s, whole, half } = await sortingTown("Legacy");
    await calculate(M);
    const f = await feeOf(M, whole, s);
    expect(money(f)).toMatchObject({ motivationDiscount: "90.00", finalFee: "810.00" });
    expect(f.sortRatio).toBe("40.00");
    expect((await feeOf(M, half, s)).finalFee).toBe("405.00");
    expect((await lines(M, f.id)).MotivationDiscount).toMatchObject({
      amount: "90.00",
      quantity: "40.000",
      unit: "%",
      percent: "10.00",
      note: "SortRatio:Legacy",
    });
    // One discount applies: its line is the total (no TotalDiscount line); with a fixed discount too, TotalDiscount
    // sums both (decision 0035).
    expect((await lines(M, f.id)).TotalDiscount).toBeUndefined();
    await otherDiscount(M, "ZTP", "100", [whole]);
    await calculate(M);
    const both = await lines(M, f.id);
    expect(both.FixedDiscount).toMatchObject({ amount: "100.00" });
    expect(both.TotalDiscount).toMatchObject({ amount: "190.00" });
    expect((await feeOf(M, whole, s)).finalFee).toBe("710.00");
  });

  it("SortRatio, Gradual: from 0 % at 20 to 10 % at 50 → 6.67 % at 40", async () => {
    const { M, s, whole } = await sortingTown("Gradual");
    await calculate(M);
    // 900 × 6.67 % = 60.03; 900 − 60.03 = 839.97 → 840 CZK.
    expect(money(await feeOf(M, whole, s))).toMatchObject({ motivationDiscount: "60.03", finalFee: "840.00" });
  });

  it("SortRatio, MembershipBased: 10 % × 900 once for the subject, shared 12 : 6 by months", async () => {
    const { M, s, whole, half } = await sortingTown("MembershipBased");
    await calculate(M);
    expect(money(await feeOf(M, whole, s))).toMatchObject({ motivationDiscount: "60.00", finalFee: "840.00" });
    expect(money(await feeOf(M, half, s))).toMatchObject({ motivationDiscount: "30.00", finalFee: "420.00" });
  });

  it("SortRatio, Custom: the subject's own percent", async () => {
    const { M, s, whole, prog } = await sortingTown("Custom");
    await t.db.insert(motivationCustomDiscount).values({ programmeId: prog, subjectId: s, year: Y, discountPercent: "25" });
    await calculate(M);
    expect(money(await feeOf(M, whole, s))).toMatchObject({ motivationDiscount: "225.00", finalFee: "675.00" });
  });

  /** Two payers all year (2 member-years) and 300 kg of mixed waste: 150 kg per person. */
  async function italianTown(distribution: string) {
    const M = await town();
    const w = await wastes(M);
    const s = await place(M);
    const a = await payer(M, { subjectId: s });
    const b = await payer(M, { subjectId: s });
    const bin = await binOf(M, s, w.bin120, w.mixed);
    await emptied(M, s, bin, w.mixed, 12, "25");
    await programme(M, { type: "ItalianWeight", discountDistribution: distribution }, [
      ["0", "100", "20"],
      ["100", "200", "10"],
      ["200", null, "0"],
    ]);
    return { M, s, a, b };
  }

  it("ItalianWeight, Legacy: 150 kg per person → 10 %", async () => {
    const { M, s, a, b } = await italianTown("Legacy");
    await calculate(M);
    for (const p of [a, b]) expect(money(await feeOf(M, p, s))).toMatchObject({ motivationDiscount: "90.00", finalFee: "810.00" });
    expect((await lines(M, (await feeOf(M, a, s)).id)).MotivationDiscount).toMatchObject({
      quantity: "150.000",
      unit: "kg/person",
    });
  });

  it("ItalianWeight, Gradual: from 20 % at 100 kg to 10 % at 200 kg → 15 % at 150 kg", async () => {
    const { M, s, a } = await italianTown("Gradual");
    await calculate(M);
    expect(money(await feeOf(M, a, s))).toMatchObject({ motivationDiscount: "135.00", finalFee: "765.00" });
  });

  it("PayAsDisposed by volume: MotivationFee on the payer's litres, raised to the minimum per person and month", async () => {
    const M = await town();
    const w = await wastes(M);
    const busy = await place(M);
    const quiet = await place(M);
    const p1 = await payer(M, { subjectId: busy });
    const p2 = await payer(M, { subjectId: quiet });
    await emptied(M, busy, await binOf(M, busy, w.bin120, w.mixed), w.mixed, 20, "8");
    await emptied(M, quiet, await binOf(M, quiet, w.bin120, w.mixed), w.mixed, 2, "8");
    await programme(M, { type: "PayAsDisposed", unit: "l", feePerUnit: "0.05", minimalUnitPerPeriod: "30" });
    await calculate(M);
    // 20 × 120 l = 2,400 l × 0.05 = 120; 2 × 120 = 240 l is below 30 l × 12 months = 360 l → 360 × 0.05 = 18.
    expect(money(await feeOf(M, p1, busy))).toMatchObject({ motivationFee: "120.00", totalFee: "1020.00", finalFee: "1020.00" });
    expect(money(await feeOf(M, p2, quiet))).toMatchObject({ motivationFee: "18.00", finalFee: "918.00" });
    const l = await lines(M, (await feeOf(M, p1, busy)).id);
    expect(l.MotivationFee).toMatchObject({ quantity: "2400.000", unit: "l", rate: "0.0500", note: null });
  });

  it("PayAsDisposed by weight: the minimum raises a light payer's kilograms", async () => {
    const M = await town();
    const w = await wastes(M);
    const s = await place(M);
    const p = await payer(M, { subjectId: s });
    await emptied(M, s, await binOf(M, s, w.bin120, w.mixed), w.mixed, 4, "5");
    await programme(M, { type: "PayAsDisposed", unit: "kg", feePerUnit: "2", minimalUnitPerPeriod: "3" });
    await calculate(M);
    // 4 × 5 = 20 kg < 3 kg × 12 = 36 kg → 36 × 2 = 72.
    const f = await feeOf(M, p, s);
    expect(money(f)).toMatchObject({ motivationFee: "72.00", finalFee: "972.00" });
    expect((await lines(M, f.id)).MotivationFee).toMatchObject({ quantity: "36.000", unit: "kg", note: "Minimum" });
  });

  it("PayAsDisposed with bin volume: BinFee shared by months; ordered dispose counts; the maximum bound", async () => {
    const M = await town();
    const w = await wastes(M);
    const s = await place(M);
    const a = await payer(M, { subjectId: s });
    const b = await payer(M, { subjectId: s });
    await emptied(M, s, await binOf(M, s, w.bin120, w.mixed), w.mixed, 20, "8");
    const prog = await programme(M, { type: "PayAsDisposed", unit: "l", feePerUnit: "0.10", useBinVolume: true });
    await calculate(M);
    // 2,400 l × 0.10 = 240, half each.
    expect(money(await feeOf(M, a, s))).toMatchObject({ binFee: "120.00", totalFee: "1020.00", finalFee: "1020.00" });
    expect((await feeOf(M, b, s)).binFee).toBe("120.00");
    expect((await lines(M, (await feeOf(M, a, s)).id)).BinFee).toMatchObject({ quantity: "1200.000", note: "Disposals" });

    // Ordered: 52 emptyings of the one 120 l bin = 6,240 l × 0.10 = 624, 312 each; bounded to 120 % of 900 = 1,080.
    await t.db
      .update(motivationProgramme)
      .set({ useOrderedDisposeCount: true, orderedDisposeCount: 52 })
      .where(eq(motivationProgramme.id, prog));
    await t.db.update(baseFeeSetting).set({ maxFeePercent: "120" }).where(eq(baseFeeSetting.municipalityId, M));
    await calculate(M);
    const f = await feeOf(M, a, s);
    expect(money(f)).toMatchObject({ binFee: "312.00", totalFee: "1212.00", finalFee: "1080.00" });
    expect(f.orderedDisposeCount).toBe(52);
    expect((await lines(M, f.id)).TotalFee).toMatchObject({ note: "Max", percent: "120.00" });
  });
});

describe("the run", () => {
  it("is idempotent: a second run changes no row, a changed base fee updates in place and keeps paid", async () => {
    const M = await town();
    const s = await place(M);
    const p1 = await payer(M, { subjectId: s });
    const p2 = await payer(M, { from: `${Y}-03-15`, subjectId: s });
    await ageDiscount(M, "Děti", 0, 18, "100");
    await calculate(M);
    const snapshot = async () => ({
      fees: await t.db.select().from(fee).where(eq(fee.municipalityId, M)).orderBy(asc(fee.id)),
    });
    const first = await snapshot();
    expect(first.fees).toHaveLength(2);
    // BaseFee and TotalFee each: no programme, nobody of the discount's age.
    expect(first.fees.map((f) => f.lines.map((l) => l.type))).toEqual([
      ["BaseFee", "TotalFee"],
      ["BaseFee", "TotalFee"],
    ]);
    await calculate(M);
    expect(await snapshot()).toEqual(first);

    const paidFee = await feeOf(M, p1, s);
    await t.db.update(fee).set({ paid: true }).where(eq(fee.id, paidFee.id));
    const [setting] = await t.db.select().from(baseFeeSetting).where(eq(baseFeeSetting.municipalityId, M));
    const put = await t.call("PUT", feeUrl(M, "/base-fee"), {
      as: "admin",
      json: { year: Y, baseFee: "1200", minFeePercent: "0", maxFeePercent: "", version: setting!.version },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.version).toBe(setting!.version + 1);
    const run = await finished(M, put.body.calculationId);
    expect(run).toMatchObject({ state: "Done", reason: "BaseFee" });
    const after = await feeOf(M, p1, s);
    expect(after).toMatchObject({ id: paidFee.id, paid: true, baseFee: "1200.00", finalFee: "1200.00" });
    expect((await feeOf(M, p2, s)).baseFee).toBe("1000.00");
    // The changed fee's lines follow, with the fee row (decision 0037).
    const l = await lines(M, paidFee.id);
    expect(l.BaseFee).toMatchObject({ amount: "1200.00", rate: "1200.0000" });
    expect(l.TotalFee).toMatchObject({ amount: "1200.00" });

    // A discount assigned: its lines are added to the fee; taken away: they go.
    const ztp = await otherDiscount(M, "ZTP", "200", [p1]);
    await calculate(M);
    const withDiscount = await lines(M, paidFee.id);
    // One discount applies: its line is the total, so no TotalDiscount line (decision 0035); the fee row has the total.
    expect(Object.keys(withDiscount).sort()).toEqual(["BaseFee", "FixedDiscount", "TotalFee"]);
    expect(withDiscount.FixedDiscount).toMatchObject({ amount: "200.00", rate: "200.0000", note: "ZTP" });
    expect(await feeOf(M, p1, s)).toMatchObject({ totalDiscount: "200.00", finalFee: "1000.00" });
    await t.db.delete(feePayerDiscount).where(eq(feePayerDiscount.discountId, ztp));
    await calculate(M);
    expect(Object.keys(await lines(M, paidFee.id)).sort()).toEqual(["BaseFee", "TotalFee"]);

    // A payer gone from the year loses the year's fee.
    await t.db.update(feePayer).set({ activeTo: `${Y - 1}-12-31` }).where(eq(feePayer.id, p2));
    await t.db.update(subjectFeePayer).set({ validTo: `${Y - 1}-12-31` }).where(eq(subjectFeePayer.feePayerId, p2));
    expect(await calculate(M)).toMatchObject({ payerCount: 1, totalFinalFee: "1200.00" });
    expect(await t.db.select().from(fee).where(eq(fee.municipalityId, M))).toHaveLength(1);
  });

  it("the current year sets the payer's final fee and the subject's total", async () => {
    const M = await town({ year: CURRENT });
    const s = await place(M);
    const p = await payer(M, { from: `${CURRENT - 2}-01-01`, subjectId: s });
    await payer(M, { from: `${CURRENT - 2}-01-01`, subjectId: s });
    await calculate(M, CURRENT);
    const [payerRow] = await t.db.select().from(feePayer).where(eq(feePayer.id, p));
    expect(payerRow!.finalFee).toBe("900.00");
    const [subjectRow] = await t.db.select().from(subject).where(eq(subject.id, s));
    expect(subjectRow!.totalFee).toBe("1800.00");
  });

  it("a year without a base fee fails with the Czech message", async () => {
    const M = await town({ baseFee: null });
    await payer(M);
    const done = await calculate(M);
    expect(done).toMatchObject({ state: "Failed", error: `Základní poplatek pro rok ${Y} není nastaven.` });
    const list = await t.call("GET", feeUrl(M, "/calculation"), { as: "admin", query: { year: Y } });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ pending: null, lastDone: null });
    expect(list.body.items[0]).toMatchObject({ id: done.id, state: "Failed" });
  });

  it("a simulation answers its figures and writes no fee", async () => {
    const M = await town();
    const w = await wastes(M);
    const s = await place(M);
    await payer(M, { subjectId: s });
    await payer(M, { to: `${Y}-06-30`, subjectId: s });
    await emptied(M, s, await binOf(M, s, w.bin120, w.mixed), w.mixed, 6, "10");
    await emptied(M, s, await binOf(M, s, w.bin120, w.paper), w.paper, 4, "10");
    await t.db.insert(expenditure).values([
      { municipalityId: M, processedOn: `${Y}-03-31`, type: "WasteCollection", source: "BinCollection", amount: "1000.50" },
      { municipalityId: M, processedOn: `${Y + 1}-01-01`, type: "WasteCollection", source: "BinCollection", amount: "99" },
    ]);
    const done = await calculate(M);
    expect(done.totalFinalFee).toBe("1350.00");
    const before = await t.db.select().from(fee).where(eq(fee.municipalityId, M)).orderBy(asc(fee.id));

    const res = await t.call("POST", feeUrl(M, "/simulation"), {
      as: "admin",
      json: {
        year: Y,
        baseFee: "1000",
        minFeePercent: "0",
        maxFeePercent: null,
        programme: {
          type: "SortRatio",
          discountDistribution: "Legacy",
          intervals: [
            { fromValue: "0", toValue: "20", discountPercent: "0" },
            { fromValue: "20", toValue: null, discountPercent: "10" },
          ],
        },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const sim = await finished(M, res.body.id);
    // a: 1000 − 10 % = 900; b: 500 − 50 = 450.
    expect(sim).toMatchObject({ state: "Done", kind: "Simulation", payerCount: 2, totalFinalFee: "1350.00" });
    expect(sim.result).toMatchObject({
      currency: "CZK",
      payerCount: 2,
      incomeBefore: "1350.00",
      incomeAfter: "1350.00",
      incomeChange: "0.00",
      expenditures: "1000.50",
      balance: "349.50",
      increased: 0,
      decreased: 0,
      unchanged: 2,
    });
    expect(sim.result.histogram).toEqual([{ from: "0.00", to: "0.00", count: 2 }]);
    expect(await t.db.select().from(fee).where(eq(fee.municipalityId, M)).orderBy(asc(fee.id))).toEqual(before);

    const raise = await t.call("POST", feeUrl(M, "/simulation"), {
      as: "admin",
      json: { year: Y, baseFee: "1200", minFeePercent: "0", maxFeePercent: null, programme: null },
    });
    const sim2 = await finished(M, raise.body.id);
    // a: 1200 (+300), b: 600 (+150).
    expect(sim2.result).toMatchObject({ incomeAfter: "1800.00", incomeChange: "450.00", increased: 2 });
    expect(sim2.result.histogram).toHaveLength(10);
    expect(sim2.result.histogram[0]).toMatchObject({ from: "150.00", to: "165.00", count: 1 });
    expect(sim2.result.histogram[9]).toMatchObject({ from: "285.00", to: "300.00", count: 1 });
  });

  it("the base fee calls: read, 422 with Czech messages, 409 on a stale version, tenancy; the log shows one running", async () => {
    const get = await t.call("GET", feeUrl(A, "/base-fee"), { as: "manager", query: { year: Y } });
    expect(get.status).toBe(200);
    expect(get.body).toEqual({ setting: null, currency: "CZK" });
    const bad = await t.call("PUT", feeUrl(A, "/base-fee"), {
      as: "manager",
      json: { year: Y, baseFee: "-5", minFeePercent: "50", maxFeePercent: "10", version: 0 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      baseFee: ["Zadejte částku jako nezáporné číslo (nejvýše 2 desetinná místa)."],
    });
    const badMax = await t.call("PUT", feeUrl(A, "/base-fee"), {
      as: "manager",
      json: { year: Y, baseFee: "900", minFeePercent: "50", maxFeePercent: "10", version: 0 },
    });
    expect(badMax.body.errors).toMatchObject({ maxFeePercent: ["Maximum nesmí být menší než minimum."] });
    const ok = await t.call("PUT", feeUrl(A, "/base-fee"), {
      as: "manager",
      json: { year: Y, baseFee: "900", minFeePercent: "", maxFeePercent: "", version: 0 },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.version).toBe(0);
    const edit = await t.call("PUT", feeUrl(A, "/base-fee"), {
      as: "manager",
      json: { year: Y, baseFee: "900,50", minFeePercent: "", maxFeePercent: "150", version: 0 },
    });
    expect(edit.body.version).toBe(1);
    const again = await t.call("PUT", feeUrl(A, "/base-fee"), {
      as: "manager",
      json: { year: Y, baseFee: "800", minFeePercent: "0", maxFeePercent: "", version: 0 },
    });
    expect(again.status).toBe(409);
    expect((await t.call("GET", feeUrl(A, "/base-fee"), { as: "worker", query: { year: Y } })).body.setting).toMatchObject({
      baseFee: "900.50",
      minFeePercent: "0.00",
      maxFeePercent: "150.00",
      version: 1,
    });
    expect((await t.call("PUT", feeUrl(A, "/base-fee"), { as: "worker", json: {} })).status).toBe(403);
    expect((await t.call("GET", feeUrl(B, "/base-fee"), { as: "manager", query: { year: Y } })).status).toBe(404);
    const sk = await t.call("GET", feeUrl(B, "/base-fee"), { as: "managerB", query: { year: Y } });
    expect(sk.body.currency).toBe("EUR");

    // A queued calculation (no worker took it yet) is what the screens call 'running'; a second request joins it.
    const [queued] = await t.db
      .insert(feeCalculation)
      .values({ municipalityId: B, year: Y, reason: "Recalculate" })
      .returning({ id: feeCalculation.id });
    const joined = await t.call("POST", feeUrl(B, "/calculation"), { as: "managerB", json: { year: Y } });
    expect(joined.body.id).toBe(queued!.id);
    const log = await t.call("GET", feeUrl(B, "/calculation"), { as: "managerB", query: { year: Y } });
    expect(log.body.pending).toMatchObject({ id: queued!.id, state: "Queued" });
    // Its job (requestFeeCalculation sends one with the row; this row was made by hand): B has no base fee.
    await t.jobs.send("fee-calculation", { feeCalculationId: queued!.id });
    expect(await finished(B, queued!.id)).toMatchObject({ state: "Failed" });
    expect((await t.call("GET", feeUrl(A, `/calculation/${queued!.id}`), { as: "admin" })).status).toBe(404);
  });

  it("fees keep their references without foreign keys (decision 0035): deletions as the keys did them", async () => {
    const M = await town();
    const [s1, s2] = [await place(M), await place(M)];
    const p1 = await payer(M, { subjectId: s1 });
    const p2 = await payer(M, { subjectId: s2 });
    const lonely = await payer(M);
    await calculate(M);
    const count = async (q: ReturnType<typeof sql>) =>
      ((await t.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0];
    const linesOf = (m: number) =>
      count(sql`select coalesce(sum(json_array_length(lines)), 0)::int as n from fee where municipality_id = ${m}`);
    // Every reference the run wrote exists and is the municipality's.
    const refs = await count(sql`select count(*)::int as n from fee f
      join fee_payer p on p.id = f.fee_payer_id and p.municipality_id = f.municipality_id
      left join subject s on s.id = f.subject_id and s.municipality_id = f.municipality_id
      where f.municipality_id = ${M} and (f.subject_id is null or s.id is not null)`);
    expect(refs).toEqual({ n: 3 });
    expect(await linesOf(M)).toEqual({ n: 6 });

    // A subject's deletion deletes its fees and their lines (ON DELETE CASCADE was).
    await t.db.delete(subjectFeePayer).where(eq(subjectFeePayer.subjectId, s2));
    await t.db.delete(subject).where(eq(subject.id, s2));
    expect(await t.db.select({ id: fee.id }).from(fee).where(eq(fee.feePayerId, p2))).toEqual([]);
    expect(await linesOf(M)).toEqual({ n: 4 });

    // A payer with fees is not deleted (NO ACTION was): the same error code the fee-payer service answers 409 on.
    const refused = await t.db
      .delete(feePayer)
      .where(eq(feePayer.id, lonely))
      .then(() => null, (err: unknown) => err as { code?: string; cause?: { code?: string } });
    expect(refused?.code ?? refused?.cause?.code).toBe("23503");
    expect(await t.db.select({ id: feePayer.id }).from(feePayer).where(eq(feePayer.id, lonely))).toHaveLength(1);
    // … while a payer without fees is.
    await t.db.delete(fee).where(eq(fee.feePayerId, p2));
    await t.db.delete(feePayer).where(eq(feePayer.id, p2));

    // A municipality's deletion takes its payers, fees and lines along.
    await t.db.delete(municipality).where(eq(municipality.id, M));
    expect(await t.db.select({ id: fee.id }).from(fee).where(eq(fee.municipalityId, M))).toEqual([]);
    expect(await t.db.select({ id: feePayer.id }).from(feePayer).where(eq(feePayer.id, p1))).toEqual([]);
  });

  it("a run lost with its process is queued again and finishes; a queued one is never run twice", async () => {
    const M = await town();
    await payer(M);
    const [lost] = await t.db
      .insert(feeCalculation)
      .values({ municipalityId: M, year: Y, reason: "Recalculate", state: "Running", startedAt: new Date(Date.now() - 3_600_000) })
      .returning({ id: feeCalculation.id });
    const fresh = await t.db
      .insert(feeCalculation)
      .values({ municipalityId: M, year: Y, reason: "Recalculate", state: "Running", startedAt: new Date() })
      .returning({ id: feeCalculation.id });
    expect(await rescueLostFeeCalculations(t.db, t.jobs)).toEqual([lost!.id]);
    expect(await finished(M, lost!.id)).toMatchObject({ state: "Done", totalFinalFee: "900.00" });
    // At the start of the only process every Running run is lost.
    expect(await requeueLostCalculations(t.db, { soleProcess: true })).toEqual([fresh[0]!.id]);
  });
});
