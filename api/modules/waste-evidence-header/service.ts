/**
 * Bins (waste evidence headers): spec 001 §2 'Waste bins / waste evidence headers', §3, §4 states and history, §8 code
 * assignment errors; spec 000 §7 search-by-barcode and find-code-by-barcode (docs/api-bins.md "Bins",
 * docs/decisions/0012). Every function takes the municipality of the path and filters every query by it: a bin of
 * another municipality is simply not found.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  binType,
  disposeCount,
  municipality,
  subject,
  subjectFeePayer,
  user,
  wasteCard,
  wasteEvidenceHeader as weh,
  wasteEvidenceHeaderHistory as history,
  wasteType,
} from "../../db/schema";
import type { AuthContext } from "../../lib/auth";
import { notFound, validation } from "../../lib/errors";
import { bumped, writtenOrStale } from "../../lib/version";
import { listConditions, listTotalOf, optionValues } from "../../lib/list-counts";
import { pageWindow, parseSort } from "../../lib/paging";
import { pdfResponse } from "../../lib/pdf";
import { searchMatches } from "../../lib/search";
import { startOfDay } from "#contract/calendar";
import { parseBarcode, parsePlainCode } from "#contract/codes";
import { formatSubjectAddress, type DisposeFrequencyPeriod } from "#contract/subject";
import {
  ASSIGN_ERROR_MESSAGES,
  WEH_SORTS,
  type AssignError,
  type AssignResult,
  type BarcodeAnswer,
  type BinHistoryEvent,
  type BinState,
  type DisposeCounts,
  type WehDetail,
  type WehEdit,
  type WehUpdate,
  type WehHistoryRow,
  type WehListItem,
  type WehListQuery,
} from "#contract/waste-evidence-header";
import { refreshBinCount } from "../subject/counts";
import { today, validOn } from "../subject/membership";
import { labelsPdf } from "../print-batch/labels";

export const binNotFound = () => notFound("Nádoba nebyla nalezena.");
export const codeNotFound = () => notFound(ASSIGN_ERROR_MESSAGES.CodeNotFound);
const SUBJECT_NOT_FOUND = "Odběrné místo nebylo nalezeno.";
const BIN_TYPE_NOT_FOUND = "Typ nádoby nebyl nalezen.";
const WASTE_TYPE_NOT_FOUND = "Druh odpadu nebyl nalezen.";
const RFID_TAKEN = "RFID už má jiná nádoba.";
const DISCARDED_TRANSFER = "Vyřazenou nádobu nelze převést.";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** 00:00 Europe/Prague of a calendar day 'YYYY-MM-DD' (a day typed in the UI is a Czech day). */
const dayStart = (day: string) => startOfDay(new Date(`${day}T12:00:00Z`));
/** 00:00 Europe/Prague of the day after: the exclusive end of a 'to' filter. */
const dayAfterStart = (day: string) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return startOfDay(d);
};
const fullName = (u: { firstName: string | null; lastName: string | null }) =>
  u.firstName === null && u.lastName === null ? null : `${u.firstName ?? ""} ${u.lastName ?? ""}`.trim();
/** LIKE pattern of a typed prefix; wildcards typed by the user match literally. */
const prefixLike = (term: string) => `${term.replace(/[%_\\]/g, "\\$&")}%`;

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** The bin's row, only within the municipality; 404 'Nádoba nebyla nalezena.' otherwise. */
export async function findHeader(db: Db, municipalityId: number, headerId: number) {
  const [row] = await db
    .select()
    .from(weh)
    .where(and(eq(weh.id, headerId), eq(weh.municipalityId, municipalityId)));
  if (!row) throw binNotFound();
  return row;
}

/** The subject must be one of the municipality's (422 on subjectId otherwise). */
async function checkSubject(db: Db, municipalityId: number, subjectId: number) {
  const [row] = await db
    .select({ id: subject.id })
    .from(subject)
    .where(and(eq(subject.id, subjectId), eq(subject.municipalityId, municipalityId)));
  if (!row) throw validation({ subjectId: [SUBJECT_NOT_FOUND] });
}

/** Bin and waste types: the catalogue's (municipality_id null) or the municipality's own (422 otherwise). */
async function checkTypes(db: Db, municipalityId: number, binTypeId?: number, wasteTypeId?: number) {
  const errors: Record<string, string[]> = {};
  if (binTypeId) {
    const [row] = await db
      .select({ id: binType.id })
      .from(binType)
      .where(
        and(eq(binType.id, binTypeId), or(isNull(binType.municipalityId), eq(binType.municipalityId, municipalityId))),
      );
    if (!row) errors.binTypeId = [BIN_TYPE_NOT_FOUND];
  }
  if (wasteTypeId) {
    const [row] = await db
      .select({ id: wasteType.id })
      .from(wasteType)
      .where(
        and(
          eq(wasteType.id, wasteTypeId),
          or(isNull(wasteType.municipalityId), eq(wasteType.municipalityId, municipalityId)),
        ),
      );
    if (!row) errors.wasteTypeId = [WASTE_TYPE_NOT_FOUND];
  }
  if (Object.keys(errors).length) throw validation(errors);
}

interface HistoryInput {
  headerId: number;
  event: BinHistoryEvent;
  subjectId: number | null;
  userId: number | null;
  details?: Record<string, unknown> | null;
}
async function writeHistory(db: Db, rows: HistoryInput[], at = new Date()) {
  if (!rows.length) return;
  await db.insert(history).values(rows.map((r) => ({ ...r, details: r.details ?? null, at })));
}

// ---------------------------------------------------------------------------------------------------------------
// List and filters

type SortKey = (typeof WEH_SORTS)[number];
/** The sort expressions; plain codes sort as numbers, which within one municipality is the barcode's order. */
const SORT_EXPRESSIONS: Record<SortKey, SQL | typeof weh.id> = {
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
  if (q.assignedFrom) where.push(gte(weh.assignedAt, dayStart(q.assignedFrom)));
  if (q.assignedTo) where.push(lt(weh.assignedAt, dayAfterStart(q.assignedTo)));
  if (q.discardedFrom) where.push(gte(weh.discardedAt, dayStart(q.discardedFrom)));
  if (q.discardedTo) where.push(lt(weh.discardedAt, dayAfterStart(q.discardedTo)));
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

/** The bin's own address when it has one, else its subject's. */
function binAddress(
  own: { street: string | null; city: string | null },
  s: Parameters<typeof formatSubjectAddress>[0] | null,
): string {
  if (own.street || own.city) return [own.street, own.city].filter(Boolean).join(", ");
  return s ? formatSubjectAddress(s) : "";
}

const listColumns = {
  id: weh.id,
  barcode: weh.barcode,
  plainCode: weh.plainCode,
  rfid: weh.rfid,
  state: weh.state,
  disposable: weh.disposable,
  assignedAt: weh.assignedAt,
  lastEvidenceAt: weh.lastEvidenceAt,
  discardedAt: weh.discardedAt,
  street: weh.street,
  city: weh.city,
  subjectId: weh.subjectId,
  binName: binType.name,
  capacity: binType.capacity,
  wasteTypeName: wasteType.name,
  subjectName: subject.name,
  subjectStreet: subject.street,
  subjectConscriptionNumber: subject.conscriptionNumber,
  subjectStreetNumber: subject.streetNumber,
  subjectProvisionalNumber: subject.provisionalNumber,
  subjectCityDistrict: subject.cityDistrict,
  subjectCity: subject.city,
};
type ListRow = { [K in keyof typeof listColumns]: (typeof listColumns)[K]["_"]["data"] | null };

function toListItem(r: ListRow): WehListItem {
  const s =
    r.subjectId !== null && r.subjectName !== null
      ? {
          street: r.subjectStreet,
          conscriptionNumber: r.subjectConscriptionNumber,
          streetNumber: r.subjectStreetNumber,
          provisionalNumber: r.subjectProvisionalNumber,
          cityDistrict: r.subjectCityDistrict,
          city: r.subjectCity,
        }
      : null;
  return {
    id: r.id!,
    barcode: r.barcode!,
    plainCode: r.plainCode!,
    rfid: r.rfid,
    binName: r.binName,
    capacity: r.capacity,
    wasteTypeName: r.wasteTypeName,
    lastEvidenceAt: iso(r.lastEvidenceAt),
    state: r.state as BinState,
    disposable: !!r.disposable,
    assignedAt: iso(r.assignedAt),
    discardedAt: iso(r.discardedAt),
    subjectId: r.subjectId,
    subjectName: r.subjectName,
    city: r.city ?? r.subjectCity ?? null,
    address: binAddress(r, s),
  };
}

export async function listHeaders(
  db: Db,
  municipalityId: number,
  q: WehListQuery,
): Promise<{ items: WehListItem[]; total: number }> {
  const where = listFilter(db, municipalityId, q);
  const { cond } = where;
  const sort = parseSort(q.sort, WEH_SORTS, "plainCode");
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
  const rows = ids.length
    ? await db
        .select(listColumns)
        .from(weh)
        .leftJoin(subject, eq(subject.id, weh.subjectId))
        .leftJoin(binType, eq(binType.id, weh.binTypeId))
        .leftJoin(wasteType, eq(wasteType.id, weh.wasteTypeId))
        .where(inArray(weh.id, ids))
    : [];
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

// ---------------------------------------------------------------------------------------------------------------
// Detail, edit, history

export async function getHeader(db: Db, municipalityId: number, headerId: number): Promise<WehDetail> {
  const [row] = await db
    .select({
      ...listColumns,
      municipalityId: weh.municipalityId,
      binTypeId: weh.binTypeId,
      wasteTypeId: weh.wasteTypeId,
      printBatchId: weh.printBatchId,
      assignedFrom: weh.assignedFrom,
      zipCode: weh.zipCode,
      latitude: weh.latitude,
      longitude: weh.longitude,
      description: weh.description,
      disposePeriod: weh.disposePeriod,
      orderedDisposeCount: weh.orderedDisposeCount,
      subjectShortName: subject.shortName,
      assignedByFirstName: user.firstName,
      assignedByLastName: user.lastName,
      createdAt: weh.createdAt,
      updatedAt: weh.updatedAt,
      version: weh.version,
    })
    .from(weh)
    .leftJoin(subject, eq(subject.id, weh.subjectId))
    .leftJoin(binType, eq(binType.id, weh.binTypeId))
    .leftJoin(wasteType, eq(wasteType.id, weh.wasteTypeId))
    .leftJoin(user, eq(user.id, weh.assignedBy))
    .where(and(eq(weh.id, headerId), eq(weh.municipalityId, municipalityId)));
  if (!row) throw binNotFound();
  const item = toListItem(row as ListRow);
  return {
    ...item,
    version: row.version,
    municipalityId: row.municipalityId,
    binTypeId: row.binTypeId,
    wasteTypeId: row.wasteTypeId,
    printBatchId: row.printBatchId,
    assignedFrom: iso(row.assignedFrom),
    assignedByName: fullName({ firstName: row.assignedByFirstName, lastName: row.assignedByLastName }),
    street: row.street,
    zipCode: row.zipCode,
    latitude: row.latitude,
    longitude: row.longitude,
    description: row.description,
    disposePeriod: (row.disposePeriod as DisposeFrequencyPeriod | null) ?? null,
    orderedDisposeCount: row.orderedDisposeCount,
    subjectAddress:
      row.subjectName !== null
        ? formatSubjectAddress({
            street: row.subjectStreet,
            conscriptionNumber: row.subjectConscriptionNumber,
            streetNumber: row.subjectStreetNumber,
            provisionalNumber: row.subjectProvisionalNumber,
            cityDistrict: row.subjectCityDistrict,
            city: row.subjectCity,
          })
        : null,
    subjectShortName: row.subjectShortName ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The edit page's fields as columns; coordinates as numeric(9,6) text, so equal values compare equal. */
function editColumns(form: WehEdit) {
  return {
    binTypeId: form.binTypeId ?? null,
    wasteTypeId: form.wasteTypeId ?? null,
    rfid: form.rfid ?? null,
    disposable: form.disposable,
    description: form.description ?? null,
    street: form.street ?? null,
    city: form.city ?? null,
    zipCode: form.zipCode ?? null,
    latitude: form.latitude === undefined ? null : form.latitude.toFixed(6),
    longitude: form.longitude === undefined ? null : form.longitude.toFixed(6),
  };
}

/** Basic information, location and address (spec 001 §2 edit); history 'ConfigurationChanged' with what changed. */
export async function updateHeader(
  db: Db,
  municipalityId: number,
  headerId: number,
  form: WehUpdate,
  userId: number,
): Promise<{ id: number }> {
  const old = await findHeader(db, municipalityId, headerId);
  await checkTypes(db, municipalityId, form.binTypeId, form.wasteTypeId);
  const next = editColumns(form);
  if (next.rfid) {
    const [taken] = await db
      .select({ id: weh.id })
      .from(weh)
      .where(and(eq(weh.municipalityId, municipalityId), eq(weh.rfid, next.rfid), ne(weh.id, headerId)))
      .limit(1);
    if (taken) throw validation({ rfid: [RFID_TAKEN] });
  }
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(next) as [keyof typeof next, unknown][]) {
    const before = old[field] ?? null;
    if (before !== value) changes[field] = [before, value];
  }
  try {
    await db.transaction(async (tx) => {
      const rows = await tx
        .update(weh)
        .set({ ...next, updatedAt: new Date(), version: bumped(weh.version) })
        .where(and(eq(weh.id, headerId), eq(weh.municipalityId, municipalityId), eq(weh.version, form.version)))
        .returning({ id: weh.id });
      writtenOrStale(rows);
      if (Object.keys(changes).length) {
        await writeHistory(tx as unknown as Db, [
          { headerId, event: "ConfigurationChanged", subjectId: old.subjectId, userId, details: changes },
        ]);
      }
    });
  } catch (err) {
    // Two requests with the same RFID at once: the unique index answers as the check does.
    if (isUniqueViolation(err)) throw validation({ rfid: [RFID_TAKEN] });
    throw err;
  }
  return { id: headerId };
}

export async function listHistory(
  db: Db,
  municipalityId: number,
  headerId: number,
): Promise<{ items: WehHistoryRow[] }> {
  await findHeader(db, municipalityId, headerId);
  const rows = await db
    .select({
      id: history.id,
      event: history.event,
      at: history.at,
      subjectId: history.subjectId,
      subjectName: subject.name,
      firstName: user.firstName,
      lastName: user.lastName,
      details: history.details,
    })
    .from(history)
    .leftJoin(subject, eq(subject.id, history.subjectId))
    .leftJoin(user, eq(user.id, history.userId))
    .where(eq(history.headerId, headerId))
    .orderBy(desc(history.at), desc(history.id));
  return {
    items: rows.map((r) => ({
      id: r.id,
      event: r.event as BinHistoryEvent,
      at: r.at.toISOString(),
      subjectId: r.subjectId,
      subjectName: r.subjectName ?? null,
      userName: fullName(r),
      details: (r.details as Record<string, unknown> | null) ?? null,
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Dispose frequency and counts

export async function setDisposeFrequency(
  db: Db,
  municipalityId: number,
  headerId: number,
  body: { period: DisposeFrequencyPeriod; orderedDisposeCount: number; version: number },
  userId: number,
): Promise<{ period: DisposeFrequencyPeriod; orderedDisposeCount: number }> {
  const old = await findHeader(db, municipalityId, headerId);
  const changes: Record<string, [unknown, unknown]> = {};
  if (old.disposePeriod !== body.period) changes.disposePeriod = [old.disposePeriod, body.period];
  if (old.orderedDisposeCount !== body.orderedDisposeCount) {
    changes.orderedDisposeCount = [old.orderedDisposeCount, body.orderedDisposeCount];
  }
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(weh)
      .set({
        disposePeriod: body.period,
        orderedDisposeCount: body.orderedDisposeCount,
        updatedAt: new Date(),
        version: bumped(weh.version),
      })
      .where(and(eq(weh.id, headerId), eq(weh.municipalityId, municipalityId), eq(weh.version, body.version)))
      .returning({ id: weh.id });
    writtenOrStale(rows);
    if (Object.keys(changes).length) {
      await writeHistory(tx as unknown as Db, [
        { headerId, event: "ConfigurationChanged", subjectId: old.subjectId, userId, details: changes },
      ]);
    }
  });
  return { period: body.period, orderedDisposeCount: body.orderedDisposeCount };
}

/**
 * The dispose count card: months 1–12 of the year. A month's ordered count is its own row's, else the bin's dispose
 * frequency (Month: that count every month; Year: none per month). The ordered total is the months' sum, or the
 * yearly count when the frequency is per year and no month has its own.
 */
export async function getDisposeCounts(
  db: Db,
  municipalityId: number,
  headerId: number,
  year = Number(today().slice(0, 4)),
): Promise<DisposeCounts> {
  const h = await findHeader(db, municipalityId, headerId);
  const rows = await db
    .select()
    .from(disposeCount)
    .where(and(eq(disposeCount.headerId, headerId), eq(disposeCount.year, year)));
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const period = (h.disposePeriod as DisposeFrequencyPeriod | null) ?? null;
  const monthly = period === "Month" ? h.orderedDisposeCount : null;
  const months = Array.from({ length: 12 }, (_, i) => {
    const r = byMonth.get(i + 1);
    return {
      month: i + 1,
      orderedCount: r?.orderedCount ?? monthly,
      actualCount: r?.actualCount ?? 0,
    };
  });
  const ownOrdered = rows.some((r) => r.orderedCount !== null);
  const ordered =
    period === "Year" && !ownOrdered
      ? (h.orderedDisposeCount ?? 0)
      : months.reduce((s, m) => s + (m.orderedCount ?? 0), 0);
  return {
    year,
    period,
    orderedDisposeCount: h.orderedDisposeCount,
    months,
    totals: { ordered, actual: months.reduce((s, m) => s + m.actualCount, 0) },
  };
}

/** The card's modal: one month's ordered and actual count (the row is created or replaced). */
export async function putDisposeCount(
  db: Db,
  municipalityId: number,
  headerId: number,
  body: { year: number; month: number; orderedCount?: number; actualCount: number },
): Promise<DisposeCounts> {
  await findHeader(db, municipalityId, headerId);
  const values = { orderedCount: body.orderedCount ?? null, actualCount: body.actualCount };
  await db
    .insert(disposeCount)
    .values({ headerId, year: body.year, month: body.month, ...values })
    .onConflictDoUpdate({ target: [disposeCount.headerId, disposeCount.year, disposeCount.month], set: values });
  return getDisposeCounts(db, municipalityId, headerId, body.year);
}

// ---------------------------------------------------------------------------------------------------------------
// Label copy

export async function labelPdf(db: Db, municipalityId: number, headerId: number): Promise<Response> {
  const [row] = await db
    .select({
      barcode: weh.barcode,
      plainCode: weh.plainCode,
      municipalityName: municipality.name,
      subjectShortName: subject.shortName,
      binName: binType.name,
    })
    .from(weh)
    .innerJoin(municipality, eq(municipality.id, weh.municipalityId))
    .leftJoin(subject, eq(subject.id, weh.subjectId))
    .leftJoin(binType, eq(binType.id, weh.binTypeId))
    .where(and(eq(weh.id, headerId), eq(weh.municipalityId, municipalityId)));
  if (!row) throw binNotFound();
  const pdf = await labelsPdf([
    { ...row, subjectShortName: row.subjectShortName ?? null, binName: row.binName ?? null },
  ]);
  return pdfResponse(pdf, `stitek-${row.plainCode}.pdf`, "inline");
}

// ---------------------------------------------------------------------------------------------------------------
// Assign, discard, restore, transfer (spec 001 §4, §8)

const ASSIGNED_STATES = new Set<string>(["Assigned", "Used"]);

/** How a typed or scanned code is looked up (docs/decisions/0012). */
type CodeLookup =
  | { kind: "barcode"; barcode: string }
  | { kind: "plain"; plainCodes: string[] }
  | { kind: "error"; error: AssignError; wasteCardCheck: boolean };

function classifyCode(code: string, municipalityId: number): CodeLookup {
  if (/^\d{13}$/.test(code)) {
    const parsed = parseBarcode(code);
    // 13 digits with a wrong check digit: mistyped, unless it is a waste card's code.
    if (!parsed) return { kind: "error", error: "UndefinedCode", wasteCardCheck: true };
    if (parsed.municipalityId !== municipalityId) {
      return { kind: "error", error: "MunicipalityMismatch", wasteCardCheck: false };
    }
    return { kind: "barcode", barcode: code };
  }
  const plain = parsePlainCode(code);
  // '12' and '0000012' name the same plain code.
  if (plain !== null) return { kind: "plain", plainCodes: [...new Set([String(plain), code])] };
  return { kind: "error", error: "UndefinedCode", wasteCardCheck: true };
}

const failed = (code: string, error: AssignError, id: number | null = null): AssignResult => ({
  code,
  status: "error",
  id,
  error,
  message: ASSIGN_ERROR_MESSAGES[error],
});

export interface AssignInput {
  subjectId: number;
  codes: string[];
  binTypeId?: number;
  wasteTypeId?: number;
  assignedFrom?: string;
  moveEvidences: boolean;
}

/**
 * The create page's assign tab: every code is looked up in this municipality and assigned to the subject when its
 * state allows; the good ones are assigned in one transaction even when others fail, each failure with its error.
 */
export async function assignCodes(
  db: Db,
  municipalityId: number,
  body: AssignInput,
  userId: number,
): Promise<{ assigned: number; results: AssignResult[] }> {
  await checkSubject(db, municipalityId, body.subjectId);
  await checkTypes(db, municipalityId, body.binTypeId, body.wasteTypeId);
  const codes = [...new Set(body.codes.map((c) => c.trim()).filter(Boolean))];
  const lookups = new Map(codes.map((c) => [c, classifyCode(c, municipalityId)]));
  const barcodes: string[] = [];
  const plainCodes: string[] = [];
  for (const l of lookups.values()) {
    if (l.kind === "barcode") barcodes.push(l.barcode);
    if (l.kind === "plain") plainCodes.push(...l.plainCodes);
  }

  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const headers =
      barcodes.length || plainCodes.length
        ? await tx
            .select({
              id: weh.id,
              barcode: weh.barcode,
              plainCode: weh.plainCode,
              state: weh.state,
              subjectId: weh.subjectId,
              disposable: weh.disposable,
            })
            .from(weh)
            .where(
              and(
                eq(weh.municipalityId, municipalityId),
                or(
                  barcodes.length ? inArray(weh.barcode, barcodes) : undefined,
                  plainCodes.length ? inArray(weh.plainCode, plainCodes) : undefined,
                ),
              ),
            )
            .for("update")
        : [];
    const byBarcode = new Map(headers.map((h) => [h.barcode, h]));
    const byPlain = new Map(headers.map((h) => [h.plainCode, h]));
    const headerOf = (l: CodeLookup) =>
      l.kind === "barcode"
        ? byBarcode.get(l.barcode)
        : l.kind === "plain"
          ? l.plainCodes.map((p) => byPlain.get(p)).find(Boolean)
          : undefined;

    // Codes that name no bin: a waste card's code or plain code is 'of another type'.
    const unresolved = codes.filter((c) => {
      const l = lookups.get(c)!;
      return l.kind === "error" ? l.wasteCardCheck : !headerOf(l);
    });
    const cardCodes = new Set<string>();
    if (unresolved.length) {
      const cards = await tx
        .select({ code: wasteCard.code, plainCode: wasteCard.plainCode })
        .from(wasteCard)
        .where(
          and(
            eq(wasteCard.municipalityId, municipalityId),
            or(inArray(wasteCard.code, unresolved), inArray(wasteCard.plainCode, unresolved)),
          ),
        );
      for (const c of cards) cardCodes.add(c.code).add(c.plainCode);
    }

    const results: AssignResult[] = [];
    const toAssign = new Set<number>();
    const usedDisposable: HistoryInput[] = [];
    for (const code of codes) {
      const l = lookups.get(code)!;
      const h = headerOf(l);
      if (!h) {
        if (cardCodes.has(code)) results.push(failed(code, "CodeOfOtherType"));
        else results.push(failed(code, l.kind === "error" ? l.error : "CodeNotFound"));
        continue;
      }
      const ok: AssignResult = { code, status: "assigned", id: h.id, error: null, message: null };
      if (toAssign.has(h.id)) results.push(ok);
      else if (h.state === "Discarded") results.push(failed(code, "Discarded", h.id));
      else if (h.state === "Used" && h.disposable) {
        // A disposable bin is never used again; the attempt stays in its history.
        results.push(failed(code, "AlreadyUsedDisposableBin", h.id));
        if (!usedDisposable.some((u) => u.headerId === h.id)) {
          usedDisposable.push({
            headerId: h.id,
            event: "AlreadyUsedDisposableBin",
            subjectId: h.subjectId,
            userId,
            details: { code, attemptedSubjectId: body.subjectId },
          });
        }
      } else if (ASSIGNED_STATES.has(h.state) && h.subjectId !== null) {
        results.push(h.subjectId === body.subjectId ? ok : failed(code, "SubjectAlreadyAssign", h.id));
      } else {
        // Free, NoBin, Undefined (and an assigned row that lost its subject).
        toAssign.add(h.id);
        results.push(ok);
      }
    }

    const now = new Date();
    if (toAssign.size) {
      await tx
        .update(weh)
        .set({
          state: "Assigned",
          subjectId: body.subjectId,
          assignedAt: now,
          assignedFrom: body.assignedFrom ? dayStart(body.assignedFrom) : now,
          assignedBy: userId,
          discardedAt: null,
          updatedAt: now,
          ...(body.binTypeId ? { binTypeId: body.binTypeId } : {}),
          ...(body.wasteTypeId ? { wasteTypeId: body.wasteTypeId } : {}),
        })
        .where(and(eq(weh.municipalityId, municipalityId), inArray(weh.id, [...toAssign])));
    }
    await writeHistory(
      tx,
      [
        ...[...toAssign].map((headerId): HistoryInput => ({
          headerId,
          event: "Assigned",
          subjectId: body.subjectId,
          userId,
          details: { moveEvidences: body.moveEvidences },
        })),
        ...usedDisposable,
      ],
      now,
    );
    await refreshBinCount(tx, [body.subjectId]);
    return { assigned: results.filter((r) => r.status === "assigned").length, results };
  });
}

/** The selected bins of the municipality, locked for the change (ids of other municipalities are left alone). */
async function lockHeaders(tx: Db, municipalityId: number, ids: number[]) {
  return tx
    .select({
      id: weh.id,
      state: weh.state,
      subjectId: weh.subjectId,
      disposable: weh.disposable,
      lastEvidenceAt: weh.lastEvidenceAt,
    })
    .from(weh)
    .where(and(eq(weh.municipalityId, municipalityId), inArray(weh.id, [...new Set(ids)])))
    .for("update");
}

/** Spec 001 §4 discard: every state but Discarded; an already discarded bin is left as it is. */
export async function discardHeaders(
  db: Db,
  municipalityId: number,
  ids: number[],
  userId: number,
): Promise<{ updated: number }> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const rows = (await lockHeaders(tx, municipalityId, ids)).filter((r) => r.state !== "Discarded");
    if (!rows.length) return { updated: 0 };
    const now = new Date();
    await tx
      .update(weh)
      .set({ state: "Discarded", discardedAt: now, updatedAt: now })
      .where(
        inArray(
          weh.id,
          rows.map((r) => r.id),
        ),
      );
    await writeHistory(
      tx,
      rows.map((r) => ({
        headerId: r.id,
        event: "Discarded",
        subjectId: r.subjectId,
        userId,
        details: { previousState: r.state },
      })),
      now,
    );
    await refreshBinCount(
      tx,
      rows.map((r) => r.subjectId),
    );
    return { updated: rows.length };
  });
}

/**
 * Spec 001 §4 restore (history 'Reactivated'): a discarded bin is Assigned again when it has a subject, else Free.
 * A disposable bin that was collected comes back as Used, so it is still never reused.
 */
export async function restoreHeaders(
  db: Db,
  municipalityId: number,
  ids: number[],
  userId: number,
): Promise<{ updated: number }> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const rows = (await lockHeaders(tx, municipalityId, ids)).filter((r) => r.state === "Discarded");
    if (!rows.length) return { updated: 0 };
    const now = new Date();
    const stateOf = (r: (typeof rows)[number]): BinState =>
      r.disposable && r.lastEvidenceAt ? "Used" : r.subjectId !== null ? "Assigned" : "Free";
    const groups = new Map<BinState, number[]>();
    for (const r of rows) groups.set(stateOf(r), [...(groups.get(stateOf(r)) ?? []), r.id]);
    for (const [state, groupIds] of groups) {
      await tx.update(weh).set({ state, discardedAt: null, updatedAt: now }).where(inArray(weh.id, groupIds));
    }
    await writeHistory(
      tx,
      rows.map((r) => ({
        headerId: r.id,
        event: "Reactivated",
        subjectId: r.subjectId,
        userId,
        details: { state: stateOf(r) },
      })),
      now,
    );
    await refreshBinCount(
      tx,
      rows.map((r) => r.subjectId),
    );
    return { updated: rows.length };
  });
}

/**
 * Spec 001 §2/§4 transfer to another subject: Assigned (or Free) bins become Assigned to the new subject; a discarded
 * one refuses the whole transfer. The 'move evidence records' choice is kept in the history row, where the
 * collections area reads it.
 */
export async function transferHeaders(
  db: Db,
  municipalityId: number,
  body: { ids: number[]; subjectId: number; moveEvidences: boolean },
  userId: number,
): Promise<{ updated: number }> {
  await checkSubject(db, municipalityId, body.subjectId);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const rows = await lockHeaders(tx, municipalityId, body.ids);
    if (rows.some((r) => r.state === "Discarded")) throw validation({ ids: [DISCARDED_TRANSFER] }, DISCARDED_TRANSFER);
    // A bin already with the subject stays as it is.
    const moving = rows.filter((r) => r.subjectId !== body.subjectId || !ASSIGNED_STATES.has(r.state));
    if (!moving.length) return { updated: 0 };
    const now = new Date();
    await tx
      .update(weh)
      .set({
        // A collected disposable bin stays Used (it is never reused); everything else is Assigned.
        state: sql`case when ${weh.state} = 'Used' then 'Used' else 'Assigned' end`,
        subjectId: body.subjectId,
        assignedAt: now,
        assignedFrom: now,
        assignedBy: userId,
        updatedAt: now,
      })
      .where(
        inArray(
          weh.id,
          moving.map((r) => r.id),
        ),
      );
    await writeHistory(
      tx,
      moving.map((r) => ({
        headerId: r.id,
        event: "Transferred",
        subjectId: body.subjectId,
        userId,
        details: { fromSubjectId: r.subjectId, toSubjectId: body.subjectId, moveEvidences: body.moveEvidences },
      })),
      now,
    );
    await refreshBinCount(tx, [...moving.map((r) => r.subjectId), body.subjectId]);
    return { updated: moving.length };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Barcode searches (spec 000 §7)

const barcodeColumns = {
  id: weh.id,
  municipalityId: weh.municipalityId,
  barcode: weh.barcode,
  plainCode: weh.plainCode,
  state: weh.state,
  subjectId: weh.subjectId,
  subjectName: subject.name,
  binName: binType.name,
};

async function findByBarcode(db: Db, barcode: string, tenancy: SQL): Promise<BarcodeAnswer> {
  const [row] = await db
    .select(barcodeColumns)
    .from(weh)
    .leftJoin(subject, eq(subject.id, weh.subjectId))
    .leftJoin(binType, eq(binType.id, weh.binTypeId))
    .where(and(eq(weh.barcode, barcode.trim()), tenancy))
    .limit(1);
  if (!row) throw codeNotFound();
  return {
    ...row,
    state: row.state as BinState,
    subjectName: row.subjectName ?? null,
    binName: row.binName ?? null,
  };
}

/** GET municipality/{id}/find-code-by-barcode: the bin of this municipality with the exact barcode. */
export function findCodeByBarcode(db: Db, municipalityId: number, barcode: string): Promise<BarcodeAnswer> {
  return findByBarcode(db, barcode, eq(weh.municipalityId, municipalityId));
}

/** GET waste-evidence-header/search-by-barcode: the exact barcode among the municipalities the user may see. */
export async function searchByBarcode(db: Db, auth: AuthContext, barcode: string): Promise<BarcodeAnswer> {
  if (auth.municipalityIds === "all") return findByBarcode(db, barcode, sql`true`);
  if (!auth.municipalityIds.length) throw codeNotFound();
  return findByBarcode(db, barcode, inArray(weh.municipalityId, auth.municipalityIds));
}
