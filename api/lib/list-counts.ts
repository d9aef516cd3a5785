/**
 * Exact totals and filter options without counting on every view (issue 11, decision 0024): the database keeps
 * them per municipality in list_total and list_option (triggers of migration 0015_list_counts). A list without
 * filters reads its stored total; a filtered list still counts, over the rows its filters leave.
 */
import { and, asc, count, eq, gt, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { listOption, listTotal } from "../db/schema";

export type CountedList = "subject" | "fee_payer" | "waste_card" | "waste_evidence_header";
export type OptionColumn = "subject.street" | "subject.city_district" | "subject.city" | "waste_evidence_header.city";

/**
 * A list's WHERE: the municipality's condition first, then one per filter in use. `filtered` is derived from what
 * was added, so a filter added later can never be answered with the unfiltered total.
 */
export function listConditions(municipality: SQL, filters: (SQL | undefined)[]): { cond: SQL; filtered: boolean } {
  const used = filters.filter((f): f is SQL => f !== undefined);
  return { cond: and(municipality, ...used)!, filtered: used.length > 0 };
}

/** The total of the list's rows: the stored one without filters, else counted. */
export async function listTotalOf(
  db: Db,
  list: CountedList,
  municipalityId: number,
  where: { cond: SQL; filtered: boolean },
  table: PgTable,
): Promise<number> {
  if (where.filtered) {
    const [row] = await db.select({ n: count() }).from(table).where(where.cond);
    return Number(row?.n ?? 0);
  }
  const [row] = await db
    .select({ total: listTotal.total })
    .from(listTotal)
    .where(and(eq(listTotal.list, list), eq(listTotal.municipalityId, municipalityId)));
  return Number(row?.total ?? 0);
}

/** The values a filter column holds in the municipality's rows, sorted as Czech sorts them. */
export async function optionValues(db: Db, column: OptionColumn, municipalityId: number): Promise<string[]> {
  const rows = await db
    .select({ value: listOption.value })
    .from(listOption)
    .where(and(eq(listOption.list, column), eq(listOption.municipalityId, municipalityId), gt(listOption.total, 0)))
    .orderBy(asc(listOption.value));
  return rows
    .map((r) => r.value)
    .filter(Boolean)
    .sort((a, b) => a.localeCompare(b, "cs"));
}
