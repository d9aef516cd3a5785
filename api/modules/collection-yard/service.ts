/**
 * Collection yards (spec 001 §2 Collection yards, §3 Collection yard; docs/yards.md): the list, the detail with its
 * wastes and last 30 days' figures, and create/edit, which write the yard, its weekly schedule (7 rows) and its
 * closing exceptions in one transaction.
 */
import { and, asc, count, desc, eq, gte, ilike, or, sql, type AnyColumn } from "drizzle-orm";
import type { Db } from "../../db/client";
import { collectionYard, collectionYardException, collectionYardOpening, yardReport } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import { bumped, writtenOrStale } from "../../lib/version";
import { pageWindow } from "../../lib/paging";
import { hasRow, timestampsOf } from "../../lib/records";
import { findYard } from "./shared";
import { parseListSort, yardListKeys, type SortKey } from "#contract/lists";
import {
  type ReportPrintType,
  type YardDetail,
  type YardForm,
  type YardListItem,
  type YardListQuery,
  type YardOption,
  type YardUpdate,
} from "#contract/yard";
import { listYardWastes } from "./wastes";
import { today } from "../subject/membership";

export const YARD_HAS_VISITS = "Sběrný dvůr má návštěvy, nelze ho smazat.";

const listColumns = {
  id: collectionYard.id,
  name: collectionYard.name,
  icz: collectionYard.icz,
  zuj: collectionYard.zuj,
  street: collectionYard.street,
  city: collectionYard.city,
  zipCode: collectionYard.zipCode,
  operatorName: collectionYard.operatorName,
  lastLoginAt: collectionYard.lastLoginAt,
};

const SORTS: Record<SortKey<typeof yardListKeys>, AnyColumn> = {
  name: collectionYard.name,
  icz: collectionYard.icz,
  zuj: collectionYard.zuj,
  lastLoginAt: collectionYard.lastLoginAt,
};

const like = (term: string) => `%${term.replace(/[%_\\]/g, "\\$&")}%`;

export async function listYards(db: Db, municipalityId: number, q: YardListQuery) {
  const where = and(
    eq(collectionYard.municipalityId, municipalityId),
    q.search
      ? or(
          ilike(collectionYard.name, like(q.search)),
          ilike(collectionYard.street, like(q.search)),
          ilike(collectionYard.city, like(q.search)),
          ilike(collectionYard.icz, like(q.search)),
          ilike(collectionYard.zuj, like(q.search)),
        )
      : undefined,
    q.operator
      ? or(
          ilike(collectionYard.operatorName, like(q.operator)),
          ilike(collectionYard.operatorIdentificationNumber, like(q.operator)),
        )
      : undefined,
  );
  const sort = parseListSort(yardListKeys, q.sort);
  const column = SORTS[sort.key];
  const { limit, offset } = pageWindow(q);
  const [rows, totals] = await Promise.all([
    db
      .select(listColumns)
      .from(collectionYard)
      .where(where)
      .orderBy(sort.desc ? sql`${column} desc nulls last` : asc(column), asc(collectionYard.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(collectionYard).where(where),
  ]);
  const items: YardListItem[] = rows.map((r) => ({ ...r, lastLoginAt: r.lastLoginAt?.toISOString() ?? null }));
  return { items, total: Number(totals[0]?.n ?? 0) };
}

/** The calendar day `n` days before `day` (YYYY-MM-DD). */
export const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** 'HH:MM:SS' from the database → 'HH:MM' of the form. */
export const hhmm = (t: string | null) => (t ? t.slice(0, 5) : null);

export async function getYard(db: Db, municipalityId: number, id: number): Promise<YardDetail> {
  const row = await findYard(db, municipalityId, id);
  const since = daysBefore(today(), 29);
  const [opening, exceptions, wastes, stats] = await Promise.all([
    db
      .select()
      .from(collectionYardOpening)
      .where(eq(collectionYardOpening.yardId, id))
      .orderBy(collectionYardOpening.weekday),
    db
      .select({ day: collectionYardException.day, description: collectionYardException.description })
      .from(collectionYardException)
      .where(eq(collectionYardException.yardId, id))
      .orderBy(collectionYardException.day),
    listYardWastes(db, [id]),
    db
      .select({
        visits: sql<number>`count(*)::int`,
        weightKg: sql<string>`coalesce(sum(${yardReport.totalWeightKg}), 0)::numeric(14,3)::text`,
        fees: sql<string>`coalesce(sum(${yardReport.fee}), 0)::numeric(14,2)::text`,
      })
      .from(yardReport)
      .where(and(eq(yardReport.yardId, id), gte(yardReport.reportDate, since))),
  ]);
  const byDay = new Map(opening.map((o) => [o.weekday, o]));
  return {
    id: row.id,
    name: row.name,
    icz: row.icz,
    zuj: row.zuj,
    street: row.street,
    city: row.city,
    zipCode: row.zipCode,
    operatorName: row.operatorName,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    version: row.version,
    ...timestampsOf(row),
    reportPrintType: row.reportPrintType as ReportPrintType,
    operatorIdentificationNumber: row.operatorIdentificationNumber,
    zoneCode: row.zoneCode,
    schedule: [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
      const o = byDay.get(weekday);
      return {
        weekday,
        openTime: hhmm(o?.openTime ?? null),
        closeTime: hhmm(o?.closeTime ?? null),
        closed: o?.closed ?? true,
      };
    }),
    exceptions,
    wastes,
    stats: stats[0] ?? { visits: 0, weightKg: "0.000", fees: "0.00" },
  };
}

const columns = (f: YardForm) => ({
  name: f.name,
  street: f.street ?? null,
  city: f.city ?? null,
  zipCode: f.zipCode ?? null,
  reportPrintType: f.reportPrintType,
  icz: f.icz ?? null,
  zuj: f.zuj ?? null,
  operatorIdentificationNumber: f.operatorIdentificationNumber ?? null,
  operatorName: f.operatorName ?? null,
  zoneCode: f.zoneCode ?? null,
});

/** The schedule and exceptions are replaced whole: they are the form's rows. */
async function writeSchedule(tx: Db, yardId: number, f: YardForm) {
  await tx.delete(collectionYardOpening).where(eq(collectionYardOpening.yardId, yardId));
  await tx.delete(collectionYardException).where(eq(collectionYardException.yardId, yardId));
  await tx.insert(collectionYardOpening).values(
    f.schedule.map((d) => ({
      yardId,
      weekday: d.weekday,
      closed: d.closed,
      openTime: d.closed ? null : (d.openTime ?? null),
      closeTime: d.closed ? null : (d.closeTime ?? null),
    })),
  );
  if (f.exceptions.length) {
    await tx
      .insert(collectionYardException)
      .values(f.exceptions.map((e) => ({ yardId, day: e.day, description: e.description ?? null })));
  }
}

export function createYard(db: Db, municipalityId: number, f: YardForm) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(collectionYard)
      .values({ municipalityId, ...columns(f) })
      .returning({ id: collectionYard.id });
    await writeSchedule(tx as unknown as Db, row!.id, f);
    return { id: row!.id };
  });
}

export async function updateYard(db: Db, municipalityId: number, id: number, f: YardUpdate) {
  await findYard(db, municipalityId, id);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(collectionYard)
      .set({ ...columns(f), updatedAt: new Date(), version: bumped(collectionYard.version) })
      .where(and(eq(collectionYard.id, id), eq(collectionYard.version, f.version)))
      .returning({ id: collectionYard.id });
    writtenOrStale(rows);
    await writeSchedule(tx as unknown as Db, id, f);
    return { id };
  });
}

export async function deleteYard(db: Db, municipalityId: number, id: number): Promise<void> {
  await findYard(db, municipalityId, id);
  if (await hasRow(db, yardReport, eq(yardReport.yardId, id))) throw new ApiError(409, YARD_HAS_VISITS);
  await db.delete(collectionYard).where(eq(collectionYard.id, id));
}

/** The yards with their active wastes, for the visit form. */
export async function yardOptions(db: Db, municipalityId: number): Promise<{ items: YardOption[] }> {
  const yards = await db
    .select({ id: collectionYard.id, name: collectionYard.name })
    .from(collectionYard)
    .where(eq(collectionYard.municipalityId, municipalityId))
    .orderBy(asc(collectionYard.name), desc(collectionYard.id));
  const wastes = yards.length
    ? await listYardWastes(
        db,
        yards.map((y) => y.id),
      )
    : [];
  return {
    items: yards.map((y) => ({
      ...y,
      wastes: wastes
        .filter((w) => w.yardId === y.id && w.active)
        .map((w) => ({ id: w.id, name: w.wasteName, defaultWeightKg: w.defaultWeightKg })),
    })),
  };
}
