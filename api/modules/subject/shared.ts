/**
 * What several subject topics need: the subject's 404 and existence check, the parent alias, the address columns,
 * the ancestor walk, reading raw rows and whether a membership is current.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { subject } from "../../db/schema";
import { notFound } from "../../lib/errors";

export const parent = alias(subject, "parent");

/** The columns formatSubjectAddress() (contract/subject.ts) reads: every select that shows the address reads them here. */
export const subjectAddressColumns = {
  street: subject.street,
  conscriptionNumber: subject.conscriptionNumber,
  streetNumber: subject.streetNumber,
  provisionalNumber: subject.provisionalNumber,
  cityDistrict: subject.cityDistrict,
  city: subject.city,
};

/** How far the hierarchy is followed up or down: deeper trees do not occur, and a broken (cyclic) one stops here. */
export const MAX_HIERARCHY_DEPTH = 20;

export const subjectNotFound = () => notFound("Odběrné místo nebylo nalezeno.");

/** The subject's row, only within the municipality; 404 'Odběrné místo nebylo nalezeno.' otherwise. */
/** The subject exists in the municipality (else its 404); only what callers use is read, not the whole row. */
export async function findSubject(db: Db, municipalityId: number, subjectId: number) {
  const [row] = await db
    .select({ id: subject.id, binCount: subject.binCount })
    .from(subject)
    .where(and(eq(subject.id, subjectId), eq(subject.municipalityId, municipalityId)));
  if (!row) throw subjectNotFound();
  return row;
}

/** Both drivers answer db.execute with { rows }. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

/** The subject and its ancestors, nearest first (within the municipality; stops at MAX_HIERARCHY_DEPTH). */
export async function ancestorIds(db: Db, municipalityId: number, fromId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from ${subject} where id = ${fromId} and municipality_id = ${municipalityId}
        union all
        select s.id, s.parent_id, up.depth + 1 from ${subject} s join up on s.id = up.parent_id
        where up.depth < ${MAX_HIERARCHY_DEPTH} and s.municipality_id = ${municipalityId}
      ) select id from up order by depth`,
  );
  return rows.map((r) => Number(r.id));
}

export const isCurrent = (m: { validFrom: string; validTo: string | null }, day: string) =>
  m.validFrom <= day && (m.validTo === null || m.validTo >= day);
