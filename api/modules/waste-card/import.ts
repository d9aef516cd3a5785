/**
 * The waste-card CSV import (spec 001 §5 'Waste card import must be a .csv file; column order
 * plainCode;code;subjectId;feePayerId', §8 'Import', §4 import job states).
 *
 * The upload is never held whole: its bytes are decoded (UTF-8, with or without BOM) and parsed (csv-parse, ';') as
 * they arrive. Rows are checked on their own in JS (missing or too long values, ids that are not numbers, codes
 * repeated in the file), then sent to the database ~2,000 at a time as one set of arrays (unnest) into a single
 * statement that looks up subject, fee payer and existing card for the whole batch, inserts the good rows and
 * answers each row's verdict. Each batch is its own transaction with its error rows and the job's counters, so the
 * accepted rows are kept whatever happens later in the file; the next batch is parsed while one is being written.
 * A card that already exists with the same data is 'unchanged': importing the same file again changes nothing.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError, parse } from "csv-parse";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { importJob, importJobError } from "../../db/schema";
import { ApiError, validation } from "../../lib/errors";
import {
  NOT_CSV,
  WASTE_CARD_CODE_MAX,
  WASTE_CARD_IMPORT_DELIMITER,
  WASTE_CARD_IMPORT_MAX_BYTES,
  WASTE_CARD_PLAIN_CODE_MAX,
  type ImportErrorCategory,
  type ImportJobAnswer,
} from "#contract/waste-card";
import { today } from "../subject/membership";
import { MultipartError } from "../../lib/multipart";
import { FORBIDDEN_TEXT_MESSAGE, hasForbiddenChars } from "#contract/common";
import { jobAnswer, WASTE_CARD_IMPORT_TYPE } from "./service";

/** Rows per database round trip. */
export const IMPORT_BATCH_ROWS = 2_000;
/** The raw row kept with an error (enough to recognise it). */
const RAW_ROW_MAX = 500;
/** Bytes looked at before a job is created: text, UTF-8, no NUL bytes. */
const SNIFF_BYTES = 8 * 1024;
const MAX_ID = 2_147_483_647;
/** Virtual card codes (api/modules/subject/waste-card-code.ts) are made only by the product. */
const VIRTUAL_SHAPE = /^V\d{9,10}$/;

export const TOO_LARGE = "Soubor je větší než 50 MB.";
const NO_ROWS = "Soubor neobsahuje žádné řádky.";
const WRONG_DELIMITER = "Sloupce musí být oddělené středníkem (;).";
const NOT_UTF8 = "Soubor není v kódování UTF-8.";
const UPLOAD_CUT = "Nahrávání souboru bylo přerušeno.";
const FAILED = "Import se nezdařil.";
/** A job whose process stopped (crash, restart): the accepted rows are kept, the same file again completes it. */
export const INTERRUPTED = "Import byl přerušen. Nahrajte soubor znovu: už uložené karty se nezmění.";

/**
 * A running job's process touches heartbeat_at this often; a 'processing' job without a touch for
 * IMPORT_STALE_SECONDS is taken as interrupted (decision 0019). The margin is wide so that a live job of another
 * process sharing the database is never ended by mistake.
 */
export const IMPORT_HEARTBEAT_MS = 15_000;
export const IMPORT_STALE_SECONDS = 300;

/**
 * Marks 'processing' jobs whose heartbeat stopped as discarded with INTERRUPTED (at start and every minute,
 * server.ts). The database clock decides, so processes with different clocks agree. Answers the ended job ids.
 */
export async function failInterruptedImports(db: Db): Promise<number[]> {
  const ended = await db
    .update(importJob)
    .set({ state: "discarded", message: INTERRUPTED, processedAt: sql`now()` })
    .where(
      and(
        eq(importJob.state, "processing"),
        sql`coalesce(${importJob.heartbeatAt}, ${importJob.createdAt}) < now() - make_interval(secs => ${IMPORT_STALE_SECONDS})`,
      ),
    )
    .returning({ id: importJob.id });
  return ended.map((j) => j.id);
}

/** An ended job (e.g. marked interrupted after its heartbeat stopped) is never changed again. */
const stillRunning = (jobId: number) => and(eq(importJob.id, jobId), eq(importJob.state, "processing"));

/** A text the database cannot store (NUL) shown in place of the bad character. */
const storable = (s: string) => s.replaceAll("\u0000", "\uFFFD");

export interface CsvUpload {
  fileName: string;
  chunks: AsyncIterable<Buffer>;
}

interface RowError {
  rowNumber: number;
  category: ImportErrorCategory;
  message: string;
  rawRow: string;
}

interface GoodRow {
  rowNumber: number;
  plainCode: string;
  code: string;
  subjectId: number | null;
  feePayerId: number | null;
  rawRow: string;
}

interface Batch {
  rows: GoodRow[];
  errors: RowError[];
  total: number;
}

const newBatch = (): Batch => ({ rows: [], errors: [], total: 0 });

class ImportAbort extends Error {
  constructor(
    message: string,
    public status?: 413,
  ) {
    super(message);
  }
}

/** Spec 001 §5: a .csv name, and text content (no NUL bytes, valid UTF-8 in the first bytes). */
export function checkCsvHead(fileName: string, head: Buffer): void {
  if (hasForbiddenChars(fileName)) throw validation({ file: [FORBIDDEN_TEXT_MESSAGE] }, FORBIDDEN_TEXT_MESSAGE);
  if (!/\.csv$/i.test(fileName.trim())) throw validation({ file: [NOT_CSV] }, NOT_CSV);
  if (head.includes(0)) throw validation({ file: [NOT_CSV] }, NOT_CSV);
  try {
    // stream: true tolerates a character cut at the end of the sniffed bytes.
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
  } catch {
    throw validation({ file: [NOT_UTF8] }, NOT_UTF8);
  }
}

/** The id column's value: empty → null, a positive integer → it, anything else → undefined (invalid). */
function idCell(v: string): number | null | undefined {
  if (v === "") return null;
  if (!/^\d{1,10}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 1 && n <= MAX_ID ? n : undefined;
}

/** The row's line ending and surrounding blank lines are not part of it. */
const rawText = (raw: string) => storable(raw.replace(/^[\r\n]+|[\r\n]+$/g, "").slice(0, RAW_ROW_MAX));

/** Does the first record name the columns (plainCode;code;…) rather than hold a card? */
/** The message of a code or number met again in the file, naming the row it was first on (spec 001 §8 'Import'). */
const repeatedInFile = (what: string, firstRow: number | undefined) =>
  `${what} se v souboru opakuje (poprvé na řádku ${firstRow}).`;

const isHeader = (cells: string[]) =>
  cells[0]?.trim().toLowerCase() === "plaincode" && (cells[1] ?? "").trim().toLowerCase() === "code";

/**
 * Reads the upload, creates the import job and imports every row; answers the finished job. A file that is not
 * CSV by name or content is refused before any job exists (422 file); a critical failure later ends the job as
 * discarded with its reason (413 when the file turns out larger than the limit).
 */
export async function importWasteCards(
  db: Db,
  municipalityId: number,
  userId: number | null,
  upload: CsvUpload,
  opts: { heartbeatMs?: number } = {},
): Promise<ImportJobAnswer> {
  const source = upload.chunks[Symbol.asyncIterator]();
  // The first bytes decide whether this is a CSV at all (no job for a picture renamed to .csv).
  const head: Buffer[] = [];
  let headBytes = 0;
  try {
    while (headBytes < SNIFF_BYTES) {
      const next = await source.next();
      if (next.done) break;
      head.push(next.value);
      headBytes += next.value.length;
    }
  } catch (err) {
    if (err instanceof MultipartError) throw validation({ file: [UPLOAD_CUT] }, UPLOAD_CUT);
    throw err;
  }
  // Only the first bytes are sniffed, however large the chunks came: a NUL further on is a bad row, not a bad file.
  checkCsvHead(upload.fileName, Buffer.concat(head).subarray(0, SNIFF_BYTES));

  const [created] = await db
    .insert(importJob)
    .values({
      municipalityId,
      type: WASTE_CARD_IMPORT_TYPE,
      fileName: upload.fileName.trim().slice(0, 255),
      state: "processing",
      createdBy: userId,
      heartbeatAt: sql`now()`,
    })
    .returning({ id: importJob.id });
  const jobId = created!.id;
  // While this process works on the job it says so; if the process dies, the beat stops and the job is marked
  // interrupted (failInterruptedImports) instead of staying 'processing' for ever.
  const heartbeat = setInterval(() => {
    void db
      .update(importJob)
      .set({ heartbeatAt: sql`now()` })
      .where(and(eq(importJob.id, jobId), eq(importJob.state, "processing")))
      .catch(() => undefined);
  }, opts.heartbeatMs ?? IMPORT_HEARTBEAT_MS);
  heartbeat.unref();
  const day = today();

  // Bytes → text (fatal on bad UTF-8, BOM dropped) with the size limit counted as the bytes go by.
  let bytes = 0;
  async function* text(): AsyncGenerator<string> {
    const decoder = new TextDecoder("utf-8", { fatal: true });
    const decode = (chunk: Buffer, last = false) => {
      try {
        return decoder.decode(chunk, { stream: !last });
      } catch {
        throw new ImportAbort(NOT_UTF8);
      }
    };
    const take = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > WASTE_CARD_IMPORT_MAX_BYTES) throw new ImportAbort(TOO_LARGE, 413);
      return decode(chunk);
    };
    for (const chunk of head) yield take(chunk);
    for (;;) {
      const next = await source.next();
      if (next.done) break;
      yield take(next.value);
    }
    const rest = decode(Buffer.alloc(0), true);
    if (rest) yield rest;
  }

  const parser = parse({
    delimiter: WASTE_CARD_IMPORT_DELIMITER,
    bom: true,
    info: true,
    raw: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  });
  const feeding = pipeline(Readable.from(text()), parser);
  feeding.catch(() => undefined); // its error also ends the parser's iteration below

  const seenCodes = new Map<string, number>();
  const seenPlainCodes = new Map<string, number>();
  let batch = newBatch();
  let dataRows = 0;
  let first = true;
  let writing: Promise<void> = Promise.resolve();
  const counts = { total: 0, accepted: 0, unchanged: 0, errors: 0 };

  // One batch is written while the next is parsed; a failed write surfaces at the next flush or the end.
  const flush = async () => {
    await writing;
    const full = batch;
    batch = newBatch();
    writing = writeBatch(db, municipalityId, jobId, day, full, counts);
    writing.catch(() => undefined);
  };

  const reject = (rowNumber: number, rawRow: string, category: ImportErrorCategory, message: string) =>
    batch.errors.push({ rowNumber, category, message, rawRow });

  try {
    for await (const { record, info, raw } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
      raw: string;
    }>) {
      const cells = record.map((c) => c.trim());
      if (cells.every((c) => c === "")) continue;
      if (first) {
        first = false;
        if (isHeader(cells)) continue;
        // A whole file separated by commas or tabs is not this format: say so once instead of on every row.
        if (cells.length === 1 && /[,\t]/.test(cells[0]!)) throw new ImportAbort(WRONG_DELIMITER);
      }
      // The line where the record starts (a quoted value may span lines).
      const rowNumber = info.lines - record.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0);
      const rawRow = rawText(raw);
      dataRows++;
      batch.total++;
      const [plainCode = "", code = "", subjectCell = "", payerCell = "", ...extra] = cells;
      const subjectId = idCell(subjectCell);
      const feePayerId = idCell(payerCell);
      if (extra.some((c) => c !== "")) {
        reject(rowNumber, rawRow, "Format", "Řádek má víc než 4 sloupce (plainCode;code;subjectId;feePayerId).");
      } else if (cells.some(hasForbiddenChars)) {
        reject(rowNumber, rawRow, "InvalidValue", FORBIDDEN_TEXT_MESSAGE);
      } else if (!plainCode) {
        reject(rowNumber, rawRow, "MissingCode", "Chybí číslo karty (plainCode).");
      } else if (!code) {
        reject(rowNumber, rawRow, "MissingCode", "Chybí kód karty (code).");
      } else if (plainCode.length > WASTE_CARD_PLAIN_CODE_MAX) {
        reject(rowNumber, rawRow, "TooLong", "Číslo karty je delší než 40 znaků.");
      } else if (code.length > WASTE_CARD_CODE_MAX) {
        reject(rowNumber, rawRow, "TooLong", "Kód karty je delší než 60 znaků.");
      } else if (VIRTUAL_SHAPE.test(plainCode) || VIRTUAL_SHAPE.test(code)) {
        reject(rowNumber, rawRow, "InvalidValue", "Tento tvar kódu mají jen virtuální karty.");
      } else if (subjectId === undefined) {
        reject(rowNumber, rawRow, "InvalidValue", "ID odběrného místa musí být kladné celé číslo.");
      } else if (feePayerId === undefined) {
        reject(rowNumber, rawRow, "InvalidValue", "ID poplatníka musí být kladné celé číslo.");
      } else if (feePayerId !== null && subjectId === null) {
        reject(rowNumber, rawRow, "InvalidValue", "Poplatníka lze uvést jen spolu s odběrným místem.");
      } else if (seenCodes.has(code)) {
        reject(rowNumber, rawRow, "DuplicateInFile", repeatedInFile("Kód karty", seenCodes.get(code)));
      } else if (seenPlainCodes.has(plainCode)) {
        reject(rowNumber, rawRow, "DuplicateInFile", repeatedInFile("Číslo karty", seenPlainCodes.get(plainCode)));
      } else {
        seenCodes.set(code, rowNumber);
        seenPlainCodes.set(plainCode, rowNumber);
        batch.rows.push({ rowNumber, plainCode, code, subjectId, feePayerId, rawRow });
      }
      if (batch.total >= IMPORT_BATCH_ROWS) await flush();
    }
    await feeding;
    await flush();
    await writing;
    if (dataRows === 0) throw new ImportAbort(NO_ROWS);
    clearInterval(heartbeat);
  } catch (err) {
    clearInterval(heartbeat);
    await writing.catch(() => undefined);
    const known = err instanceof ImportAbort ? err : csvAbort(err);
    await db
      .update(importJob)
      .set({ state: "discarded", message: known?.message ?? FAILED, processedAt: new Date() })
      .where(stillRunning(jobId));
    if (known?.status === 413) throw new ApiError(413, TOO_LARGE);
    if (!known) throw err;
    return readJob(db, jobId);
  }

  await db
    .update(importJob)
    .set({ state: counts.errors ? "error" : "processed", processedAt: new Date() })
    .where(stillRunning(jobId));
  return readJob(db, jobId);
}

/** The reason of a failure of the file itself (broken CSV, a cut upload); null for anything unexpected. */
function csvAbort(err: unknown): ImportAbort | null {
  if (err instanceof CsvError) {
    const line = (err as CsvError & { lines?: number }).lines;
    return new ImportAbort(line ? `Chyba formátu CSV na řádku ${line}.` : "Chyba formátu CSV.");
  }
  if (err instanceof MultipartError) return new ImportAbort(UPLOAD_CUT);
  // The pipeline wraps what the text generator threw.
  const cause = (err as { cause?: unknown })?.cause;
  if (cause instanceof ImportAbort) return cause;
  return null;
}

async function readJob(db: Db, jobId: number): Promise<ImportJobAnswer> {
  const [row] = await db.select().from(importJob).where(eq(importJob.id, jobId));
  return jobAnswer(row!);
}

interface Verdict {
  row_no: number;
  subject_missing: boolean;
  payer_missing: boolean;
  found: boolean;
  same: boolean;
  plain_taken: boolean;
  inserted: boolean;
}

/**
 * One batch in one transaction: the verdict of every good-so-far row in one statement (staged through unnest,
 * looked up and inserted set-based), then the batch's error rows and the job's counters.
 */
async function writeBatch(
  db: Db,
  municipalityId: number,
  jobId: number,
  day: string,
  batch: Batch,
  counts: { total: number; accepted: number; unchanged: number; errors: number },
): Promise<void> {
  if (batch.total === 0) return;
  await db.transaction(async (tx) => {
    const errors = [...batch.errors];
    let accepted = 0;
    let unchanged = 0;
    if (batch.rows.length) {
      const rows = batch.rows;
      // The rows are few and every lookup is one index probe: the planner is told that random reads are cheap
      // (they are: the indexes are cached), so it probes instead of hashing whole tables for every batch.
      await tx.execute(sql`set local random_page_cost = 1.1`);
      const res = await tx.execute(sql`
        with t as (
          select * from unnest(
            ${sql.param(rows.map((r) => r.rowNumber))}::int[],
            ${sql.param(rows.map((r) => r.plainCode))}::text[],
            ${sql.param(rows.map((r) => r.code))}::text[],
            ${sql.param(rows.map((r) => r.subjectId))}::int[],
            ${sql.param(rows.map((r) => r.feePayerId))}::int[]
          ) as t(row_no, plain_code, code, subject_id, fee_payer_id)
        ),
        -- Plain codes another card (with another code) already has; a join, so that without an index on
        -- plain_code the table is hashed once per batch rather than scanned once per row.
        taken as (
          select distinct x.plain_code from waste_card x join t on x.plain_code = t.plain_code and x.code <> t.code
          where x.municipality_id = ${municipalityId}
        ),
        c as (
          select t.*,
            (t.subject_id is not null and s.id is null) as subject_missing,
            (t.fee_payer_id is not null and p.id is null) as payer_missing,
            w.id is not null as found,
            coalesce(w.plain_code = t.plain_code and w.subject_id is not distinct from t.subject_id
              and w.fee_payer_id is not distinct from t.fee_payer_id, false) as same,
            taken.plain_code is not null as plain_taken
          from t
          -- One primary-key or unique-index probe per row ('limit 1' keeps them nested loops).
          left join lateral (select id from subject
            where id = t.subject_id and municipality_id = ${municipalityId} limit 1) s on true
          left join lateral (select id from fee_payer
            where id = t.fee_payer_id and municipality_id = ${municipalityId} limit 1) p on true
          left join lateral (select id, plain_code, subject_id, fee_payer_id from waste_card
            where municipality_id = ${municipalityId} and code = t.code limit 1) w on true
          left join taken on taken.plain_code = t.plain_code
        ),
        ins as (
          insert into waste_card (municipality_id, plain_code, code, subject_id, fee_payer_id, state, valid_from)
          select ${municipalityId}, plain_code, code, subject_id, fee_payer_id,
            case when subject_id is null then 'Free' else 'Assigned' end, ${day}::date
          from c where not subject_missing and not payer_missing and not found and not plain_taken
          on conflict (municipality_id, code) do nothing
          returning code
        )
        select c.row_no, c.subject_missing, c.payer_missing, c.found, c.same, c.plain_taken,
          ins.code is not null as inserted
        from c left join ins on ins.code = c.code`);
      const verdicts = (res as unknown as { rows: Verdict[] }).rows;
      const byRow = new Map(rows.map((r) => [r.rowNumber, r]));
      for (const v of verdicts) {
        const row = byRow.get(Number(v.row_no))!;
        const reject = (category: ImportErrorCategory, message: string) =>
          errors.push({ rowNumber: row.rowNumber, category, message, rawRow: row.rawRow });
        if (v.inserted) accepted++;
        else if (v.subject_missing) reject("SubjectNotFound", "Odběrné místo s tímto ID v obci neexistuje.");
        else if (v.payer_missing) reject("FeePayerNotFound", "Poplatník s tímto ID v obci neexistuje.");
        else if (v.found && v.same) unchanged++;
        else if (v.found) reject("CodeConflict", "Kód už má jiná karta s jinými údaji.");
        else if (v.plain_taken) reject("CodeConflict", "Číslo karty už má jiná karta.");
        // Written by another request between the lookup and the insert.
        else reject("CodeConflict", "Kód už má jiná karta s jinými údaji.");
      }
    }
    if (errors.length) {
      await tx.execute(sql`
        insert into ${importJobError} (import_job_id, row_number, category, message, raw_row)
        select ${jobId}, * from unnest(
          ${sql.param(errors.map((e) => e.rowNumber))}::int[],
          ${sql.param(errors.map((e) => e.category))}::text[],
          ${sql.param(errors.map((e) => e.message))}::text[],
          ${sql.param(errors.map((e) => e.rawRow))}::text[]
        )`);
    }
    await tx
      .update(importJob)
      .set({
        totalRows: sql`${importJob.totalRows} + ${batch.total}`,
        acceptedRows: sql`${importJob.acceptedRows} + ${accepted}`,
        unchangedRows: sql`${importJob.unchangedRows} + ${unchanged}`,
        errorRows: sql`${importJob.errorRows} + ${errors.length}`,
        heartbeatAt: sql`now()`,
      })
      .where(eq(importJob.id, jobId));
    counts.total += batch.total;
    counts.accepted += accepted;
    counts.unchanged += unchanged;
    counts.errors += errors.length;
  });
}
