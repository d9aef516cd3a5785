/**
 * Distribution centres (spec 001 §2 Distribution centres, §3 Distribution centre; docs/distribution-centres.md): the
 * list with user and report counts, the detail with its users and latest reports, create, edit and delete. The
 * reports are written by the distribution-report domain; this one only reads them.
 */
import { and, asc, count, desc, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { distributionCentre, distributionCentreUser, distributionReport, role, subject, user } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import { updateVersioned } from "../../lib/version";
import { listPage, sortTerm } from "../../lib/paging";
import { hasRow, insertedId, iso, nameOf, timestampsOf } from "../../lib/records";
import { anyContains } from "../../lib/search";
import { orNull } from "../../lib/form-columns";
import { distributionCentreListKeys, type SortKey } from "#contract/lists";
import {
  CENTRE_HAS_REPORTS,
  LATEST_REPORTS,
  type CentreDetail,
  type CentreForm,
  type CentreListItem,
  type CentreListQuery,
  type CentreReportState,
  type CentreUpdate,
} from "#contract/distribution-centre";
import { byStaffName, findCentre, staffColumns } from "./shared";

/**
 * The counts of a centre as columns of its select (one indexed lookup each per row read). The outer id is written
 * qualified: drizzle leaves a single-table select's columns bare, and a bare "id" would be the subquery's own.
 */
const outerId = sql.raw(`"distribution_centre"."id"`);
const userCount = sql<number>`(select count(*)::int from ${distributionCentreUser} u where u.centre_id = ${outerId})`;
const reportCount = sql<number>`(select count(*)::int from ${distributionReport} r where r.centre_id = ${outerId})`;
const lastReportDate = sql<string | null>`(select max(r.report_date)::text from ${distributionReport} r
  where r.centre_id = ${outerId})`;

const listColumns = {
  id: distributionCentre.id,
  name: distributionCentre.name,
  phone: distributionCentre.phone,
  email: distributionCentre.email,
  userCount,
  reportCount,
  lastReportDate,
};

const SORTS: Record<SortKey<typeof distributionCentreListKeys>, AnyColumn | SQL> = {
  name: distributionCentre.name,
  reportCount,
};

export async function listCentres(db: Db, municipalityId: number, q: CentreListQuery) {
  const where = and(
    eq(distributionCentre.municipalityId, municipalityId),
    q.search
      ? anyContains([distributionCentre.name, distributionCentre.phone, distributionCentre.email], q.search)
      : undefined,
  );
  const { rows, total } = await listPage(
    db.select(listColumns).from(distributionCentre).where(where).$dynamic(),
    db.select({ n: count() }).from(distributionCentre).where(where),
    [sortTerm(distributionCentreListKeys, SORTS, q.sort), asc(distributionCentre.id)],
    q,
  );
  return { items: rows satisfies CentreListItem[], total };
}

export async function getCentre(db: Db, municipalityId: number, id: number): Promise<CentreDetail> {
  const row = await findCentre(db, municipalityId, id);
  const [[counts], users, reports] = await Promise.all([
    db.select({ userCount, reportCount, lastReportDate }).from(distributionCentre).where(eq(distributionCentre.id, id)),
    db
      .select({ ...staffColumns, lastLoginAt: user.lastLoginAt })
      .from(distributionCentreUser)
      .innerJoin(user, eq(user.id, distributionCentreUser.userId))
      .innerJoin(role, eq(role.id, user.roleId))
      .where(eq(distributionCentreUser.centreId, id))
      .orderBy(...byStaffName),
    db
      .select({
        id: distributionReport.id,
        reportDate: distributionReport.reportDate,
        subjectId: distributionReport.subjectId,
        subjectName: nameOf(subject, distributionReport.subjectId),
        state: distributionReport.state,
        recordCount: distributionReport.recordCount,
      })
      .from(distributionReport)
      .where(eq(distributionReport.centreId, id))
      .orderBy(desc(distributionReport.reportDate), desc(distributionReport.id))
      .limit(LATEST_REPORTS),
  ]);
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    phone: row.phone,
    email: row.email,
    ...timestampsOf(row),
    userCount: counts?.userCount ?? 0,
    reportCount: counts?.reportCount ?? 0,
    lastReportDate: counts?.lastReportDate ?? null,
    users: users.map((u) => ({
      id: u.id,
      name: `${u.firstName} ${u.lastName}`.trim(),
      userName: u.userName,
      roleName: u.roleName,
      lastLoginAt: iso(u.lastLoginAt),
    })),
    latestReports: reports.map((r) => ({ ...r, state: r.state as CentreReportState })),
  };
}

const columns = (f: CentreForm) => ({ name: f.name, ...orNull(f, ["phone", "email"]) });

export const createCentre = (db: Db, municipalityId: number, f: CentreForm) =>
  insertedId(db, distributionCentre, { municipalityId, ...columns(f) });

export async function updateCentre(db: Db, municipalityId: number, id: number, f: CentreUpdate) {
  await findCentre(db, municipalityId, id);
  await updateVersioned(db, distributionCentre, { id, version: f.version }, columns(f));
  return { id };
}

/**
 * A centre with reports is kept (they are the record of what was handed out and their processing refers to it);
 * one without is deleted with its user assignments (the user accounts stay).
 */
export async function deleteCentre(db: Db, municipalityId: number, id: number): Promise<void> {
  await findCentre(db, municipalityId, id);
  if (await hasRow(db, distributionReport, eq(distributionReport.centreId, id))) {
    throw new ApiError(409, CENTRE_HAS_REPORTS);
  }
  await db.delete(distributionCentre).where(eq(distributionCentre.id, id));
}
