/**
 * Yard visits (spec 001 §2 Yard visits, §3 Yard visit, §4 'yard visits can be marked paid'; docs/yards.md): the
 * list, the detail, recording a visit with its fee computed from the yard's weight ranges with VAT
 * (contract/yard-fee.ts), marking it paid and deleting it. The protocol and its e-mail are in protocol.ts / mail.ts.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, max, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  collectionYard,
  collectionYardWaste,
  feePayer,
  municipality,
  subject,
  subjectFeePayer,
  wasteType,
  yardReport,
  yardReportRecord,
} from "../../db/schema";
import { ApiError, notFound, validation } from "../../lib/errors";
import { bumped, writtenOrStale } from "../../lib/version";
import { pageWindow, sortTerm } from "../../lib/paging";
import { orNull } from "../../lib/form-columns";
import { findInMunicipality, isInMunicipality, timestampsOf } from "../../lib/records";
import { searchMatches } from "../../lib/search";
import { yardReportListKeys, type SortKey } from "#contract/lists";
import {
  YARD_REPORT_NOT_FOUND,
  type MailStatus,
  type PaymentType,
  type QuantityUnit,
  type YardReportDetail,
  type YardReportForm,
  type YardReportListItem,
  type YardReportListQuery,
  type YardReportUpdate,
} from "#contract/yard-report";
import { feePayerName } from "#contract/fee-payer";
import type { ReportPrintType } from "#contract/yard";
import { quantityInKg, sumDecimals, yardWasteFee } from "#contract/yard-fee";
import { feePayerNameColumns } from "../fee-payer/shared";
import { feePeriodsOf } from "../collection-yard/wastes";
import { hhmm } from "../collection-yard/service";
import { validOn } from "../subject/membership";
import { pragueInstant } from "../waste-collection/row-values";

/** The wastes of a visit in the order entered, each with its quantity as entered (the list's 'Odpad' cell). */
const wastes = sql<{ name: string; quantity: string; unit: string }[]>`coalesce((select json_agg(json_build_object(
    'name', ${wasteType.name}, 'quantity', ${yardReportRecord.quantity}::text, 'unit', ${yardReportRecord.unit})
    order by ${yardReportRecord.id})
  from ${yardReportRecord} join ${collectionYardWaste} on ${collectionYardWaste.id} = ${yardReportRecord.yardWasteId}
  join ${wasteType} on ${wasteType.id} = ${collectionYardWaste.wasteTypeId}
  where ${yardReportRecord.yardReportId} = ${yardReport.id}), '[]'::json)`;
const evidenceCount = sql<number>`(select count(*)::int from ${yardReportRecord} where ${yardReportRecord.yardReportId} = ${yardReport.id})`;

const listColumns = {
  id: yardReport.id,
  reportDate: yardReport.reportDate,
  startTime: yardReport.startTime,
  endTime: yardReport.endTime,
  feePayerId: yardReport.feePayerId,
  ...feePayerNameColumns,
  feePayerEmail: feePayer.email,
  yardId: yardReport.yardId,
  yardName: collectionYard.name,
  municipalityName: municipality.name,
  totalWeightKg: yardReport.totalWeightKg,
  fee: yardReport.fee,
  evidenceCount,
  wastes,
  paymentType: yardReport.paymentType,
  paid: yardReport.paid,
  manuallyUpdated: yardReport.manuallyUpdated,
  clientId: yardReport.clientId,
  mailStatus: yardReport.mailStatus,
  mailTo: yardReport.mailTo,
  createdAt: yardReport.createdAt,
};

type ListRow = Awaited<ReturnType<typeof selectList>>[number];

function toItem(row: ListRow): YardReportListItem {
  return {
    id: row.id,
    reportDate: row.reportDate,
    startTime: hhmm(row.startTime),
    endTime: hhmm(row.endTime),
    feePayerId: row.feePayerId,
    feePayerName: feePayerName(row),
    feePayerEmail: row.feePayerEmail,
    yardId: row.yardId,
    yardName: row.yardName,
    municipalityName: row.municipalityName,
    totalWeightKg: row.totalWeightKg,
    fee: row.fee,
    evidenceCount: row.evidenceCount,
    wastes: row.wastes.map((w) => ({ ...w, unit: w.unit as QuantityUnit })),
    paymentType: row.paymentType as PaymentType,
    paid: row.paid,
    manuallyUpdated: row.manuallyUpdated,
    clientId: row.clientId,
    mailStatus: row.mailStatus as MailStatus | null,
    mailTo: row.mailTo,
    createdAt: row.createdAt.toISOString(),
  };
}

const SORTS: Record<SortKey<typeof yardReportListKeys>, AnyColumn> = {
  reportDate: yardReport.reportDate,
  fee: yardReport.fee,
  totalWeightKg: yardReport.totalWeightKg,
  createdAt: yardReport.createdAt,
  id: yardReport.id,
};

const selectList = (db: Db) =>
  db
    .select(listColumns)
    .from(yardReport)
    .innerJoin(feePayer, eq(feePayer.id, yardReport.feePayerId))
    .innerJoin(collectionYard, eq(collectionYard.id, yardReport.yardId))
    .innerJoin(municipality, eq(municipality.id, yardReport.municipalityId));

export async function listYardReports(db: Db, municipalityId: number, q: YardReportListQuery) {
  const filters: (SQL | undefined)[] = [
    eq(yardReport.municipalityId, municipalityId),
    q.yardId ? eq(yardReport.yardId, q.yardId) : undefined,
    q.feePayerId ? eq(yardReport.feePayerId, q.feePayerId) : undefined,
    // The collection point's few payers lead (the visits' payer index), then the membership of the visit's day.
    q.subjectId
      ? sql`${yardReport.feePayerId} in (select fee_payer_id from ${subjectFeePayer} where subject_id = ${q.subjectId})
          and exists (select 1 from ${subjectFeePayer} m where m.fee_payer_id = ${yardReport.feePayerId}
          and m.subject_id = ${q.subjectId} and m.valid_from <= ${yardReport.reportDate}
          and (m.valid_to is null or m.valid_to >= ${yardReport.reportDate}))`
      : undefined,
    q.dateFrom ? gte(yardReport.reportDate, q.dateFrom) : undefined,
    q.dateTo ? lte(yardReport.reportDate, q.dateTo) : undefined,
    q.paymentType ? eq(yardReport.paymentType, q.paymentType) : undefined,
    q.paid !== undefined ? eq(yardReport.paid, q.paid) : undefined,
    q.mailStatus ? eq(yardReport.mailStatus, q.mailStatus) : undefined,
    q.search ? searchMatches(feePayer.search, q.search) : undefined,
  ];
  const where = and(...filters);
  const { limit, offset } = pageWindow(q);
  const order = sortTerm(yardReportListKeys, SORTS, q.sort);
  // The page's ids first, from yard_report alone (the payer only for the search), then the page's rows with their
  // payer, yard and wastes: the joins never run over the whole year of visits.
  const visits = q.search
    ? db.select({ id: yardReport.id }).from(yardReport).innerJoin(feePayer, eq(feePayer.id, yardReport.feePayerId))
    : db.select({ id: yardReport.id }).from(yardReport);
  const ids = (await visits.where(where).orderBy(order, desc(yardReport.id)).limit(limit).offset(offset)).map(
    (r) => r.id,
  );
  const [rows, totals] = await Promise.all([
    ids.length ? selectList(db).where(inArray(yardReport.id, ids)) : Promise.resolve([]),
    q.search
      ? db
          .select({ n: count() })
          .from(yardReport)
          .innerJoin(feePayer, eq(feePayer.id, yardReport.feePayerId))
          .where(where)
      : db.select({ n: count() }).from(yardReport).where(where),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { items: ids.map((id) => toItem(byId.get(id)!)), total: Number(totals[0]?.n ?? 0) };
}

export const findYardReport = (db: Db, municipalityId: number, id: number) =>
  findInMunicipality(db, yardReport, municipalityId, id, () => notFound(YARD_REPORT_NOT_FOUND));

export async function getYardReport(db: Db, municipalityId: number, id: number): Promise<YardReportDetail> {
  const report = await findYardReport(db, municipalityId, id);
  const [[row], records, [yard]] = await Promise.all([
    selectList(db).where(eq(yardReport.id, id)),
    db
      .select({
        id: yardReportRecord.id,
        yardWasteId: yardReportRecord.yardWasteId,
        wasteName: wasteType.name,
        catalogCode: wasteType.catalogCode,
        quantity: yardReportRecord.quantity,
        unit: yardReportRecord.unit,
        quantityKg: yardReportRecord.quantityKg,
        processedAt: yardReportRecord.processedAt,
        vatRate: yardReportRecord.vatRate,
        feeWithoutVat: yardReportRecord.feeWithoutVat,
        vat: yardReportRecord.vat,
        fee: yardReportRecord.fee,
      })
      .from(yardReportRecord)
      .innerJoin(collectionYardWaste, eq(collectionYardWaste.id, yardReportRecord.yardWasteId))
      .innerJoin(wasteType, eq(wasteType.id, collectionYardWaste.wasteTypeId))
      .where(eq(yardReportRecord.yardReportId, id))
      .orderBy(asc(yardReportRecord.id)),
    db
      .select({ reportPrintType: collectionYard.reportPrintType })
      .from(collectionYard)
      .where(eq(collectionYard.id, report.yardId)),
  ]);
  return {
    ...toItem(row!),
    version: report.version,
    ...timestampsOf(report),
    feeWithoutVat: report.feeWithoutVat,
    vat: report.vat,
    mailError: report.mailError,
    mailSentAt: report.mailSentAt?.toISOString() ?? null,
    reportPrintType: (yard?.reportPrintType ?? "basic") as ReportPrintType,
    records: records.map((r) => ({
      ...r,
      unit: r.unit as QuantityUnit,
      processedAt: r.processedAt?.toISOString() ?? null,
    })),
  };
}

/** 'YYYY-MM-DDTHH:MM' in Prague → the instant. */
const pragueLocal = (v: string) => {
  const [d, t] = v.split("T") as [string, string];
  const [y, mo, day] = d.split("-").map(Number) as [number, number, number];
  const [h, mi] = t.split(":").map(Number) as [number, number];
  return new Date(pragueInstant(y, mo, day, h, mi, 0, 0));
};

/** The members of the payer's collection point on the day (the largest if several; none → 1, as the fee rule says). */
async function membersOf(db: Db, feePayerId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ n: max(subject.memberCount) })
    .from(subjectFeePayer)
    .innerJoin(subject, eq(subject.id, subjectFeePayer.subjectId))
    .where(and(eq(subjectFeePayer.feePayerId, feePayerId), validOn(day)));
  return row?.n ?? 1;
}

/**
 * Checks the payer, the yard and its wastes, then computes each waste's fee with VAT and the visit's totals. A waste
 * must be active, unless the visit being edited already had it (`kept`): an edit does not lose a deactivated waste.
 */
async function pricedVisit(db: Db, municipalityId: number, f: YardReportForm, kept: Set<number> = new Set()) {
  const [payerOk, yardOk] = await Promise.all([
    isInMunicipality(db, feePayer, municipalityId, f.feePayerId),
    isInMunicipality(db, collectionYard, municipalityId, f.yardId),
  ]);
  const errors: Record<string, string[]> = {};
  if (!payerOk) errors.feePayerId = ["Vyberte poplatníka."];
  if (!yardOk) errors.yardId = ["Vyberte sběrný dvůr."];
  if (Object.keys(errors).length) throw validation(errors);
  const wastes = await db
    .select({
      id: collectionYardWaste.id,
      active: collectionYardWaste.active,
      useMemberCount: collectionYardWaste.useMemberCount,
    })
    .from(collectionYardWaste)
    .where(eq(collectionYardWaste.yardId, f.yardId));
  const byId = new Map(wastes.map((w) => [w.id, w]));
  f.records.forEach((r, i) => {
    const waste = byId.get(r.yardWasteId);
    if (!waste || (!waste.active && !kept.has(waste.id))) {
      errors[`records.${i}.yardWasteId`] = ["Tento odpad sběrný dvůr nepřijímá."];
    }
  });
  if (Object.keys(errors).length) throw validation(errors);
  const periods = await feePeriodsOf(db, [...byId.keys()]);
  const members = f.records.some((r) => byId.get(r.yardWasteId)!.useMemberCount)
    ? await membersOf(db, f.feePayerId, f.reportDate)
    : 1;
  const records = f.records.map((r) => {
    const quantityKg = quantityInKg(r.quantity, r.unit);
    const waste = byId.get(r.yardWasteId)!;
    const fee = yardWasteFee(periods.get(r.yardWasteId) ?? [], f.reportDate, quantityKg, {
      members: waste.useMemberCount ? members : 1,
    });
    return {
      yardWasteId: r.yardWasteId,
      quantity: r.quantity,
      unit: r.unit,
      quantityKg,
      processedAt: r.processedAt ? pragueLocal(r.processedAt) : null,
      vatRate: fee.vatRate,
      feeWithoutVat: fee.withoutVat,
      vat: fee.vat,
      fee: fee.total,
    };
  });
  const visit = {
    yardId: f.yardId,
    feePayerId: f.feePayerId,
    reportDate: f.reportDate,
    ...orNull(f, ["startTime", "endTime"]),
    paymentType: f.paymentType,
    totalWeightKg: sumDecimals(
      records.map((r) => r.quantityKg),
      3,
    ),
    feeWithoutVat: sumDecimals(records.map((r) => r.feeWithoutVat)),
    vat: sumDecimals(records.map((r) => r.vat)),
    fee: sumDecimals(records.map((r) => r.fee)),
  };
  return { visit, records };
}

/** Records a visit with each waste's fee computed from the yard's ranges with VAT. */
export async function createYardReport(db: Db, municipalityId: number, f: YardReportForm, userId?: number) {
  const { visit, records } = await pricedVisit(db, municipalityId, f);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(yardReport)
      .values({ municipalityId, ...visit, createdBy: userId ?? null })
      .returning({ id: yardReport.id });
    await tx.insert(yardReportRecord).values(records.map((r) => ({ ...r, yardReportId: row!.id })));
    return { id: row!.id };
  });
}

export const YARD_REPORT_PAID = "Zaplacenou návštěvu nelze upravit.";

/**
 * Edits a visit and its wastes (spec 001 §2 Yard visits 'add waste evidence'): the records are replaced by the form's
 * and every fee is computed again exactly as on create; the visit is marked manually updated. A paid visit is not
 * changed (409: its fee was paid), a stale version answers 409 too (decision 0020).
 */
export async function updateYardReport(db: Db, municipalityId: number, id: number, f: YardReportUpdate) {
  const current = await findYardReport(db, municipalityId, id);
  if (current.paid) throw new ApiError(409, YARD_REPORT_PAID);
  const had = await db
    .select({ yardWasteId: yardReportRecord.yardWasteId })
    .from(yardReportRecord)
    .where(eq(yardReportRecord.yardReportId, id));
  const { visit, records } = await pricedVisit(db, municipalityId, f, new Set(had.map((r) => r.yardWasteId)));
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(yardReport)
      .set({ ...visit, manuallyUpdated: true, updatedAt: new Date(), version: bumped(yardReport.version) })
      .where(and(eq(yardReport.id, id), eq(yardReport.version, f.version), eq(yardReport.paid, false)))
      .returning({ id: yardReport.id });
    if (!rows.length) {
      // Paid in between, or saved by somebody else.
      const [now] = await tx.select({ paid: yardReport.paid }).from(yardReport).where(eq(yardReport.id, id));
      if (now?.paid) throw new ApiError(409, YARD_REPORT_PAID);
      writtenOrStale(rows);
    }
    await tx.delete(yardReportRecord).where(eq(yardReportRecord.yardReportId, id));
    await tx.insert(yardReportRecord).values(records.map((r) => ({ ...r, yardReportId: id })));
    return { id };
  });
}

export async function deleteYardReport(db: Db, municipalityId: number, id: number): Promise<void> {
  await findYardReport(db, municipalityId, id);
  await db.delete(yardReport).where(eq(yardReport.id, id));
}

export async function setYardReportPaid(db: Db, municipalityId: number, id: number, paid: boolean) {
  await findYardReport(db, municipalityId, id);
  await db
    .update(yardReport)
    .set({ paid, updatedAt: new Date(), version: sql`${yardReport.version} + 1` })
    .where(eq(yardReport.id, id));
  return { id, paid };
}
