/**
 * Expenditures (spec 001 §2 Expenditures, §3 Expenditure, §9 types and sources; docs/discounts-expenditures.md):
 * the list, the year's totals (summed as numeric by the database, never in floating point) and the configuration
 * card, one row per municipality written with its version (version 0 = none saved yet).
 */
import { and, count, desc, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { expenditure, expenditureSetting } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { staleVersion } from "../../lib/errors";
import { bumped, updateVersioned, writtenOrStale } from "../../lib/version";
import { listPage, sortTerm } from "../../lib/paging";
import { orNull } from "../../lib/form-columns";
import { findInMunicipality, insertedId, timestampsOf } from "../../lib/records";
import { isUniqueViolation } from "../../lib/db-errors";
import { expenditureListKeys, type SortKey } from "#contract/lists";
import {
  EXPENDITURE_NOT_FOUND,
  EXPENDITURE_SOURCES,
  EXPENDITURE_TYPES,
  type ExpenditureDetail,
  type ExpenditureForm,
  type ExpenditureItem,
  type ExpenditureListQuery,
  type ExpenditureSetting,
  type ExpenditureSettingUpdate,
  type ExpenditureSource,
  type ExpenditureSummary,
  type ExpenditureType,
  type ExpenditureUpdate,
} from "#contract/expenditure";
import { currentYear } from "../discount/service";

const itemColumns = {
  id: expenditure.id,
  version: expenditure.version,
  processedOn: expenditure.processedOn,
  type: expenditure.type,
  subType: expenditure.subType,
  source: expenditure.source,
  description: expenditure.description,
  amount: expenditure.amount,
};

const toItem = <R extends { type: string; source: string }>(r: R) => ({
  ...r,
  type: r.type as ExpenditureType,
  source: r.source as ExpenditureSource,
});

/** The processed day within the year (the index on municipality and day serves the range). */
const inYear = (year: number): SQL =>
  and(sql`${expenditure.processedOn} >= ${`${year}-01-01`}`, sql`${expenditure.processedOn} <= ${`${year}-12-31`}`)!;

const SORT_COLUMNS: Record<SortKey<typeof expenditureListKeys>, AnyColumn> = {
  processedOn: expenditure.processedOn,
  type: expenditure.type,
  source: expenditure.source,
  amount: expenditure.amount,
};

export async function listExpenditures(
  db: Db,
  municipalityId: number,
  q: ExpenditureListQuery,
): Promise<{ items: ExpenditureItem[]; total: number }> {
  const where = and(
    eq(expenditure.municipalityId, municipalityId),
    q.year ? inYear(q.year) : undefined,
    q.type ? eq(expenditure.type, q.type) : undefined,
    q.source ? eq(expenditure.source, q.source) : undefined,
  );
  const { rows, total } = await listPage(
    db.select(itemColumns).from(expenditure).where(where).$dynamic(),
    db.select({ n: count() }).from(expenditure).where(where),
    [sortTerm(expenditureListKeys, SORT_COLUMNS, q.sort), desc(expenditure.processedOn), desc(expenditure.id)],
    q,
  );
  return { items: rows.map(toItem), total };
}

/** The list's item with its timestamps (contract/expenditure.ts expenditureDetail). */
export async function getExpenditure(db: Db, municipalityId: number, id: number): Promise<ExpenditureDetail> {
  const [row] = await db
    .select({ ...itemColumns, createdAt: expenditure.createdAt, updatedAt: expenditure.updatedAt })
    .from(expenditure)
    .where(and(eq(expenditure.id, id), eq(expenditure.municipalityId, municipalityId)));
  if (!row) throw notFound(EXPENDITURE_NOT_FOUND);
  return { ...toItem(row), ...timestampsOf(row) };
}

const columns = (form: ExpenditureForm) => ({
  processedOn: form.processedOn,
  type: form.type,
  source: form.source,
  amount: form.amount,
  ...orNull(form, ["subType", "description"]),
});

export const createExpenditure = (db: Db, municipalityId: number, form: ExpenditureForm) =>
  insertedId(db, expenditure, { municipalityId, ...columns(form) });

export async function updateExpenditure(db: Db, municipalityId: number, id: number, form: ExpenditureUpdate) {
  await findInMunicipality(db, expenditure, municipalityId, id, () => notFound(EXPENDITURE_NOT_FOUND));
  await updateVersioned(db, expenditure, { id, version: form.version }, columns(form));
  return { id };
}

export async function deleteExpenditure(db: Db, municipalityId: number, id: number): Promise<void> {
  await findInMunicipality(db, expenditure, municipalityId, id, () => notFound(EXPENDITURE_NOT_FOUND));
  await db.delete(expenditure).where(eq(expenditure.id, id));
}

export async function getSetting(db: Db, municipalityId: number): Promise<ExpenditureSetting> {
  const [row] = await db
    .select({
      version: expenditureSetting.version,
      wasteTreatmentFlatRate: expenditureSetting.wasteTreatmentFlatRate,
      mixedWasteProcessingPrice: expenditureSetting.mixedWasteProcessingPrice,
    })
    .from(expenditureSetting)
    .where(eq(expenditureSetting.municipalityId, municipalityId));
  return row ?? { version: 0, wasteTreatmentFlatRate: null, mixedWasteProcessingPrice: null };
}

/**
 * Saves the card. Version 0 creates the row (a second first save loses to the unique municipality: 409, as any
 * stale version); otherwise the usual versioned update. New rows start at version 1, so 0 never names a stored one.
 */
export async function saveSetting(
  db: Db,
  municipalityId: number,
  form: ExpenditureSettingUpdate,
): Promise<ExpenditureSetting> {
  const values = {
    wasteTreatmentFlatRate: form.wasteTreatmentFlatRate ?? null,
    mixedWasteProcessingPrice: form.mixedWasteProcessingPrice ?? null,
  };
  if (form.version === 0) {
    await db
      .insert(expenditureSetting)
      .values({ municipalityId, ...values, version: 1 })
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? staleVersion() : err;
      });
  } else {
    const rows = await db
      .update(expenditureSetting)
      .set({ ...values, updatedAt: new Date(), version: bumped(expenditureSetting.version) })
      .where(and(eq(expenditureSetting.municipalityId, municipalityId), eq(expenditureSetting.version, form.version)))
      .returning({ id: expenditureSetting.id });
    writtenOrStale(rows);
  }
  return getSetting(db, municipalityId);
}

/** The overview of a year: totals by type, source and month (every category, zero included) and the card. */
export async function getSummary(db: Db, municipalityId: number, askedYear?: number): Promise<ExpenditureSummary> {
  const year = askedYear ?? currentYear();
  const mine = eq(expenditure.municipalityId, municipalityId);
  const where = and(mine, inYear(year));
  const sum = sql<string>`coalesce(sum(${expenditure.amount}), 0)::numeric(16,2)::text`;
  const n = sql<number>`count(*)::int`;
  const month = sql<number>`extract(month from ${expenditure.processedOn})::int`;
  const [totals, byType, bySource, byMonth, years, setting] = await Promise.all([
    db.select({ total: sum, count: n }).from(expenditure).where(where),
    db.select({ key: expenditure.type, total: sum, count: n }).from(expenditure).where(where).groupBy(expenditure.type),
    db
      .select({ key: expenditure.source, total: sum, count: n })
      .from(expenditure)
      .where(where)
      .groupBy(expenditure.source),
    db.select({ month, total: sum }).from(expenditure).where(where).groupBy(month),
    db
      .selectDistinct({ year: sql<number>`extract(year from ${expenditure.processedOn})::int` })
      .from(expenditure)
      .where(mine),
    getSetting(db, municipalityId),
  ]);
  const find = (rows: { key: string; total: string; count: number }[], key: string) =>
    rows.find((r) => r.key === key) ?? { total: "0.00", count: 0 };
  const yearSet = new Set([...years.map((y) => y.year), currentYear(), year]);
  return {
    year,
    years: [...yearSet].sort((a, b) => b - a),
    total: totals[0]?.total ?? "0.00",
    count: totals[0]?.count ?? 0,
    byType: EXPENDITURE_TYPES.map((type) => {
      const r = find(byType, type);
      return { type, total: r.total, count: r.count };
    }),
    bySource: EXPENDITURE_SOURCES.map((source) => {
      const r = find(bySource, source);
      return { source, total: r.total, count: r.count };
    }),
    byMonth: Array.from({ length: 12 }, (_, i) => ({
      month: i + 1,
      total: byMonth.find((m) => m.month === i + 1)?.total ?? "0.00",
    })),
    setting,
  };
}
