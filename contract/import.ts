/**
 * Import jobs (spec 001 §2 'Imports', §3 Import job, §4 import job states, §8 'Import'; issue 13): every import runs
 * as a background job; its row holds the state, the counts, the progress and the rejected rows with their reasons.
 */
import { z } from "zod";
import { listFilter, listQuery } from "./list";
import { importErrorListKeys, importJobListKeys } from "./lists";
import { COLLECTION_ERROR_TYPES } from "./collection";

/** Spec 001 §4 import job states. */
export const IMPORT_JOB_STATES = ["unprocessed", "processing", "processed", "error", "discarded"] as const;
export type ImportJobState = (typeof IMPORT_JOB_STATES)[number];
/** A job in these states is finished: its file may be deleted, its log is final. */
export const FINISHED_IMPORT_STATES: readonly ImportJobState[] = ["processed", "error", "discarded"];
export const isImportRunning = (state: ImportJobState) => state === "unprocessed" || state === "processing";

/**
 * The import types the product reads (spec 001 §9 names more: ELWIS DB, ELWIS PZO, generic, household, RFID,
 * resident, moba; they are not offered until the product reads them).
 */
export const IMPORT_TYPES = ["wasteCollection", "wasteCard"] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

export const NOT_CSV = "Soubor musí být ve formátu CSV.";
export const CHOOSE_CSV_FILE = "Vyberte soubor CSV.";

/** What kind of problem a rejected row has (the error table's reason is the Czech message). */
export const IMPORT_ERROR_CATEGORIES = [
  // Waste cards
  "Format",
  "MissingCode",
  "TooLong",
  "InvalidValue",
  "SubjectNotFound",
  "FeePayerNotFound",
  "DuplicateInFile",
  "CodeConflict",
  // Waste collections (spec 001 §8 collection log record errors)
  ...COLLECTION_ERROR_TYPES,
] as const;
export type ImportErrorCategory = (typeof IMPORT_ERROR_CATEGORIES)[number];

/**
 * An import job. acceptedRows are the rows written, unchangedRows the rows already present with the same data (a
 * re-import), errorRows the rejected ones; progress is the share of the file the committed batches reach (0–100).
 */
export const importJobAnswer = z.object({
  id: z.number(),
  type: z.string(),
  format: z.string().nullable(),
  fileName: z.string(),
  state: z.enum(IMPORT_JOB_STATES),
  totalRows: z.number(),
  acceptedRows: z.number(),
  unchangedRows: z.number(),
  errorRows: z.number(),
  progress: z.number(),
  fileSize: z.number(),
  /** The original file can be downloaded (not deleted). */
  hasFile: z.boolean(),
  /** 'Import obsahuje chyby' (state error) or the reason of a critical failure (state discarded). */
  message: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  processedAt: z.string().nullable(),
});
export type ImportJobAnswer = z.infer<typeof importJobAnswer>;

/** GET municipality/{id}/import: every import job, newest first; filters of spec 001 §2 'Imports'. */
export const importJobList = listQuery(importJobListKeys, {
  type: listFilter.select(IMPORT_TYPES),
  state: listFilter.select(IMPORT_JOB_STATES),
  /** Jobs created on or after / on or before this day (Prague calendar). */
  ...listFilter.dateRange(),
});
export type ImportJobListQuery = z.output<typeof importJobList.query>;

/** GET …/import/{importJobId}/errors: the rejected rows, paged, in the file's order; filterable by category. */
export const importErrorList = listQuery(importErrorListKeys, {
  category: listFilter.select(IMPORT_ERROR_CATEGORIES),
});
export type ImportErrorListQuery = z.output<typeof importErrorList.query>;

/** A rejected row: its line in the file, the category, the reason and the row as it was in the file. */
export const importJobErrorRow = z.object({
  id: z.number(),
  rowNumber: z.number(),
  category: z.enum(IMPORT_ERROR_CATEGORIES),
  message: z.string(),
  rawRow: z.string().nullable(),
});
export type ImportJobErrorRow = z.infer<typeof importJobErrorRow>;

/** The state shown for the error count: spec 001 §8 'Import obsahuje chyby'. */
export const IMPORT_HAS_ERRORS = "Import obsahuje chyby";
/** Deleting the file of a job that still runs. */
export const IMPORT_STILL_RUNNING = "Import ještě probíhá: soubor lze smazat až po jeho dokončení.";
