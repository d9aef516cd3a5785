/**
 * Bins (waste evidence headers): spec 001 §2 'Waste bins / waste evidence headers', §3 Waste evidence header, §4 bin
 * states and history, §8 code assignment errors, §9 bin kinds; spec 000 §7 search-by-barcode, find-code-by-barcode.
 * Codes: contract/codes.ts. The API answers and bodies of docs/api-bins.md.
 */
import { z } from "zod";
import {
  boolFlag,
  positionAnswer,
  optionalText,
  selectedIds,
  timestampsAnswer,
  versionAnswer,
  versionField,
  withVersion,
  yearField,
  subjectRefAnswer,
} from "./common";
import { listFilter, listQuery } from "./list";
import { wehListKeys } from "./lists";
import {
  DISPOSE_FREQUENCY_PERIODS,
  disposeFrequencyShape,
  optionalDate,
  optionalId,
  subjectIdField,
  zipField,
} from "./subject";

export const BIN_STATES = ["Free", "Assigned", "Used", "Discarded", "NoBin", "Undefined"] as const;
export type BinState = (typeof BIN_STATES)[number];
export const BIN_HISTORY_EVENTS = [
  "Created",
  "Assigned",
  "Transferred",
  "Discarded",
  "Reactivated",
  "ConfigurationChanged",
  "AlreadyUsedDisposableBin",
  /** The subject was deleted: its bins' codes are free again. */
  "Unassigned",
] as const;
export type BinHistoryEvent = (typeof BIN_HISTORY_EVENTS)[number];
/** Spec 001 §9 bin types and kinds. */
export const BIN_CATEGORIES = ["bag", "bin", "container", "wasteBucket", "other", "wastePrefix", "car"] as const;
export type BinCategory = (typeof BIN_CATEGORIES)[number];
export const BIN_KINDS = ["fixed", "disposable"] as const;
export type BinKind = (typeof BIN_KINDS)[number];

/** Spec 001 §8 code assignment errors, plus the code-entry messages of spec 001 §5. */
export const ASSIGN_ERRORS = [
  "CodeNotFound",
  "MunicipalityMismatch",
  "SubjectAlreadyAssign",
  "CodeOfOtherType",
  "UndefinedCode",
  "Discarded",
  "AlreadyUsedDisposableBin",
] as const;
export type AssignError = (typeof ASSIGN_ERRORS)[number];
export const ASSIGN_ERROR_MESSAGES: Record<AssignError, string> = {
  CodeNotFound: "Kód nebyl nalezen.",
  MunicipalityMismatch: "Kód patří jiné obci.",
  SubjectAlreadyAssign: "Kód je už přiřazen jinému odběrnému místu.",
  CodeOfOtherType: "Kód jiného typu.",
  UndefinedCode: "Tento kód neexistuje!",
  Discarded: "Nádoba s tímto kódem je vyřazená; nejdřív ji obnovte.",
  AlreadyUsedDisposableBin: "Jednorázová nádoba s tímto kódem už byla použita.",
};

/**
 * GET municipality/{id}/waste-evidence-header: the list filters of spec 001 §2; paging and the sort keys of
 * contract/lists.ts wehListKeys.
 */
export const wehList = listQuery(wehListKeys, {
  /** Barcode, plain code or RFID (prefix), or the subject's name. */
  search: listFilter.search(),
  subjectId: listFilter.id(),
  /** Bins of the subjects the payer is a current member of. */
  feePayerId: listFilter.id(),
  binTypeId: listFilter.id(),
  wasteTypeId: listFilter.id(),
  state: listFilter.select(BIN_STATES),
  assignedFrom: listFilter.date(),
  assignedTo: listFilter.date(),
  discardedFrom: listFilter.date(),
  discardedTo: listFilter.date(),
  /** The bin's own city, else its subject's (a value of GET …/filters). */
  city: optionalText(100),
});
export type WehListQuery = z.output<typeof wehList.query>;

export const wehListItem = z.object({
  id: z.number(),
  barcode: z.string(),
  plainCode: z.string(),
  rfid: z.string().nullable(),
  /** 'Popelnice 120 l' (the bin type's name). */
  binName: z.string().nullable(),
  capacity: z.number().nullable(),
  wasteTypeName: z.string().nullable(),
  lastEvidenceAt: z.string().nullable(),
  state: z.enum(BIN_STATES),
  disposable: z.boolean(),
  assignedAt: z.string().nullable(),
  discardedAt: z.string().nullable(),
  ...subjectRefAnswer,
  city: z.string().nullable(),
  /** The bin's own address, else its subject's (formatSubjectAddress). */
  address: z.string(),
});
export type WehListItem = z.infer<typeof wehListItem>;

export const wehDetail = wehListItem.extend({
  ...versionAnswer,
  municipalityId: z.number(),
  binTypeId: z.number().nullable(),
  wasteTypeId: z.number().nullable(),
  printBatchId: z.number().nullable(),
  assignedFrom: z.string().nullable(),
  assignedByName: z.string().nullable(),
  street: z.string().nullable(),
  zipCode: z.string().nullable(),
  ...positionAnswer,
  description: z.string().nullable(),
  disposePeriod: z.enum(DISPOSE_FREQUENCY_PERIODS).nullable(),
  orderedDisposeCount: z.number().nullable(),
  subjectAddress: z.string().nullable(),
  /** The subject's short name, printed on an addressed label. */
  subjectShortName: z.string().nullable(),
  ...timestampsAnswer,
});
export type WehDetail = z.infer<typeof wehDetail>;

export const wehHistoryRow = z.object({
  id: z.number(),
  event: z.enum(BIN_HISTORY_EVENTS),
  at: z.string(),
  ...subjectRefAnswer,
  userName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type WehHistoryRow = z.infer<typeof wehHistoryRow>;

/** '' → none; a Czech decimal comma ('49,2155') is read as a point. */
const coordinate = (v: unknown) => {
  if (typeof v !== "string") return v ?? undefined;
  const text = v.trim().replace(",", ".");
  return text === "" ? undefined : text;
};
const latitude = z.preprocess(
  coordinate,
  z.coerce
    .number({ message: "Zadejte zeměpisnou šířku." })
    .min(-90)
    .max(90, { message: "Šířka je mezi -90 a 90." })
    .optional(),
);
const longitude = z.preprocess(
  coordinate,
  z.coerce
    .number({ message: "Zadejte zeměpisnou délku." })
    .min(-180)
    .max(180, { message: "Délka je mezi -180 a 180." })
    .optional(),
);

/** PUT municipality/{id}/waste-evidence-header/{headerId}: the edit page (basic information, location, address). */
export const wehEditSchema = z
  .object({
    binTypeId: optionalId,
    wasteTypeId: optionalId,
    rfid: optionalText(40),
    disposable: boolFlag.default(false),
    description: optionalText(2000),
    street: optionalText(150),
    city: optionalText(100),
    zipCode: zipField,
    latitude,
    longitude,
  })
  .refine((v) => (v.latitude === undefined) === (v.longitude === undefined), {
    path: ["longitude"],
    message: "Zadejte obě souřadnice, nebo žádnou.",
  });
export type WehEdit = z.infer<typeof wehEditSchema>;
/** PUT …/waste-evidence-header/{id}: the edit page with the version the user saw (decision 20). */
export const wehUpdateSchema = withVersion(wehEditSchema);
export type WehUpdate = z.infer<typeof wehUpdateSchema>;

/** POST municipality/{id}/waste-evidence-header/assign: the create page's assign tab. */
export const assignCodesBody = z.object({
  subjectId: subjectIdField,
  /** Plain codes or barcodes as pasted or scanned (contract/codes.ts splitCodes). */
  codes: z
    .array(z.string().trim().min(1).max(40))
    .min(1, { message: "Zadejte alespoň jeden kód." })
    .max(500, { message: "Najednou nejvýše 500 kódů." }),
  binTypeId: optionalId,
  wasteTypeId: optionalId,
  /** The day the assignment is valid from; default today. */
  assignedFrom: optionalDate(),
  /** Move the code's evidence records to the new subject too (spec 001 §2 'move records yes/no'). */
  moveEvidences: boolFlag.default(false),
});
export const assignResult = z.object({
  code: z.string(),
  status: z.enum(["assigned", "error"]),
  id: z.number().nullable(),
  error: z.enum(ASSIGN_ERRORS).nullable(),
  message: z.string().nullable(),
});
export type AssignResult = z.infer<typeof assignResult>;
/** Answer of assign: every code with its outcome; the good ones are assigned even when others fail. */
export const assignAnswer = z.object({ assigned: z.number(), results: z.array(assignResult) });

/** Bulk discard / restore: POST …/waste-evidence-header/discard | restore. */
export const wehIdsBody = z.object({
  ids: selectedIds,
});
/** POST …/waste-evidence-header/transfer: bins to another subject, optionally with their evidence records. */
export const transferBody = wehIdsBody.extend({
  subjectId: subjectIdField,
  moveEvidences: boolFlag.default(false),
});

/** PUT …/waste-evidence-header/{headerId}/dispose-frequency: the dispose frequency page. */
export const binDisposeFrequencyBody = z.object({
  ...disposeFrequencyShape,
  /** The bin's version (decision 20): the frequency is a column of the header. */
  version: versionField,
});

/** GET …/{headerId}/dispose-counts?year=: the dispose count card (monthly and yearly). */
export const disposeCountsQuery = z.object({ year: yearField.optional() });
export const disposeCountsAnswer = z.object({
  year: z.number(),
  period: z.enum(DISPOSE_FREQUENCY_PERIODS).nullable(),
  orderedDisposeCount: z.number().nullable(),
  months: z.array(z.object({ month: z.number(), orderedCount: z.number().nullable(), actualCount: z.number() })),
  totals: z.object({ ordered: z.number(), actual: z.number() }),
});
export type DisposeCounts = z.infer<typeof disposeCountsAnswer>;
/** PUT …/{headerId}/dispose-counts: the card's modal (month, ordered count, actual count). */
export const disposeCountBody = z.object({
  year: yearField,
  month: z.coerce.number({ message: "Vyberte měsíc." }).int().min(1, { message: "Vyberte měsíc." }).max(12),
  orderedCount: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number().int().min(0).max(100).optional(),
  ),
  actualCount: z.coerce
    .number({ message: "Zadejte počet svozů." })
    .int()
    .min(0, { message: "Počet nemůže být záporný." })
    .max(100),
});

/** GET /waste-evidence-header/search-by-barcode?barcode= and municipality/{id}/find-code-by-barcode?barcode=. */
export const barcodeQuery = z.object({ barcode: z.string().trim().min(1, { message: "Zadejte kód." }).max(40) });
export const barcodeAnswer = z.object({
  id: z.number(),
  municipalityId: z.number(),
  barcode: z.string(),
  plainCode: z.string(),
  state: z.enum(BIN_STATES),
  ...subjectRefAnswer,
  binName: z.string().nullable(),
});
export type BarcodeAnswer = z.infer<typeof barcodeAnswer>;
