/**
 * Reading waste collections (spec 001 §2 'Waste collections'; issue 13 part 5): the list with its filters, one
 * collection with its summary by street and bin size, its map points, its records and its log. Every function takes
 * the municipality of the path and filters by it.
 */
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  subject,
  wasteCollection as wc,
  wasteCollectionLog as log,
  wasteEvidenceHeader as weh,
  wasteEvidenceRecord as wer,
  wasteType,
} from "../../db/schema";
import { notFound } from "../../lib/errors";
import { listPage, pageWindow } from "../../lib/paging";
import { iso } from "../../lib/records";
import { foldSql } from "../../db/schema/fold";
import { foldText, likeLiteral } from "../../lib/search";
import {
  collectionListKeys,
  collectionLogListKeys,
  evidenceListKeys,
  parseListSort,
  type SortKey,
} from "#contract/lists";
import {
  COLLECTION_NOT_FOUND,
  MAP_POINT_KINDS,
  SUMMARY_VOLUMES,
  type CollectionDetail,
  type CollectionErrorType,
  type CollectionListItem,
  type CollectionListQuery,
  type CollectionLogItem,
  type CollectionLogListQuery,
  type CollectionMapAnswer,
  type CollectionRecordItem,
  type CollectionRecordListQuery,
  type CollectionState,
  type SummaryRow,
} from "#contract/collection";

export const collectionNotFound = () => notFound(COLLECTION_NOT_FOUND);

const itemColumns = {
  id: wc.id,
  version: wc.version,
  name: wc.name,
  collectedOn: wc.collectedOn,
  startedAt: wc.startedAt,
  endedAt: wc.endedAt,
  wasteTypeId: wc.wasteTypeId,
  wasteName: sql<string | null>`coalesce(${wasteType.name}, ${wc.wasteName})`,
  licencePlate: wc.licencePlate,
  origin: wc.origin,
  state: wc.state,
  recordCount: wc.recordCount,
  errorCount: wc.errorCount,
  weightKg: wc.weightKg,
  weightUnit: wc.weightUnit,
  invoiceValue: wc.invoiceValue,
  priceUnit: wc.priceUnit,
  exceptional: wc.exceptional,
  importJobId: wc.importJobId,
};

type ItemRow = { [K in keyof typeof itemColumns]: unknown } & {
  startedAt: Date | null;
  endedAt: Date | null;
  state: string;
};

const toItem = (r: ItemRow): CollectionListItem =>
  ({
    ...r,
    startedAt: iso(r.startedAt),
    endedAt: iso(r.endedAt),
    state: r.state as CollectionState,
  }) as CollectionListItem;

const SORTS: Record<SortKey<typeof collectionListKeys>, AnyColumn | SQL> = {
  collectedOn: wc.collectedOn,
  name: wc.name,
  recordCount: wc.recordCount,
  errorCount: wc.errorCount,
  weightKg: wc.weightKg,
  id: wc.id,
};

export async function listCollections(
  db: Db,
  municipalityId: number,
  q: CollectionListQuery,
): Promise<{ items: CollectionListItem[]; total: number }> {
  const where = and(
    eq(wc.municipalityId, municipalityId),
    q.search
      ? sql`(${foldSql(sql`${wc.name}`)} like ${`%${likeLiteral(foldText(q.search))}%`} or ${wc.licencePlate} ilike ${`%${likeLiteral(q.search)}%`})`
      : undefined,
    q.state ? eq(wc.state, q.state) : undefined,
    q.wasteTypeId ? eq(wc.wasteTypeId, q.wasteTypeId) : undefined,
    q.dateFrom ? gte(wc.collectedOn, q.dateFrom) : undefined,
    q.dateTo ? lte(wc.collectedOn, q.dateTo) : undefined,
    q.importJobId ? eq(wc.importJobId, q.importJobId) : undefined,
  );
  const sort = parseListSort(collectionListKeys, q.sort);
  const dir = sort.desc ? desc : asc;
  const { rows, total } = await listPage(
    db.select(itemColumns).from(wc).leftJoin(wasteType, eq(wasteType.id, wc.wasteTypeId)).where(where).$dynamic(),
    db.select({ n: count() }).from(wc).where(where),
    [dir(SORTS[sort.key]), dir(wc.id)],
    q,
  );
  return { items: rows.map((r) => toItem(r as ItemRow)), total };
}

/** The collection's row (of this municipality), or 404. */
export async function collectionRow(db: Db, municipalityId: number, id: number) {
  const [row] = await db
    .select()
    .from(wc)
    .where(and(eq(wc.id, id), eq(wc.municipalityId, municipalityId)));
  if (!row) throw collectionNotFound();
  return row;
}

/** Volume bucket of spec 001 §9 'collection summary bin columns': 110, 120, 240, 1100 l, other. */
const bucket = (volume: SQL) =>
  sql`case ${volume} ${sql.join(
    SUMMARY_VOLUMES.map((v) => sql`when ${v} then ${`v${v}`}`),
    sql` `,
  )} else 'other' end`;

async function summaryOf(db: Db, id: number): Promise<SummaryRow[]> {
  const street = sql<string | null>`coalesce(${weh.street}, ${subject.street})`;
  const rows = await db
    .select({
      street,
      bucket: sql<string>`${bucket(sql`${wer.binVolume}`)}`,
      n: count(),
      kg: sql<string | null>`sum(${wer.acknowledgedWeightKg})::text`,
    })
    .from(wer)
    .leftJoin(weh, eq(weh.id, wer.headerId))
    .leftJoin(subject, eq(subject.id, wer.subjectId))
    .where(and(eq(wer.wasteCollectionId, id), isNull(wer.discardedAt)))
    .groupBy(street, sql`2`);
  const byStreet = new Map<string, SummaryRow>();
  for (const r of rows) {
    const key = r.street ?? "";
    const s =
      byStreet.get(key) ??
      byStreet
        .set(key, { street: r.street, v110: 0, v120: 0, v240: 0, v1100: 0, other: 0, total: 0, weightKg: null })
        .get(key)!;
    s[r.bucket as "v110" | "v120" | "v240" | "v1100" | "other"] += Number(r.n);
    s.total += Number(r.n);
    if (r.kg !== null) s.weightKg = (Number(s.weightKg ?? 0) + Number(r.kg)).toFixed(3);
  }
  return [...byStreet.values()].sort((a, b) => (a.street ?? "\uffff").localeCompare(b.street ?? "\uffff", "cs"));
}

export async function getCollection(db: Db, municipalityId: number, id: number): Promise<CollectionDetail> {
  const [row] = await db
    .select({
      ...itemColumns,
      wasteTypeName: wasteType.name,
      deviceId: wc.deviceId,
      collectionType: wc.collectionType,
    })
    .from(wc)
    .leftJoin(wasteType, eq(wasteType.id, wc.wasteTypeId))
    .where(and(eq(wc.id, id), eq(wc.municipalityId, municipalityId)));
  if (!row) throw collectionNotFound();
  const [byType, summary] = await Promise.all([
    db
      .select({ type: log.errorType, n: count() })
      .from(log)
      .where(and(eq(log.wasteCollectionId, id), isNull(log.resolvedAt)))
      .groupBy(log.errorType),
    summaryOf(db, id),
  ]);
  const errorsByType: Record<string, number> = {};
  let duplicateCount = 0;
  for (const r of byType) {
    if (r.type === "DuplicateRecord") duplicateCount = Number(r.n);
    else errorsByType[r.type] = Number(r.n);
  }
  return {
    ...toItem(row as ItemRow),
    wasteTypeName: row.wasteTypeName,
    deviceId: row.deviceId,
    collectionType: row.collectionType,
    errorsByType,
    duplicateCount,
    summary,
  };
}

/**
 * The map's points (spec 001 §2: collected bins, bins without code, with errors, with duplicates): a record's
 * position is where it was read, else its bin's; a log row's where it was read. Compact tuples, thousands of them.
 */
export async function collectionMap(db: Db, municipalityId: number, id: number): Promise<CollectionMapAnswer> {
  await collectionRow(db, municipalityId, id);
  const kind = (k: (typeof MAP_POINT_KINDS)[number]) => MAP_POINT_KINDS.indexOf(k);
  // A row's point is where it was read, else its bin's position; only the collection's rows still in force.
  const positioned = <M extends Record<string, PgColumn>>(rows: typeof wer | typeof log, more: M, inForce: SQL) =>
    db
      .select({
        lat: sql<string | null>`coalesce(${rows.latitude}, ${weh.latitude})`,
        lng: sql<string | null>`coalesce(${rows.longitude}, ${weh.longitude})`,
        ...more,
        id: rows.id,
      })
      .from(rows)
      .leftJoin(weh, eq(weh.id, rows.headerId))
      .where(and(eq(rows.wasteCollectionId, id), inForce));
  const [records, logs] = await Promise.all([
    positioned(wer, { duplicate: wer.duplicate }, isNull(wer.discardedAt)),
    positioned(log, { type: log.errorType }, isNull(log.resolvedAt)),
  ]);
  const points: CollectionMapAnswer["points"] = [];
  let withoutPosition = 0;
  const add = (lat: string | null, lng: string | null, k: number, rowId: number) => {
    if (lat === null || lng === null) withoutPosition++;
    else points.push([Number(lat), Number(lng), k, rowId]);
  };
  for (const r of records) add(r.lat, r.lng, kind(r.duplicate ? "duplicate" : "collected"), r.id);
  for (const l of logs) {
    const k =
      l.type === "DuplicateRecord"
        ? "duplicate"
        : l.type === "EmptyCode" || l.type === "UnknownCode"
          ? "noCode"
          : "error";
    add(l.lat, l.lng, kind(k), l.id);
  }
  return { points, withoutPosition };
}

export async function collectionRecords(
  db: Db,
  municipalityId: number,
  id: number,
  q: CollectionRecordListQuery,
): Promise<{ items: CollectionRecordItem[]; total: number }> {
  await collectionRow(db, municipalityId, id);
  const where = and(
    eq(wer.wasteCollectionId, id),
    q.search ? sql`(${wer.code} like ${`${q.search}%`} or ${wer.rfid} like ${`${q.search}%`})` : undefined,
    q.duplicate === undefined ? undefined : eq(wer.duplicate, q.duplicate),
  );
  const dir = parseListSort(evidenceListKeys, q.sort).desc ? desc : asc;
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: wer.id,
        collectedAt: wer.collectedAt,
        code: wer.code,
        headerId: wer.headerId,
        subjectId: wer.subjectId,
        subjectName: subject.name,
        street: sql<string | null>`coalesce(${weh.street}, ${subject.street})`,
        binVolume: wer.binVolume,
        fullness: wer.fullness,
        weightKg: wer.weightKg,
        acknowledgedWeightKg: wer.acknowledgedWeightKg,
        nonconformingStateIds: wer.nonconformingStateIds,
        duplicate: wer.duplicate,
        discarded: isNotNull(wer.discardedAt),
      })
      .from(wer)
      .leftJoin(weh, eq(weh.id, wer.headerId))
      .leftJoin(subject, eq(subject.id, wer.subjectId))
      .where(where)
      .orderBy(dir(wer.collectedAt), dir(wer.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(wer).where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, collectedAt: r.collectedAt.toISOString(), discarded: Boolean(r.discarded) })),
    total: Number(total?.n ?? 0),
  };
}

export async function collectionLog(
  db: Db,
  municipalityId: number,
  id: number,
  q: CollectionLogListQuery,
): Promise<{ items: CollectionLogItem[]; total: number }> {
  await collectionRow(db, municipalityId, id);
  const where = and(
    eq(log.wasteCollectionId, id),
    q.errorType ? eq(log.errorType, q.errorType) : undefined,
    q.open === true ? isNull(log.resolvedAt) : q.open === false ? isNotNull(log.resolvedAt) : undefined,
  );
  const sort = parseListSort(collectionLogListKeys, q.sort);
  const dir = sort.desc ? desc : asc;
  const { rows, total } = await listPage(
    db
      .select({
        id: log.id,
        rowNumber: log.rowNumber,
        errorType: log.errorType,
        message: log.message,
        code: log.code,
        rfid: sql<string | null>`${log.data}->>'rfid'`,
        collectedAt: log.collectedAt,
        headerId: log.headerId,
        recordId: log.recordId,
        rawRow: log.rawRow,
        resolvedAt: log.resolvedAt,
      })
      .from(log)
      .where(where)
      .$dynamic(),
    db.select({ n: count() }).from(log).where(where),
    [...(sort.key === "errorType" ? [dir(log.errorType)] : []), dir(log.rowNumber), dir(log.id)],
    q,
  );
  return {
    items: rows.map((r) => ({
      ...r,
      errorType: r.errorType as CollectionErrorType,
      collectedAt: iso(r.collectedAt),
      resolvedAt: iso(r.resolvedAt),
    })),
    total,
  };
}
