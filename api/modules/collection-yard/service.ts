/**
 * Collection yards (spec 001 §2 Collection yards, §3 Collection yard; docs/yards.md): the list, the detail with its
 * wastes and last 30 days' figures, and create/edit, which write the yard, its weekly schedule (7 rows) and its
 * closing exceptions in one transaction.
 */
import { daysBefore } from "#contract/calendar";
import { and, asc, count, desc, eq, gte, sql, type AnyColumn } from "drizzle-orm";
import type { Db } from "../../db/client";
import { collectionYard, collectionYardException, collectionYardOpening, yardReport } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import { updateVersioned } from "../../lib/version";
import { listPage, sortTerm } from "../../lib/paging";
import { hasRow, insertedId, timestampsOf } from "../../lib/records";
import { anyContains } from "../../lib/search";
import { orNull } from "../../lib/form-columns";
import { findYard } from "./shared";
import { yardListKeys, type SortKey } from "#contract/lists";
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

export async function listYards(db: Db, municipalityId: number, q: YardListQuery) {
  const where = and(
    eq(collectionYard.municipalityId, municipalityId),
    q.search
      ? anyContains(
          [collectionYard.name, collectionYard.street, collectionYard.city, collectionYard.icz, collectionYard.zuj],
          q.search,
        )
      : undefined,
    q.operator
      ? anyContains([collectionYard.operatorName, collectionYard.operatorIdentificationNumber], q.operator)
      : undefined,
  );
  const { rows, total } = await listPage(
    db.select(listColumns).from(collectionYard).where(where).$dynamic(),
    db.select({ n: count() }).from(collectionYard).where(where),
    [sortTerm(yardListKeys, SORTS, q.sort, { nullsLast: true }), asc(collectionYard.id)],
    q,
  );
  const items: YardListItem[] = rows.map((r) => ({ ...r, lastLoginAt: r.lastLoginAt?.toISOString() ?? null }));
  return { items, total };
}

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
  reportPrintType: f.reportPrintType,
  ...orNull(f, ["street", "city", "zipCode", "icz", "zuj", "operatorIdentificationNumber", "operatorName", "zoneCode"]),
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
    const created = await insertedId(tx, collectionYard, { municipalityId, ...columns(f) });
    await writeSchedule(tx as unknown as Db, created.id, f);
    return created;
  });
}

export async function updateYard(db: Db, municipalityId: number, id: number, f: YardUpdate) {
  await findYard(db, municipalityId, id);
  return db.transaction(async (tx) => {
    await updateVersioned(tx, collectionYard, { id, version: f.version }, columns(f));
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
