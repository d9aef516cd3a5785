/**
 * What a payment notice shows (issue 14 part 6): the payer's name and notice address (spec 001 §3 'Fee payers'
 * street address is used on the payment notice'), the municipality, the payer's yearly fees of the year (one a
 * collection point, docs/fees.md) in short, and what is left to pay (the unpaid fees' final fees). Payers are read
 * in pages in id order, so a notice run over 100,000 payers holds one page at a time.
 */
import { and, asc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fee, feePayer, municipality, subject } from "../../db/schema";
import { feePayerName } from "#contract/fee-payer";
import { feePayerNameColumns } from "../fee-payer/shared";
import { feeAmountColumns, yearlyFees } from "../fee/list";
import { formatZip } from "#contract/identifiers";

export interface NoticeLine {
  subjectName: string | null;
  subjectAddress: string | null;
  baseFee: string;
  /** BinFee + MotivationFee. */
  surcharge: string;
  totalDiscount: string;
  fixedDiscountNames: string | null;
  finalFee: string;
  paid: boolean;
}

export interface NoticePayer {
  feePayerId: number;
  name: string;
  addressLines: string[];
  email: string | null;
  variableSymbol: string | null;
  lines: NoticeLine[];
  /** Σ final fees of the year. */
  total: string;
  /** Σ final fees of the unpaid fees: the notice's amount. */
  due: string;
}

export interface NoticeMunicipality {
  name: string;
  addressLines: string[];
  currency: "CZK" | "EUR";
  language: "cs" | "sk";
}

/** Hundredths added exactly (numeric texts with two places). */
const cents = (v: string) => Math.round(Number(v) * 100);
const money = (c: number) => (c / 100).toFixed(2);

export async function noticeMunicipality(db: Db, municipalityId: number): Promise<NoticeMunicipality> {
  const [m] = await db
    .select({
      name: municipality.name,
      companyAddress: municipality.companyAddress,
      zipCode: municipality.zipCode,
      city: municipality.city,
      country: municipality.country,
    })
    .from(municipality)
    .where(eq(municipality.id, municipalityId));
  const sk = m?.country === "SK";
  return {
    name: m?.name ?? "",
    addressLines: [m?.companyAddress, [m?.zipCode && formatZip(m.zipCode), m?.city].filter(Boolean).join(" ")].filter(
      (l): l is string => !!l,
    ),
    currency: sk ? "EUR" : "CZK",
    language: sk ? "sk" : "cs",
  };
}

/** Unpaid fees with something to pay: who gets a notice in the merged file and in a mailing. */
const hasDue = (municipalityId: number, year: number) => sql`exists (select 1 from ${fee} f
  where f.municipality_id = ${municipalityId} and f.year = ${year} and f.fee_payer_id = ${feePayer.id}
  and f.month is null and not f.paid and f.final_fee > 0)`;

export interface PayerFilter {
  /** Only these payers (a mailing of chosen ones). */
  ids?: number[];
  /** Only payers with an e-mail address. */
  withEmail?: boolean;
}

function duePayers(municipalityId: number, year: number, filter: PayerFilter): SQL {
  const where: (SQL | undefined)[] = [eq(feePayer.municipalityId, municipalityId), hasDue(municipalityId, year)];
  if (filter.ids) where.push(inArray(feePayer.id, filter.ids));
  if (filter.withEmail) where.push(sql`coalesce(${feePayer.email}, '') <> ''`);
  return and(...where)!;
}

/** One page of the payers with something to pay in the year, in id order after `afterId`. */
export async function duePayerIds(
  db: Db,
  municipalityId: number,
  year: number,
  page: PayerFilter & { afterId: number; limit: number },
): Promise<number[]> {
  const rows = await db
    .select({ id: feePayer.id })
    .from(feePayer)
    .where(and(duePayers(municipalityId, year, page), gt(feePayer.id, page.afterId)))
    .orderBy(asc(feePayer.id))
    .limit(page.limit);
  return rows.map((r) => r.id);
}

/** How many payers a mailing reaches (its total). */
export async function countDuePayers(db: Db, municipalityId: number, year: number, filter: PayerFilter) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(feePayer)
    .where(duePayers(municipalityId, year, filter));
  return row?.n ?? 0;
}

/** The notices of the given payers (of this municipality) for the year, in the order of `ids`. */
export async function noticePayers(
  db: Db,
  municipalityId: number,
  year: number,
  ids: number[],
): Promise<NoticePayer[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      feePayerId: feePayer.id,
      payer: feePayerNameColumns,
      streetAddress: feePayer.streetAddress,
      zipCode: feePayer.zipCode,
      city: feePayer.city,
      email: feePayer.email,
      payerVariableSymbol: feePayer.variableSymbol,
      feeVariableSymbol: fee.variableSymbol,
      subjectName: subject.name,
      street: subject.street,
      streetNumber: subject.streetNumber,
      subjectCity: subject.city,
      ...feeAmountColumns,
      fixedDiscountNames: fee.fixedDiscountNames,
      paid: fee.paid,
    })
    .from(fee)
    .innerJoin(feePayer, eq(feePayer.id, fee.feePayerId))
    .leftJoin(subject, eq(subject.id, fee.subjectId))
    .where(and(yearlyFees(municipalityId, year), inArray(fee.feePayerId, ids)))
    .orderBy(asc(fee.feePayerId), asc(fee.id));
  const byPayer = new Map<number, NoticePayer & { totalCents: number; dueCents: number }>();
  for (const r of rows) {
    let n = byPayer.get(r.feePayerId);
    if (!n) {
      n = {
        feePayerId: r.feePayerId,
        name: feePayerName(r.payer),
        addressLines: [r.streetAddress, [r.zipCode && formatZip(r.zipCode), r.city].filter(Boolean).join(" ")].filter(
          (l): l is string => !!l,
        ),
        email: r.email,
        // The payer's variable symbol identifies the payment; the fee keeps a copy of it (docs/fees.md).
        variableSymbol: r.payerVariableSymbol ?? r.feeVariableSymbol,
        lines: [],
        total: "0.00",
        due: "0.00",
        totalCents: 0,
        dueCents: 0,
      };
      byPayer.set(r.feePayerId, n);
    }
    n.lines.push({
      subjectName: r.subjectName,
      subjectAddress: pointAddress(r.subjectName, [r.street, r.streetNumber].filter(Boolean).join(" "), r.subjectCity),
      baseFee: r.baseFee,
      surcharge: money(cents(r.binFee) + cents(r.motivationFee)),
      totalDiscount: r.totalDiscount,
      fixedDiscountNames: r.fixedDiscountNames,
      finalFee: r.finalFee,
      paid: r.paid,
    });
    n.totalCents += cents(r.finalFee);
    if (!r.paid) n.dueCents += cents(r.finalFee);
  }
  return ids
    .map((id) => byPayer.get(id))
    .filter((n) => n !== undefined)
    .map(({ totalCents, dueCents, ...n }) => ({ ...n, total: money(totalCents), due: money(dueCents) }));
}

/** The payer and year of one fee of the municipality (a Fees row's notice), or null. */
export async function feeOwner(db: Db, municipalityId: number, feeId: number) {
  const [row] = await db
    .select({ feePayerId: fee.feePayerId, year: fee.year })
    .from(fee)
    .where(and(eq(fee.municipalityId, municipalityId), eq(fee.id, feeId)));
  return row?.feePayerId ? { feePayerId: row.feePayerId, year: row.year } : null;
}

/**
 * The collection point's address after its name, without what the name already says: points are often named
 * "Dvořákovi, Bráfova 3", which would otherwise print "Dvořákovi, Bráfova 3, Bráfova 3, Třebíč".
 */
export function pointAddress(name: string | null, street: string, city: string | null): string | null {
  const said = (name ?? "").toLocaleLowerCase("cs");
  const parts = [street, city].filter((p): p is string => !!p && !said.includes(p.toLocaleLowerCase("cs")));
  return parts.join(", ") || null;
}
