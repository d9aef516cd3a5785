/**
 * The payers' fees of a year (spec 001 §2 'Fees' table): the yearly fee rows (month null) the recalculation wrote,
 * with the payer and the collection point, filtered, sorted and paged in one statement.
 */
import { and, asc, desc, eq, gt, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fee, feePayer, subject } from "../../db/schema";
import { pageWindow } from "../../lib/paging";
import { iso } from "../../lib/records";
import { searchMatches } from "../../lib/search";
import { feePayerName } from "#contract/fee-payer";
import type { FeeListItem, FeeListQuery } from "#contract/fee";
import { feeListKeys, parseListSort, type SortKey } from "#contract/lists";
import { feePayerNameColumns } from "../fee-payer/shared";
import { today } from "../subject/membership";

/** The fee year of a call: the one asked for, else the current year in Europe/Prague. */
export const feeYearOf = (year: number | undefined): number => year ?? Number(today().slice(0, 4));

/** numeric(12,2) texts subtracted exactly in hundredths (fixed discount = total discount − motivation discount). */
const minus = (a: string, b: string) => ((Math.round(Number(a) * 100) - Math.round(Number(b) * 100)) / 100).toFixed(2);

/** A fee's amounts as every answer of fees shows them (feeAmountsAnswer, contract/fee.ts). */
export const feeAmountColumns = {
  baseFee: fee.baseFee,
  binFee: fee.binFee,
  motivationFee: fee.motivationFee,
  totalDiscount: fee.totalDiscount,
  totalFee: fee.totalFee,
  finalFee: fee.finalFee,
};

/** The yearly fees of a municipality and year: the condition every read of the screen starts from. */
export const yearlyFees = (municipalityId: number, year: number): SQL =>
  and(eq(fee.municipalityId, municipalityId), eq(fee.year, year), sql`${fee.month} is null`)!;

const SORTS: Record<Exclude<SortKey<typeof feeListKeys>, "name">, AnyColumn> = {
  variableSymbol: fee.variableSymbol,
  subjectName: subject.name,
  totalFee: fee.totalFee,
  totalDiscount: fee.totalDiscount,
  finalFee: fee.finalFee,
  paid: fee.paid,
  id: fee.id,
};

function orderOf(q: FeeListQuery): SQL[] {
  const sort = parseListSort(feeListKeys, q.sort);
  const dir = sort.desc ? desc : asc;
  if (sort.key === "name") {
    return [dir(feePayer.lastName), dir(feePayer.firstName), dir(feePayer.companyName), dir(fee.id)];
  }
  return [dir(SORTS[sort.key]), dir(fee.id)];
}

function whereOf(municipalityId: number, q: FeeListQuery): SQL {
  const where: (SQL | undefined)[] = [yearlyFees(municipalityId, feeYearOf(q.year))];
  if (q.search) {
    const term = q.search.trim();
    where.push(
      or(searchMatches(feePayer.search, term), searchMatches(subject.search, term), eq(fee.variableSymbol, term)),
    );
  }
  if (q.paid !== undefined) where.push(eq(fee.paid, q.paid));
  if (q.subjectType) where.push(eq(subject.type, q.subjectType));
  if (q.discounted !== undefined) {
    where.push(q.discounted ? gt(fee.totalDiscount, "0") : eq(fee.totalDiscount, "0"));
  }
  if (q.subjectId) where.push(eq(fee.subjectId, q.subjectId));
  if (q.feePayerId) where.push(eq(fee.feePayerId, q.feePayerId));
  return and(...where)!;
}

export async function listFees(
  db: Db,
  municipalityId: number,
  q: FeeListQuery,
): Promise<{ items: FeeListItem[]; total: number }> {
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({
      id: fee.id,
      year: fee.year,
      feePayerId: fee.feePayerId,
      payer: feePayerNameColumns,
      feeVariableSymbol: fee.variableSymbol,
      payerVariableSymbol: feePayer.variableSymbol,
      subjectId: fee.subjectId,
      subjectName: subject.name,
      ...feeAmountColumns,
      motivationDiscount: fee.motivationDiscount,
      fixedDiscountNames: fee.fixedDiscountNames,
      paid: fee.paid,
      paidChangedAt: fee.paidChangedAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(fee)
    .leftJoin(feePayer, eq(feePayer.id, fee.feePayerId))
    .leftJoin(subject, eq(subject.id, fee.subjectId))
    .where(whereOf(municipalityId, q))
    .orderBy(...orderOf(q))
    .limit(limit)
    .offset(offset);
  const total = rows[0]?.total ?? (offset > 0 ? await countFees(db, municipalityId, q) : 0);
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      year: r.year,
      feePayerId: r.feePayerId,
      feePayerName: r.payer ? feePayerName(r.payer) : null,
      variableSymbol: r.feeVariableSymbol ?? r.payerVariableSymbol,
      subjectId: r.subjectId,
      subjectName: r.subjectName,
      baseFee: r.baseFee,
      binFee: r.binFee,
      motivationFee: r.motivationFee,
      fixedDiscount: minus(r.totalDiscount, r.motivationDiscount),
      motivationDiscount: r.motivationDiscount,
      fixedDiscountNames: r.fixedDiscountNames,
      totalFee: r.totalFee,
      totalDiscount: r.totalDiscount,
      finalFee: r.finalFee,
      paid: r.paid,
      paidChangedAt: iso(r.paidChangedAt),
    })),
  };
}

/** The total of a page past the end (the window function counts only pages with rows). */
async function countFees(db: Db, municipalityId: number, q: FeeListQuery): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(fee)
    .leftJoin(feePayer, eq(feePayer.id, fee.feePayerId))
    .leftJoin(subject, eq(subject.id, fee.subjectId))
    .where(whereOf(municipalityId, q));
  return row?.n ?? 0;
}

/** The municipality's fees among the ids (the others are not its own and are left out). */
export const ownFees = (municipalityId: number, ids: number[]) =>
  and(eq(fee.municipalityId, municipalityId), inArray(fee.id, ids))!;
