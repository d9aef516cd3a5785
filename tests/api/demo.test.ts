/**
 * Demo data (api/demo/, README 'demo data on first start'): made once on an empty database after the base seed
 * (roles, permissions, catalogue), through the services; nothing on a database that has any user (issue 12).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../api/db/client";
import * as schema from "../../api/db/schema";
import { DEMO_ACCOUNTS, seedDemoData } from "../../api/demo";
import { DEMO_CENTRES } from "../../api/demo/distribution-centres";
import { feeLines } from "../../api/modules/fee-calculation/lines";
import { cloneDatabase } from "./helpers";

const TABLES = {
  municipality: schema.municipality,
  municipalityContact: schema.municipalityContact,
  municipalityModule: schema.municipalityModule,
  user: schema.user,
  userMunicipality: schema.userMunicipality,
  subject: schema.subject,
  feePayer: schema.feePayer,
  subjectFeePayer: schema.subjectFeePayer,
  discount: schema.discount,
  feePayerDiscount: schema.feePayerDiscount,
  expenditure: schema.expenditure,
  expenditureSetting: schema.expenditureSetting,
  device: schema.device,
  deviceAssignment: schema.deviceAssignment,
  printBatch: schema.printBatch,
  wasteEvidenceHeader: schema.wasteEvidenceHeader,
  disposeCount: schema.disposeCount,
  wasteCard: schema.wasteCard,
  wasteCollection: schema.wasteCollection,
  wasteEvidenceRecord: schema.wasteEvidenceRecord,
  wasteCollectionLog: schema.wasteCollectionLog,
  baseFeeSetting: schema.baseFeeSetting,
  feeCalculation: schema.feeCalculation,
  fee: schema.fee,
  motivationProgramme: schema.motivationProgramme,
  motivationInterval: schema.motivationInterval,
  motivationActivation: schema.motivationActivation,
  distributionCentre: schema.distributionCentre,
  distributionCentreUser: schema.distributionCentreUser,
  distributionReport: schema.distributionReport,
  distributionReportRecord: schema.distributionReportRecord,
} satisfies Record<string, PgTable>;

let database: Database;
let drop: () => Promise<void>;

async function counts(): Promise<Record<keyof typeof TABLES, number>> {
  const out = {} as Record<keyof typeof TABLES, number>;
  for (const [name, table] of Object.entries(TABLES) as [keyof typeof TABLES, PgTable][]) {
    const [row] = await database.db.select({ n: count() }).from(table);
    out[name] = row!.n;
  }
  return out;
}

beforeAll(async () => {
  ({ database, drop } = await cloneDatabase());
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe("demo data (api/demo/)", () => {
  it("an empty database gets the demo municipalities, accounts, register, devices, bins, cards and collections; once", async () => {
    expect(await seedDemoData(database.db)).toBe(true);
    const made = await counts();
    // What the demo data has been since issue 5 (the same before and after its move to api/demo/, issue 12).
    expect(made).toEqual({
      municipality: 3,
      municipalityContact: 2,
      // Třebíč: waste and bins, collection yard, motivation programmes, distribution centres; Velké Meziříčí: waste
      // and bins.
      municipalityModule: 5,
      // The four demo accounts and the staff of Třebíč's two distribution centres.
      user: 6,
      userMunicipality: 4,
      subject: 10,
      feePayer: 18,
      // 18 memberships, and 4 payers who joined through processed distribution reports (issue 15 part 3).
      subjectFeePayer: 22,
      // Issue 14: two child levels, seniors and the ZTP/P discount (assigned to one payer); a year of expenditures
      // (12 collection invoices and wages, 4 yard invoices and EKO-KOM forms, 1 flat rate) and the card.
      discount: 4,
      feePayerDiscount: 1,
      expenditure: 33,
      expenditureSetting: 1,
      device: 3,
      deviceAssignment: 4,
      printBatch: 2,
      wasteEvidenceHeader: 28,
      disposeCount: 18,
      wasteCard: 8,
      // Issue 13: three fortnightly runs over the three houses' bins (one read twice: Třebíč merges it into the
      // first reading), each with a tag nobody knows.
      wasteCollection: 3,
      wasteEvidenceRecord: 9,
      wasteCollectionLog: 4,
      // Issue 14: Třebíč's base fee of last year and this year, each with its finished recalculation: a fee for each
      // of its 18 payers a year (none moved), a line for each component that applies (decision 0035): BaseFee and
      // TotalFee each, this year's programme's MotivationDiscount, the fixed discounts' lines, and TotalDiscount where
      // both discounts apply.
      baseFeeSetting: 2,
      feeCalculation: 2,
      fee: 36,
      // Issue 14 part 5: Třebíč's SortRatio programme with four intervals, active this year.
      motivationProgramme: 1,
      motivationInterval: 4,
      motivationActivation: 1,
      // Issue 15 part 3: Třebíč's two distribution centres, one member of staff each.
      distributionCentre: 2,
      distributionCentreUser: 2,
      // Issue 15 part 3: four weeks of reports at those centres, processed through the reports' services.
      distributionReport: 14,
      distributionReportRecord: 22,
    });
    // Issue 14: the fees' lines (built from each fee row, decision 0038), 108 of them.
    const fees = await database.db.select().from(schema.fee);
    expect(fees.reduce((n, f) => n + feeLines(f).length, 0)).toBe(108);
    const states = await database.db
      .selectDistinct({ state: schema.distributionReport.state })
      .from(schema.distributionReport);
    expect(states.map((r) => r.state).sort()).toEqual(["discarded", "error", "processed", "unprocessed", "warning"]);
    const users = await database.db.select({ userName: schema.user.userName }).from(schema.user);
    expect(users.map((u) => u.userName).sort()).toEqual(
      [...DEMO_ACCOUNTS.map((a) => a.userName), ...DEMO_CENTRES.map((c) => c.staff.userName)].sort(),
    );
    const [trebic] = await database.db
      .select({ id: schema.municipality.id })
      .from(schema.municipality)
      .where(eq(schema.municipality.name, "Třebíč"));
    const [printed] = await database.db
      .select({ n: count() })
      .from(schema.printBatch)
      .where(eq(schema.printBatch.municipalityId, trebic!.id));
    expect(printed!.n).toBe(2);

    // A second start (any user exists) changes nothing.
    expect(await seedDemoData(database.db)).toBe(false);
    expect(await counts()).toEqual(made);
  });
});
