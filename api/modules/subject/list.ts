/** The subject list (paged, filtered, sorted), the picker's options and the list's filter values. */
import { and, asc, desc, eq, gt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subject } from "../../db/schema";
import { listConditions, listTotalOf, optionValues } from "../../lib/list-counts";
import { pageIds } from "../../lib/paging";
import { parseListSort, subjectListKeys, type SortKey as ListSortKey } from "#contract/lists";
import { searchMatches } from "../../lib/search";
import {
  formatSubjectAddress,
  type SubjectFilterValues,
  type SubjectListItem,
  type SubjectListQuery,
  type SubjectOption,
  type SubjectType,
} from "#contract/subject";
import { MAX_HIERARCHY_DEPTH, parent, subjectAddressColumns } from "./shared";

type SortKey = ListSortKey<typeof subjectListKeys>;
const SORT_COLUMNS: Record<SortKey, AnyColumn> = {
  name: subject.name,
  type: subject.type,
  street: subject.street,
  cityDistrict: subject.cityDistrict,
  variableSymbol: subject.variableSymbol,
  memberCount: subject.memberCount,
  binCount: subject.binCount,
  totalFee: subject.totalFee,
  feePaid: subject.feePaid,
  id: subject.id,
};
/** Columns that may be empty: a descending sort puts empty values last (an ascending one does anyway). */
const NULLABLE_SORTS = new Set<SortKey>(["street", "cityDistrict", "variableSymbol"]);

/**
 * ORDER BY of the list: the sort column, then id in the same direction (a stable page). On the not-null columns
 * that keeps the (municipality_id, name, id) index usable in both directions.
 */
function orderBy(sort: { key: SortKey; desc: boolean }): SQL[] {
  if (sort.key === "id") return [sort.desc ? desc(subject.id) : asc(subject.id)];
  const column = SORT_COLUMNS[sort.key];
  if (!sort.desc) return [asc(column), asc(subject.id)];
  return [NULLABLE_SORTS.has(sort.key) ? sql`${column} desc nulls last` : desc(column), desc(subject.id)];
}

function listFilter(municipalityId: number, q: SubjectListQuery) {
  return listConditions(eq(subject.municipalityId, municipalityId), [
    q.search ? searchMatches(subject.search, q.search) : undefined,
    q.type ? eq(subject.type, q.type) : undefined,
    q.cityDistrict ? eq(subject.cityDistrict, q.cityDistrict) : undefined,
    q.street ? eq(subject.street, q.street) : undefined,
    q.feePaid === undefined ? undefined : eq(subject.feePaid, q.feePaid),
    q.hasBins === undefined ? undefined : q.hasBins ? gt(subject.binCount, 0) : eq(subject.binCount, 0),
    q.parentId ? eq(subject.parentId, q.parentId) : undefined,
  ]);
}

export async function listSubjects(
  db: Db,
  municipalityId: number,
  q: SubjectListQuery,
): Promise<{ items: SubjectListItem[]; total: number }> {
  const where = listFilter(municipalityId, q);
  const { cond } = where;
  const sort = parseListSort(subjectListKeys, q.sort);
  // The page's ids first, from subject alone (indexed for the name and street sorts); only those rows are then
  // read and given their parent's name (docs/decisions/0007).
  const page = pageIds(db, subject, cond, orderBy(sort), q).as("page");
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: subject.id,
        type: subject.type,
        name: subject.name,
        shortName: subject.shortName,
        variableSymbol: subject.variableSymbol,
        ...subjectAddressColumns,
        parentId: subject.parentId,
        parentName: parent.name,
        memberCount: subject.memberCount,
        binCount: subject.binCount,
        totalFee: subject.totalFee,
        feePaid: subject.feePaid,
      })
      .from(page)
      .innerJoin(subject, eq(subject.id, page.id))
      .leftJoin(parent, eq(parent.id, subject.parentId))
      .orderBy(...orderBy(sort)),
    listTotalOf(db, "subject", municipalityId, where, subject),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type as SubjectType,
      name: r.name,
      shortName: r.shortName,
      variableSymbol: r.variableSymbol,
      address: formatSubjectAddress(r),
      street: r.street,
      cityDistrict: r.cityDistrict,
      parentId: r.parentId,
      parentName: r.parentName ?? null,
      memberCount: r.memberCount,
      binCount: r.binCount,
      totalFee: r.totalFee,
      feePaid: r.feePaid,
    })),
    total: totals,
  };
}

/** SQL: the ids of the subject and all its descendants (within the municipality, depth-limited). */
function subtreeIds(municipalityId: number, rootId: number): SQL {
  return sql`with recursive down(id, depth) as (
      select id, 0 from ${subject} where id = ${rootId} and municipality_id = ${municipalityId}
      union
      select s.id, down.depth + 1 from ${subject} s join down on s.parent_id = down.id
      where down.depth < ${MAX_HIERARCHY_DEPTH} and s.municipality_id = ${municipalityId}
    ) select id from down`;
}

export async function listOptions(
  db: Db,
  municipalityId: number,
  q: { search?: string; exclude?: number },
): Promise<{ items: SubjectOption[] }> {
  const rows = await db
    .select({
      id: subject.id,
      name: subject.name,
      type: subject.type,
      ...subjectAddressColumns,
    })
    .from(subject)
    .where(
      and(
        eq(subject.municipalityId, municipalityId),
        q.search ? searchMatches(subject.search, q.search) : undefined,
        // The parent picker must not offer a cycle: the subject itself and everything under it are left out.
        q.exclude ? sql`${subject.id} not in (${subtreeIds(municipalityId, q.exclude)})` : undefined,
      ),
    )
    .orderBy(asc(subject.name), asc(subject.id))
    .limit(20);
  return {
    items: rows.map((r) => ({ id: r.id, name: r.name, type: r.type as SubjectType, address: formatSubjectAddress(r) })),
  };
}

export async function listFilterValues(db: Db, municipalityId: number): Promise<SubjectFilterValues> {
  const [cityDistricts, streets] = await Promise.all([
    optionValues(db, "subject.city_district", municipalityId),
    optionValues(db, "subject.street", municipalityId),
  ]);
  return { cityDistricts, streets };
}
