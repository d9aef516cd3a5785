/**
 * The waste-collection data import (issue 13 'Collection data import', spec 001 §5 'Waste collection import must also
 * be .csv', §8 collection log record errors, §9 collection import formats, fullness and nonconforming states).
 *
 * A vehicle terminal's file becomes one normalised CollectionRow per emptied bin. Which column holds what, the
 * delimiter, the encoding, the date format, the decimal separator and the units are DATA (a CollectionFormat below),
 * read by api/modules/waste-collection/formats.ts: a new vendor format is a new entry here, not new code. Only
 * Universal is our own documented layout; the vendor layouts shipped are ASSUMED (docs/collection-import.md) until a
 * real file of that vendor is seen. Plain data and types only (no zod): the web shows the format help from it.
 */

/** Spec 001 §9 nonconforming states: wrong content, uncompressed waste, unsorted bin, damaged bin, black dump. */
export const NONCONFORMING_STATE_IDS = [1, 33, 34, 52, 53] as const;
export type NonconformingStateId = (typeof NONCONFORMING_STATE_IDS)[number];

/** Spec 001 §9 'Fullness: 100 full, 200 overfilled'; a row's fullness must be within 0–200 %. */
export const FULLNESS_FULL = 100;
export const FULLNESS_MAX = 200;
/** The longest code or RFID a row may carry (bin barcode and rfid columns, varchar(40)). */
export const COLLECTION_CODE_MAX = 40;
/** The longest waste, licence plate or device text kept; longer is refused as a bad value. */
export const COLLECTION_TEXT_MAX = 100;

/**
 * One emptied bin as read from a file, whatever its format. `time` is the UTC instant as an ISO string (a time
 * without a zone in the file is Europe/Prague local time). Numbers are already in our units: litres, percent
 * (100 full, 200 overfilled), integer grams (exact: never a float of kilograms), WGS 84 degrees.
 */
export interface CollectionRow {
  /** 'YYYY-MM-DDTHH:mm:ss.sssZ'. */
  time: string;
  /** The barcode or plain code read by a scanner. */
  code: string | null;
  /** The RFID tag read by the antenna. At least one of code and rfid is present (else EmptyCode). */
  rfid: string | null;
  /** The waste code or name as written in the file (resolved against the catalogue by the pipeline). */
  waste: string | null;
  /** Whole litres. */
  binVolume: number | null;
  /** Whole percent 0–200. */
  fullness: number | null;
  /** Weight in whole grams (kilograms × 1000, exact). */
  weightGrams: number | null;
  latitude: number | null;
  longitude: number | null;
  licencePlate: string | null;
  /** The terminal's serial number (updates that device's 'last used'). */
  device: string | null;
  /** Sorted, without repeats. */
  nonconformingStateIds: NonconformingStateId[];
}

/**
 * Why a row could not be read. EmptyCode is the spec 001 §8 log record error; the others are problems of the file's
 * values, which the pipeline logs as spec 001 §8 'Undefined' (see collectionLogError) with the Czech message.
 */
export const COLLECTION_ROW_ERROR_CATEGORIES = ["EmptyCode", "MissingValue", "InvalidValue", "OutOfRange"] as const;
export type CollectionRowErrorCategory = (typeof COLLECTION_ROW_ERROR_CATEGORIES)[number];

/** The spec 001 §8 collection log record error of a row that could not be read. */
export const collectionLogError = (category: CollectionRowErrorCategory): "EmptyCode" | "Undefined" =>
  category === "EmptyCode" ? "EmptyCode" : "Undefined";

/** The fields a format maps; `date` is for files that keep the date and the time of day in two columns. */
export const COLLECTION_FIELDS = [
  "time",
  "date",
  "code",
  "rfid",
  "waste",
  "binVolume",
  "fullness",
  "weight",
  "latitude",
  "longitude",
  "licencePlate",
  "device",
  "nonconformingStates",
] as const;
export type CollectionField = (typeof COLLECTION_FIELDS)[number];

export type CollectionEncoding = "utf-8" | "windows-1250";

/**
 * Where a field is: a header name (matched ignoring case, diacritics, spaces and punctuation), several accepted
 * names, or a 0-based column index (files without a header).
 */
export type ColumnRef = string | readonly string[] | number;

export interface CollectionFormat {
  /** Stored with the import job; never renamed. */
  id: string;
  /** The vendor's name and version, the same in every language (the web adds 'assumed layout' from `layout`). */
  label: string;
  /** 'ours': documented by us (Universal); 'assumed': our guess of a vendor layout, not confirmed by a real file. */
  layout: "ours" | "assumed";
  delimiter: ";" | "," | "\t" | "|";
  /** 'auto': UTF-8 (with or without BOM) when the bytes are valid UTF-8, otherwise Windows-1250. */
  encoding: CollectionEncoding | "auto";
  /** Whether the first row names the columns (then `columns` holds names, else indexes). */
  hasHeader: boolean;
  /** time is required; at least one of code and rfid; the rest are optional (absent → null). */
  columns: Partial<Record<CollectionField, ColumnRef>>;
  /**
   * Patterns of the time cell (or of 'date time' when the date has its own column), tried in order: yyyy, M/MM,
   * d/dd, H/HH, mm, ss, SSS (fraction), XXX (Z or ±hh:mm or ±hhmm), T and other characters literal, one space
   * matching any run of spaces, [ ] an optional part. Without XXX (or when the zone is absent) the time is
   * Europe/Prague local time.
   */
  timeFormats: readonly string[];
  /** '.', ',' or either (a file may use both); no thousands separators except spaces. */
  decimal: "." | "," | "any";
  /** The unit of the weight column. */
  weightUnit: "g" | "kg" | "t";
  /** The unit of the bin volume column. */
  volumeUnit: "l" | "m3";
  /**
   * How fullness is written: 'percent' (100 full, 200 overfilled, a trailing % allowed), 'fraction' (1 full, 2
   * overfilled), or words (a map from the word, matched like header names, to percent).
   */
  fullness: "percent" | "fraction" | { readonly words: Readonly<Record<string, number>> };
  /**
   * A vendor's own nonconforming-state values mapped to ours (matched like header names); without it the cell holds
   * our ids. Several values in one cell are separated by spaces, ',', '|' or '+'.
   */
  nonconformingValues?: Readonly<Record<string, NonconformingStateId>>;
}

/** Our own format (docs/collection-import.md 'Universal'). */
export const UNIVERSAL_FORMAT = {
  id: "Universal",
  label: "Universal",
  layout: "ours",
  delimiter: ";",
  encoding: "auto",
  hasHeader: true,
  columns: {
    time: "time",
    code: "code",
    rfid: "rfid",
    waste: "waste",
    binVolume: "binVolume",
    fullness: "fullness",
    weight: "weight",
    latitude: "latitude",
    longitude: "longitude",
    licencePlate: "licencePlate",
    device: "device",
    nonconformingStates: "nonconformingStates",
  },
  timeFormats: ["yyyy-MM-ddTHH:mm[:ss][.SSS][XXX]", "yyyy-MM-dd HH:mm[:ss][.SSS][XXX]", "d.M.yyyy H:mm[:ss]"],
  decimal: "any",
  weightUnit: "kg",
  volumeUnit: "l",
  fullness: "percent",
} satisfies CollectionFormat;

/**
 * FCC v1 — ASSUMED layout: Czech header with the date and the time in two columns, ';', Windows-1250, decimal
 * comma, weight in kg, fullness as a word or a percentage.
 */
export const FCC_V1_FORMAT = {
  id: "FCCv1",
  label: "FCC v1",
  layout: "assumed",
  delimiter: ";",
  encoding: "windows-1250",
  hasHeader: true,
  columns: {
    date: "Datum",
    time: "Čas",
    code: "Kód",
    rfid: ["RFID", "Čip"],
    waste: "Odpad",
    binVolume: ["Objem", "Objem nádoby"],
    fullness: "Naplnění",
    weight: ["Hmotnost", "Hmotnost (kg)"],
    latitude: ["Zem. šířka", "Šířka"],
    longitude: ["Zem. délka", "Délka"],
    licencePlate: ["SPZ", "RZ"],
    device: ["Terminál", "Zařízení"],
    nonconformingStates: "Závady",
  },
  timeFormats: ["d.M.yyyy H:mm:ss", "d.M.yyyy H:mm"],
  decimal: ",",
  weightUnit: "kg",
  volumeUnit: "l",
  fullness: {
    words: { prázdná: 0, čtvrt: 25, poloviční: 50, plná: 100, přeplněná: 200, přeplněno: 200, plno: 100 },
  },
  nonconformingValues: {
    "špatný obsah": 1,
    "nestlačený odpad": 33,
    netříděno: 34,
    "poškozená nádoba": 52,
    "černá skládka": 53,
  },
} satisfies CollectionFormat;

/**
 * Marius Pedersen v2 — ASSUMED layout: tab-separated UTF-8, English header in another order, ISO 8601 instants
 * with a zone, weight in tonnes, fullness as a fraction (1 full), nonconforming states as our ids.
 */
export const MARIUS_PEDERSEN_V2_FORMAT = {
  id: "MariusPedersenV2",
  label: "Marius Pedersen v2",
  layout: "assumed",
  delimiter: "\t",
  encoding: "utf-8",
  hasHeader: true,
  columns: {
    device: "TerminalSN",
    licencePlate: "Vehicle",
    time: "Timestamp",
    rfid: "Tag",
    code: "Barcode",
    latitude: "Lat",
    longitude: "Lon",
    waste: "WasteCode",
    binVolume: "VolumeM3",
    fullness: "FillLevel",
    weight: "WeightT",
    nonconformingStates: "Issues",
  },
  timeFormats: ["yyyy-MM-ddTHH:mm:ss[.SSS]XXX", "yyyy-MM-ddTHH:mm:ss[.SSS]"],
  decimal: ".",
  weightUnit: "t",
  volumeUnit: "m3",
  fullness: "fraction",
} satisfies CollectionFormat;

/**
 * TSZlinsko v1 — ASSUMED layout: no header, ',' separated, columns by position (time, RFID, volume, fullness %,
 * weight in grams, latitude, longitude, licence plate), 'yyyy/MM/dd HH:mm' local time.
 */
export const TSZLINSKO_V1_FORMAT = {
  id: "TSZlinskoV1",
  label: "TSZlinsko v1",
  layout: "assumed",
  delimiter: ",",
  encoding: "utf-8",
  hasHeader: false,
  columns: { time: 0, rfid: 1, binVolume: 2, fullness: 3, weight: 4, latitude: 5, longitude: 6, licencePlate: 7 },
  timeFormats: ["yyyy/MM/dd HH:mm[:ss]"],
  decimal: ".",
  weightUnit: "g",
  volumeUnit: "l",
  fullness: "percent",
} satisfies CollectionFormat;

/** Every format the product reads, Universal first (the import form's choices and format help). */
export const COLLECTION_IMPORT_FORMATS: readonly CollectionFormat[] = [
  UNIVERSAL_FORMAT,
  FCC_V1_FORMAT,
  MARIUS_PEDERSEN_V2_FORMAT,
  TSZLINSKO_V1_FORMAT,
];

/**
 * Spec 001 §9 formats whose real layout we do not know: not offered until a vendor file is seen and mapped
 * (docs/collection-import.md 'Vendor formats').
 */
export const UNMAPPED_COLLECTION_FORMATS = [
  "Botek",
  "FCCv2",
  "FCCv3",
  "FCCv4",
  "Gaben",
  "ICS",
  "IDCard",
  "MariusPedersenV1",
  "PROTank",
  "SUEZ",
  "TSZlinskoV2",
  "ESONA",
] as const;

/** The format with this id, or undefined. */
export const collectionFormat = (id: string): CollectionFormat | undefined =>
  COLLECTION_IMPORT_FORMATS.find((f) => f.id === id);
