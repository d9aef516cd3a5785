/**
 * Issue 15 parts 1–2 (docs/yards.md): a yard's workload by month, week and day, its top visitors and waste income
 * (exact sums on a small fixture whose every fee is known), and editing a visit with its wastes (spec 001 §2 Yard
 * visits 'add waste evidence'): the fee computed again, 409 on a stale version and on a paid visit, tenancy and
 * permissions of both calls.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addYardWaste, cashVisit, openYardBody, yardWasteBody } from "./yard-fixtures";
import { eq } from "drizzle-orm";
import { yardReportRecord } from "../../api/db/schema";
import { STALE_VERSION_MESSAGE } from "#contract/common";
import {
  createdId,
  expectRefused,
  inDays,
  insertResident,
  setupApiWithIds,
  type Persona,
  type TestApi,
} from "./helpers";
import { today } from "../../api/modules/subject/membership";

let t: TestApi;
let A: number;
let B: number;
const yards = (m: number, rest = "") => `/municipality/${m}/collection-yard${rest}`;
const visits = (m: number, rest = "") => `/municipality/${m}/yard-report${rest}`;

const yardBody = openYardBody;

const payer = (lastName: string) => insertResident(t.db, A, { lastName });

let yardId: number;
let otherYardId: number;
let bulkyId: number;
let glassId: number;
let otherBulkyId: number;
let novak: number;
let svoboda: number;

const visit = (
  feePayerId: number,
  reportDate: string,
  records: { yardWasteId: number; quantity: string }[],
  yard = yardId,
) => t.call("POST", visits(A), { as: "worker", json: cashVisit(feePayerId, yard, reportDate, records) });

beforeAll(async () => {
  ({ t, A, B } = await setupApiWithIds());
  yardId = createdId(await t.call("POST", yards(A), { as: "manager", json: yardBody("Dvůr Sever") }));
  otherYardId = createdId(await t.call("POST", yards(A), { as: "manager", json: yardBody("Dvůr Jih") }));
  // Bulky waste: 0–50 kg free, 50–200 at 2.50 Kč/kg, above at 3.10 Kč/kg, VAT 21 %; glass 1 Kč/kg without VAT.
  const bulky = await yardWasteBody(t, "Objemný odpad", "21", [
    { fromKg: "0", toKg: "50", value: "0" },
    { fromKg: "50", toKg: "200", value: "2.50" },
    { fromKg: "200", value: "3.10" },
  ]);
  bulkyId = await addYardWaste(t, A, yardId, bulky);
  otherBulkyId = await addYardWaste(t, A, otherYardId, bulky);
  glassId = await addYardWaste(t, A, yardId, await yardWasteBody(t, "Sklo", 0, [{ fromKg: "0", value: "1" }]));
  novak = await payer("Novák");
  svoboda = await payer("Svoboda");
  // Novák: today 100 kg bulky (250.00 + 52.50), yesterday 10 kg glass (10.00).
  createdId(await visit(novak, today(), [{ yardWasteId: bulkyId, quantity: "100" }]));
  createdId(await visit(novak, inDays(-1), [{ yardWasteId: glassId, quantity: "10" }]));
  // Svoboda 40 days ago: 300 kg bulky (930.00 + 195.30) and 5 kg glass (5.00).
  createdId(
    await visit(svoboda, inDays(-40), [
      { yardWasteId: bulkyId, quantity: "300" },
      { yardWasteId: glassId, quantity: "5" },
    ]),
  );
  // Not counted: the other yard, and a visit older than every window and the period.
  createdId(await visit(svoboda, today(), [{ yardWasteId: otherBulkyId, quantity: "999" }], otherYardId));
  createdId(await visit(novak, inDays(-400), [{ yardWasteId: bulkyId, quantity: "70" }]));
});
afterAll(() => t?.close());

const stats = (query: Record<string, string> = {}, as: "manager" | "worker" | "citizen" | "managerB" = "manager") =>
  t.call("GET", yards(A, `/${yardId}/statistics`), { as, query: { dateFrom: inDays(-60), dateTo: today(), ...query } });

type Bucket = { start: string; visits: number; weightKg: string };
const bucketOf = (buckets: Bucket[], day: string) => buckets.filter((b) => b.start <= day).at(-1)!;
const visitsIn = (buckets: Bucket[]) => buckets.reduce((n, b) => n + b.visits, 0);

describe("a yard's statistics (spec 001 §2 Collection yards: workload, top visitors, waste income)", () => {
  it("workload by day: 31 days up to today, empty days as 0, exact kg", async () => {
    const res = await stats({ bucket: "day" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const w = res.body.workload as Bucket[];
    expect(w).toHaveLength(31);
    expect(w[0]!.start).toBe(inDays(-30));
    expect(w.at(-1)).toEqual({ start: today(), visits: 1, weightKg: "100.000" });
    expect(w.at(-2)).toEqual({ start: inDays(-1), visits: 1, weightKg: "10.000" });
    expect(visitsIn(w)).toBe(2);
    expect(w[5]).toEqual({ start: inDays(-25), visits: 0, weightKg: "0.000" });
  });

  it("workload by week (12 weeks from Monday) and by month (12 months from the 1st)", async () => {
    const weeks = (await stats({ bucket: "week" })).body.workload as Bucket[];
    expect(weeks).toHaveLength(12);
    expect(new Date(`${weeks[0]!.start}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(visitsIn(weeks)).toBe(3);
    expect(bucketOf(weeks, inDays(-40))).toMatchObject({ visits: 1, weightKg: "305.000" });
    const months = (await stats({ bucket: "month" })).body.workload as Bucket[];
    expect(months).toHaveLength(12);
    expect(months.at(-1)!.start).toBe(`${today().slice(0, 7)}-01`);
    expect(months.every((m) => m.start.endsWith("-01"))).toBe(true);
    expect(visitsIn(months)).toBe(3);
    expect(bucketOf(months, inDays(-40))).toMatchObject({ visits: 1, weightKg: "305.000" });
    // The default is by month.
    expect((await stats()).body.bucket).toBe("month");
  });

  it("top visitors of the period by visits or by weight, with their fees", async () => {
    const byVisits = await stats();
    expect(byVisits.body.topVisitors).toEqual([
      { feePayerId: novak, feePayerName: "Jan Novák", visits: 2, weightKg: "110.000", fee: "312.50" },
      { feePayerId: svoboda, feePayerName: "Jan Svoboda", visits: 1, weightKg: "305.000", fee: "1130.30" },
    ]);
    const byWeight = await stats({ topBy: "weight" });
    expect(byWeight.body.topVisitors.map((v: { feePayerId: number }) => v.feePayerId)).toEqual([svoboda, novak]);
    // A period of yesterday only.
    const yesterday = await stats({ dateFrom: inDays(-1), dateTo: inDays(-1) });
    expect(yesterday.body.topVisitors).toEqual([
      { feePayerId: novak, feePayerName: "Jan Novák", visits: 1, weightKg: "10.000", fee: "10.00" },
    ]);
  });

  it("the waste income table: every waste of the yard with kg, fee without VAT, VAT and fee, and the totals", async () => {
    const res = await stats();
    expect(res.body.income).toEqual([
      {
        yardWasteId: bulkyId,
        wasteName: "Objemný odpad",
        catalogCode: expect.any(String),
        weightKg: "400.000",
        feeWithoutVat: "1180.00",
        vat: "247.80",
        fee: "1427.80",
      },
      {
        yardWasteId: glassId,
        wasteName: "Sklo",
        catalogCode: expect.any(String),
        weightKg: "15.000",
        feeWithoutVat: "15.00",
        vat: "0.00",
        fee: "15.00",
      },
    ]);
    expect(res.body.incomeTotal).toEqual({
      weightKg: "415.000",
      feeWithoutVat: "1195.00",
      vat: "247.80",
      fee: "1442.80",
    });
    const empty = await stats({ dateFrom: inDays(-30), dateTo: inDays(-20) });
    expect(empty.body.topVisitors).toEqual([]);
    expect(empty.body.incomeTotal).toEqual({ weightKg: "0.000", feeWithoutVat: "0.00", vat: "0.00", fee: "0.00" });
  });

  it("refuses a reversed period (422), another municipality (404) and a user without the permission (403)", async () => {
    await expectRefused(stats({ dateFrom: today(), dateTo: inDays(-1) }), {
      dateTo: ["Konec období je před jeho začátkem."],
    });
    expect((await stats({}, "managerB")).status).toBe(404);
    expect((await t.call("GET", yards(B, `/${yardId}/statistics`), { as: "admin" })).status).toBe(404);
    expect((await stats({}, "citizen")).status).toBe(403);
    expect((await stats({}, "worker")).status).toBe(200);
  });
});

describe("editing a visit and its wastes (spec 001 §2 Yard visits 'add waste evidence')", () => {
  const form = (records: { yardWasteId: number | string; quantity: string; unit?: string }[], version: number) => ({
    feePayerId: novak,
    yardId,
    reportDate: today(),
    startTime: "10:00",
    endTime: "10:20",
    paymentType: "Invoice",
    records,
    version,
  });
  /** `as` saves visit `id` (of municipality `m`) with these wastes and the version its form loaded. */
  const edit = (id: number, records: Parameters<typeof form>[0], version: number, as: Persona = "worker", m = A) =>
    t.call("PUT", visits(m, `/${id}`), { as, json: form(records, version) });

  it("adds, changes and removes wastes; every fee is computed again with VAT; 409 on a stale version", async () => {
    const id = createdId(await visit(novak, today(), [{ yardWasteId: bulkyId, quantity: "200" }]));
    const before = await t.call("GET", visits(A, `/${id}`), { as: "worker" });
    expect(before.body).toMatchObject({ fee: "605.00", manuallyUpdated: false, version: 0 });

    // The bulky waste changed to 50.002 kg (125.01 + 26.25) and glass added (3 kg, 3.00).
    const saved = await edit(
      id,
      [
        { yardWasteId: bulkyId, quantity: "50,002" },
        { yardWasteId: glassId, quantity: "0.003", unit: "t" },
        { yardWasteId: "", quantity: "" },
      ],
      0,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await t.call("GET", visits(A, `/${id}`), { as: "worker" });
    expect(after.body).toMatchObject({
      version: 1,
      manuallyUpdated: true,
      paymentType: "Invoice",
      startTime: "10:00",
      totalWeightKg: "53.002",
      feeWithoutVat: "128.01",
      vat: "26.25",
      fee: "154.26",
      evidenceCount: 2,
      records: [
        {
          yardWasteId: bulkyId,
          quantityKg: "50.002",
          vatRate: 21,
          feeWithoutVat: "125.01",
          vat: "26.25",
          fee: "151.26",
        },
        { yardWasteId: glassId, quantity: "0.003", unit: "t", quantityKg: "3.000", fee: "3.00" },
      ],
    });

    // Somebody else's save in between: 409, nothing written.
    const stale = await edit(id, [{ yardWasteId: glassId, quantity: "1" }], 0);
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toBe(STALE_VERSION_MESSAGE);

    // The glass removed: one record left.
    const removed = await edit(id, [{ yardWasteId: bulkyId, quantity: "200" }], 1);
    expect(removed.status).toBe(200);
    const rows = await t.db.select().from(yardReportRecord).where(eq(yardReportRecord.yardReportId, id));
    expect(rows.map((r) => [r.yardWasteId, r.quantityKg, r.fee])).toEqual([[bulkyId, "200.000", "605.00"]]);
  });

  it("refuses a paid visit (409), an empty or foreign waste (422), other municipalities (404) and readers (403)", async () => {
    const id = createdId(await visit(novak, today(), [{ yardWasteId: bulkyId, quantity: "60" }]));
    await expectRefused(edit(id, [], 0), {
      records: ["Zadejte alespoň jeden odpad."],
    });
    await expectRefused(edit(id, [{ yardWasteId: otherBulkyId, quantity: "1" }], 0), {
      "records.0.yardWasteId": ["Tento odpad sběrný dvůr nepřijímá."],
    });
    expect((await edit(id, [{ yardWasteId: bulkyId, quantity: "1" }], 0, "managerB")).status).toBe(404);
    expect((await edit(id, [{ yardWasteId: bulkyId, quantity: "1" }], 0, "admin", B)).status).toBe(404);
    expect((await edit(id, [{ yardWasteId: bulkyId, quantity: "1" }], 0, "readonly")).status).toBe(403);

    expect((await t.call("PATCH", visits(A, `/${id}/paid`), { as: "worker", json: { paid: "true" } })).status).toBe(
      200,
    );
    const version = (await t.call("GET", visits(A, `/${id}`), { as: "worker" })).body.version as number;
    const paid = await edit(id, [{ yardWasteId: bulkyId, quantity: "1" }], version);
    expect(paid.status).toBe(409);
    expect(paid.body.Message).toBe("Zaplacenou návštěvu nelze upravit.");
    const detail = await t.call("GET", visits(A, `/${id}`), { as: "worker" });
    expect(detail.body).toMatchObject({ totalWeightKg: "60.000", fee: "181.50", manuallyUpdated: false });
  });
});
