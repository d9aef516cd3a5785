/**
 * Motivation programmes (issue 14 part 5; contract/motivation-programme.ts, docs/motivation-programmes.md). A
 * programme row is made on its first save (version 1, so a second form that loaded the defaults at version 0 gets
 * 409); before that the defaults are answered. Activation, deactivation and a save of an active programme queue the
 * fee recalculation of the years concerned (api/modules/fee-calculation/request.ts); the engine reads the stored
 * programme when it runs.
 */
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  baseFeeSetting,
  motivationActivation,
  motivationCustomDiscount,
  motivationInterval,
  motivationProgramme,
  subject,
} from "../../db/schema";
import { ApiError, notFound, validation } from "../../lib/errors";
import { isUniqueViolation } from "../../lib/db-errors";
import { updateVersioned } from "../../lib/version";
import { hasRow } from "../../lib/records";
import { staleVersion } from "../../lib/errors";
import type { JobQueue } from "../../jobs/queue";
import { requestFeeCalculation, type FeeCalculationReason } from "../fee-calculation/request";
import { today } from "../subject/membership";
import { findSubject, subjectAddressColumns } from "../subject/shared";
import { formatSubjectAddress } from "#contract/subject";
import {
  activeConflictMessage,
  CUSTOM_DISCOUNT_NOT_FOUND,
  CUSTOM_ONLY_INTERVALS,
  ACTIVATION_YEAR_MESSAGE,
  hasIntervals,
  PROGRAMME_ACTIVE_NO_DELETE,
  PROGRAMME_NAMES,
  PROGRAMME_NOT_ACTIVE,
  PROGRAMME_NOT_CONFIGURED,
  PROGRAMME_TYPE_MISMATCH,
  type CustomDiscountItem,
  type DiscountDistribution,
  type MotivationProgrammeType,
  type ProgrammeAnswer,
  type ProgrammeList,
  type ProgrammeUpdate,
} from "#contract/motivation-programme";

type ProgrammeRow = typeof motivationProgramme.$inferSelect;

/** The fee year of today (Europe/Prague, as every date of the product). */
export const currentYear = () => Number(today().slice(0, 4));

/** The programme's answer: stored values, or the defaults of the columns before the first save. */
function toAnswer(
  type: MotivationProgrammeType,
  row: ProgrammeRow | undefined,
  intervals: { fromValue: string; toValue: string | null; discountPercent: string }[],
  activeYears: number[],
): ProgrammeAnswer {
  return {
    type,
    stored: !!row,
    version: row?.version ?? 0,
    unit: (row?.unit ?? "l") as ProgrammeAnswer["unit"],
    feePerUnit: row?.feePerUnit ?? null,
    minimalUnitPerPeriod: row?.minimalUnitPerPeriod ?? null,
    orderedDisposeCount: row?.orderedDisposeCount ?? null,
    useBinVolume: row?.useBinVolume ?? false,
    useOrderedDisposeCount: row?.useOrderedDisposeCount ?? false,
    useYearAsPeriod: row?.useYearAsPeriod ?? true,
    discountDistribution: (row?.discountDistribution ?? "Legacy") as DiscountDistribution,
    whyNot: row?.whyNot ?? null,
    intervals: intervals.map((i) => ({ from: i.fromValue, to: i.toValue, discountPercent: i.discountPercent })),
    activeYears,
  };
}

async function programmeRows(db: Db, municipalityId: number, type?: MotivationProgrammeType) {
  const rows = await db
    .select()
    .from(motivationProgramme)
    .where(
      and(
        eq(motivationProgramme.municipalityId, municipalityId),
        type ? eq(motivationProgramme.type, type) : undefined,
      ),
    );
  const ids = rows.map((r) => r.id);
  const [intervals, activations] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(motivationInterval)
          .where(inArray(motivationInterval.programmeId, ids))
          .orderBy(asc(motivationInterval.fromValue)),
        db
          .select({ programmeId: motivationActivation.programmeId, year: motivationActivation.year })
          .from(motivationActivation)
          .where(inArray(motivationActivation.programmeId, ids))
          .orderBy(asc(motivationActivation.year)),
      ])
    : [[], []];
  return (t: MotivationProgrammeType) => {
    const row = rows.find((r) => r.type === t);
    return toAnswer(
      t,
      row,
      intervals.filter((i) => i.programmeId === row?.id),
      activations.filter((a) => a.programmeId === row?.id).map((a) => a.year),
    );
  };
}

/** The years an activation may choose: this and next year, and every year with a base fee setting. */
async function yearOptions(db: Db, municipalityId: number): Promise<number[]> {
  const rows = await db
    .select({ year: baseFeeSetting.year })
    .from(baseFeeSetting)
    .where(eq(baseFeeSetting.municipalityId, municipalityId));
  const now = currentYear();
  return [...new Set([now, now + 1, ...rows.map((r) => r.year)])].sort((a, b) => a - b);
}

export async function listProgrammes(db: Db, municipalityId: number): Promise<ProgrammeList> {
  const [answerOf, years] = await Promise.all([programmeRows(db, municipalityId), yearOptions(db, municipalityId)]);
  return {
    items: (["PayAsDisposed", "SortRatio", "ItalianWeight"] as const).map(answerOf),
    currentYear: currentYear(),
    yearOptions: years,
  };
}

export async function getProgramme(db: Db, municipalityId: number, type: MotivationProgrammeType) {
  return (await programmeRows(db, municipalityId, type))(type);
}

async function storedRow(db: Db, municipalityId: number, type: MotivationProgrammeType) {
  const [row] = await db
    .select()
    .from(motivationProgramme)
    .where(and(eq(motivationProgramme.municipalityId, municipalityId), eq(motivationProgramme.type, type)));
  return row;
}

/** The columns a PUT's sections write; a section left out is kept. */
function sectionValues(body: ProgrammeUpdate): Partial<typeof motivationProgramme.$inferInsert> {
  if (body.type === "PayAsDisposed") {
    return {
      ...(body.parameters && {
        unit: body.parameters.unit,
        feePerUnit: body.parameters.feePerUnit,
        minimalUnitPerPeriod: body.parameters.minimalUnitPerPeriod,
        useYearAsPeriod: body.parameters.useYearAsPeriod,
      }),
      ...(body.orderedDispose && {
        useBinVolume: body.orderedDispose.useBinVolume,
        useOrderedDisposeCount: body.orderedDispose.useOrderedDisposeCount,
        // The count is kept when the switch is off, so switching it on again restores it.
        orderedDisposeCount: body.orderedDispose.orderedDisposeCount ?? null,
      }),
    };
  }
  if (!body.parameters) return {};
  return {
    discountDistribution: body.parameters.discountDistribution,
    ...("whyNot" in body.parameters && { whyNot: body.parameters.whyNot ?? null }),
  };
}

/**
 * A user's change of one of the municipality's programmes (its settings, its activation in a year): the fees it
 * changes are recalculated by a background job the change queues.
 */
export interface ProgrammeChange {
  db: Db;
  jobs: JobQueue;
  userId: number;
  municipalityId: number;
  type: MotivationProgrammeType;
}

/** Queues the recalculation of the year's fees after the change. */
async function recalculate(
  { db, jobs, userId, municipalityId }: ProgrammeChange,
  year: number,
  reason: FeeCalculationReason,
) {
  const feeCalculationId = await requestFeeCalculation(db, jobs, { municipalityId, year, reason, userId });
  return { year, feeCalculationId };
}

/** Queues the recalculation of every year from the current one in which the programme is active. */
async function recalculateActiveYears(change: ProgrammeChange, programmeId: number) {
  const years = await change.db
    .select({ year: motivationActivation.year })
    .from(motivationActivation)
    .where(and(eq(motivationActivation.programmeId, programmeId), gte(motivationActivation.year, currentYear())));
  for (const { year } of years) await recalculate(change, year, "Programme");
}

export async function updateProgramme(change: ProgrammeChange, body: ProgrammeUpdate): Promise<ProgrammeAnswer> {
  const { db, municipalityId, type } = change;
  if (body.type !== type) throw validation({ type: [PROGRAMME_TYPE_MISMATCH] });
  const values = sectionValues(body);
  const intervals = "intervals" in body ? body.intervals : undefined;
  const programmeId = await db.transaction(async (tx) => {
    const existing = await storedRow(tx as unknown as Db, municipalityId, type);
    let id: number;
    if (!existing) {
      // First save: only over the defaults the form showed (version 0).
      if (body.version !== 0) throw staleVersion();
      const [made] = await tx
        .insert(motivationProgramme)
        .values({ municipalityId, type, ...values, version: 1 })
        .onConflictDoNothing()
        .returning({ id: motivationProgramme.id });
      if (!made) throw staleVersion();
      id = made.id;
    } else {
      id = (await updateVersioned(tx, motivationProgramme, { id: existing.id, version: body.version }, values)).id;
    }
    if (intervals) {
      await tx.delete(motivationInterval).where(eq(motivationInterval.programmeId, id));
      if (intervals.length) {
        await tx.insert(motivationInterval).values(
          intervals.map((i) => ({
            programmeId: id,
            fromValue: i.from,
            toValue: i.to ?? null,
            discountPercent: i.discountPercent,
          })),
        );
      }
    }
    return id;
  });
  await recalculateActiveYears(change, programmeId);
  return getProgramme(db, municipalityId, type);
}

/** DELETE: back to the defaults (the row, its intervals and custom discounts go); refused while active. */
export async function resetProgramme(db: Db, municipalityId: number, type: MotivationProgrammeType): Promise<void> {
  const row = await storedRow(db, municipalityId, type);
  if (!row) return;
  if (await hasRow(db, motivationActivation, eq(motivationActivation.programmeId, row.id))) {
    throw new ApiError(409, PROGRAMME_ACTIVE_NO_DELETE);
  }
  await db.delete(motivationProgramme).where(eq(motivationProgramme.id, row.id));
}

/** The programme active in the year, if any (at most one a municipality and year). */
async function activeInYear(db: Db, municipalityId: number, year: number) {
  const [row] = await db
    .select({
      id: motivationActivation.id,
      programmeId: motivationActivation.programmeId,
      type: motivationProgramme.type,
    })
    .from(motivationActivation)
    .innerJoin(motivationProgramme, eq(motivationProgramme.id, motivationActivation.programmeId))
    .where(and(eq(motivationActivation.municipalityId, municipalityId), eq(motivationActivation.year, year)));
  return row;
}

const conflict = (year: number, type: string) =>
  new ApiError(409, activeConflictMessage(year, PROGRAMME_NAMES[type as MotivationProgrammeType] ?? type));

export async function activateProgramme(change: ProgrammeChange, year: number) {
  const { db, municipalityId, type } = change;
  if (!(await yearOptions(db, municipalityId)).includes(year))
    throw validation({ year: [ACTIVATION_YEAR_MESSAGE] }, ACTIVATION_YEAR_MESSAGE);
  const programme = await getProgramme(db, municipalityId, type);
  const configured = hasIntervals(type) ? programme.intervals.length > 0 : programme.feePerUnit !== null;
  if (!programme.stored || !configured) throw new ApiError(409, PROGRAMME_NOT_CONFIGURED);
  const other = await activeInYear(db, municipalityId, year);
  if (other) throw conflict(year, other.type);
  const row = await storedRow(db, municipalityId, type);
  try {
    await db
      .insert(motivationActivation)
      .values({ municipalityId, programmeId: row!.id, year, activatedBy: change.userId });
  } catch (err) {
    // Two activations of the same year at once: the unique index lets one through.
    if (!isUniqueViolation(err)) throw err;
    const winner = await activeInYear(db, municipalityId, year);
    throw conflict(year, winner?.type ?? type);
  }
  // An activation changes the year's fees: the answer names their calculation.
  return recalculate(change, year, "Activation");
}

export async function deactivateProgramme(change: ProgrammeChange, year: number) {
  const { db, municipalityId, type } = change;
  const active = await activeInYear(db, municipalityId, year);
  if (!active || active.type !== type) throw new ApiError(409, PROGRAMME_NOT_ACTIVE);
  await db.delete(motivationActivation).where(eq(motivationActivation.id, active.id));
  return recalculate(change, year, "Deactivation");
}

function requireIntervals(type: MotivationProgrammeType) {
  if (!hasIntervals(type)) throw validation({ type: [CUSTOM_ONLY_INTERVALS] }, CUSTOM_ONLY_INTERVALS);
}

export async function listCustomDiscounts(
  db: Db,
  municipalityId: number,
  type: MotivationProgrammeType,
  year: number,
): Promise<{ items: CustomDiscountItem[] }> {
  requireIntervals(type);
  const rows = await db
    .select({
      subjectId: subject.id,
      subjectName: subject.name,
      year: motivationCustomDiscount.year,
      discountPercent: motivationCustomDiscount.discountPercent,
      ...subjectAddressColumns,
    })
    .from(motivationCustomDiscount)
    .innerJoin(motivationProgramme, eq(motivationProgramme.id, motivationCustomDiscount.programmeId))
    .innerJoin(subject, eq(subject.id, motivationCustomDiscount.subjectId))
    .where(
      and(
        eq(motivationProgramme.municipalityId, municipalityId),
        eq(motivationProgramme.type, type),
        eq(motivationCustomDiscount.year, year),
      ),
    )
    .orderBy(asc(subject.name), asc(subject.id));
  return { items: rows.map(toCustomItem) };
}

function toCustomItem(
  r: {
    subjectId: number;
    subjectName: string;
    year: number;
    discountPercent: string;
  } & Parameters<typeof formatSubjectAddress>[0],
): CustomDiscountItem {
  return {
    subjectId: r.subjectId,
    subjectName: r.subjectName,
    address: formatSubjectAddress(r) || null,
    year: r.year,
    discountPercent: r.discountPercent,
  };
}

/** Sets a subject's percent for the year; the programme row is made (with its defaults) if it was never saved. */
export async function setCustomDiscount(
  db: Db,
  municipalityId: number,
  type: MotivationProgrammeType,
  subjectId: number,
  body: { year: number; discountPercent: string },
): Promise<CustomDiscountItem> {
  requireIntervals(type);
  await findSubject(db, municipalityId, subjectId);
  await db.insert(motivationProgramme).values({ municipalityId, type, version: 1 }).onConflictDoNothing();
  const row = (await storedRow(db, municipalityId, type))!;
  await db
    .insert(motivationCustomDiscount)
    .values({ programmeId: row.id, subjectId, year: body.year, discountPercent: body.discountPercent })
    .onConflictDoUpdate({
      target: [motivationCustomDiscount.programmeId, motivationCustomDiscount.subjectId, motivationCustomDiscount.year],
      set: { discountPercent: body.discountPercent },
    });
  const { items } = await listCustomDiscounts(db, municipalityId, type, body.year);
  return items.find((i) => i.subjectId === subjectId)!;
}

export async function removeCustomDiscount(
  db: Db,
  municipalityId: number,
  type: MotivationProgrammeType,
  subjectId: number,
  year: number,
): Promise<void> {
  requireIntervals(type);
  const row = await storedRow(db, municipalityId, type);
  const removed = row
    ? await db
        .delete(motivationCustomDiscount)
        .where(
          and(
            eq(motivationCustomDiscount.programmeId, row.id),
            eq(motivationCustomDiscount.subjectId, subjectId),
            eq(motivationCustomDiscount.year, year),
          ),
        )
        .returning({ id: motivationCustomDiscount.id })
    : [];
  if (!removed.length) throw notFound(CUSTOM_DISCOUNT_NOT_FOUND);
}
