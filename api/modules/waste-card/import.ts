/**
 * The waste-card CSV import (spec 001 §5 'Waste card import must be a .csv file; column order
 * plainCode;code;subjectId;feePayerId', §8 'Import', §4 import job states), run as a background job
 * (api/modules/import/runner.ts).
 *
 * The stored file is decoded (UTF-8, with or without BOM) and parsed (csv-parse, ';') as it is read. Rows are checked
 * on their own in JS (missing or too long values, ids that are not numbers, codes repeated in the file), then sent to
 * the database ~2,000 at a time as one set of arrays (unnest) into a single statement that looks up subject, fee
 * payer and existing card for the whole batch, inserts the good rows and answers each row's verdict. Each batch is
 * its own transaction with its error rows, the job's counters and its resume point, so the accepted rows are kept
 * whatever happens later and a run taken up again skips them; the next batch is parsed while one is being written.
 * A card that already exists with the same data is 'unchanged': importing the same file again changes nothing.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { validation } from "../../lib/errors";
import {
  WASTE_CARD_CODE_MAX,
  WASTE_CARD_IMPORT_DELIMITER,
  WASTE_CARD_IMPORT_MAX_BYTES,
  WASTE_CARD_PLAIN_CODE_MAX,
} from "#contract/waste-card";
import type { ImportErrorCategory } from "#contract/import";
import { today } from "../subject/membership";
import { FORBIDDEN_TEXT_MESSAGE, hasForbiddenChars } from "#contract/common";
import { checkCsvName } from "../import/store";
import { csvRecords, isUtf8, NOT_UTF8 } from "../import/csv";
import { throwIfStopping, type BatchResult, type Importer, type ImportContext, type RowError } from "../import/runner";
import { WASTE_CARD_IMPORT_TYPE } from "./service";

/** Rows per database round trip. */
export const IMPORT_BATCH_ROWS = 2_000;
const MAX_ID = 2_147_483_647;
/** Virtual card codes (api/modules/subject/waste-card-code.ts) are made only by the product. */
const VIRTUAL_SHAPE = /^V\d{9,10}$/;

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

/** The id column's value: empty → null, a positive integer → it, anything else → undefined (invalid). */
function idCell(v: string): number | null | undefined {
  if (v === "") return null;
  if (!/^\d{1,10}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 1 && n <= MAX_ID ? n : undefined;
}

/** The message of a code or number met again in the file, naming the row it was first on (spec 001 §8 'Import'). */
const repeatedInFile = (what: string, firstRow: number | undefined) =>
  `${what} se v souboru opakuje (poprvé na řádku ${firstRow}).`;

/** Does the first record name the columns (plainCode;code;…) rather than hold a card? */
const isHeader = (cells: string[]) =>
  cells[0]?.trim().toLowerCase() === "plaincode" && (cells[1] ?? "").trim().toLowerCase() === "code";

/** A row's verdict before the database: the card to look up, or why it is rejected. */
function checkRow(
  cells: string[],
  seenCodes: Map<string, number>,
  seenPlainCodes: Map<string, number>,
  rowNumber: number,
): Omit<GoodRow, "rowNumber" | "rawRow"> | { category: ImportErrorCategory; message: string } {
  const [plainCode = "", code = "", subjectCell = "", payerCell = "", ...extra] = cells;
  const subjectId = idCell(subjectCell);
  const feePayerId = idCell(payerCell);
  const no = (category: ImportErrorCategory, message: string) => ({ category, message });
  if (extra.some((c) => c !== ""))
    return no("Format", "Řádek má víc než 4 sloupce (plainCode;code;subjectId;feePayerId).");
  if (cells.some(hasForbiddenChars)) return no("InvalidValue", FORBIDDEN_TEXT_MESSAGE);
  if (!plainCode) return no("MissingCode", "Chybí číslo karty (plainCode).");
  if (!code) return no("MissingCode", "Chybí kód karty (code).");
  if (plainCode.length > WASTE_CARD_PLAIN_CODE_MAX) return no("TooLong", "Číslo karty je delší než 40 znaků.");
  if (code.length > WASTE_CARD_CODE_MAX) return no("TooLong", "Kód karty je delší než 60 znaků.");
  if (VIRTUAL_SHAPE.test(plainCode) || VIRTUAL_SHAPE.test(code)) {
    return no("InvalidValue", "Tento tvar kódu mají jen virtuální karty.");
  }
  if (subjectId === undefined) return no("InvalidValue", "ID odběrného místa musí být kladné celé číslo.");
  if (feePayerId === undefined) return no("InvalidValue", "ID poplatníka musí být kladné celé číslo.");
  if (feePayerId !== null && subjectId === null) {
    return no("InvalidValue", "Poplatníka lze uvést jen spolu s odběrným místem.");
  }
  if (seenCodes.has(code)) return no("DuplicateInFile", repeatedInFile("Kód karty", seenCodes.get(code)));
  if (seenPlainCodes.has(plainCode)) {
    return no("DuplicateInFile", repeatedInFile("Číslo karty", seenPlainCodes.get(plainCode)));
  }
  seenCodes.set(code, rowNumber);
  seenPlainCodes.set(plainCode, rowNumber);
  return { plainCode, code, subjectId, feePayerId };
}

async function run(ctx: ImportContext): Promise<{ dataRows: number }> {
  const { job } = ctx;
  const day = today();
  const seenCodes = new Map<string, number>();
  const seenPlainCodes = new Map<string, number>();
  let batch = newBatch();
  let dataRows = 0;
  let first = true;
  let writing: Promise<void> = Promise.resolve();

  // One batch is written while the next is parsed; a failed write surfaces at the next flush or the end.
  const flush = async () => {
    await writing;
    throwIfStopping(ctx.signal);
    const full = batch;
    batch = newBatch();
    writing = writeBatch(ctx, job.municipalityId, day, full);
    writing.catch(() => undefined);
  };

  try {
    for await (const { cells, rowNumber, rawRow } of csvRecords(ctx.chunks, {
      delimiter: WASTE_CARD_IMPORT_DELIMITER,
      encoding: "utf-8",
    })) {
      if (first) {
        first = false;
        if (isHeader(cells)) continue;
      }
      dataRows++;
      // Checked again after a restart (the file's own duplicates depend on the rows before), written only once.
      const verdict = checkRow(cells, seenCodes, seenPlainCodes, rowNumber);
      if (dataRows <= ctx.resumeRows) continue;
      batch.total++;
      if ("category" in verdict) batch.errors.push({ rowNumber, rawRow, ...verdict });
      else batch.rows.push({ rowNumber, rawRow, ...verdict });
      if (batch.total >= IMPORT_BATCH_ROWS) await flush();
    }
    await flush();
    await writing;
  } catch (err) {
    await writing.catch(() => undefined);
    throw err;
  }
  return { dataRows };
}

/** Waste cards: one format (spec 001 §5), UTF-8. */
export const wasteCardImporter: Importer = {
  type: WASTE_CARD_IMPORT_TYPE,
  maxBytes: WASTE_CARD_IMPORT_MAX_BYTES,
  checkHead(fileName, head) {
    checkCsvName(fileName, head);
    if (!isUtf8(head)) throw validation({ file: [NOT_UTF8] }, NOT_UTF8);
  },
  run,
};

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
async function writeBatch(ctx: ImportContext, municipalityId: number, day: string, batch: Batch): Promise<void> {
  if (batch.total === 0) return;
  await ctx.db.transaction(async (tx) => {
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
            -- The card's search text (migration 0031) from the rows looked up here, not again by its trigger.
            waste_card_search_text(s.name, s.short_name, p.last_name, p.first_name, p.company_name) as search,
            w.id is not null as found,
            coalesce(w.plain_code = t.plain_code and w.subject_id is not distinct from t.subject_id
              and w.fee_payer_id is not distinct from t.fee_payer_id, false) as same,
            taken.plain_code is not null as plain_taken
          from t
          -- One primary-key or unique-index probe per row ('limit 1' keeps them nested loops).
          left join lateral (select id, name, short_name from subject
            where id = t.subject_id and municipality_id = ${municipalityId} limit 1) s on true
          left join lateral (select id, last_name, first_name, company_name from fee_payer
            where id = t.fee_payer_id and municipality_id = ${municipalityId} limit 1) p on true
          left join lateral (select id, plain_code, subject_id, fee_payer_id from waste_card
            where municipality_id = ${municipalityId} and code = t.code limit 1) w on true
          left join taken on taken.plain_code = t.plain_code
        ),
        ins as (
          insert into waste_card (municipality_id, plain_code, code, subject_id, fee_payer_id, state, valid_from, search)
          select ${municipalityId}, plain_code, code, subject_id, fee_payer_id,
            case when subject_id is null then 'Free' else 'Assigned' end, ${day}::date, search
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
    const result: BatchResult = { rows: batch.total, accepted, unchanged, errors };
    await ctx.commit(tx as unknown as Db, result);
  });
}
