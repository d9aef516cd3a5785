/** The bin list (paged, filtered, sorted) and the cities its filter offers. */
import { and, asc, desc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subject, subjectFeePayer, wasteEvidenceHeader as weh } from "../../db/schema";
import { listConditions, listTotalOf, optionValues } from "../../lib/list-counts";
import { pageWindow } from "../../lib/paging";
import { likeLiteral, searchMatches } from "../../lib/search";
import { parseListSort, wehListKeys, type SortKey as ListSortKey } from "#contract/lists";
import type { WehListItem, WehListQuery } from "#contract/waste-evidence-header";
import { today, validOn } from "../subject/membership";
import { withinDays } from "../../lib/days";
import { selectListRows, toListItem, type ListRow } from "./shared";

/** LIKE pattern of a typed prefix; wildcards typed by the user match literally. */
const prefixLike = (term: string) => `${likeLiteral(term)}%`;

type SortKey = ListSortKey<typeof wehListKeys>;
/** The sort expressions; plain codes sort as numbers, which within one municipality is the barcode's order. */
const SORT_EXPRESSIONS: Record<SortKey, SQL | AnyColumn> = {
  barcode: sql`${weh.barcode}`,
  plainCode: sql`${weh.barcode}`,
  state: sql`${weh.state}`,
  assignedAt: sql`${weh.assignedAt}`,
  lastEvidenceAt: sql`${weh.lastEvidenceAt}`,
  discardedAt: sql`${weh.discardedAt}`,
  subjectName: sql`${subject.name}`,
  city: sql`coalesce(${weh.city}, ${subject.city})`,
  id: weh.id,
};
const NULLABLE_SORTS = new Set<SortKey>(["assignedAt", "lastEvidenceAt", "discardedAt", "subjectName", "city"]);

/** ORDER BY of the list: the sort expression, then id in the same direction (a stable page); empty values last. */
function orderBy(sort: { key: SortKey; desc: boolean }): SQL[] {
  if (sort.key === "id") return [sort.desc ? desc(weh.id) : asc(weh.id)];
  const e = SORT_EXPRESSIONS[sort.key];
  if (!sort.desc) return [asc(e), asc(weh.id)];
  return [NULLABLE_SORTS.has(sort.key) ? sql`${e} desc nulls last` : desc(e), desc(weh.id)];
}

/** The subjects of the municipality matching a condition, as an IN subquery (the list never joins for filters). */
const subjectIdsWhere = (db: Db, municipalityId: number, cond: SQL) =>
  db
    .select({ id: subject.id })
    .from(subject)
    .where(and(eq(subject.municipalityId, municipalityId), cond));

function listFilter(db: Db, municipalityId: number, q: WehListQuery) {
  const where: (SQL | undefined)[] = [];
  if (q.search) {
    const term = q.search.trim();
    const prefix = prefixLike(term);
    where.push(
      or(
        sql`${weh.barcode} like ${prefix}`,
        sql`${weh.plainCode} like ${prefix}`,
        sql`${weh.rfid} ilike ${prefix}`,
        inArray(weh.subjectId, subjectIdsWhere(db, municipalityId, searchMatches(subject.search, term))),
      ),
    );
  }
  if (q.subjectId) where.push(eq(weh.subjectId, q.subjectId));
  if (q.feePayerId) {
    // Bins of the subjects the payer is a member of today.
    where.push(
      inArray(
        weh.subjectId,
        db
          .select({ id: subjectFeePayer.subjectId })
          .from(subjectFeePayer)
          .where(
            and(
              eq(subjectFeePayer.feePayerId, q.feePayerId),
              eq(subjectFeePayer.municipalityId, municipalityId),
              validOn(today()),
            ),
          ),
      ),
    );
  }
  if (q.binTypeId) where.push(eq(weh.binTypeId, q.binTypeId));
  if (q.wasteTypeId) where.push(eq(weh.wasteTypeId, q.wasteTypeId));
  if (q.state) where.push(eq(weh.state, q.state));
  where.push(...withinDays(weh.assignedAt, q.assignedFrom, q.assignedTo));
  where.push(...withinDays(weh.discardedAt, q.discardedFrom, q.discardedTo));
  if (q.city) {
    // The bin's own city, else its subject's (as the list shows it).
    where.push(
      or(
        eq(weh.city, q.city),
        and(isNull(weh.city), inArray(weh.subjectId, subjectIdsWhere(db, municipalityId, eq(subject.city, q.city)))),
      ),
    );
  }
  return listConditions(eq(weh.municipalityId, municipalityId), where);
}

export async function listHeaders(
  db: Db,
  municipalityId: number,
  q: WehListQuery,
): Promise<{ items: WehListItem[]; total: number }> {
  const where = listFilter(db, municipalityId, q);
  const { cond } = where;
  const sort = parseListSort(wehListKeys, q.sort);
  const { limit, offset } = pageWindow(q);
  // The page's ids first, from the header table alone (PostgreSQL drops the left join on the subject's key unless the
  // sort reads the subject); then only those rows are read with their subject, bin type and waste type.
  const [pageRows, totals] = await Promise.all([
    db
      .select({ id: weh.id })
      .from(weh)
      .leftJoin(subject, eq(subject.id, weh.subjectId))
      .where(cond)
      .orderBy(...orderBy(sort))
      .limit(limit)
      .offset(offset),
    listTotalOf(db, "waste_evidence_header", municipalityId, where, weh),
  ]);
  const ids = pageRows.map((r) => r.id);
  const rows = ids.length ? await selectListRows(db, {}).where(inArray(weh.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    items: ids.map((id) => toListItem(byId.get(id)! as ListRow)),
    total: totals,
  };
}

/** The cities the list's filter offers: the bins' own and their subjects'. */
export async function listFilterValues(db: Db, municipalityId: number): Promise<{ cities: string[] }> {
  // Every city of the municipality's subjects: checking that each has bins would visit 30,000 subjects.
  const [own, ofSubjects] = await Promise.all([
    optionValues(db, "waste_evidence_header.city", municipalityId),
    optionValues(db, "subject.city", municipalityId),
  ]);
  const cities = [...new Set([...own, ...ofSubjects])];
  return { cities: cities.sort((a, b) => a.localeCompare(b, "cs")) };
}
