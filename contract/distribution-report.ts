/**
 * Distribution reports (spec 001 §2 Distribution centres: 'a table with sub rows (fee payer added, removed or
 * changed, new bin, ordered dispose count, description), export and send by e-mail'; §3 Distribution report; §4
 * states; docs/distribution-reports.md). A report is one visit of a collection point's resident at a distribution
 * centre; its records (sub rows) are applied to the register when a clerk processes it.
 */
import { z } from "zod";
import { chosenId, optionalText, selectedIds } from "./common";
import { listFilter, listQuery } from "./list";
import { distributionReportListKeys } from "./lists";
import { dateField } from "./subject";
import { rowsOf } from "./yard";

/** Spec 001 §4 Distribution report. */
export const DISTRIBUTION_REPORT_STATES = ["unprocessed", "processed", "warning", "error", "discarded"] as const;
export type DistributionReportState = (typeof DISTRIBUTION_REPORT_STATES)[number];

/** The kinds of sub rows (spec 001 §2) and the columns each uses (api/db/schema/distribution.ts). */
export const DISTRIBUTION_RECORD_TYPES = [
  "FeePayerAdded",
  "FeePayerRemoved",
  "FeePayerChanged",
  "NewBin",
  "OrderedDisposeCount",
  "Description",
] as const;
export type DistributionRecordType = (typeof DISTRIBUTION_RECORD_TYPES)[number];

/** A sub row's outcome once processed. */
export const RECORD_OUTCOMES = ["ok", "warning", "error"] as const;
export type RecordOutcome = (typeof RECORD_OUTCOMES)[number];

export const DISTRIBUTION_REPORT_NOT_FOUND = "Hlášení distribučního centra nebylo nalezeno.";
export const REPORT_NOT_UNPROCESSED = "Hlášení už bylo zpracováno nebo zahozeno.";
export const EXPORT_MAIL_ADDRESS_REQUIRED = "Zadejte e-mail, na který se export pošle.";

/** The API's Czech names of states and types: the CSV export and the e-mail (the screen translates its own). */
export const STATE_LABELS: Record<DistributionReportState, string> = {
  unprocessed: "Nezpracované",
  processed: "Zpracované",
  warning: "Zpracované s upozorněním",
  error: "Chyba",
  discarded: "Zahozené",
};
export const RECORD_TYPE_LABELS: Record<DistributionRecordType, string> = {
  FeePayerAdded: "Přidaný poplatník",
  FeePayerRemoved: "Odebraný poplatník",
  FeePayerChanged: "Změna poplatníka",
  NewBin: "Nová nádoba",
  OrderedDisposeCount: "Objednaný počet vývozů",
  Description: "Popis",
};
export const OUTCOME_LABELS: Record<RecordOutcome, string> = { ok: "V pořádku", warning: "Upozornění", error: "Chyba" };

const blank = (v: unknown) => v === "" || v === null || v === undefined;
const optionalId = z.preprocess((v) => (blank(v) ? undefined : v), z.coerce.number().int().positive().optional());

const MESSAGES = {
  type: "Vyberte typ záznamu.",
  feePayerId: "Vyberte poplatníka.",
  code: "Zadejte kód nádoby nebo pytle.",
  binTypeId: "Vyberte typ nádoby.",
  wasteTypeId: "Vyberte druh odpadu.",
  orderedDisposeCount: "Zadejte celé číslo od 0 do 999.",
  description: "Popište změnu.",
} as const;

/** The fields each type needs (the others are ignored and not stored). */
export const RECORD_FIELDS: Record<DistributionRecordType, readonly (keyof typeof MESSAGES)[]> = {
  FeePayerAdded: ["feePayerId"],
  FeePayerRemoved: ["feePayerId"],
  FeePayerChanged: ["feePayerId", "description"],
  NewBin: ["code", "binTypeId", "wasteTypeId"],
  OrderedDisposeCount: ["orderedDisposeCount"],
  Description: ["description"],
};

/** One sub row as entered; which fields are required depends on its type (RECORD_FIELDS). */
export const distributionRecordSchema = z
  .object({
    type: z.enum(DISTRIBUTION_RECORD_TYPES, { message: MESSAGES.type }),
    feePayerId: optionalId,
    code: optionalText(40),
    binTypeId: optionalId,
    wasteTypeId: optionalId,
    orderedDisposeCount: z.preprocess(
      (v) => (blank(v) ? undefined : v),
      z.coerce
        .number({ message: MESSAGES.orderedDisposeCount })
        .int({ message: MESSAGES.orderedDisposeCount })
        .min(0, { message: MESSAGES.orderedDisposeCount })
        .max(999, { message: MESSAGES.orderedDisposeCount })
        .optional(),
    ),
    description: optionalText(1000),
  })
  .superRefine((r, ctx) => {
    for (const field of RECORD_FIELDS[r.type] ?? []) {
      if (r[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: MESSAGES[field] });
    }
  });
export type DistributionRecordForm = z.infer<typeof distributionRecordSchema>;

/** POST …/distribution-report: a centre's report of one visit (the create page and the centres' own clients). */
export const distributionReportFormSchema = z.object({
  centreId: chosenId("Vyberte distribuční centrum."),
  subjectId: chosenId("Vyberte odběrné místo."),
  reportDate: dateField("Zadejte datum hlášení."),
  description: optionalText(1000),
  records: rowsOf(
    distributionRecordSchema,
    (r) =>
      blank(r.type) &&
      ["feePayerId", "code", "binTypeId", "wasteTypeId", "orderedDisposeCount", "description"].every((k) =>
        blank(r[k]),
      ),
    { count: 1, message: "Zadejte alespoň jeden záznam." },
  ),
});
export type DistributionReportForm = z.infer<typeof distributionReportFormSchema>;

/** The list's filters; the CSV export and its e-mail take the same ones. */
const filters = {
  search: listFilter.search(),
  state: listFilter.select(DISTRIBUTION_REPORT_STATES),
  centreId: listFilter.id(),
  subjectId: listFilter.id(),
  ...listFilter.dateRange(),
};

/** GET …/distribution-report. */
export const distributionReportList = listQuery(distributionReportListKeys, filters);
export type DistributionReportListQuery = z.output<typeof distributionReportList.query>;

/** GET …/distribution-report/export.csv and POST …/distribution-report/mail: the list's filters and sort, no paging. */
export const distributionReportExportQuery = distributionReportList.query.omit({ page: true, pageSize: true });
export type DistributionReportExportQuery = z.output<typeof distributionReportExportQuery>;

/** A sub row as listed, with the names of what it refers to and, once processed, its outcome. */
export const distributionRecordItem = z.object({
  id: z.number(),
  position: z.number(),
  type: z.enum(DISTRIBUTION_RECORD_TYPES),
  feePayerId: z.number().nullable(),
  feePayerName: z.string().nullable(),
  code: z.string().nullable(),
  binTypeId: z.number().nullable(),
  binTypeName: z.string().nullable(),
  wasteTypeId: z.number().nullable(),
  wasteTypeName: z.string().nullable(),
  wasteEvidenceHeaderId: z.number().nullable(),
  orderedDisposeCount: z.number().nullable(),
  description: z.string().nullable(),
  outcome: z.enum(RECORD_OUTCOMES).nullable(),
  message: z.string().nullable(),
});
export type DistributionRecordItem = z.infer<typeof distributionRecordItem>;

/** A report of the list with its sub rows (spec 001 §3: date, state, record count, subject, the changes). */
export const distributionReportItem = z.object({
  id: z.number(),
  reportDate: z.string(),
  state: z.enum(DISTRIBUTION_REPORT_STATES),
  centreId: z.number(),
  centreName: z.string(),
  subjectId: z.number().nullable(),
  subjectName: z.string().nullable(),
  subjectAddress: z.string().nullable(),
  recordCount: z.number(),
  description: z.string().nullable(),
  resultMessage: z.string().nullable(),
  processedAt: z.string().nullable(),
  processedByName: z.string().nullable(),
  createdAt: z.string(),
  records: z.array(distributionRecordItem),
});
export type DistributionReportItem = z.infer<typeof distributionReportItem>;

/** POST …/distribution-report/process-selected and …/discard-selected: the checked reports. */
export const reportIdsBody = z.object({ ids: selectedIds });
export type ReportIdsBody = z.infer<typeof reportIdsBody>;

/**
 * One report's outcome of a bulk process or discard: done (its new state) or skipped with the reason (not
 * unprocessed any more, not the municipality's); a skipped report does not fail the others.
 */
export const bulkReportOutcome = z.object({
  id: z.number(),
  done: z.boolean(),
  state: z.enum(DISTRIBUTION_REPORT_STATES).nullable(),
  message: z.string().nullable(),
});
export type BulkReportOutcome = z.infer<typeof bulkReportOutcome>;
export const bulkReportAnswer = z.object({
  done: z.number(),
  skipped: z.number(),
  results: z.array(bulkReportOutcome),
});
export type BulkReportAnswer = z.infer<typeof bulkReportAnswer>;

/** POST …/distribution-report/mail: where the filtered export goes. */
export const exportMailBody = z.object({
  email: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ message: EXPORT_MAIL_ADDRESS_REQUIRED })
      .min(1, { message: EXPORT_MAIL_ADDRESS_REQUIRED })
      .pipe(z.email({ message: "Zadejte platný e-mail." }).max(200)),
  ),
});
export type ExportMailBody = z.infer<typeof exportMailBody>;

/** GET …/distribution-report/form-options: what the create form offers (searches narrow points and payers to 20). */
export const formOptionsQuery = z.object({
  subjectSearch: optionalText(100),
  payerSearch: optionalText(100),
  /** Chosen already: kept among the options even when a search misses them. */
  subjectId: optionalId,
  feePayerIds: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : String(v).split(",")),
    z.array(z.coerce.number().int().positive()).max(200),
  ),
});
const option = z.object({ id: z.number(), name: z.string() });
export const formOptions = z.object({
  centres: z.array(option),
  subjects: z.array(option),
  payers: z.array(option),
  binTypes: z.array(option),
  wasteTypes: z.array(option),
});
export type FormOptions = z.infer<typeof formOptions>;
