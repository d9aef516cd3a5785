/** The fee payer list (paged, filtered, sorted, searched), the picker's options and the municipality's discounts. */
import {
  and,
  asc,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNull,
  lte,
  not,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { discount, feePayer, feePayerDiscount, subject, subjectFeePayer } from "../../db/schema";
import { listConditions, listTotalOf } from "../../lib/list-counts";
import { pageWindow } from "../../lib/paging";
import { foldText, searchMatches } from "../../lib/search";
import { today, validOn } from "../subject/membership";
import { feePayerListKeys, parseListSort, type SortKey } from "#contract/lists";
import {
  ageGroupOf,
  feePayerName,
  type DiscountOption,
  type FeePayerListItem,
  type FeePayerListQuery,
  type FeePayerType,
  type feePayerOptionsQuery,
} from "#contract/fee-payer";
import { feePayerNameColumns, isActive } from "./shared";

/** Active on `day`: started and not yet ended (active_to is the last active day). */
const activeOn = (day: string) =>
  and(
    sql`${feePayer.activeFrom} <= ${day}::date`,
    or(isNull(feePayer.activeTo), sql`${feePayer.activeTo} >= ${day}::date`),
  )!;

type FeePayerSort = SortKey<typeof feePayerListKeys>;

/** The columns of each sort but 'id' (name: last name, first name, company name). */
const SORT_COLUMNS: Record<Exclude<FeePayerSort, "id">, AnyColumn[]> = {
  name: [feePayer.lastName, feePayer.firstName, feePayer.companyName],
  dateOfBirth: [feePayer.dateOfBirth],
  variableSymbol: [feePayer.variableSymbol],
  activeFrom: [feePayer.activeFrom],
  activeTo: [feePayer.activeTo],
  registered: [feePayer.registered],
};

/** ORDER BY of the list: the sort's columns, then id (a stable page); a descending sort puts empty values last. */
function orderBy(sort: { key: FeePayerSort; desc: boolean }): SQL[] {
  const dir = (c: AnyColumn) => (sort.desc ? sql`${c} desc nulls last` : sql`${c} asc`);
  if (sort.key === "id") return [sort.desc ? desc(feePayer.id) : asc(feePayer.id)];
  return [...SORT_COLUMNS[sort.key].map(dir), asc(feePayer.id)];
}

/** A term of three letters or more can use the trigram index; shorter ones cannot (pg_trgm works on trigrams). */
const usesSearchIndex = (term: string | undefined) => !!term && foldText(term.trim()).length >= 3;

/**
 * The page of a searched list: the matches are found through the trigram index first and only they are sorted.
 * Left to itself, the planner walks the name index and filters, which for a common surname ('novák' sorts late)
 * read 50,000 rows for 25 (docs/benchmarks.md). OFFSET 0 keeps the subquery from being merged into the outer one.
 */
async function pageOfMatches(
  db: Db,
  cond: SQL,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<{ id: number }[]> {
  const res = await db.execute(
    sql`select "id" from (select * from ${feePayer} where ${cond} offset 0) as ${feePayer}
      order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`,
  );
  return (res as unknown as { rows: { id: number }[] }).rows;
}

function listFilter(municipalityId: number, q: FeePayerListQuery, day: string) {
  const where: (SQL | undefined)[] = [];
  if (q.search) where.push(searchMatches(feePayer.search, q.search));
  if (q.bornFrom) where.push(gte(feePayer.dateOfBirth, q.bornFrom));
  if (q.bornTo) where.push(lte(feePayer.dateOfBirth, q.bornTo));
  if (q.discountId) {
    where.push(
      exists(
        sql`(select 1 from ${feePayerDiscount} where ${feePayerDiscount.feePayerId} = ${feePayer.id} and ${feePayerDiscount.discountId} = ${q.discountId})`,
      ),
    );
  }
  if (q.registered !== undefined) where.push(eq(feePayer.registered, q.registered));
  if (q.active === "true") where.push(activeOn(day));
  if (q.active === "false") where.push(not(activeOn(day)));
  if (q.subjectId) {
    where.push(
      exists(
        sql`(select 1 from ${subjectFeePayer} where ${subjectFeePayer.feePayerId} = ${feePayer.id}
          and ${subjectFeePayer.subjectId} = ${q.subjectId} and ${validOn(day)})`,
      ),
    );
  }
  return listConditions(eq(feePayer.municipalityId, municipalityId), where);
}

/**
 * GET fee-payer: the page's ids are chosen from fee_payer alone (indexed filters and sorts), and only those
 * payers are read with their current subjects and fixed discounts, so a deep page of 100,000 payers costs no
 * more than the first.
 */
export async function listFeePayers(
  db: Db,
  municipalityId: number,
  q: FeePayerListQuery,
): Promise<{ items: FeePayerListItem[]; total: number }> {
  const day = today();
  const where = listFilter(municipalityId, q, day);
  const { cond } = where;
  const sort = parseListSort(feePayerListKeys, q.sort);
  const { limit, offset } = pageWindow(q);
  const [page, total] = await Promise.all([
    usesSearchIndex(q.search)
      ? pageOfMatches(db, cond, orderBy(sort), limit, offset)
      : db
          .select({ id: feePayer.id })
          .from(feePayer)
          .where(cond)
          .orderBy(...orderBy(sort))
          .limit(limit)
          .offset(offset),
    listTotalOf(db, "fee_payer", municipalityId, where, feePayer),
  ]);
  const ids = page.map((r) => r.id);
  if (!ids.length) return { items: [], total };

  const [rows, subjects, discounts] = await Promise.all([
    db
      .select({
        id: feePayer.id,
        ...feePayerNameColumns,
        dateOfBirth: feePayer.dateOfBirth,
        variableSymbol: feePayer.variableSymbol,
        email: feePayer.email,
        activeFrom: feePayer.activeFrom,
        activeTo: feePayer.activeTo,
        registered: feePayer.registered,
        userId: feePayer.userId,
        finalFee: feePayer.finalFee,
      })
      .from(feePayer)
      .where(inArray(feePayer.id, ids)),
    db
      .select({ feePayerId: subjectFeePayer.feePayerId, name: subject.name })
      .from(subjectFeePayer)
      .innerJoin(subject, eq(subject.id, subjectFeePayer.subjectId))
      .where(and(inArray(subjectFeePayer.feePayerId, ids), validOn(day)))
      .orderBy(asc(subject.name)),
    db
      .select({ feePayerId: feePayerDiscount.feePayerId, name: discount.name })
      .from(feePayerDiscount)
      .innerJoin(discount, eq(discount.id, feePayerDiscount.discountId))
      .where(inArray(feePayerDiscount.feePayerId, ids))
      .orderBy(asc(discount.name)),
  ]);
  const group = (list: { feePayerId: number; name: string }[]) => {
    const out = new Map<number, string[]>();
    for (const r of list) {
      const names = out.get(r.feePayerId) ?? [];
      if (!names.includes(r.name)) names.push(r.name);
      out.set(r.feePayerId, names);
    }
    return out;
  };
  const subjectsOf = group(subjects);
  const discountsOf = group(discounts);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = ids.map((id): FeePayerListItem => {
    const r = byId.get(id)!;
    return {
      id: r.id,
      type: r.type as FeePayerType,
      name: feePayerName(r),
      dateOfBirth: r.dateOfBirth,
      variableSymbol: r.variableSymbol,
      email: r.email,
      subjects: subjectsOf.get(id)?.join(", ") ?? null,
      activeFrom: r.activeFrom,
      activeTo: r.activeTo,
      active: isActive(r, day),
      registered: r.registered,
      hasLogin: r.userId !== null,
      ageGroup: ageGroupOf(r.dateOfBirth, day),
      discounts: discountsOf.get(id) ?? [],
      finalFee: r.finalFee,
    };
  });
  return { items, total };
}

/** GET fee-payer/options: at most 20 payers for a picker (add a payer to a subject). */
export async function listOptions(db: Db, municipalityId: number, q: z.infer<typeof feePayerOptionsQuery>) {
  const rows = await db
    .select({
      id: feePayer.id,
      ...feePayerNameColumns,
      dateOfBirth: feePayer.dateOfBirth,
    })
    .from(feePayer)
    .where(
      and(eq(feePayer.municipalityId, municipalityId), q.search ? searchMatches(feePayer.search, q.search) : undefined),
    )
    .orderBy(...orderBy({ key: "name", desc: false }))
    .limit(20);
  return { items: rows.map((r) => ({ id: r.id, name: feePayerName(r), dateOfBirth: r.dateOfBirth })) };
}

/** GET fee-payer/discounts: the municipality's discounts for the filter and the form. */
export async function listDiscounts(db: Db, municipalityId: number): Promise<{ items: DiscountOption[] }> {
  const rows = await db
    .select({ id: discount.id, name: discount.name, type: discount.type })
    .from(discount)
    .where(eq(discount.municipalityId, municipalityId))
    .orderBy(asc(discount.name), asc(discount.id));
  return { items: rows.map((r) => ({ ...r, type: r.type as DiscountOption["type"] })) };
}
