/**
 * A collection file's rows read through a format's mapping (contract/collection-import.ts CollectionFormat,
 * docs/collection-import.md): the header is matched once (names compared without case, diacritics, spaces or
 * punctuation; a missing required column is a whole-file error), then each row's cells become a CollectionRow or
 * an error with its category and Czech message. Database-free: the pipeline resolves codes, bins and wastes.
 */
import {
  COLLECTION_CODE_MAX,
  COLLECTION_TEXT_MAX,
  FULLNESS_MAX,
  NONCONFORMING_STATE_IDS,
  type CollectionField,
  type CollectionFormat,
  type CollectionRow,
  type CollectionRowErrorCategory,
  type ColumnRef,
  type NonconformingStateId,
} from "#contract/collection-import";
import { FORBIDDEN_TEXT_MESSAGE, hasForbiddenChars } from "#contract/common";
import {
  compileTimeReader,
  decimalToNumber,
  decimalToScaled,
  nameKey,
  readDecimal,
  timeExample,
  type Decimal,
} from "./row-values";

export type RowResult =
  { ok: true; row: CollectionRow } | { ok: false; category: CollectionRowErrorCategory; message: string };

/** Reads one record's cells (as split by the CSV parser, with the format's delimiter). */
export type RowReader = (cells: readonly string[]) => RowResult;

export type ReaderResult =
  { ok: true; read: RowReader; columns: Partial<Record<CollectionField, number>> } | { ok: false; message: string };

/** The largest bin (100 m³) and the heaviest single emptying (100 t) a row may state. */
export const BIN_VOLUME_MAX_LITRES = 100_000;
export const ROW_WEIGHT_MAX_GRAMS = 100_000_000;
/** The years a row's time may fall in (the years the product keeps, contract/common.ts yearField). */
export const COLLECTION_YEAR_MIN = 2000;
export const COLLECTION_YEAR_MAX = 2100;

const DELIMITER_NAMES: Record<CollectionFormat["delimiter"], string> = {
  ";": "středníkem (;)",
  ",": "čárkou (,)",
  "\t": "tabulátorem",
  "|": "svislou čarou (|)",
};

const names = (ref: ColumnRef): string[] => (typeof ref === "number" ? [] : typeof ref === "string" ? [ref] : [...ref]);
/** A column as a message names it: its first accepted name. */
const quoted = (ref: ColumnRef) => (typeof ref === "number" ? `${ref + 1}` : `„${names(ref)[0]}“`);

/**
 * The reader of a format's rows. `header`: the first record's cells when the format has a header (else null, and
 * the columns are the format's indexes). Fails (a whole-file error, in Czech) when the header lacks the time (or
 * date) column or has neither a code nor an RFID column, or when the file is separated by another delimiter.
 */
export function buildRowReader(format: CollectionFormat, header: readonly string[] | null): ReaderResult {
  const columns: Partial<Record<CollectionField, number>> = {};
  const labels: Partial<Record<CollectionField, string>> = {};
  const entries = Object.entries(format.columns) as [CollectionField, ColumnRef][];
  if (format.hasHeader) {
    if (!header) return { ok: false, message: "Soubor neobsahuje hlavičku." };
    if (header.length === 1 && /[;,\t|]/.test(header[0]!)) {
      return { ok: false, message: `Sloupce musí být oddělené ${DELIMITER_NAMES[format.delimiter]}.` };
    }
    const keys = header.map((h) => nameKey(h));
    for (const [field, ref] of entries) {
      // A header format may still fix a column by position (a vendor whose header names vary).
      const wanted = names(ref).map(nameKey);
      const index =
        typeof ref === "number"
          ? ref < header.length
            ? ref
            : -1
          : keys.findIndex((k) => k !== "" && wanted.includes(k));
      if (index >= 0) {
        columns[field] = index;
        labels[field] = header[index]!.trim();
      }
    }
  } else {
    for (const [field, ref] of entries) {
      if (typeof ref !== "number") throw new Error(`Format ${format.id}: ${field} must be a column index`);
      columns[field] = ref;
      labels[field] = `${ref + 1}`;
    }
  }
  for (const field of ["date", "time"] as const) {
    const ref = format.columns[field];
    if (ref !== undefined && columns[field] === undefined) {
      return { ok: false, message: `V hlavičce souboru chybí sloupec ${quoted(ref)}.` };
    }
  }
  if (format.columns.time === undefined) throw new Error(`Format ${format.id}: no time column`);
  if (columns.code === undefined && columns.rfid === undefined) {
    const refs = [format.columns.code, format.columns.rfid].filter((r) => r !== undefined).map(quoted);
    return { ok: false, message: `V hlavičce souboru chybí sloupec s kódem nádoby (${refs.join(", ")}).` };
  }
  return { ok: true, read: rowReaderOf(format, columns, labels), columns };
}

class RowError extends Error {
  constructor(
    public category: CollectionRowErrorCategory,
    message: string,
  ) {
    super(message);
  }
}

/** Ends the row's reading with its category and Czech message (the messages test finds these by the name). */
const rowError = (category: CollectionRowErrorCategory, message: string): never => {
  throw new RowError(category, message);
};

function rowReaderOf(
  format: CollectionFormat,
  columns: Partial<Record<CollectionField, number>>,
  labels: Partial<Record<CollectionField, string>>,
): RowReader {
  const reader = new Reader(format, columns, labels);
  return (cells) => reader.read(cells);
}

const STATE_IDS: readonly number[] = NONCONFORMING_STATE_IDS;

/**
 * One format's row reading, set up once. Methods rather than closures made per row: a file has hundreds of
 * thousands of rows, and under tsx every function created also gets its name defined (esbuild keepNames).
 */
class Reader {
  private readTime;
  private example;
  private weightExponent;
  private volumeExponent;
  private fullnessWords;
  private vendorStates;
  private cells: readonly string[] = [];

  constructor(
    private format: CollectionFormat,
    private columns: Partial<Record<CollectionField, number>>,
    private labels: Partial<Record<CollectionField, string>>,
  ) {
    this.readTime = compileTimeReader(format.timeFormats);
    this.example = timeExample(format.timeFormats[0]!);
    this.weightExponent = format.weightUnit === "t" ? 6 : format.weightUnit === "kg" ? 3 : 0;
    this.volumeExponent = format.volumeUnit === "m3" ? 3 : 0;
    this.fullnessWords =
      typeof format.fullness === "object"
        ? new Map(Object.entries(format.fullness.words).map(([w, p]) => [nameKey(w), p]))
        : null;
    this.vendorStates = format.nonconformingValues
      ? new Map(Object.entries(format.nonconformingValues).map(([w, id]) => [nameKey(w), id]))
      : null;
  }

  read(cells: readonly string[]): RowResult {
    this.cells = cells;
    try {
      for (const c of cells) if (hasForbiddenChars(c)) rowError("InvalidValue", FORBIDDEN_TEXT_MESSAGE);
      // Time: Europe/Prague local unless the cell has a zone.
      const timeText = this.cell("time");
      const dateText = this.columns.date !== undefined ? this.cell("date") : null;
      if (dateText === "") rowError("MissingValue", "Chybí datum.");
      if (timeText === "") rowError("MissingValue", "Chybí čas.");
      const whole = dateText === null ? timeText : `${dateText} ${timeText}`;
      const instant = this.readTime(whole);
      if (instant === null)
        rowError("InvalidValue", `Čas „${whole}“ nelze přečíst (očekává se např. ${this.example}).`);
      // A terminal whose clock was reset writes 1970 or 2000-01-01: not a collection of this product's years.
      const year = new Date(instant!).getUTCFullYear();
      if (year < COLLECTION_YEAR_MIN || year > COLLECTION_YEAR_MAX) {
        rowError("OutOfRange", `Čas „${whole}“ je mimo roky ${COLLECTION_YEAR_MIN}–${COLLECTION_YEAR_MAX}.`);
      }
      // Codes: at least one (spec 001 §8 EmptyCode).
      const code = this.text("code", COLLECTION_CODE_MAX);
      const rfid = this.text("rfid", COLLECTION_CODE_MAX);
      if (!code && !rfid) rowError("EmptyCode", "Chybí kód i RFID nádoby.");

      const volume = this.notNegative("binVolume", "Objem nádoby nesmí být záporný.");
      const binVolume = volume ? decimalToScaled(volume, this.volumeExponent) : null;
      if (binVolume !== null && binVolume > BIN_VOLUME_MAX_LITRES) {
        rowError("OutOfRange", `Objem nádoby ${binVolume} l je mimo rozsah 0–${BIN_VOLUME_MAX_LITRES} l.`);
      }
      const fullness = this.fullness();
      const weight = this.notNegative("weight", "Hmotnost nesmí být záporná.");
      const weightGrams = weight ? decimalToScaled(weight, this.weightExponent) : null;
      if (weightGrams !== null && weightGrams > ROW_WEIGHT_MAX_GRAMS) {
        rowError("OutOfRange", `Hmotnost „${this.cell("weight")}“ je mimo rozsah (nejvýš 100 t).`);
      }
      const latitude = this.coordinate("latitude");
      const longitude = this.coordinate("longitude");
      const noFix = latitude === 0 && longitude === 0;
      if (!noFix) this.checkPosition(latitude, longitude);

      return {
        ok: true,
        row: {
          time: new Date(instant!).toISOString(),
          code,
          rfid,
          waste: this.text("waste", COLLECTION_TEXT_MAX),
          binVolume,
          fullness,
          weightGrams,
          // A terminal without a GPS fix writes 0 and 0: no position.
          latitude: noFix ? null : latitude,
          longitude: noFix ? null : longitude,
          licencePlate: this.text("licencePlate", COLLECTION_TEXT_MAX),
          device: this.text("device", COLLECTION_TEXT_MAX),
          nonconformingStateIds: this.states(),
        },
      };
    } catch (err) {
      if (err instanceof RowError) return { ok: false, category: err.category, message: err.message };
      throw err;
    }
  }

  private cell(field: CollectionField): string {
    const i = this.columns[field];
    return i === undefined ? "" : (this.cells[i] ?? "").trim();
  }

  private label(field: CollectionField): string {
    return `„${this.labels[field]}“`;
  }

  private decimal(field: CollectionField, text = this.cell(field)): Decimal | null {
    const v = readDecimal(text, this.format.decimal);
    if (v === undefined) rowError("InvalidValue", `Hodnota „${text}“ ve sloupci ${this.label(field)} není číslo.`);
    return v ?? null;
  }

  private notNegative(field: CollectionField, message: string): Decimal | null {
    const v = this.decimal(field);
    if (v?.negative && /[1-9]/.test(v.whole + v.fraction)) rowError("InvalidValue", message);
    return v;
  }

  private text(field: CollectionField, max: number): string | null {
    const v = this.cell(field);
    if (v.length > max) rowError("InvalidValue", `Text ve sloupci ${this.label(field)} je delší než ${max} znaků.`);
    return v || null;
  }

  private fullness(): number | null {
    const raw = this.cell("fullness");
    if (raw === "") return null;
    const word = this.fullnessWords?.get(nameKey(raw));
    if (word !== undefined) return word;
    const v = this.decimal("fullness", raw.endsWith("%") ? raw.slice(0, -1) : raw)!;
    const percent = decimalToScaled(v, this.format.fullness === "fraction" ? 2 : 0);
    if (percent < 0 || percent > FULLNESS_MAX) {
      rowError("OutOfRange", `Naplněnost „${raw}“ je mimo rozsah 0–${FULLNESS_MAX} %.`);
    }
    return percent;
  }

  private coordinate(field: "latitude" | "longitude"): number | null {
    const v = this.decimal(field);
    return v ? decimalToNumber(v) : null;
  }

  private checkPosition(latitude: number | null, longitude: number | null): void {
    if (latitude !== null && (latitude < -90 || latitude > 90)) {
      rowError("OutOfRange", `Zeměpisná šířka „${this.cell("latitude")}“ je mimo rozsah −90 až 90.`);
    }
    if (longitude !== null && (longitude < -180 || longitude > 180)) {
      rowError("OutOfRange", `Zeměpisná délka „${this.cell("longitude")}“ je mimo rozsah −180 až 180.`);
    }
    if (latitude === null && longitude !== null) rowError("MissingValue", "Chybí zeměpisná šířka (délka je uvedena).");
    if (latitude !== null && longitude === null) rowError("MissingValue", "Chybí zeměpisná délka (šířka je uvedena).");
  }

  private states(): NonconformingStateId[] {
    const raw = this.cell("nonconformingStates");
    if (raw === "") return [];
    const vendor = this.vendorStates;
    const ids = new Set<NonconformingStateId>();
    for (const part of raw.split(vendor ? /[,|+;]+/ : /[\s,|+;]+/)) {
      if (part.trim() === "") continue;
      const id = vendor?.get(nameKey(part)) ?? (/^\s*\d+\s*$/.test(part) ? Number(part) : NaN);
      if (!STATE_IDS.includes(id)) {
        rowError(
          "InvalidValue",
          `Neznámý stav nevyhovující nádoby „${part.trim()}“ (povolené: ${STATE_IDS.join(", ")}).`,
        );
      }
      ids.add(id as NonconformingStateId);
    }
    return [...ids].sort((a, b) => a - b);
  }
}
