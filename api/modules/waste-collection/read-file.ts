/**
 * A whole collection file read row by row as it arrives (the import pipeline's source): bytes → text in the format's
 * encoding (decoding.ts) → CSV records (csv-parse with the format's delimiter) → the header matched once → each
 * record's CollectionRow or its error (formats.ts). Memory stays flat whatever the file size: nothing is held but the
 * record being read. A failure of the file itself (encoding, CSV syntax, header) is a CollectionFileError with its
 * Czech message; a bad row is only that row's error.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError, parse } from "csv-parse";
import type { CollectionEncoding, CollectionFormat } from "#contract/collection-import";
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
  let told = false;
  const tell = () => {
    if (!told && decoder.encoding) {
      told = true;
      options.onEncoding?.(decoder.encoding);
    }
  };
  async function* text(): AsyncGenerator<string> {
    for await (const chunk of chunks) {
      const part = decoder.write(chunk);
      tell();
      if (part) yield part;
    }
    const rest = decoder.end();
    tell();
    if (rest) yield rest;
  }
  const parser = parse({
    delimiter: format.delimiter,
    info: true,
    raw: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  });
  let failure: unknown = null;
  const feeding = pipeline(Readable.from(text()), parser).catch((err: unknown) => {
    failure ??= err;
  });

  let read: RowReader | null = null;
  if (!format.hasHeader) {
    const built = buildRowReader(format, null);
    if (!built.ok) throw new CollectionFileError(built.message);
    read = built.read;
  }
  let rows = 0;
  let sawSep = false;
  try {
    for await (const { record, info, raw } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
      raw: string;
    }>) {
      if (record.every(blank)) continue;
      // Excel's 'sep=;' line before the header says which delimiter the file uses; the format already knows.
      if (rows === 0 && !sawSep && /^sep=.?$/i.test(record.join(format.delimiter).trim())) {
        sawSep = true;
        continue;
      }
      if (!read) {
        const built = buildRowReader(format, record);
        if (!built.ok) throw new CollectionFileError(built.message);
        read = built.read;
        continue;
      }
      rows++;
      // The line where the record starts (a quoted value may span lines).
      const rowNumber = info.lines - record.reduce(addLineBreaks, 0);
      yield { rowNumber, raw: rawText(raw), result: read(record) };
    }
    await feeding;
  } catch (err) {
    // Stop the feeding first: a reader that stopped reading would otherwise wait for it for ever.
    parser.destroy();
    await feeding;
    throw fileError(err instanceof CollectionFileError ? err : (failure ?? err));
  } finally {
    parser.destroy();
  }
  if (failure) throw fileError(failure);
  if (rows === 0) throw new CollectionFileError(NO_ROWS);
}

const blank = (cell: string) => cell.trim() === "";
const addLineBreaks = (n: number, cell: string) => (cell.includes("\n") ? n + cell.split("\n").length - 1 : n);

const rawText = (raw: string) =>
  raw
    .replace(/^[\r\n]+|[\r\n]+$/g, "")
    .slice(0, RAW_ROW_MAX)
    .replaceAll("\u0000", "\uFFFD");

function fileError(err: unknown): unknown {
  const cause = (err as { cause?: unknown })?.cause;
  if (err instanceof CollectionFileError) return err;
  if (err instanceof EncodingError || cause instanceof EncodingError) {
    return new CollectionFileError(((err instanceof EncodingError ? err : cause) as Error).message);
  }
  if (err instanceof CsvError) {
    const line = (err as CsvError & { lines?: number }).lines;
    return new CollectionFileError(line ? `Chyba formátu CSV na řádku ${line}.` : "Chyba formátu CSV.");
  }
  return err;
}
