/**
 * A whole collection file read row by row as it arrives (the import pipeline's source): bytes → text in the format's
 * encoding (decoding.ts) → CSV records (csv-split.ts, the format's delimiter) → the header matched once → each
 * record's CollectionRow or its error (formats.ts). Memory stays flat whatever the file size: nothing is held but the
 * record being read. A failure of the file itself (encoding, CSV syntax, header) is a CollectionFileError with its
 * Czech message; a bad row is only that row's error.
 */
import type { CollectionEncoding, CollectionFormat } from "#contract/collection-import";
import { CsvSplitter, CsvSyntaxError, type CsvRecord } from "./csv-split";
import { decoderFor, EncodingError } from "./decoding";
import { buildRowReader, type RowReader, type RowResult } from "./formats";

/** The raw row kept with an error (enough to recognise it). */
const RAW_ROW_MAX = 500;
export const NO_ROWS = "Soubor neobsahuje žádné řádky.";

/** Why a whole file cannot be read; the job ends (discarded) with this message. */
export class CollectionFileError extends Error {}

export interface ReadRow {
  /** The line of the file where the record starts (1-based; the header is line 1). */
  rowNumber: number;
  /** The record as written (without its line ending, at most 500 characters, NUL shown as U+FFFD). */
  raw: string;
  result: RowResult;
}

export interface ReadOptions {
  /** Called once the encoding is known ('auto' formats: at the first byte that is not ASCII, or at the end). */
  onEncoding?: (encoding: CollectionEncoding) => void;
}

/**
 * The rows of a collection file in the given format. Throws CollectionFileError (also mid-file: bad UTF-8 further
 * on, broken quoting) — the rows yielded before it are good to keep. A file with no data rows throws NO_ROWS.
 */
export async function* readCollectionFile(
  chunks: AsyncIterable<Uint8Array>,
  format: CollectionFormat,
  options: ReadOptions = {},
): AsyncGenerator<ReadRow> {
  const decoder = decoderFor(format.encoding);
  const splitter = new CsvSplitter(format.delimiter, RAW_ROW_MAX);
  let read: RowReader | null = null;
  if (!format.hasHeader) {
    const built = buildRowReader(format, null);
    if (!built.ok) throw new CollectionFileError(built.message);
    read = built.read;
  }
  let rows = 0;
  let sawSep = false;
  let told = false;
  try {
    for await (const chunk of chunks) {
      const text = decoder.write(chunk);
      if (!told && decoder.encoding) {
        told = true;
        options.onEncoding?.(decoder.encoding);
      }
      for (const record of splitter.push(text)) {
        const row = take(record);
        if (row) yield row;
      }
    }
    const rest = decoder.end();
    if (!told) options.onEncoding?.(decoder.encoding ?? "utf-8");
    for (const record of [...splitter.push(rest), ...splitter.end()]) {
      const row = take(record);
      if (row) yield row;
    }
  } catch (err) {
    if (err instanceof EncodingError) throw new CollectionFileError(err.message);
    if (err instanceof CsvSyntaxError) throw new CollectionFileError(err.message);
    throw err;
  }
  if (rows === 0) throw new CollectionFileError(NO_ROWS);

  /** The row of a record; null for a blank line, Excel's 'sep=' line and the header. */
  function take(record: CsvRecord): ReadRow | null {
    const { cells } = record;
    if (cells.every(blank)) return null;
    // Excel's 'sep=;' line before the header says which delimiter the file uses; the format already knows.
    if (rows === 0 && !read && !sawSep && /^sep=.?$/i.test(cells.join(format.delimiter).trim())) {
      sawSep = true;
      return null;
    }
    if (!read) {
      const built = buildRowReader(format, cells);
      if (!built.ok) throw new CollectionFileError(built.message);
      read = built.read;
      return null;
    }
    rows++;
    return { rowNumber: record.line, raw: record.raw.replaceAll("\u0000", "\uFFFD"), result: read(cells) };
  }
}

const blank = (cell: string) => cell.trim() === "";
