/**
 * Rows of a collection file become evidence records (issue 13 part 3; spec 001 §8 collection log record errors,
 * route evidence, duplicate handling). One batch, inside its transaction, set-based:
 *  1. the rows are put into collections by vehicle, Prague day and waste (created or found again);
 *  2. each row's code (barcode, plain code or RFID) is resolved to its bin in one statement, with what the checks
 *     need: the bin's state, type and subject, and whether the bin already has a record at that instant or that day;
 *  3. the verdict of each row is decided here: a record, the same record again (unchanged: a re-import), a duplicate
 *     handled by the municipality's strategy (Ignore, Merge, NoAction, Overwrite), or an error with its type;
 *  4. records are inserted and updated, errors and duplicates logged on the collection, counts kept, bins and
 *     devices marked as used.
 * Nothing is lost (every row ends as a record, an unchanged row or a logged error) or counted twice (a bin read at
 * the same instant, or a duplicate already handled, is unchanged).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CollectionRow } from "#contract/collection-import";
import { ROUTE_EVIDENCE, type CollectionErrorType, type EvidenceOrigin } from "#contract/collection";
import type { DuplicateHandlingStrategy } from "#contract/enums";
import type { RowError } from "../import/runner";
import { pragueDay, pragueDayBounds } from "./days";
import type { WasteTypeIndex } from "./waste-types";
import { loadBinIndex, type BinIndex } from "./bin-index";
import {
  countCollections,
  insertRecords,
  lockReferences,
  markUsed,
  recordIdsAt,
  updateRecords,
  writeLogs,
  type LogOut,
  type RecordOut,
} from "./write-records";

export interface RowIn {
  rowNumber: number | null;
  raw: string | null;
  row: CollectionRow;
  /** Reprocessing a logged row: the log entry it came from (resolved when the row becomes a record). */
  logId?: number;
}

export interface ProcessContext {
  municipalityId: number;
  strategy: DuplicateHandlingStrategy;
  wasteTypes: WasteTypeIndex;
  importJobId: number | null;
  origin: EvidenceOrigin;
  userId: number | null;
  /** The import form's licence plate, for files that do not name the vehicle. */
  licencePlate?: string | null;
  /** Reprocessing: the rows stay in their collection. */
  collectionId?: number;
  /** An import marks its bins used once at its end (markBinsUsed), not in every batch. */
  deferBinUpdates?: boolean;
  /** The municipality's bins by code, read at the first batch and kept for the run. */
  bins?: BinIndex;
  /**
   * What this run has written so far, for skipping the probe of bins it did not write (an import run from the file's
   * start; anyRecordWithin): the transactions of its committed batches, and each Prague day's bins it gave a record or
   * updated one of. Bounded by the municipality's bins × the file's days, not by its rows.
   */
  written?: { xids: string[]; days: Map<string, Set<number>> };
  /** Milliseconds spent per phase, summed over the batches (COLLECTION_IMPORT_PROFILE=1; see docs/benchmarks.md). */
  timings?: Record<string, number>;
}

export interface ProcessResult {
  accepted: number;
  unchanged: number;
  /** Rows that did not become records (the import job's error log). */
  errors: RowError[];
  collectionIds: Set<number>;
  /** Log entries whose row became a record (reprocessing). */
  resolvedLogIds: number[];
  /** The collections given a new record or a new log entry by this batch (a re-import's rows give none). */
  writtenCollectionIds: Set<number>;
}

const DUPLICATE_MESSAGE: Record<DuplicateHandlingStrategy, string> = {
  Ignore: "Nádoba už byla tento den svezena: řádek byl vynechán.",
  Merge: "Nádoba už byla tento den svezena: řádek byl sloučen s dřívějším záznamem.",
  NoAction: "Nádoba už byla tento den svezena: záznam byl uložen znovu.",
  Overwrite: "Nádoba už byla tento den svezena: dřívější záznam byl přepsán.",
};

interface Resolved {
  row_no: number;
  header_id: number | null;
  state: string | null;
  disposable: boolean | null;
  bin_type_id: number | null;
  capacity: number | null;
  subject_id: number | null;
  waste_type_id: number | null;
  city: string | null;
  same_instant: number | null;
  seen_duplicate: boolean;
  same_day: number | null;
  used_record: number | null;
}

const plateOf = (ctx: ProcessContext, row: CollectionRow) => row.licencePlate ?? ctx.licencePlate ?? null;
const keyOf = (day: string, plate: string | null, device: string | null, waste: string | null) =>
  `${day}|${plate ?? ""}|${device ?? ""}|${waste ?? ""}`.slice(0, 300);
const czechDay = (day: string) => `${Number(day.slice(8, 10))}. ${Number(day.slice(5, 7))}. ${day.slice(0, 4)}`;

/** 'plate · day · waste' (the waste's name when the municipality knows it, else as the file wrote it). */
function collectionName(
  ctx: ProcessContext,
  g: { day: string; plate: string | null; device: string | null; waste: string | null },
) {
  const wasteId = ctx.wasteTypes.resolve(g.waste);
  const waste = wasteId ? (ctx.wasteTypes.name(wasteId) ?? g.waste) : g.waste;
  return [g.plate ?? g.device ?? "Svoz", czechDay(g.day), waste].filter(Boolean).join(" · ");
}

/** The collection of each row: found by its key (a later file or a resumed run finds it again) or made. */
async function collectionsOf(tx: Db, ctx: ProcessContext, rows: RowIn[]): Promise<number[]> {
  if (ctx.collectionId) return rows.map(() => ctx.collectionId!);
  const groups = new Map<
    string,
    { day: string; plate: string | null; waste: string | null; device: string | null; from: string; to: string }
  >();
  const keys = rows.map(({ row }) => {
    const day = pragueDay(row.time);
    const plate = plateOf(ctx, row);
    const key = keyOf(day, plate, plate ? null : row.device, row.waste);
    const g = groups.get(key);
    if (!g) groups.set(key, { day, plate, waste: row.waste, device: row.device, from: row.time, to: row.time });
    else {
      if (row.time < g.from) g.from = row.time;
      if (row.time > g.to) g.to = row.time;
    }
    return key;
  });
  const list = [...groups.entries()];
  const res = await tx.execute(sql`
    insert into waste_collection (municipality_id, name, collected_on, started_at, ended_at, waste_type_id, waste_name,
      licence_plate, origin, state, import_job_id, import_key, created_by)
    select ${ctx.municipalityId}, g.name, g.day::date, g.started, g.ended, g.waste_type_id, g.waste_name, g.plate,
      ${ctx.origin}, 'UnProcessed', ${ctx.importJobId}, g.key, ${ctx.userId}
    from unnest(
      ${sql.param(list.map(([k]) => k))}::text[],
      ${sql.param(list.map(([, g]) => collectionName(ctx, g)))}::text[],
      ${sql.param(list.map(([, g]) => g.day))}::text[],
      ${sql.param(list.map(([, g]) => g.from))}::timestamptz[],
      ${sql.param(list.map(([, g]) => g.to))}::timestamptz[],
      ${sql.param(list.map(([, g]) => ctx.wasteTypes.resolve(g.waste) ?? null))}::int[],
      ${sql.param(list.map(([, g]) => g.waste))}::text[],
      ${sql.param(list.map(([, g]) => g.plate))}::text[]
    ) as g(key, name, day, started, ended, waste_type_id, waste_name, plate)
    on conflict (municipality_id, import_key) do update set
      started_at = least(waste_collection.started_at, excluded.started_at),
      ended_at = greatest(waste_collection.ended_at, excluded.ended_at),
      updated_at = now()
    returning id, import_key`);
  const ids = new Map(
    (res as unknown as { rows: { id: number; import_key: string }[] }).rows.map((r) => [r.import_key, r.id]),
  );
  return keys.map((k) => ids.get(k)!);
}

type Probed = Pick<Resolved, "same_instant" | "seen_duplicate" | "same_day" | "used_record">;

/**
 * Each row's bin (by barcode, plain code or RFID of this municipality, from the bin index) and what the checks need
 * of its records: one probe of the bin's records that day (the same instant first, else the day's first kept
 * record), a logged duplicate only where that day has a record, and a bag's earlier record. Only rows that meet a
 * record are answered (a new day's file gets an empty answer), and the days' bounds go once, not with every row.
 */
async function resolveBins(tx: Db, ctx: ProcessContext, rows: RowIn[]): Promise<Resolved[]> {
  const bins = ctx.bins ?? (ctx.bins = await loadBinIndex(tx, ctx.municipalityId));
  const found = rows.map(({ row }) => bins.find(row.code, row.rfid));
  const known = rows.flatMap((r, i) => (found[i] ? [i] : []));
  let probe = known;
  if (probe.length) {
    const dayOf = probe.map((i) => pragueDay(rows[i]!.row.time));
    const written = ctx.written;
    if (!(await anyRecordWithin(tx, ctx.municipalityId, [...new Set(dayOf)].map(pragueDayBounds), written?.xids))) {
      // No record of those days but this run's: only the bins this run wrote that day can meet one.
      probe = written ? probe.filter((i, k) => written.days.get(dayOf[k]!)?.has(found[i]!.id)) : [];
    }
  }
  const dayNo = new Map<string, number>();
  const days = probe.map((i) => {
    const day = pragueDay(rows[i]!.row.time);
    let n = dayNo.get(day);
    if (n === undefined) dayNo.set(day, (n = dayNo.size + 1));
    return n;
  });
  const bounds = [...dayNo.keys()].map(pragueDayBounds);
  const probed = new Map<number, Probed>();
  if (probe.length) {
    const res = await tx.execute(sql`
    select t.n - 1 as p, case when d.exact then d.id end as same_instant,
      not d.exact and exists (select 1 from waste_collection_log l where l.header_id = t.header_id
        and l.collected_at = t.at and l.error_type = 'DuplicateRecord') as seen_duplicate,
      case when not d.exact and d.discarded_at is null then d.id end as same_day
    from unnest(${sql.param(probe.map((i) => found[i]!.id))}::int[], ${sql.param(probe.map((i) => rows[i]!.row.time))}::timestamptz[],
      ${sql.param(days)}::int[]) with ordinality as t(header_id, at, day, n)
    join unnest(${sql.param(bounds.map((b) => b.from))}::timestamptz[], ${sql.param(bounds.map((b) => b.to))}::timestamptz[])
      with ordinality as b(day_from, day_to, day) on b.day = t.day
    join lateral (select r.id, r.collected_at = t.at as exact, r.discarded_at from waste_evidence_record r
      where r.header_id = t.header_id and r.collected_at >= b.day_from and r.collected_at < b.day_to
      order by (r.collected_at = t.at) desc, (r.discarded_at is null) desc, r.collected_at, r.id limit 1) d on true`);
    for (const r of (res as unknown as { rows: (Omit<Probed, "used_record"> & { p: number })[] }).rows) {
      probed.set(probe[Number(r.p)]!, { ...r, used_record: null });
    }
  }
  // A bag (disposable bin) may have one record ever.
  const bags = known.filter((i) => found[i]!.disposable);
  if (bags.length) {
    const res = await tx.execute(sql`
      select t.n - 1 as p, r.id from unnest(${sql.param(bags.map((i) => found[i]!.id))}::int[]) with ordinality as t(header_id, n)
      join lateral (select r.id from waste_evidence_record r where r.header_id = t.header_id and r.discarded_at is null
        limit 1) r on true`);
    for (const r of (res as unknown as { rows: { p: number; id: number }[] }).rows) {
      const i = bags[Number(r.p)]!;
      const p = probed.get(i);
      probed.set(i, { same_instant: null, seen_duplicate: false, same_day: null, ...p, used_record: r.id });
    }
  }
  return rows.map((_, i) => {
    const bin = found[i];
    const p = probed.get(i);
    return {
      row_no: i,
      header_id: bin?.id ?? null,
      state: bin?.state ?? null,
      disposable: bin?.disposable ?? null,
      bin_type_id: bin?.binTypeId ?? null,
      capacity: bin?.capacity ?? null,
      subject_id: bin?.subjectId ?? null,
      waste_type_id: bin?.wasteTypeId ?? null,
      city: bin?.city ?? null,
      same_instant: p?.same_instant ?? null,
      seen_duplicate: Boolean(p?.seen_duplicate),
      same_day: p?.same_day ?? null,
      used_record: p?.used_record ?? null,
    };
  });
}

/**
 * Whether the municipality has any record (discarded ones too) within the days' bounds that this run did not write
 * (`xids`: its committed batches' transactions; a record it inserted or updated carries one as xmin): one range read
 * of the (municipality, time) index. When there is none — a file of days not imported yet, the usual weekly file —
 * only the bins this run wrote that day can have a record that day (a record is always its bin's municipality's,
 * decision 0031), and the probe of every other bin's day is skipped (~6 µs of PostgreSQL's time a row). Read in the
 * batch's transaction just before the probe would run: what another writer committed is seen as the probe saw it.
 */
async function anyRecordWithin(
  tx: Db,
  municipalityId: number,
  bounds: { from: string; to: string }[],
  xids: string[] = [],
): Promise<boolean> {
  let from = bounds[0]!.from;
  let to = bounds[0]!.to;
  for (const b of bounds) {
    if (b.from < from) from = b.from;
    if (b.to > to) to = b.to;
  }
  const res = await tx.execute(sql`select exists (select 1 from waste_evidence_record
    where municipality_id = ${municipalityId} and collected_at >= ${from}::timestamptz and collected_at < ${to}::timestamptz
      ${xids.length ? sql`and xmin::text <> all(${sql.param(xids)}::text[])` : sql``}) as any`);
  return Boolean((res as unknown as { rows: { any: boolean }[] }).rows[0]?.any);
}

/** The error of a row whose bin is known but may not take the record; null when it may. */
function routeError(
  r: Resolved,
  row: CollectionRow,
  wasteTypeId: number | null | undefined,
): [CollectionErrorType, string] | null {
  if (r.state === "Discarded") return ["DiscardedCode", ROUTE_EVIDENCE.discarded];
  if (r.bin_type_id === null) return ["NoBin", ROUTE_EVIDENCE.noBin];
  if (r.subject_id === null) return ["OutOfRoute", ROUTE_EVIDENCE.outOfRoute];
  if (row.binVolume !== null && r.capacity !== null && row.binVolume !== r.capacity) {
    return ["InvalidBin", ROUTE_EVIDENCE.invalidBin];
  }
  if (wasteTypeId === undefined) return ["InvalidWaste", ROUTE_EVIDENCE.unknownWaste];
  if (wasteTypeId !== null && r.waste_type_id !== null && wasteTypeId !== r.waste_type_id) {
    return ["InvalidWaste", ROUTE_EVIDENCE.invalidWaste];
  }
  if (r.used_record !== null && r.same_instant === null)
    return ["AlreadyUsedDisposableBin", ROUTE_EVIDENCE.usedDisposable];
  return null;
}

export async function processRows(tx: Db, ctx: ProcessContext, rows: RowIn[]): Promise<ProcessResult> {
  /** Adds the time since the last lap to the phase (only when the caller asked for ctx.timings). */
  let t = performance.now();
  const lap = (phase: string) => {
    if (!ctx.timings) return;
    const now = performance.now();
    ctx.timings[phase] = (ctx.timings[phase] ?? 0) + now - t;
    t = now;
  };
  const result: ProcessResult = {
    accepted: 0,
    unchanged: 0,
    errors: [],
    collectionIds: new Set(),
    resolvedLogIds: [],
    writtenCollectionIds: new Set(),
  };
  if (!rows.length) return result;
  // A batch's statements are short and run once each: JIT compiling them cost more than it saved (~45 ms a statement
  // over 10,000 rows, measured); the index probes are cheap as on a cached table.
  await tx.execute(sql`select set_config('random_page_cost', '1.1', true), set_config('jit', 'off', true)`);
  const collectionOf = await collectionsOf(tx, ctx, rows);
  for (const id of collectionOf) result.collectionIds.add(id);
  lap("collections");
  const resolved = await resolveBins(tx, ctx, rows);
  lap("resolve");

  const inserts: RecordOut[] = [];
  const updates: { i: number; recordId: number }[] = [];
  const logs: LogOut[] = [];
  /** The bin's first new record of this batch by day: a later row of the same bin and day is its duplicate. */
  const batchDay = new Map<string, number>();
  const usedInBatch = new Set<number>();
  const reject = (
    i: number,
    type: CollectionErrorType,
    message: string,
    headerId: number | null,
    recordId: number | null = null,
  ) => {
    logs.push({ i, collectionId: collectionOf[i]!, type, message, headerId, recordId });
    const { rowNumber, raw } = rows[i]!;
    if (rowNumber !== null) result.errors.push({ rowNumber, category: type, message, rawRow: raw ?? "" });
  };

  rows.forEach(({ row }, i) => {
    const r = resolved[i]!;
    if (r.header_id === null) return reject(i, "UnknownCode", ROUTE_EVIDENCE.unknownCode, null);
    const wasteTypeId = ctx.wasteTypes.resolve(row.waste);
    const error = routeError(r, row, wasteTypeId);
    if (error) return reject(i, error[0], error[1], r.header_id);
    if (r.same_instant !== null || r.seen_duplicate) {
      result.unchanged++;
      return;
    }
    // A bag read on two days of one batch: the database does not know the first reading yet.
    if (r.disposable && usedInBatch.has(r.header_id) && !batchDay.has(`${r.header_id}|${pragueDay(row.time)}`)) {
      return reject(i, "AlreadyUsedDisposableBin", ROUTE_EVIDENCE.usedDisposable, r.header_id);
    }
    const dayKey = `${r.header_id}|${pragueDay(row.time)}`;
    const earlier = r.same_day ?? (batchDay.has(dayKey) ? -1 - batchDay.get(dayKey)! : null);
    const record: RecordOut = {
      i,
      collectionId: collectionOf[i]!,
      headerId: r.header_id,
      subjectId: r.subject_id,
      wasteTypeId: wasteTypeId ?? r.waste_type_id,
      city: r.city,
      volume: row.binVolume ?? r.capacity,
      duplicate: false,
    };
    if (earlier === null) {
      batchDay.set(dayKey, i);
      usedInBatch.add(r.header_id);
      inserts.push(record);
      result.accepted++;
      return;
    }
    // A bin emptied again the same day: the municipality's strategy decides (spec 001 §9 duplicate handling).
    const message = DUPLICATE_MESSAGE[ctx.strategy];
    if (ctx.strategy === "Ignore")
      return reject(i, "DuplicateRecord", message, r.header_id, earlier >= 0 ? earlier : null);
    logs.push({
      i,
      collectionId: collectionOf[i]!,
      type: "DuplicateRecord",
      message,
      headerId: r.header_id,
      recordId: earlier >= 0 ? earlier : null,
    });
    result.accepted++;
    if (ctx.strategy === "NoAction") inserts.push({ ...record, duplicate: true });
    else if (earlier >= 0) updates.push({ i, recordId: earlier });
    else {
      // The earlier row is new in this batch: merge or overwrite it before it is written.
      const first = -1 - earlier;
      const a = rows[first]!.row;
      rows[first] = { ...rows[first]!, row: ctx.strategy === "Merge" ? merged(a, row) : { ...row, time: a.time } };
    }
  });

  lap("verdicts");
  if (inserts.length) await lockReferences(tx, ctx, inserts);
  lap("lock references");
  await insertRecords(tx, ctx, rows, inserts);
  lap("insert");
  if (updates.length) await updateRecords(tx, ctx.strategy, rows, updates);
  if (ctx.written && (inserts.length || updates.length)) {
    // What this batch wrote, for the next batches' probes (anyRecordWithin). A batch that fails ends the run, and a
    // resumed run starts without this.
    const res = await tx.execute(sql`select xid(pg_current_xact_id())::text as xid`);
    ctx.written.xids.push((res as unknown as { rows: { xid: string }[] }).rows[0]!.xid);
    const { days } = ctx.written;
    for (const { i, headerId } of [
      ...inserts,
      ...updates.map((u) => ({ i: u.i, headerId: resolved[u.i]!.header_id! })),
    ]) {
      const day = pragueDay(rows[i]!.row.time);
      let bins = days.get(day);
      if (!bins) days.set(day, (bins = new Set()));
      bins.add(headerId);
    }
  }
  // Duplicates of a record new in this batch point at it: the bin's first new record that day (its ids are read
  // back only for them).
  const firstOf = (l: LogOut) => {
    const first = batchDay.get(`${l.headerId}|${pragueDay(rows[l.i]!.row.time)}`);
    return { headerId: l.headerId!, time: rows[first!]!.row.time };
  };
  const pointing = logs.filter((l) => l.type === "DuplicateRecord" && l.recordId === null && l.headerId !== null);
  const ids = await recordIdsAt(tx, pointing.map(firstOf));
  for (const log of pointing) {
    const { headerId, time } = firstOf(log);
    log.recordId = ids.get(`${headerId}|${time}`) ?? null;
  }
  const newLogs = await writeLogs(tx, ctx, rows, logs);
  lap("logs");
  const newErrors = newLogs.filter((r) => r.error_type !== "DuplicateRecord").map((r) => r.waste_collection_id);
  for (const x of inserts) result.writtenCollectionIds.add(x.collectionId);
  for (const r of newLogs) result.writtenCollectionIds.add(r.waste_collection_id);
  await countCollections(tx, inserts, newErrors);
  await markUsed(tx, ctx, rows, ctx.deferBinUpdates ? [] : inserts);
  lap("counts");
  // A reprocessed row is resolved unless it still has an error of its bin (a duplicate is its strategy's business).
  const stillWrong = new Set(logs.filter((l) => l.type !== "DuplicateRecord").map((l) => l.i));
  result.resolvedLogIds = rows.flatMap((r, i) => (r.logId !== undefined && !stillWrong.has(i) ? [r.logId] : []));
  return result;
}

/** Merge: the weights add up, the fuller reading and every nonconforming state stay. */
function merged(a: CollectionRow, b: CollectionRow): CollectionRow {
  return {
    ...a,
    weightGrams: a.weightGrams === null && b.weightGrams === null ? null : (a.weightGrams ?? 0) + (b.weightGrams ?? 0),
    fullness: a.fullness === null ? b.fullness : b.fullness === null ? a.fullness : Math.max(a.fullness, b.fullness),
    nonconformingStateIds: [...new Set([...a.nonconformingStateIds, ...b.nonconformingStateIds])].sort((x, y) => x - y),
  };
}
