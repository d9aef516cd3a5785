/**
 * One record for its detail, and the detail's chart (docs/waste-evidence.md 'The chart'): the record's bin month by
 * month over the 12 Europe/Prague calendar months up to the record's month, discarded records left out.
 */
import { and, asc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  binType,
  feePayer,
  subject,
  subjectFeePayer,
  wasteCollection,
  wasteEvidenceHeader as weh,
  wasteEvidenceRecord as record,
  wasteType,
} from "../../db/schema";
import { iso, nameOf } from "../../lib/records";
import { subjectAddressColumns } from "../subject/shared";
import { toIsoDate } from "#contract/calendar";
import { NONCONFORMING_SEVERITY } from "#contract/collection";
import { FULLNESS_FULL, type NonconformingStateId } from "#contract/collection-import";
import { feePayerName } from "#contract/fee-payer";
import { formatSubjectAddress } from "#contract/subject";
import type { EvidenceChart, EvidenceChartMonth, EvidenceDetail } from "#contract/waste-evidence";
import { pragueInstant } from "../waste-collection/row-values";
import { feePayerNameColumns } from "../fee-payer/shared";
import { recordNotFound } from "./shared";
import { toListItem } from "./list";

export async function getEvidence(db: Db, municipalityId: number, evidenceId: number): Promise<EvidenceDetail> {
  const [r] = await db
    .select({
      record,
      wasteTypeName: nameOf(wasteType, record.wasteTypeId),
      subjectName: subject.name,
      subjectAddress: subjectAddressColumns,
      headerBarcode: weh.barcode,
      headerPlainCode: weh.plainCode,
      binName: nameOf(binType, weh.binTypeId),
      wasteCollectionName: nameOf(wasteCollection, record.wasteCollectionId),
    })
    .from(record)
    .leftJoin(subject, eq(subject.id, record.subjectId))
    .leftJoin(weh, eq(weh.id, record.headerId))
    .where(and(eq(record.id, evidenceId), eq(record.municipalityId, municipalityId)));
  if (!r) throw recordNotFound();
  const rec = r.record;
  return {
    ...toListItem({ ...rec, wasteTypeName: r.wasteTypeName, subjectName: r.subjectName }),
    headerBarcode: r.headerBarcode,
    headerPlainCode: r.headerPlainCode,
    binName: r.binName,
    subjectAddress: r.subjectAddress ? formatSubjectAddress(r.subjectAddress) : null,
    feePayerName: await payerOf(db, rec),
    wasteCollectionName: r.wasteCollectionName,
    latitude: rec.latitude,
    longitude: rec.longitude,
    rowNumber: rec.rowNumber,
    importJobId: rec.importJobId,
    createdAt: rec.createdAt.toISOString(),
    updatedAt: iso(rec.updatedAt) ?? rec.createdAt.toISOString(),
  };
}

/** The record's own fee payer, else the chief member of its collection point on the day of the record. */
async function payerOf(
  db: Db,
  rec: { feePayerId: number | null; subjectId: number | null; collectedAt: Date },
): Promise<string | null> {
  if (rec.feePayerId) {
    const [p] = await db.select(feePayerNameColumns).from(feePayer).where(eq(feePayer.id, rec.feePayerId));
    return p ? feePayerName(p) : null;
  }
  if (!rec.subjectId) return null;
  const day = toIsoDate(rec.collectedAt);
  const [p] = await db
    .select(feePayerNameColumns)
    .from(subjectFeePayer)
    .innerJoin(feePayer, eq(feePayer.id, subjectFeePayer.feePayerId))
    .where(
      and(
        eq(subjectFeePayer.subjectId, rec.subjectId),
        sql`${subjectFeePayer.validFrom} <= ${day}::date`,
        sql`(${subjectFeePayer.validTo} is null or ${subjectFeePayer.validTo} >= ${day}::date)`,
      ),
    )
    .orderBy(sql`${subjectFeePayer.isChief} desc`, asc(subjectFeePayer.validFrom), asc(subjectFeePayer.id))
    .limit(1);
  return p ? feePayerName(p) : null;
}

/** Grams of an exact kg decimal ('12.345' → 12345). */
const grams = (kg: string | null) => {
  if (kg === null) return 0;
  const [whole, fraction = ""] = kg.split(".");
  const sign = whole!.startsWith("-") ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 1000 + Number(fraction.padEnd(3, "0").slice(0, 3)));
};
/** Grams as an exact kg decimal (12345 → '12.345', 1500 → '1.5'). */
const kgText = (g: number) => {
  const whole = Math.trunc(g / 1000);
  const fraction = String(Math.abs(g % 1000))
    .padStart(3, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
};

/** The Prague year and month (1–12) of an instant. */
const monthOf = (d: Date): [number, number] => {
  const day = toIsoDate(d);
  return [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
};
const monthKey = (y: number, m: number) => `${y}-${String(m).padStart(2, "0")}`;

/**
 * The chart of the record's detail: for each of the 12 months up to the record's month, the bin's records (not
 * discarded), their acknowledged kg, penalization (records with a nonconforming state; of them with a Major one) and
 * waste overflow (records fuller than 100 %). A record of no bin charts itself alone.
 */
export async function getEvidenceChart(db: Db, municipalityId: number, evidenceId: number): Promise<EvidenceChart> {
  const [r] = await db
    .select({ id: record.id, headerId: record.headerId, collectedAt: record.collectedAt })
    .from(record)
    .where(and(eq(record.id, evidenceId), eq(record.municipalityId, municipalityId)));
  if (!r) throw recordNotFound();
  const [y, m] = monthOf(r.collectedAt);
  const from = new Date(pragueInstant(y, m - 11, 1, 0, 0, 0, 0));
  const to = new Date(pragueInstant(y, m + 1, 1, 0, 0, 0, 0));
  const months: EvidenceChartMonth[] = [];
  const grammes: number[] = [];
  const index = new Map<string, number>();
  for (let i = 0; i < 12; i++) {
    const [yy, mm] = monthOf(new Date(pragueInstant(y, m - 11 + i, 15, 12, 0, 0, 0)));
    index.set(monthKey(yy, mm), i);
    months.push({ month: monthKey(yy, mm), records: 0, acknowledgedKg: "0", penalized: 0, major: 0, overflow: 0 });
    grammes.push(0);
  }
  const rows = await db
    .select({
      collectedAt: record.collectedAt,
      acknowledgedWeightKg: record.acknowledgedWeightKg,
      fullness: record.fullness,
      states: record.nonconformingStateIds,
    })
    .from(record)
    .where(
      and(
        r.headerId === null ? eq(record.id, r.id) : eq(record.headerId, r.headerId),
        eq(record.municipalityId, municipalityId),
        gte(record.collectedAt, from),
        lt(record.collectedAt, to),
        isNull(record.discardedAt),
      ),
    );
  for (const row of rows) {
    const i = index.get(monthKey(...monthOf(row.collectedAt)));
    if (i === undefined) continue;
    const month = months[i]!;
    month.records++;
    grammes[i]! += grams(row.acknowledgedWeightKg);
    const states = (row.states ?? []) as NonconformingStateId[];
    if (states.length) month.penalized++;
    if (states.some((s) => NONCONFORMING_SEVERITY[s] === "Major")) month.major++;
    if ((row.fullness ?? 0) > FULLNESS_FULL) month.overflow++;
  }
  months.forEach((month, i) => (month.acknowledgedKg = kgText(grammes[i]!)));
  return { headerId: r.headerId, months };
}
