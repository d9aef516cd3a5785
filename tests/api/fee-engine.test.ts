/**
 * The fee engine (issue 14 parts 1 and 9): the worked examples of docs/fees.md with their exact amounts — proration by
 * month ends, a payer who moved, age discount bounds, an Other discount, min/max bounds, rounding to CZK and to EUR
 * cents, every programme and every discount distribution. Each example has its own municipality, so its totals are
 * exact. The run itself is fee-runs.test.ts; permissions and tenancy of the calls are walked by route-walk.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { baseFeeSetting, motivationCustomDiscount, motivationProgramme } from "../../api/db/schema";
import { setupApiWithIds, type TestApi } from "./helpers";
import { feeWorld, Y } from "./fee-world";

let t: TestApi;
beforeAll(async () => ({ t } = await setupApiWithIds()));
afterAll(() => t?.close());

const {
  town,
  place,
  payer,
  ageDiscount,
  otherDiscount,
  wastes,
  binOf,
  emptied,
  programme,
  calculate,
  feeOf,
  money,
  lines,
} = feeWorld(() => t);

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
    expect(money(await feeOf(M, six, s))).toMatchObject({
      baseFee: "750.00",
      totalDiscount: "375.00",
      finalFee: "375.00",
    });
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
    const prog = await programme(M, { type: "SortRatio", discountDistribution: distribution }, [...SORT_INTERVALS]);
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
    await t.db
      .insert(motivationCustomDiscount)
      .values({ programmeId: prog, subjectId: s, year: Y, discountPercent: "25" });
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
    for (const p of [a, b])
      expect(money(await feeOf(M, p, s))).toMatchObject({ motivationDiscount: "90.00", finalFee: "810.00" });
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
    expect(money(await feeOf(M, p1, busy))).toMatchObject({
      motivationFee: "120.00",
      totalFee: "1020.00",
      finalFee: "1020.00",
    });
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
    expect((await lines(M, (await feeOf(M, a, s)).id)).BinFee).toMatchObject({
      quantity: "1200.000",
      note: "Disposals",
    });

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
