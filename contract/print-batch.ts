/**
 * Print batches (spec 001 §2 'Print batches', §3 Print batch, §4 states Generated → Printed, §8 print results, §9
 * print batch code types; docs/api-bins.md 'Print batches'). A batch generates coded labels: NoSubject codes are free
 * (state Free) for bins handed out later, Regular codes are addressed to collection points (state Assigned).
 */
import { z } from "zod";
import { boolFlag, listAnswer, optionalText, subjectRefAnswer } from "./common";
import { listFilter, listQuery } from "./list";
import { printBatchCodeListKeys, printBatchListKeys } from "./lists";
import { BIN_STATES } from "./waste-evidence-header";

export const PRINT_BATCH_CODE_TYPES = ["Regular", "NoSubject"] as const;
export type PrintBatchCodeType = (typeof PRINT_BATCH_CODE_TYPES)[number];
export const PRINT_BATCH_STATES = ["Generated", "Printed"] as const;
export type PrintBatchState = (typeof PRINT_BATCH_STATES)[number];

/** Spec 001 §8 print results: what the label-printer handler (a local service outside the product) answers. */
export const PRINT_RESULTS = [
  "ClientNotFound",
  "HandlerNotRunning",
  "OK",
  "PrintDataConversionFailed",
  "PrintDataNotFound",
  "PrintDataVariableMismatch",
  "PrintSendFailed",
  "TemplateNotFound",
] as const;
export type PrintResult = (typeof PRINT_RESULTS)[number];

/**
 * What a print ends with: one of the handler's results, or the product's own OutdatedModule (spec 001 §8 'an
 * outdated communication module message'): the handler speaks an older protocol than the product needs
 * (api/modules/print-batch/printer.ts, docs/api-bins.md 'The printer handler protocol').
 */
export const PRINT_OUTCOMES = [...PRINT_RESULTS, "OutdatedModule"] as const;
export type PrintOutcome = (typeof PRINT_OUTCOMES)[number];

export const PRINT_FAILED = "Nepodařilo se vytisknout kód.";
export const PRINT_OK = "Štítky byly odeslány na tiskárnu.";
/** The sentence after PRINT_FAILED for each failure. */
export const PRINT_RESULT_MESSAGES: Record<Exclude<PrintOutcome, "OK">, string> = {
  ClientNotFound: "Tiskárna nebyla nalezena.",
  HandlerNotRunning: "Tisková služba neběží.",
  PrintDataConversionFailed: "Data štítků se nepodařilo převést pro tiskárnu.",
  PrintDataNotFound: "Data k tisku nebyla nalezena.",
  PrintDataVariableMismatch: "Data štítků neodpovídají šabloně tiskárny.",
  PrintSendFailed: "Odeslání na tiskárnu selhalo.",
  TemplateNotFound: "Šablona štítku nebyla nalezena.",
  OutdatedModule: "Komunikační modul tiskárny je zastaralý. Nainstalujte jeho novou verzi.",
};

/** The message shown for a print outcome: 'Nepodařilo se vytisknout kód. Tisková služba neběží.' */
export function printResultMessage(result: PrintOutcome): string {
  return result === "OK" ? PRINT_OK : `${PRINT_FAILED} ${PRINT_RESULT_MESSAGES[result]}`;
}

/** The label sheet of the PDF: A4 with 3 × 8 labels of 70 × 37 mm (Avery 3474, "70x37"). */
export const LABEL_SHEET = { columns: 3, rows: 8, widthMm: 70, heightMm: 37 } as const;
export const LABELS_PER_SHEET = LABEL_SHEET.columns * LABEL_SHEET.rows;

export const MAX_CODE_COUNT = 5000;
export const MAX_SUBJECTS = 1000;
export const MAX_BIN_TYPES = 20;
/** Labels of one batch (codes × bin types): 417 A4 sheets; larger runs are split into several batches. */
export const MAX_BATCH_LABELS = 10_000;

export const BATCH_NOT_FOUND = "Dávka nebyla nalezena.";
export const ALREADY_PRINTED = "Dávka už byla vytištěna.";
export const CODE_COUNT_MESSAGE = "Zadejte počet kódů 1 až 5 000.";
export const SUBJECTS_REQUIRED = "Vyberte alespoň jedno odběrné místo.";
export const BIN_TYPES_REQUIRED = "Vyberte alespoň jeden typ nádoby.";
export const TOO_MANY_LABELS = "Dávka může mít nejvýše 10 000 štítků; rozdělte ji.";
export const SUBJECTS_NOT_FOUND = "Odběrné místo nebylo nalezeno.";
export const BIN_TYPE_NOT_FOUND = "Typ nádoby nebyl nalezen.";
export const CODES_EXHAUSTED = "Obec vyčerpala číselnou řadu kódů.";
/**
 * 409 of DELETE print-batch/{id}: a batch is deleted only while none of its codes has been put to use (docs/api-bins.md
 * 'Deleting a print batch'). Czech plural: 1 kód je použit, 2–4 kódy jsou použity, 5 and more kódů je použito.
 */
export function batchInUseMessage(used: number): string {
  if (used === 1) return "Tiskovou dávku nelze smazat, 1 kód je již použit.";
  if (used >= 2 && used <= 4) return `Tiskovou dávku nelze smazat, ${used} kódy jsou již použity.`;
  return `Tiskovou dávku nelze smazat, ${used} kódů je již použito.`;
}

const idList = (max: number, required: string) =>
  z
    .array(z.coerce.number().int().positive().max(2_147_483_647), { message: required })
    .max(max, { message: `Nejvýše ${max} položek.` });

/**
 * POST municipality/{id}/print-batch and the create form. NoSubject: codeCount codes per bin type; Regular: one code
 * per chosen subject and bin type. The same schema checks the form in the browser and the body in the API.
 */
export const printBatchFormSchema = z
  .object({
    codeType: z.enum(PRINT_BATCH_CODE_TYPES, { message: "Vyberte typ kódu." }),
    codeCount: z.preprocess(
      (v) => (v === "" || v === null ? undefined : typeof v === "string" ? v.replace(/\s/g, "") : v),
      z.coerce
        .number({ message: CODE_COUNT_MESSAGE })
        .int({ message: CODE_COUNT_MESSAGE })
        .min(1, { message: CODE_COUNT_MESSAGE })
        .max(MAX_CODE_COUNT, { message: CODE_COUNT_MESSAGE })
        .optional(),
    ),
    subjectIds: idList(MAX_SUBJECTS, SUBJECTS_REQUIRED).default([]),
    binTypeIds: idList(MAX_BIN_TYPES, BIN_TYPES_REQUIRED).min(1, { message: BIN_TYPES_REQUIRED }),
    rfid: boolFlag.default(false),
    note: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    if (v.codeType === "NoSubject" && v.codeCount === undefined) {
      ctx.addIssue({ code: "custom", path: ["codeCount"], message: CODE_COUNT_MESSAGE });
    }
    if (v.codeType === "Regular" && v.subjectIds.length === 0) {
      ctx.addIssue({ code: "custom", path: ["subjectIds"], message: SUBJECTS_REQUIRED });
    }
    const codes = v.codeType === "Regular" ? new Set(v.subjectIds).size : (v.codeCount ?? 0);
    if (codes * new Set(v.binTypeIds).size > MAX_BATCH_LABELS) {
      ctx.addIssue({
        code: "custom",
        path: [v.codeType === "Regular" ? "subjectIds" : "codeCount"],
        message: TOO_MANY_LABELS,
      });
    }
  });
export type PrintBatchForm = z.infer<typeof printBatchFormSchema>;

/** GET municipality/{id}/print-batch: newest first, filtered by state; sorts and paging from contract/lists.ts. */
export const printBatchList = listQuery(printBatchListKeys, {
  state: listFilter.select(PRINT_BATCH_STATES),
});
export type PrintBatchListQuery = z.output<typeof printBatchList.query>;

export const printBatchListItem = z.object({
  id: z.number(),
  createdAt: z.string(),
  codeType: z.enum(PRINT_BATCH_CODE_TYPES),
  /** NoSubject: the codes asked for per bin type; Regular: the subjects addressed. */
  codeCount: z.number(),
  binTypeNames: z.array(z.string()),
  rfid: z.boolean(),
  note: z.string().nullable(),
  state: z.enum(PRINT_BATCH_STATES),
  createdByName: z.string().nullable(),
  /** The labels (codes) generated: codeCount × bin types. */
  labelCount: z.number(),
});
export type PrintBatchListItem = z.infer<typeof printBatchListItem>;

/** GET municipality/{id}/print-batch/{printBatchId}: a page of its codes (no filters: a few thousand codes at most). */
export const printBatchCodeList = listQuery(printBatchCodeListKeys, {});
export type PrintBatchDetailQuery = z.output<typeof printBatchCodeList.query>;

export const printBatchCode = z.object({
  id: z.number(),
  barcode: z.string(),
  plainCode: z.string(),
  binName: z.string().nullable(),
  ...subjectRefAnswer,
  state: z.enum(BIN_STATES),
});
export type PrintBatchCode = z.infer<typeof printBatchCode>;

export const printBatchDetail = printBatchListItem.extend({
  binTypeIds: z.array(z.number()),
  printedAt: z.string().nullable(),
  codes: listAnswer(printBatchCode),
});
export type PrintBatchDetail = z.infer<typeof printBatchDetail>;

export const printedAnswer = z.object({ id: z.number(), state: z.literal("Printed") });
export const printAnswer = z.object({ result: z.enum(PRINT_OUTCOMES), message: z.string() });
export type PrintAnswer = z.infer<typeof printAnswer>;
