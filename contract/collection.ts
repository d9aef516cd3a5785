/**
 * Waste collections and evidence records (issue 13): spec 001 §2 'Waste collections', 'Waste evidence records';
 * §3; §4 collection states; §8 collection log record errors and the route-evidence messages; §9 evidence origins,
 * collection types, nonconforming states and severity, duplicate handling.
 */
import { z } from "zod";
import { versionedIdAnswer, subjectRefAnswer } from "./common";
import { listFilter, listQuery } from "./list";
import { collectionListKeys, collectionLogListKeys, evidenceListKeys } from "./lists";
import { NONCONFORMING_STATE_IDS } from "./collection-import";

/** Spec 001 §4 waste collection states. */
export const COLLECTION_STATES = ["None", "WaitingData", "UnProcessed", "Processed", "Error", "Discarded"] as const;
export type CollectionState = (typeof COLLECTION_STATES)[number];

/** Spec 001 §9 collection types. */
export const COLLECTION_TYPES = ["Basic", "MultiCollection", "NoMwc"] as const;

/** Spec 001 §9 evidence origins. */
export const EVIDENCE_ORIGINS = [
  "AndroidTerminal",
  "Arco",
  "Tablet",
  "WebImport",
  "WebManual",
  "Terminal",
  "YardApp",
  "ExternalSystem",
] as const;
export type EvidenceOrigin = (typeof EVIDENCE_ORIGINS)[number];

/** Spec 001 §4 evidence record states. */
export const EVIDENCE_STATES = ["processed", "unprocessed"] as const;

/** Spec 001 §8 collection log record errors (bin history also AlreadyUsedDisposableBin). */
export const COLLECTION_ERROR_TYPES = [
  "DiscardedCode",
  "DuplicateRecord",
  "EmptyCode",
  "InvalidBin",
  "InvalidWaste",
  "NoBin",
  "OutOfRoute",
  "UnknownCode",
  "Undefined",
  "AlreadyUsedDisposableBin",
] as const;
export type CollectionErrorType = (typeof COLLECTION_ERROR_TYPES)[number];

/**
 * Spec 001 §8 route evidence, each message with the error type it explains: the code has no bin filled, the bin
 * does not exist, the bin belongs to no customer, its type does not match the route, it is for a different waste,
 * the waste belongs to no route. The others say what happened to the row.
 */
export const ROUTE_EVIDENCE = {
  unknownCode: "Nádoba s tímto kódem neexistuje.",
  noBin: "Kód nemá vyplněnou nádobu.",
  outOfRoute: "Nádoba nepatří žádnému zákazníkovi svozové společnosti.",
  invalidBin: "Typ nádoby neodpovídá trase.",
  invalidWaste: "Nádoba je určena pro jiný druh odpadu.",
  unknownWaste: "Odpad nepatří žádné trase.",
  discarded: "Kód patří vyřazené nádobě.",
  usedDisposable: "Jednorázová nádoba už byla jednou svezena.",
} as const;

/** Spec 001 §9 nonconforming states with their severity (None, Minor, Major). */
export const NONCONFORMING_SEVERITY: Record<(typeof NONCONFORMING_STATE_IDS)[number], "Minor" | "Major"> = {
  1: "Major", // wrong content
  33: "Minor", // uncompressed waste
  34: "Major", // unsorted bin
  52: "Minor", // damaged bin
  53: "Major", // black dump
};
export const SEVERITIES = ["None", "Minor", "Major"] as const;

/** Spec 001 §9 collection summary bin columns. */
export const SUMMARY_VOLUMES = [110, 120, 240, 1100] as const;

/** The largest collection file (413 above it): a year of a city's runs fits. */
export const COLLECTION_IMPORT_MAX_BYTES = 200 * 1024 * 1024;

export const COLLECTION_NOT_FOUND = "Svoz nebyl nalezen.";
export const EVIDENCE_NOT_FOUND = "Záznam evidence nebyl nalezen.";

/** GET municipality/{id}/waste-collection: spec 001 §2 list filters. */
export const collectionList = listQuery(collectionListKeys, {
  search: listFilter.search(),
  state: listFilter.select(COLLECTION_STATES),
  wasteTypeId: listFilter.id(),
  ...listFilter.dateRange(),
  importJobId: listFilter.id(),
});
export type CollectionListQuery = z.output<typeof collectionList.query>;

export const collectionListItem = z.object({
  ...versionedIdAnswer,
  name: z.string(),
  collectedOn: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  wasteTypeId: z.number().nullable(),
  wasteName: z.string().nullable(),
  licencePlate: z.string().nullable(),
  origin: z.string(),
  state: z.enum(COLLECTION_STATES),
  recordCount: z.number(),
  errorCount: z.number(),
  /** kg, exact to the gram (a decimal string). */
  weightKg: z.string().nullable(),
  weightUnit: z.string().nullable(),
  invoiceValue: z.string().nullable(),
  priceUnit: z.string().nullable(),
  exceptional: z.boolean(),
  importJobId: z.number().nullable(),
});
export type CollectionListItem = z.infer<typeof collectionListItem>;

/** GET …/waste-collection/{id}/log: the collection's errors and remarks, by type. */
export const collectionLogList = listQuery(collectionLogListKeys, {
  errorType: listFilter.select(COLLECTION_ERROR_TYPES),
  open: listFilter.boolean(),
});
export type CollectionLogListQuery = z.output<typeof collectionLogList.query>;

export const collectionLogItem = z.object({
  id: z.number(),
  rowNumber: z.number().nullable(),
  errorType: z.enum(COLLECTION_ERROR_TYPES),
  message: z.string(),
  code: z.string().nullable(),
  /** The row's RFID tag when it was read by one (an unknown tag can be given to a bin). */
  rfid: z.string().nullable(),
  collectedAt: z.string().nullable(),
  headerId: z.number().nullable(),
  recordId: z.number().nullable(),
  rawRow: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type CollectionLogItem = z.infer<typeof collectionLogItem>;

/** GET municipality/{id}/waste-evidence: spec 001 §2 'Waste evidence records' list filters. */
export const evidenceList = listQuery(evidenceListKeys, {
  search: listFilter.search(),
  subjectId: listFilter.id(),
  headerId: listFilter.id(),
  wasteCollectionId: listFilter.id(),
  wasteTypeId: listFilter.id(),
  ...listFilter.dateRange(),
  state: listFilter.select(EVIDENCE_STATES),
  discarded: listFilter.boolean(),
  nonconforming: listFilter.boolean(),
});
export type EvidenceListQuery = z.output<typeof evidenceList.query>;

export const evidenceListItem = z.object({
  ...versionedIdAnswer,
  collectedAt: z.string(),
  code: z.string().nullable(),
  rfid: z.string().nullable(),
  headerId: z.number().nullable(),
  wasteCollectionId: z.number().nullable(),
  wasteTypeId: z.number().nullable(),
  wasteTypeName: z.string().nullable(),
  ...subjectRefAnswer,
  feePayerId: z.number().nullable(),
  city: z.string().nullable(),
  fullness: z.number().nullable(),
  binVolume: z.number().nullable(),
  weightKg: z.string().nullable(),
  acknowledgedWeightKg: z.string().nullable(),
  nonconformingStateIds: z.array(z.number()),
  state: z.enum(EVIDENCE_STATES),
  origin: z.string(),
  duplicate: z.boolean(),
  discardedAt: z.string().nullable(),
});
export type EvidenceListItem = z.infer<typeof evidenceListItem>;

// ---------------------------------------------------------------------------------------------------------------
// A collection's detail (spec 001 §2 'Waste collections': summary by street and bin size, map, evidence, errors)

/** One street of the summary: emptied bins by volume (110, 120, 240, 1100 l, other) and their weight. */
export const summaryRow = z.object({
  street: z.string().nullable(),
  v110: z.number(),
  v120: z.number(),
  v240: z.number(),
  v1100: z.number(),
  other: z.number(),
  total: z.number(),
  weightKg: z.string().nullable(),
});
export type SummaryRow = z.infer<typeof summaryRow>;

export const collectionDetail = collectionListItem.extend({
  wasteTypeName: z.string().nullable(),
  deviceId: z.number().nullable(),
  collectionType: z.string(),
  /** Open errors by type (the errors table's tabs), and the duplicates logged. */
  errorsByType: z.record(z.string(), z.number()),
  duplicateCount: z.number(),
  summary: z.array(summaryRow),
});
export type CollectionDetail = z.infer<typeof collectionDetail>;

/** What a point on the collection's map stands for (spec 001 §2: collected, without code, with errors, duplicates). */
export const MAP_POINT_KINDS = ["collected", "noCode", "error", "duplicate"] as const;
export type MapPointKind = (typeof MAP_POINT_KINDS)[number];
/** The map's points, compact: [latitude, longitude, kind index, record or log id]. */
export const collectionMapAnswer = z.object({
  points: z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])),
  /** Records and log rows without a position (shown in the table, not on the map). */
  withoutPosition: z.number(),
});
export type CollectionMapAnswer = z.infer<typeof collectionMapAnswer>;

/** GET …/waste-collection/{id}/records: the collection's evidence, paged, in time order. */
export const collectionRecordList = listQuery(evidenceListKeys, {
  search: listFilter.search(),
  duplicate: listFilter.boolean(),
});
export type CollectionRecordListQuery = z.output<typeof collectionRecordList.query>;

export const collectionRecordItem = z.object({
  id: z.number(),
  collectedAt: z.string(),
  code: z.string().nullable(),
  headerId: z.number().nullable(),
  ...subjectRefAnswer,
  street: z.string().nullable(),
  binVolume: z.number().nullable(),
  fullness: z.number().nullable(),
  weightKg: z.string().nullable(),
  acknowledgedWeightKg: z.string().nullable(),
  nonconformingStateIds: z.array(z.number()),
  duplicate: z.boolean(),
  discarded: z.boolean(),
});
export type CollectionRecordItem = z.infer<typeof collectionRecordItem>;

const PRICE_UNITS = ["CZK", "EUR"] as const;
export const WEIGHT_UNITS = ["kg", "t"] as const;
const ids = z
  .array(z.coerce.number().int().positive().max(2_147_483_647), { message: "Vyberte položky." })
  .min(1, { message: "Vyberte položky." })
  .max(1000);

/** A decimal typed by a person: comma or point, up to `scale` decimals, positive. */
const decimalText = (scale: number, message: string) =>
  z
    .string({ message })
    .trim()
    .transform((v) => v.replace(/\s/g, "").replace(",", "."))
    .refine((v) => new RegExp(`^\\d{1,12}(\\.\\d{1,${scale}})?$`).test(v) && Number(v) >= 0, { message });

/** PATCH …/waste-collection/price: the invoice value of the selected collections (spec 001 §2 'set invoice price'). */
export const collectionPriceBody = z.object({
  ids,
  invoiceValue: decimalText(2, "Zadejte cenu jako nezáporné číslo (nejvýše 2 desetinná místa)."),
  priceUnit: z.enum(PRICE_UNITS).default("CZK"),
});

/** PATCH …/waste-collection/{id}/weight: the collection's weight, spread over its records (issue 13 part 4). */
export const collectionWeightBody = z.object({
  weight: decimalText(6, "Zadejte hmotnost jako nezáporné číslo."),
  weightUnit: z.enum(WEIGHT_UNITS).default("t"),
  version: z.coerce.number().int().min(0),
});

/** POST waste-collection/merge (spec 000 §7): the selected collections become one with a new name. */
export const collectionMergeBody = z.object({
  ids: ids.refine((v) => new Set(v).size >= 2, { message: "Vyberte alespoň dva svozy." }),
  name: z.string({ message: "Zadejte název." }).trim().min(1, { message: "Zadejte název." }).max(200),
});

/** POST …/waste-collection/remove: the selected collections go with their records and log. */
export const collectionIdsBody = z.object({ ids });

/** POST …/waste-collection/{id}/reprocess: the open errors are processed again (after the bins were fixed). */
export const reprocessAnswer = z.object({ resolved: z.number(), open: z.number() });

/**
 * POST …/waste-collection/{id}/log/{logId}/assign: the fix of an unknown RFID tag (issue 13 'assign the unknown code
 * to a bin, then reprocess'): the tag becomes the RFID of the bin with this barcode or plain code, and the
 * collection's open errors are processed again.
 */
export const assignCodeBody = z.object({
  bin: z
    .string({ message: "Zadejte čárový kód nebo číslo nádoby." })
    .trim()
    .min(1, { message: "Zadejte čárový kód nebo číslo nádoby." })
    .max(40),
});
export const RFID_ONLY = "Přiřadit nádobě lze jen neznámý RFID čip; čárový kód nádoby se nemění.";
export const BIN_OF_CODE_NOT_FOUND = "Nádoba s tímto kódem v obci není.";
export const RFID_TAKEN = "Tento RFID čip už má jiná nádoba.";

// ---------------------------------------------------------------------------------------------------------------
// A collection point's evidence (spec 001 §2 Collection points detail: consumption summary 3, 6, 12 months, total,
// active; ordered versus actual collection counts; waste production; collection history)

export const SUBJECT_SUMMARY_PERIODS = ["3", "6", "12", "total", "active"] as const;

export const subjectEvidenceAnswer = z.object({
  /** Per period: emptyings, litres emptied (volume × fullness) and acknowledged kg. */
  summary: z.array(
    z.object({
      period: z.enum(SUBJECT_SUMMARY_PERIODS),
      count: z.number(),
      litres: z.number(),
      weightKg: z.string().nullable(),
    }),
  ),
  /** Days with an emptying in the current month and year (compared with the ordered count). */
  actual: z.object({ month: z.number(), year: z.number() }),
  /** The last 12 months by waste. */
  production: z.array(
    z.object({ wasteTypeName: z.string().nullable(), count: z.number(), weightKg: z.string().nullable() }),
  ),
  /** The latest emptyings. */
  history: z.array(
    z.object({
      id: z.number(),
      collectedAt: z.string(),
      code: z.string().nullable(),
      wasteTypeName: z.string().nullable(),
      fullness: z.number().nullable(),
      weightKg: z.string().nullable(),
      collectionId: z.number().nullable(),
      collectionName: z.string().nullable(),
    }),
  ),
});
export type SubjectEvidence = z.infer<typeof subjectEvidenceAnswer>;
