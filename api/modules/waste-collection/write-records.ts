/**
 * What a batch of collection rows writes (process.ts decides, this writes; issue 13 part 3, decisions 0031 and 0034):
 * the references of the new records checked and locked once for the batch, the records themselves by COPY, the
 * updates of Merge and Overwrite, the collection log, the collections' counts, and the bins and terminals marked
 * as used.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { copyRows } from "../../db/copy";
import type { CollectionRow } from "#contract/collection-import";
import type { CollectionErrorType, EvidenceOrigin } from "#contract/collection";
import type { DuplicateHandlingStrategy } from "#contract/enums";

/** A row of the batch as processRows sees it (process.ts RowIn). */
export interface BatchRow {
  rowNumber: number | null;
  raw: string | null;
  row: CollectionRow;
}

/** Who writes: the municipality, and the job, origin and author the records carry. */
export interface WriterContext {
  municipalityId: number;
  importJobId: number | null;
  origin: EvidenceOrigin;
  userId: number | null;
}

/** A record to write: a new one, or the values a duplicate's strategy puts into an existing one. */
export interface RecordOut {
  i: number;
  collectionId: number;
  headerId: number;
  subjectId: number | null;
  wasteTypeId: number | null;
  city: string | null;
  volume: number | null;
  duplicate: boolean;
}

export interface LogOut {
  i: number;
  collectionId: number;
  type: CollectionErrorType;
  message: string;
  headerId: number | null;
  recordId: number | null;
}

const kg = (grams: number | null) => (grams === null ? null : (grams / 1000).toFixed(3));

/**
 * The references of the batch's new records, checked once for the batch instead of by a foreign key's check per row
 * and reference (decision 0031). Their deletion is kept out by one advisory lock instead of a row lock on each
 * referenced row (decision 0036): the batch holds `(obec.evidenceRecords, municipality)` and `(…, 0)` (users, the
 * catalogue's waste types) shared until it commits, and a deletion's trigger (migrations 0020, 0026) takes the same key
 * exclusive before it follows the deletion into the records — so a deletion waits for the batches writing meanwhile
 * and then sees their records, or a batch waits for the deletion and then misses the row. The check reads after the
 * lock is granted (a statement of its own: a fresh snapshot). The collection, the bin, the subject and a
 * municipality's own waste type must be this municipality's: a record never points at another's.
 */
/** What a record points at (a record typed by hand may have no collection). */
export type RecordReferences = Pick<RecordOut, "headerId" | "subjectId" | "wasteTypeId"> & {
  collectionId: number | null;
};

export async function lockReferences(tx: Db, ctx: WriterContext, out: RecordReferences[]): Promise<void> {
  // One pass over the batch's records (10,000 of them): the distinct ids of each reference.
  const h = new Set<number>();
  const s = new Set<number>();
  const w = new Set<number>();
  const c = new Set<number>();
  for (const x of out) {
    h.add(x.headerId);
    if (x.subjectId !== null) s.add(x.subjectId);
    if (x.wasteTypeId !== null) w.add(x.wasteTypeId);
    if (x.collectionId !== null) c.add(x.collectionId);
  }
  const [headers, subjects, wastes, collections] = [h, s, w, c].map((set) => [...set]) as [
    number[],
    number[],
    number[],
    number[],
  ];
  const m = ctx.municipalityId;
  // The global key first, then the municipality's: the deletion triggers take theirs in ascending order too.
  await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext('obec.evidenceRecords'), 0),
    pg_advisory_xact_lock_shared(hashtext('obec.evidenceRecords'), ${m}::int)`);
  const res = await tx.execute(sql`
    with m as (select id from municipality where id = ${m}),
      c as (select id from waste_collection where id = any(${sql.param(collections)}::int[]) and municipality_id = ${m}),
      h as (select id from waste_evidence_header where id = any(${sql.param(headers)}::int[]) and municipality_id = ${m}),
      s as (select id from subject where id = any(${sql.param(subjects)}::int[]) and municipality_id = ${m}),
      w as (select id from waste_type where id = any(${sql.param(wastes)}::int[])
        and (municipality_id is null or municipality_id = ${m})),
      j as (select id from import_job where id = ${ctx.importJobId} and municipality_id = ${m}),
      u as (select id from "user" where id = ${ctx.userId})
    select (select count(*) from m)::int as m, (select count(*) from c)::int as c, (select count(*) from h)::int as h, (select count(*) from s)::int as s,
      (select count(*) from w)::int as w, (select count(*) from j)::int as j, (select count(*) from u)::int as u`);
  const found = (res as unknown as { rows: Record<"m" | "c" | "h" | "s" | "w" | "j" | "u", number>[] }).rows[0]!;
  const expected = {
    m: 1,
    c: collections.length,
    h: headers.length,
    s: subjects.length,
    w: wastes.length,
    j: ctx.importJobId === null ? 0 : 1,
    u: ctx.userId === null ? 0 : 1,
  };
  const missing = (Object.keys(expected) as (keyof typeof expected)[]).filter((k) => found[k] !== expected[k]);
  if (missing.length) {
    // What a foreign key violation was: a reference deleted meanwhile, or a caller's bug (never written).
    throw new Error(`waste_evidence_record: references missing or of another municipality (${missing.join(", ")})`);
  }
}

const RECORD_COLUMNS = [
  "municipality_id",
  "waste_collection_id",
  "header_id",
  "code",
  "rfid",
  "waste_type_id",
  "subject_id",
  "city",
  "collected_at",
  "fullness",
  "bin_volume",
  "weight_kg",
  "acknowledged_weight_kg",
  "latitude",
  "longitude",
  "nonconforming_state_ids",
  "state",
  "origin",
  "duplicate",
  "import_job_id",
  "row_number",
  "created_by",
] as const;

/**
 * Inserts the batch's records by COPY (db/copy.ts; decision 0034): the rows go as text straight into the table,
 * without a SELECT over parameter arrays. Their ids are not read back (recordIdsAt reads the few a log needs).
 */
export async function insertRecords(tx: Db, ctx: WriterContext, rows: BatchRow[], out: RecordOut[]): Promise<void> {
  if (!out.length) return;
  const { municipalityId: m, importJobId: job, origin, userId } = ctx;
  await copyRows(
    tx,
    "waste_evidence_record",
    RECORD_COLUMNS,
    out.map((x) => {
      const { row, rowNumber } = rows[x.i]!;
      return [
        m,
        x.collectionId,
        x.headerId,
        row.code,
        row.rfid,
        x.wasteTypeId,
        x.subjectId,
        x.city,
        row.time,
        row.fullness,
        x.volume,
        kg(row.weightGrams),
        kg(row.weightGrams),
        row.latitude,
        row.longitude,
        row.nonconformingStateIds,
        "processed",
        origin,
        x.duplicate,
        job,
        rowNumber,
        userId,
      ];
    }),
  );
}

/** The ids of the records of these bins at these instants (the unique index), by `headerId|instant`. */
export async function recordIdsAt(tx: Db, at: { headerId: number; time: string }[]): Promise<Map<string, number>> {
  if (!at.length) return new Map();
  const res = await tx.execute(sql`
    select v.key, r.id from unnest(${sql.param(at.map((a) => a.headerId))}::int[],
      ${sql.param(at.map((a) => a.time))}::timestamptz[], ${sql.param(at.map((a) => `${a.headerId}|${a.time}`))}::text[])
      as v(header_id, at, key)
    join waste_evidence_record r on r.header_id = v.header_id and r.collected_at = v.at`);
  return new Map((res as unknown as { rows: { key: string; id: number }[] }).rows.map((r) => [r.key, r.id]));
}

/** Merge or Overwrite into a record of an earlier batch or file. */
export async function updateRecords(
  tx: Db,
  strategy: DuplicateHandlingStrategy,
  rows: BatchRow[],
  updates: { i: number; recordId: number }[],
): Promise<void> {
  const row = (u: { i: number }) => rows[u.i]!.row;
  const merge = strategy === "Merge";
  await tx.execute(sql`
    update waste_evidence_record r set
      weight_kg = ${merge ? sql`case when r.weight_kg is null and u.weight is null then null else coalesce(r.weight_kg, 0) + coalesce(u.weight::numeric, 0) end` : sql`u.weight::numeric`},
      acknowledged_weight_kg = ${merge ? sql`case when r.weight_kg is null and u.weight is null then null else coalesce(r.weight_kg, 0) + coalesce(u.weight::numeric, 0) end` : sql`u.weight::numeric`},
      fullness = ${merge ? sql`greatest(r.fullness, u.fullness)` : sql`u.fullness`},
      latitude = ${merge ? sql`coalesce(r.latitude, u.lat::numeric)` : sql`u.lat::numeric`},
      longitude = ${merge ? sql`coalesce(r.longitude, u.lon::numeric)` : sql`u.lon::numeric`},
      nonconforming_state_ids = ${merge ? sql`array(select distinct s from unnest(r.nonconforming_state_ids || coalesce(string_to_array(nullif(u.states, ''), ',')::smallint[], '{}')) s order by s)` : sql`coalesce(string_to_array(nullif(u.states, ''), ',')::smallint[], '{}')`},
      version = r.version + 1,
      updated_at = now()
    from unnest(
      ${sql.param(updates.map((u) => u.recordId))}::int[],
      ${sql.param(updates.map((u) => kg(row(u).weightGrams)))}::text[],
      ${sql.param(updates.map((u) => row(u).fullness))}::int[],
      ${sql.param(updates.map((u) => row(u).latitude?.toString() ?? null))}::text[],
      ${sql.param(updates.map((u) => row(u).longitude?.toString() ?? null))}::text[],
      ${sql.param(updates.map((u) => row(u).nonconformingStateIds.join(",")))}::text[]
    ) as u(id, weight, fullness, lat, lon, states)
    where r.id = u.id`);
}

/** Logs the rows' errors and remarks; answers the entries new to the log (a re-import's are not). */
export async function writeLogs(
  tx: Db,
  ctx: WriterContext,
  rows: BatchRow[],
  logs: LogOut[],
): Promise<{ waste_collection_id: number; error_type: string }[]> {
  if (!logs.length) return [];
  const row = (l: LogOut) => rows[l.i]!.row;
  const res = await tx.execute(sql`
    insert into waste_collection_log (municipality_id, waste_collection_id, import_job_id, row_number, error_type,
      message, code, collected_at, latitude, longitude, header_id, record_id, data, raw_row)
    select ${ctx.municipalityId}, v.collection_id, ${ctx.importJobId}, v.row_number, v.type, v.message, v.code, v.at,
      v.lat::numeric, v.lon::numeric, v.header_id, v.record_id, v.data::jsonb, v.raw
    from unnest(
      ${sql.param(logs.map((l) => l.collectionId))}::int[],
      ${sql.param(logs.map((l) => rows[l.i]!.rowNumber))}::int[],
      ${sql.param(logs.map((l) => l.type))}::text[],
      ${sql.param(logs.map((l) => l.message))}::text[],
      ${sql.param(logs.map((l) => row(l).code ?? row(l).rfid))}::text[],
      ${sql.param(logs.map((l) => row(l).time))}::timestamptz[],
      ${sql.param(logs.map((l) => row(l).latitude?.toString() ?? null))}::text[],
      ${sql.param(logs.map((l) => row(l).longitude?.toString() ?? null))}::text[],
      ${sql.param(logs.map((l) => l.headerId))}::int[],
      ${sql.param(logs.map((l) => l.recordId))}::int[],
      ${sql.param(logs.map((l) => JSON.stringify(row(l))))}::text[],
      ${sql.param(logs.map((l) => rows[l.i]!.raw))}::text[]
    ) as v(collection_id, row_number, type, message, code, at, lat, lon, header_id, record_id, data, raw)
    on conflict do nothing
    returning waste_collection_id, error_type`);
  return (res as unknown as { rows: { waste_collection_id: number; error_type: string }[] }).rows;
}

/** The collections' record and error counts (kept with the rows, for the list's columns). */
export async function countCollections(tx: Db, inserts: RecordOut[], newErrors: number[]): Promise<void> {
  const counts = new Map<number, { records: number; errors: number }>();
  const of = (id: number) => counts.get(id) ?? (counts.set(id, { records: 0, errors: 0 }), counts.get(id)!);
  for (const x of inserts) of(x.collectionId).records++;
  for (const id of newErrors) of(id).errors++;
  const list = [...counts.entries()].filter(([, c]) => c.records || c.errors);
  if (!list.length) return;
  await tx.execute(sql`
    update waste_collection c set record_count = c.record_count + v.records, error_count = c.error_count + v.errors,
      updated_at = now()
    from unnest(
      ${sql.param(list.map(([id]) => id))}::int[],
      ${sql.param(list.map(([, c]) => c.records))}::int[],
      ${sql.param(list.map(([, c]) => c.errors))}::int[]
    ) as v(id, records, errors)
    where c.id = v.id`);
}

/** Bins' last evidence (a disposable one becomes Used) and terminals' 'last used'. */
export async function markUsed(tx: Db, ctx: WriterContext, rows: BatchRow[], inserts: RecordOut[]): Promise<void> {
  const last = new Map<number, string>();
  for (const x of inserts) {
    const at = rows[x.i]!.row.time;
    if ((last.get(x.headerId) ?? "") < at) last.set(x.headerId, at);
  }
  if (last.size) {
    await tx.execute(sql`
      update waste_evidence_header h set
        last_evidence_at = greatest(h.last_evidence_at, v.at),
        state = case when h.disposable and h.state = 'Assigned' then 'Used' else h.state end
      from unnest(${sql.param([...last.keys()])}::int[], ${sql.param([...last.values()])}::timestamptz[]) as v(id, at)
      where h.id = v.id`);
  }
  const devices = new Map<string, string>();
  for (const { row } of rows) {
    if (!row.device) continue;
    const key = row.device.toLowerCase();
    if ((devices.get(key) ?? "") < row.time) devices.set(key, row.time);
  }
  if (devices.size) {
    // Only the municipality's own terminals (paired on that day or still paired) are touched.
    await tx.execute(sql`
      update device d set last_used_at = greatest(d.last_used_at, v.at)
      from unnest(${sql.param([...devices.keys()])}::text[], ${sql.param([...devices.values()])}::timestamptz[]) as v(serial, at)
      where lower(d.serial_number) = v.serial
        and exists (select 1 from device_assignment a where a.device_id = d.id and a.municipality_id = ${ctx.municipalityId})`);
  }
}

/**
 * The bins an import wrote records for: their last evidence (a disposable one becomes Used), once per job. Given the
 * collections the job wrote to, its records are read through them (an index) instead of by a scan of every record.
 */
export async function markBinsUsed(db: Db, importJobId: number, collectionIds: number[] | null = null): Promise<void> {
  await db.execute(sql`
    update waste_evidence_header h set
      last_evidence_at = greatest(h.last_evidence_at, m.at),
      state = case when h.disposable and h.state = 'Assigned' then 'Used' else h.state end
    from (select header_id, max(collected_at) as at from waste_evidence_record
      where import_job_id = ${importJobId} and header_id is not null
        ${collectionIds ? sql`and waste_collection_id = any(${sql.param(collectionIds)}::int[])` : sql``}
      group by header_id) m
    where h.id = m.header_id and (h.last_evidence_at is null or h.last_evidence_at < m.at
      or (h.disposable and h.state = 'Assigned'))`);
}
