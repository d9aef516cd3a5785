/**
 * The fee engine's calls (contract/endpoints/fee-calculation.ts): base fee settings, recalculation and simulation
 * requests and their log, and a fee's explanation.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { JobQueue } from "../../jobs/queue";
import { baseFeeSetting, fee, feeCalculation, municipality } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { bumped, writtenOrStale } from "../../lib/version";
import { type CalculationItem, type SimulationParameters, type SimulationResult } from "#contract/fee-calculation";
import { feeLines } from "./lines";
import { requestFeeCalculation } from "./request";

const CALCULATION_NOT_FOUND = "Přepočet poplatků nebyl nalezen.";
const FEE_NOT_FOUND = "Poplatek nebyl nalezen.";

async function currencyOf(db: Db, municipalityId: number): Promise<"CZK" | "EUR"> {
  const [m] = await db
    .select({ country: municipality.country })
    .from(municipality)
    .where(eq(municipality.id, municipalityId));
  return m?.country === "SK" ? "EUR" : "CZK";
}

export async function getBaseFee(db: Db, municipalityId: number, year: number) {
  const [setting] = await db
    .select({
      id: baseFeeSetting.id,
      version: baseFeeSetting.version,
      year: baseFeeSetting.year,
      baseFee: baseFeeSetting.baseFee,
      minFeePercent: baseFeeSetting.minFeePercent,
      maxFeePercent: baseFeeSetting.maxFeePercent,
    })
    .from(baseFeeSetting)
    .where(and(eq(baseFeeSetting.municipalityId, municipalityId), eq(baseFeeSetting.year, year)));
  return { setting: setting ?? null, currency: await currencyOf(db, municipalityId) };
}

export interface BaseFeeForm {
  year: number;
  baseFee: string;
  minFeePercent: string;
  maxFeePercent: string | null;
  version: number;
}

/**
 * Saves a year's settings (version 0 creates them; a row made meanwhile by somebody else is a stale edit, 409) and
 * queues the recalculation of that year (reason BaseFee).
 */
export async function saveBaseFee(
  db: Db,
  jobs: JobQueue,
  userId: number,
  municipalityId: number,
  form: BaseFeeForm,
): Promise<{ id: number; version: number; calculationId: number }> {
  const values = { baseFee: form.baseFee, minFeePercent: form.minFeePercent, maxFeePercent: form.maxFeePercent };
  const [updated] = await db
    .update(baseFeeSetting)
    .set({ ...values, updatedAt: new Date(), version: bumped(baseFeeSetting.version) })
    .where(
      and(
        eq(baseFeeSetting.municipalityId, municipalityId),
        eq(baseFeeSetting.year, form.year),
        eq(baseFeeSetting.version, form.version),
      ),
    )
    .returning({ id: baseFeeSetting.id, version: baseFeeSetting.version });
  // Version 0 of a year not set yet creates it; one created meanwhile by somebody else is a stale edit (409).
  const saved =
    updated ??
    writtenOrStale(
      form.version === 0
        ? await db
            .insert(baseFeeSetting)
            .values({ municipalityId, year: form.year, ...values })
            .onConflictDoNothing()
            .returning({ id: baseFeeSetting.id, version: baseFeeSetting.version })
        : [],
    );
  const calculationId = await requestFeeCalculation(db, jobs, {
    municipalityId,
    year: form.year,
    reason: "BaseFee",
    userId,
  });
  return { ...saved, calculationId };
}

export async function recalculate(db: Db, jobs: JobQueue, userId: number, municipalityId: number, year: number) {
  return { id: await requestFeeCalculation(db, jobs, { municipalityId, year, reason: "Recalculate", userId }) };
}

/** Queues a simulation: the engine on the proposed settings, writing only its result. */
export async function simulate(
  db: Db,
  jobs: JobQueue,
  userId: number,
  municipalityId: number,
  parameters: SimulationParameters,
): Promise<{ id: number }> {
  const [row] = await db
    .insert(feeCalculation)
    .values({
      municipalityId,
      year: parameters.year,
      kind: "Simulation",
      reason: "Simulation",
      parameters,
      requestedBy: userId,
    })
    .returning({ id: feeCalculation.id });
  await jobs.send("fee-calculation", { feeCalculationId: row!.id });
  return { id: row!.id };
}

const itemColumns = {
  id: feeCalculation.id,
  year: feeCalculation.year,
  kind: feeCalculation.kind,
  reason: feeCalculation.reason,
  state: feeCalculation.state,
  stepsDone: feeCalculation.stepsDone,
  stepsTotal: feeCalculation.stepsTotal,
  requestedAt: feeCalculation.requestedAt,
  startedAt: feeCalculation.startedAt,
  finishedAt: feeCalculation.finishedAt,
  payerCount: feeCalculation.payerCount,
  totalFinalFee: feeCalculation.totalFinalFee,
  error: feeCalculation.error,
};
interface ItemRow {
  id: number;
  year: number;
  kind: string;
  reason: string;
  state: string;
  stepsDone: number;
  stepsTotal: number | null;
  requestedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  payerCount: number | null;
  totalFinalFee: string | null;
  error: string | null;
}

function toItem(r: ItemRow): CalculationItem {
  const progress =
    r.state === "Done" ? 100 : r.stepsTotal ? Math.min(100, Math.floor((r.stepsDone * 100) / r.stepsTotal)) : 0;
  return {
    ...r,
    kind: r.kind as CalculationItem["kind"],
    state: r.state as CalculationItem["state"],
    progress,
    requestedAt: r.requestedAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/** The year's latest runs (newest first), the calculation queued or running, and the last finished calculation. */
export async function listCalculations(db: Db, municipalityId: number, year: number) {
  const ofYear = and(eq(feeCalculation.municipalityId, municipalityId), eq(feeCalculation.year, year));
  const calculations = and(ofYear, eq(feeCalculation.kind, "Calculation"));
  const [items, [pending], [lastDone]] = await Promise.all([
    db.select(itemColumns).from(feeCalculation).where(ofYear).orderBy(desc(feeCalculation.id)).limit(20),
    db
      .select(itemColumns)
      .from(feeCalculation)
      .where(and(calculations, inArray(feeCalculation.state, ["Queued", "Running"])))
      .orderBy(desc(feeCalculation.id))
      .limit(1),
    db
      .select(itemColumns)
      .from(feeCalculation)
      .where(and(calculations, eq(feeCalculation.state, "Done")))
      .orderBy(desc(feeCalculation.id))
      .limit(1),
  ]);
  return {
    items: items.map(toItem),
    pending: pending ? toItem(pending) : null,
    lastDone: lastDone ? toItem(lastDone) : null,
  };
}

export async function getCalculation(db: Db, municipalityId: number, calculationId: number) {
  const [row] = await db
    .select({ ...itemColumns, parameters: feeCalculation.parameters, result: feeCalculation.result })
    .from(feeCalculation)
    .where(and(eq(feeCalculation.id, calculationId), eq(feeCalculation.municipalityId, municipalityId)));
  if (!row) throw notFound(CALCULATION_NOT_FOUND);
  const { parameters, result, ...item } = row;
  return { ...toItem(item), parameters: parameters ?? null, result: (result as SimulationResult | null) ?? null };
}

/** One fee and its lines (built from its row: lines.ts). */
export async function explainFee(db: Db, municipalityId: number, feeId: number) {
  const [row] = await db
    .select()
    .from(fee)
    .where(and(eq(fee.id, feeId), eq(fee.municipalityId, municipalityId)));
  if (!row) throw notFound(FEE_NOT_FOUND);
  return {
    id: row.id,
    year: row.year,
    month: row.month,
    feePayerId: row.feePayerId,
    subjectId: row.subjectId,
    variableSymbol: row.variableSymbol,
    baseFee: row.baseFee,
    binFee: row.binFee,
    motivationFee: row.motivationFee,
    motivationDiscount: row.motivationDiscount,
    totalDiscount: row.totalDiscount,
    totalFee: row.totalFee,
    finalFee: row.finalFee,
    fixedDiscountNames: row.fixedDiscountNames,
    sortRatio: row.sortRatio,
    minFeePercent: row.minFeePercent,
    maxFeePercent: row.maxFeePercent,
    paid: row.paid,
    calculationId: row.calculationId,
    lines: feeLines(row),
  };
}
