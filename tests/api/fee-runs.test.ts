/**
 * The fee engine's run (issue 14 parts 1, 7 and 9): a background job on the 'fee-calculation' queue (as a running
 * server has it), idempotent, keeping `paid`, a simulation that writes no fee, a year without a base fee failing with
 * its Czech message, the base fee calls, references kept without foreign keys and runs lost with their process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import {
  baseFeeSetting,
  expenditure,
  fee,
  feeCalculation,
  feePayer,
  feePayerDiscount,
  municipality,
  subject,
  subjectFeePayer,
} from "../../api/db/schema";
import { feeLines } from "../../api/modules/fee-calculation/lines";
import { requeueLostCalculations } from "../../api/modules/fee-calculation/run";
import { rescueLostFeeCalculations } from "../../api/jobs/fee-calculation";
import { setupApiWithIds, type TestApi } from "./helpers";
import { feeUrl, feeWorld, CURRENT, Y } from "./fee-world";

let t: TestApi;
let A: number;
let B: number;
beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
afterAll(() => t?.close());

const { town, place, payer, ageDiscount, otherDiscount, wastes, binOf, emptied, calculate, finished, feeOf, lines } =
  feeWorld(() => t);

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
    expect(first.fees.map((f) => feeLines(f).map((l) => l.type))).toEqual([
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
    await t.db
      .update(feePayer)
      .set({ activeTo: `${Y - 1}-12-31` })
      .where(eq(feePayer.id, p2));
    await t.db
      .update(subjectFeePayer)
      .set({ validTo: `${Y - 1}-12-31` })
      .where(eq(subjectFeePayer.feePayerId, p2));
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
      {
        municipalityId: M,
        processedOn: `${Y}-03-31`,
        type: "WasteCollection",
        source: "BinCollection",
        amount: "1000.50",
      },
      {
        municipalityId: M,
        processedOn: `${Y + 1}-01-01`,
        type: "WasteCollection",
        source: "BinCollection",
        amount: "99",
      },
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
    expect(
      (await t.call("GET", feeUrl(A, "/base-fee"), { as: "worker", query: { year: Y } })).body.setting,
    ).toMatchObject({
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
    const linesOf = async (m: number) => ({
      n: (await t.db.select().from(fee).where(eq(fee.municipalityId, m))).reduce((n, f) => n + feeLines(f).length, 0),
    });
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
      .then(
        () => null,
        (err: unknown) => err as { code?: string; cause?: { code?: string } },
      );
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
      .values({
        municipalityId: M,
        year: Y,
        reason: "Recalculate",
        state: "Running",
        startedAt: new Date(Date.now() - 3_600_000),
      })
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
