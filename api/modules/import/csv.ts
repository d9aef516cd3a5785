/**
 * A stored CSV file read record by record (csv-parse over the decoded text), with each record's line number and
 * raw text for the error log. Bad bytes for the encoding and a broken CSV structure end the import with a reason.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError, parse } from "csv-parse";

/** The raw row kept with an error (enough to recognise it). */
const RAW_ROW_MAX = 500;

export const NOT_UTF8 = "Soubor není v kódování UTF-8.";
const WRONG_DELIMITER: Record<string, string> = {
  ";": "Sloupce musí být oddělené středníkem (;).",
  ",": "Sloupce musí být oddělené čárkou (,).",
  "\t": "Sloupce musí být oddělené tabulátorem.",
};

/** A failure of the file as a whole: the job ends discarded with this message. */
export class ImportAbort extends Error {}

export type TextEncoding = "utf-8" | "windows-1250";

export interface CsvRecord {
  /** The cells, trimmed. */
  cells: string[];
  /** The file's line where the record starts (a quoted value may span lines). */
  rowNumber: number;
  /** The record as it stood in the file (cut to RAW_ROW_MAX, NUL shown as U+FFFD). */
  rawRow: string;
}

/** A text the database cannot store (NUL) shown in place of the bad character. */
export const storable = (s: string) => s.replaceAll("\u0000", "\uFFFD");
const rawText = (raw: string) => storable(raw.replace(/^[\r\n]+|[\r\n]+$/g, "").slice(0, RAW_ROW_MAX));

/** Does the text of the first bytes decode as UTF-8? (A cut character at the end is tolerated.) */
export function isUtf8(head: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** Bytes → text in the encoding (UTF-8 strictly, its BOM dropped). */
async function* decoded(chunks: AsyncIterable<Buffer>, encoding: TextEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: encoding === "utf-8" });
  const decode = (chunk: Buffer, last = false) => {
    try {
      return decoder.decode(chunk, { stream: !last });
    } catch {
      throw new ImportAbort(NOT_UTF8);
    }
  };
  for await (const chunk of chunks) yield decode(chunk);
  const rest = decode(Buffer.alloc(0), true);
  if (rest) yield rest;
}

/** The reason of a failure of the file itself (broken CSV); null for anything unexpected. */
function csvAbort(err: unknown): ImportAbort | null {
  if (err instanceof ImportAbort) return err;
  if (err instanceof CsvError) {
    const line = (err as CsvError & { lines?: number }).lines;
    return new ImportAbort(line ? `Chyba formátu CSV na řádku ${line}.` : "Chyba formátu CSV.");
  }
  // The pipeline wraps what the text generator threw.
  const cause = (err as { cause?: unknown })?.cause;
  return cause instanceof ImportAbort ? cause : null;
}

/**
 * The non-blank records of the file. A first record with a single cell holding another usual delimiter means the
 * whole file uses another one: said once (ImportAbort) rather than on every row.
 */
export async function* csvRecords(
  chunks: AsyncIterable<Buffer>,
  opts: { delimiter: string; encoding: TextEncoding },
): AsyncGenerator<CsvRecord> {
  const parser = parse({
    delimiter: opts.delimiter,
    bom: true,
    info: true,
    raw: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  });
  const feeding = pipeline(Readable.from(decoded(chunks, opts.encoding)), parser);
  feeding.catch(() => undefined); // its error also ends the parser's iteration below
  let first = true;
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
        const others = [";", ",", "\t"].filter((d) => d !== opts.delimiter);
        if (cells.length === 1 && others.some((d) => cells[0]!.includes(d))) {
          throw new ImportAbort(WRONG_DELIMITER[opts.delimiter] ?? WRONG_DELIMITER[";"]!);
        }
      }
      const rowNumber = info.lines - record.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0);
      yield { cells, rowNumber, rawRow: rawText(raw) };
    }
    await feeding;
  } catch (err) {
    throw csvAbort(err) ?? err;
  }
}
