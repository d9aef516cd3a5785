/**
 * Fixed discounts (spec 001 §2 Discounts, §3 Discount, §5 automatic discount groups; docs/discounts-expenditures.md).
 * An Age discount applies by itself to every active payer whose age reached in the year (the year minus the year of
 * birth) falls in its range; an Other discount to the payers it is assigned to (fee_payer_discount, the fee-payer
 * form). Every change asks for a fee recalculation of the current year (recalculate.ts).
 */
import { and, asc, count, eq, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { discount, feePayer, feePayerDiscount } from "../../db/schema";
import { foldSql } from "../../db/schema/fold";
import { foldText, likeLiteral } from "../../lib/search";
import { ApiError, notFound, validation } from "../../lib/errors";
import { updateVersioned } from "../../lib/version";
import { listPage, sortTerm } from "../../lib/paging";
import { findInMunicipality, timestampsOf } from "../../lib/records";
import { discountListKeys, type SortKey } from "#contract/lists";
import {
  DISCOUNT_ASSIGNED,
  DISCOUNT_NOT_FOUND,
  LEVEL_OVERLAPS_EXISTING,
  MAX_AGE,
  ageRange,
  rangesOverlap,
  storedFields,
  type DiscountCreate,
  type DiscountDetail,
  type DiscountListItem,
  type DiscountListQuery,
  type DiscountType,
  type DiscountUpdate,
} from "#contract/discount";

/** The current year in Prague: the year whose age a payer reaches and whose fees a change recalculates. */
export const currentYear = (now = new Date()) =>
  Number(new Intl.DateTimeFormat("en", { timeZone: "Europe/Prague", year: "numeric" }).format(now));
const todayInPrague = (now = new Date()) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Prague" }).format(now);

/**
 * How many active payers (active today) get the discount: Age by the age reached this year (so a child born in
 * December counts from January, the same whole-year rule the fee engine uses), Other by assignment.
 */
function payerCount(year: number, day: string): SQL<number> {
  // The outer row's columns spelled out: drizzle leaves a single-table select's columns unqualified, which inside
  // the subqueries would name fee_payer's own columns.
  const outer = (column: string) => sql.raw(`"discount"."${column}"`);
  const active = sql`${feePayer.activeFrom} <= ${day} and (${feePayer.activeTo} is null or ${feePayer.activeTo} >= ${day})`;
  return sql<number>`case when ${outer("type")} = 'Age' then (
      select count(*)::int from ${feePayer}
      where ${feePayer.municipalityId} = ${outer("municipality_id")} and ${feePayer.dateOfBirth} is not null and ${active}
        and ${year}::int - extract(year from ${feePayer.dateOfBirth})::int
          between coalesce(${outer("age_from")}, 0) and coalesce(${outer("age_until")}, ${MAX_AGE})
    ) else (
      select count(*)::int from ${feePayerDiscount}
      join ${feePayer} on ${feePayer.id} = ${feePayerDiscount.feePayerId}
      where ${feePayerDiscount.discountId} = ${outer("id")} and ${active}
    ) end`;
}

const listColumns = () => ({
  id: discount.id,
  name: discount.name,
  type: discount.type,
  group: discount.group,
  ageFrom: discount.ageFrom,
  ageUntil: discount.ageUntil,
  feeDiscount: discount.feeDiscount,
  description: discount.description,
  feePayerCount: payerCount(currentYear(), todayInPrague()),
});

const toItem = <R extends { type: string }>(r: R) => ({ ...r, type: r.type as DiscountType });

const SORT_COLUMNS: Record<SortKey<typeof discountListKeys>, AnyColumn> = {
  name: discount.name,
  type: discount.type,
  group: discount.group,
  ageFrom: discount.ageFrom,
  feeDiscount: discount.feeDiscount,
};

export async function listDiscounts(
  db: Db,
  municipalityId: number,
  q: DiscountListQuery,
): Promise<{ items: DiscountListItem[]; total: number }> {
  const term = q.search ? `%${likeLiteral(foldText(q.search.trim()))}%` : null;
  const where = and(
    eq(discount.municipalityId, municipalityId),
    q.type ? eq(discount.type, q.type) : undefined,
    term
      ? sql`${foldSql(sql`${discount.name} || ' ' || coalesce(${discount.group}, '') || ' ' || coalesce(${discount.description}, '')`)} like ${term}`
      : undefined,
  );
  const { rows, total } = await listPage(
    db.select(listColumns()).from(discount).where(where).$dynamic(),
    db.select({ n: count() }).from(discount).where(where),
    [
      sortTerm(discountListKeys, SORT_COLUMNS, q.sort, { nullsLast: true }),
      // Within a type, the group's levels follow each other by age.
      asc(discount.group),
      asc(discount.ageFrom),
      asc(discount.name),
      asc(discount.id),
    ],
    q,
  );
  return { items: rows.map(toItem), total };
}

export async function getDiscount(db: Db, municipalityId: number, id: number): Promise<DiscountDetail> {
  const [row] = await db
    .select({
      ...listColumns(),
      version: discount.version,
      createdAt: discount.createdAt,
      updatedAt: discount.updatedAt,
    })
    .from(discount)
    .where(and(eq(discount.id, id), eq(discount.municipalityId, municipalityId)));
  if (!row) throw notFound(DISCOUNT_NOT_FOUND);
  return { ...toItem(row), ...timestampsOf(row) };
}

/** The municipality's age discounts (spec 001 §5 automatic discount groups, given by the date of birth). */
export const ageDiscountsOf = (municipalityId: number): SQL =>
  and(eq(discount.municipalityId, municipalityId), eq(discount.type, "Age"))!;

/**
 * 422 under each level whose ages overlap a stored discount of the same citizen group (but `exceptId`, the one
 * being edited): two levels of one group for the same age would give a payer both.
 */
async function checkOverlaps(
  db: Db,
  municipalityId: number,
  group: string | null,
  levels: { ageFrom: number | null; ageUntil: number | null }[],
  fieldOf: (i: number) => string,
  exceptId?: number,
): Promise<void> {
  const stored = await db
    .select({ ageFrom: discount.ageFrom, ageUntil: discount.ageUntil })
    .from(discount)
    .where(
      and(
        ageDiscountsOf(municipalityId),
        group === null ? sql`${discount.group} is null` : eq(discount.group, group),
        exceptId ? ne(discount.id, exceptId) : undefined,
      ),
    );
  const errors: Record<string, string[]> = {};
  levels.forEach((level, i) => {
    if (stored.some((s) => rangesOverlap(ageRange(s), ageRange(level)))) errors[fieldOf(i)] = [LEVEL_OVERLAPS_EXISTING];
  });
  if (Object.keys(errors).length) throw validation(errors);
}

/** POST discount: one row per level (an Other discount has one), in one transaction; answers their ids. */
export async function createDiscounts(
  db: Db,
  municipalityId: number,
  form: DiscountCreate,
): Promise<{ ids: number[] }> {
  const levels = form.type === "Age" ? form.levels : form.levels.slice(0, 1);
  const rows = levels.map((level) => ({
    municipalityId,
    name: form.name,
    type: form.type,
    ...storedFields({ ...form, ageFrom: level.ageFrom, ageUntil: level.ageUntil }),
    feeDiscount: level.feeDiscount,
    description: form.description ?? null,
  }));
  if (form.type === "Age") await checkOverlaps(db, municipalityId, rows[0]!.group, rows, (i) => `levels.${i}.ageFrom`);
  const created = await db.insert(discount).values(rows).returning({ id: discount.id });
  return { ids: created.map((r) => r.id) };
}

export async function updateDiscount(db: Db, municipalityId: number, id: number, form: DiscountUpdate) {
  await findInMunicipality(db, discount, municipalityId, id, () => notFound(DISCOUNT_NOT_FOUND));
  const fields = storedFields(form);
  if (form.type === "Age") await checkOverlaps(db, municipalityId, fields.group, [fields], () => "ageFrom", id);
  await updateVersioned(
    db,
    discount,
    { id, version: form.version },
    {
      name: form.name,
      type: form.type,
      ...fields,
      feeDiscount: form.feeDiscount,
      description: form.description ?? null,
    },
  );
  return { id };
}

/**
 * Deletes a discount. An assigned Other discount is refused (409) rather than silently taken from its payers: their
 * fee would drop a discount nobody decided to take away; the clerk removes it on the payers first.
 */
export async function deleteDiscount(db: Db, municipalityId: number, id: number): Promise<void> {
  await findInMunicipality(db, discount, municipalityId, id, () => notFound(DISCOUNT_NOT_FOUND));
  const [assigned] = await db.select({ n: count() }).from(feePayerDiscount).where(eq(feePayerDiscount.discountId, id));
  if (Number(assigned?.n ?? 0) > 0) throw new ApiError(409, DISCOUNT_ASSIGNED);
  await db.delete(discount).where(eq(discount.id, id));
}
