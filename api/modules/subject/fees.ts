/** The subject's fee records, yearly or monthly (written by the fees area, only read here). */
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { fee, feePayer } from "../../db/schema";
import type { SubjectFeeRow, subjectFeesQuery } from "#contract/subject";
import { feePayerName } from "#contract/fee-payer";
import { today } from "./membership";
import { findSubject } from "./shared";
import { feePayerNameColumns } from "../fee-payer/shared";
import { feeAmountColumns } from "../fee/list";

type Money = Record<keyof typeof feeAmountColumns, string>;
const MONEY_FIELDS = Object.keys(feeAmountColumns) as (keyof Money)[];
/** numeric(12,2) as whole hundredths: exact in a JS number far beyond any fee. */
const cents = (v: string) => Math.round(Number(v) * 100);
const fromCents = (c: number) => (c / 100).toFixed(2);

/**
 * The subject's fee records (written by the fees area). Yearly: the rows of the whole year (month null); a year
 * that has only monthly rows shows their sums per payer. Monthly: the chosen year's monthly rows (the latest year
 * with data unless one is chosen).
 */
export async function listFees(
  db: Db,
  municipalityId: number,
  subjectId: number,
  q: z.infer<typeof subjectFeesQuery>,
): Promise<{ items: SubjectFeeRow[]; years: number[] }> {
  await findSubject(db, municipalityId, subjectId);
  const rows = await db
    .select({
      id: fee.id,
      year: fee.year,
      month: fee.month,
      feePayerId: fee.feePayerId,
      ...feeAmountColumns,
      payer: feePayerNameColumns,
    })
    .from(fee)
    .leftJoin(feePayer, eq(feePayer.id, fee.feePayerId))
    .where(and(eq(fee.subjectId, subjectId), eq(fee.municipalityId, municipalityId)));
  const nameOf = (r: (typeof rows)[number]) => (r.payer ? feePayerName(r.payer) : null);
  const years = [...new Set(rows.map((r) => r.year))].sort((a, b) => b - a);
  const money = (r: Money): Money => Object.fromEntries(MONEY_FIELDS.map((k) => [k, r[k]])) as Money;
  const byName = (a: SubjectFeeRow, b: SubjectFeeRow) =>
    (a.feePayerName ?? "").localeCompare(b.feePayerName ?? "", "cs");

  if (q.view === "monthly") {
    const year = q.year ?? years[0] ?? Number(today().slice(0, 4));
    const items = rows
      .filter((r) => r.year === year && r.month !== null)
      .map((r) => ({ year: r.year, month: r.month, feePayerName: nameOf(r), ...money(r) }))
      .sort((a, b) => a.month! - b.month! || byName(a, b));
    return { items, years };
  }

  const yearsWithYearly = new Set(rows.filter((r) => r.month === null).map((r) => r.year));
  const items: SubjectFeeRow[] = rows
    .filter((r) => r.month === null && (!q.year || r.year === q.year))
    .map((r) => ({ year: r.year, month: null, feePayerName: nameOf(r), ...money(r) }));
  // Years with monthly rows only: one row per payer with the year's sums.
  const sums = new Map<string, { year: number; feePayerName: string | null; c: Record<string, number> }>();
  for (const r of rows) {
    if (r.month === null || yearsWithYearly.has(r.year) || (q.year && r.year !== q.year)) continue;
    const key = `${r.year}:${r.feePayerId ?? ""}`;
    const sum = sums.get(key) ?? {
      year: r.year,
      feePayerName: nameOf(r),
      c: Object.fromEntries(MONEY_FIELDS.map((k) => [k, 0])),
    };
    for (const k of MONEY_FIELDS) sum.c[k]! += cents(r[k]);
    sums.set(key, sum);
  }
  for (const s of sums.values()) {
    items.push({
      year: s.year,
      month: null,
      feePayerName: s.feePayerName,
      ...(Object.fromEntries(MONEY_FIELDS.map((k) => [k, fromCents(s.c[k]!)])) as Money),
    });
  }
  items.sort((a, b) => b.year - a.year || byName(a, b));
  return { items, years };
}
