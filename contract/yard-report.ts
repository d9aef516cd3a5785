/**
 * Yard visits (yard reports; spec 001 §2 Yard visits, §3 Yard visit, §4 mail status and 'yard visits can be marked
 * paid', §5 'a yard-visit e-mail export requires an e-mail address', §8 'Protokol zaslaný e-mailom.', §9 payment
 * types and units; docs/yards.md). The fee is computed by the API from the yard's ranges (contract/yard-fee.ts).
 */
import { z } from "zod";
import { PAYMENT_TYPES } from "./enums";
import { boolFlag, chosenId, timestampsAnswer, versionedIdAnswer, withVersion } from "./common";
import { listFilter, listQuery } from "./list";
import { yardReportListKeys } from "./lists";
import { dateField } from "./subject";
import { REPORT_PRINT_TYPES, decimalField, rowsOf, timeField } from "./yard";
import { unitsOrNull } from "./yard-fee";

export const QUANTITY_UNITS = ["kg", "t"] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];
export const MAIL_STATUSES = ["Pending", "Sent", "Failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const YARD_REPORT_NOT_FOUND = "Návštěva sběrného dvora nebyla nalezena.";
/** Spec 001 §5: the protocol is e-mailed only to an address. */
export const MAIL_ADDRESS_REQUIRED = "Zadejte e-mail, na který se protokol pošle.";
const QUANTITY_MESSAGE = "Zadejte množství větší než 0 (nejvýše 3 desetinná místa).";

const blank = (v: unknown) => v === "" || v === null || v === undefined;

/** 'YYYY-MM-DDTHH:MM' of a datetime-local input (Prague time), optional. */
const localDateTime = z.preprocess(
  (v) => (blank(v) ? undefined : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { message: "Zadejte datum a čas." })
    .optional(),
);

/** One waste brought: the yard's waste, the quantity in kg or t, when it was weighed. */
export const yardReportRecordSchema = z.object({
  yardWasteId: chosenId("Vyberte odpad."),
  quantity: decimalField(3, QUANTITY_MESSAGE).refine((v) => (unitsOrNull(v, 3) ?? 1n) > 0n, {
    message: QUANTITY_MESSAGE,
  }),
  unit: z.preprocess((v) => (blank(v) ? "kg" : v), z.enum(QUANTITY_UNITS, { message: "Vyberte jednotku." })),
  processedAt: localDateTime,
});

/** Spec 001 §2 Yard visits create: the form and POST body. */
export const DUPLICATE_WASTE_MESSAGE = "Tento odpad už návštěva má: zadejte jeho celé množství na jeden řádek.";

export const yardReportFormSchema = z
  .object({
    feePayerId: chosenId("Vyberte poplatníka."),
    yardId: chosenId("Vyberte sběrný dvůr."),
    reportDate: dateField("Zadejte datum návštěvy."),
    startTime: timeField,
    endTime: timeField,
    paymentType: z.enum(PAYMENT_TYPES, { message: "Vyberte způsob platby." }),
    records: rowsOf(yardReportRecordSchema, (r) => blank(r.yardWasteId) && blank(r.quantity), {
      count: 1,
      message: "Zadejte alespoň jeden odpad.",
    }),
  })
  .superRefine((v, ctx) => {
    if (v.startTime && v.endTime && v.endTime < v.startTime) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: "Konec návštěvy je před jejím začátkem." });
    }
    // The fee's weight range is chosen by a waste's quantity in the visit (docs/yards.md 'The fee rule'): split over
    // two lines, 2 × 50 kg would both fall in a free range that 100 kg is above.
    const seen = new Set<number>();
    (Array.isArray(v.records) ? v.records : []).forEach((r, i) => {
      if (seen.has(r.yardWasteId)) {
        ctx.addIssue({ code: "custom", path: ["records", i, "yardWasteId"], message: DUPLICATE_WASTE_MESSAGE });
      }
      seen.add(r.yardWasteId);
    });
  });
export type YardReportForm = z.infer<typeof yardReportFormSchema>;
/** PUT …/yard-report/{id}: the same form with the version the edit loaded (decision 0020). */
export const yardReportUpdateSchema = withVersion(yardReportFormSchema);
export type YardReportUpdate = z.infer<typeof yardReportUpdateSchema>;

/** GET …/yard-report: filters of the visit list. */
export const yardReportList = listQuery(yardReportListKeys, {
  search: listFilter.search(),
  yardId: listFilter.id(),
  feePayerId: listFilter.id(),
  /** Visits of the payers who were members of this collection point on the visit's day (its detail). */
  subjectId: listFilter.id(),
  dateFrom: listFilter.date(),
  dateTo: listFilter.date(),
  paymentType: listFilter.select(PAYMENT_TYPES),
  paid: listFilter.boolean(),
  mailStatus: listFilter.select(MAIL_STATUSES),
});
export type YardReportListQuery = z.output<typeof yardReportList.query>;

/** A row of the visit list: the columns of spec 001 §2 Yard visits, plus payment and mail state. */
export const yardReportListItem = z.object({
  id: z.number(),
  reportDate: z.string(),
  /** HH:MM, when the visit started and ended (optional). */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  feePayerId: z.number(),
  feePayerName: z.string(),
  feePayerEmail: z.string().nullable(),
  yardId: z.number(),
  yardName: z.string(),
  municipalityName: z.string(),
  totalWeightKg: z.string(),
  fee: z.string(),
  evidenceCount: z.number(),
  /** The wastes with their quantities as entered, in the order entered. */
  wastes: z.array(z.object({ name: z.string(), quantity: z.string(), unit: z.enum(QUANTITY_UNITS) })),
  paymentType: z.enum(PAYMENT_TYPES),
  paid: z.boolean(),
  manuallyUpdated: z.boolean(),
  clientId: z.string().nullable(),
  mailStatus: z.enum(MAIL_STATUSES).nullable(),
  mailTo: z.string().nullable(),
  createdAt: z.string(),
});
export type YardReportListItem = z.infer<typeof yardReportListItem>;

export const yardReportRecord = z.object({
  id: z.number(),
  yardWasteId: z.number(),
  wasteName: z.string(),
  catalogCode: z.string().nullable(),
  quantity: z.string(),
  unit: z.enum(QUANTITY_UNITS),
  quantityKg: z.string(),
  processedAt: z.string().nullable(),
  vatRate: z.number(),
  feeWithoutVat: z.string(),
  vat: z.string(),
  fee: z.string(),
});
export type YardReportRecord = z.infer<typeof yardReportRecord>;

export const yardReportDetail = yardReportListItem.extend({
  ...versionedIdAnswer,
  ...timestampsAnswer,
  feeWithoutVat: z.string(),
  vat: z.string(),
  mailError: z.string().nullable(),
  mailSentAt: z.string().nullable(),
  reportPrintType: z.enum(REPORT_PRINT_TYPES),
  records: z.array(yardReportRecord),
});
export type YardReportDetail = z.infer<typeof yardReportDetail>;

/** POST …/yard-report/{id}/mail: the address and whether to keep it on the fee payer. */
export const protocolMailBody = z.object({
  email: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ message: MAIL_ADDRESS_REQUIRED })
      .min(1, { message: MAIL_ADDRESS_REQUIRED })
      .pipe(z.email({ message: "Zadejte platný e-mail." }).max(200)),
  ),
  storeOnFeePayer: boolFlag,
});
export type ProtocolMailBody = z.infer<typeof protocolMailBody>;

export const protocolQuery = z.object({
  layout: z.preprocess((v) => (blank(v) ? undefined : v), z.enum(REPORT_PRINT_TYPES).optional()),
});

export const paidBody = z.object({ paid: boolFlag });
