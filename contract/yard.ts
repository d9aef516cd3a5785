/**
 * Collection yards (spec 001 §2 Collection yards, §3 Collection yard and Yard waste configuration, §4 'yard waste
 * can be activated or deactivated, with confirmation', §8 'Poplatek se nepodařilo upravit.', §9 VAT rates;
 * docs/yards.md). Weights are kg decimal strings with up to 3 decimals, money up to 2 decimals.
 */
import { z } from "zod";
import { VAT_RATES } from "./enums";
import {
  boolFlag,
  chosenId,
  optionalText,
  requiredText,
  timestampsAnswer,
  versionedIdAnswer,
  withVersion,
  idNameAnswer,
} from "./common";
import { listFilter, listQuery } from "./list";
import { yardListKeys } from "./lists";
import { dateField, optionalDate, zipField } from "./subject";
import { unitsOrNull } from "./yard-fee";

export const REPORT_PRINT_TYPES = ["basic", "weighing"] as const;
export type ReportPrintType = (typeof REPORT_PRINT_TYPES)[number];
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const YARD_NOT_FOUND = "Sběrný dvůr nebyl nalezen.";
export const YARD_WASTE_NOT_FOUND = "Odpad sběrného dvora nebyl nalezen.";
export const YARD_WASTE_TAKEN = "Tento odpad už sběrný dvůr má.";
/** Spec 001 §8: the failure of a yard fee edit. */
export const YARD_FEE_FAILED = "Poplatek se nepodařilo upravit.";
const TIME_MESSAGE = "Zadejte čas ve tvaru HH:MM.";
const KG_MESSAGE = "Zadejte hmotnost v kg (nezáporné číslo, nejvýše 3 desetinná místa).";
const VALUE_MESSAGE = "Zadejte částku (nezáporné číslo, nejvýše 2 desetinná místa).";

const blank = (v: unknown) => v === "" || v === null || v === undefined;
const decimalText = (v: unknown) =>
  typeof v === "number" ? String(v) : typeof v === "string" ? v.replace(/\s/g, "").replace(",", ".") : v;

/** A non-negative decimal of at most `scale` decimals (kg: 3, money: 2), kept as text. */
export const decimalField = (scale: number, message: string) =>
  z.preprocess(
    decimalText,
    z.string({ message }).refine((v) => new RegExp(`^\\d{1,9}(\\.\\d{1,${scale}})?$`).test(v), { message }),
  );
const optionalDecimal = (scale: number, message: string) =>
  z.preprocess((v) => (blank(v) ? undefined : v), decimalField(scale, message).optional());

/** HH:MM (a time input's value); seconds from the database are cut off by the service. */
export const timeField = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === "string" ? v.trim() : v),
  z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: TIME_MESSAGE })
    .optional(),
);

/** One weekday of the schedule: open from–to, or closed. */
export const openingSchema = z
  .object({
    weekday: z.coerce.number().int().min(1).max(7),
    openTime: timeField,
    closeTime: timeField,
    closed: boolFlag,
  })
  .superRefine((v, ctx) => {
    if (v.closed) return;
    if (!v.openTime) ctx.addIssue({ code: "custom", path: ["openTime"], message: "Zadejte čas otevření." });
    if (!v.closeTime) ctx.addIssue({ code: "custom", path: ["closeTime"], message: "Zadejte čas zavření." });
    if (v.openTime && v.closeTime && v.closeTime <= v.openTime) {
      ctx.addIssue({ code: "custom", path: ["closeTime"], message: "Zavírá se po otevření." });
    }
  });

/** A closing exception; rows left empty in the form are dropped. */
const exceptionSchema = z.object({
  day: dateField("Zadejte datum výjimky."),
  description: optionalText(200),
});
/** Rows of a form table; rows left empty (the spare rows a form without JavaScript shows) are dropped. */
export const rowsOf = <S extends z.ZodType>(
  row: S,
  isBlank: (r: Record<string, unknown>) => boolean,
  min?: { count: number; message: string },
) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.filter((r) => r && typeof r === "object" && !isBlank(r)) : v === undefined ? [] : v),
    z
      .array(row)
      .max(200)
      .min(min?.count ?? 0, { message: min?.message }),
  );

/** Spec 001 §3 Collection yard: the create/edit form and POST/PUT body. */
export const yardFormSchema = z
  .object({
    name: requiredText(150),
    street: optionalText(150),
    city: optionalText(100),
    zipCode: zipField,
    reportPrintType: z.enum(REPORT_PRINT_TYPES, { message: "Vyberte typ protokolu." }),
    icz: optionalText(20),
    zuj: optionalText(10).refine((v) => !v || /^\d{6}$/.test(v), { message: "ZÚJ má 6 číslic." }),
    operatorIdentificationNumber: optionalText(20),
    operatorName: optionalText(200),
    zoneCode: optionalText(30),
    schedule: z.array(openingSchema).length(7, { message: "Vyplňte rozvrh všech dní." }),
    exceptions: rowsOf(exceptionSchema, (r) => blank(r.day) && blank(r.description)),
  })
  .superRefine((v, ctx) => {
    const days = new Set<string>();
    v.exceptions.forEach((e, i) => {
      if (days.has(e.day))
        ctx.addIssue({ code: "custom", path: ["exceptions", i, "day"], message: "Den je uveden dvakrát." });
      days.add(e.day);
    });
    v.schedule.forEach((d, i) => {
      if (d.weekday !== i + 1)
        ctx.addIssue({ code: "custom", path: ["schedule", i, "weekday"], message: "Den v týdnu." });
    });
  });
export type YardForm = z.infer<typeof yardFormSchema>;
export const yardUpdateSchema = withVersion(yardFormSchema);
export type YardUpdate = z.infer<typeof yardUpdateSchema>;

/** GET …/collection-yard: search (name, address, icz, zuj) and the waste operator filter. */
export const yardList = listQuery(yardListKeys, {
  search: listFilter.search(),
  operator: listFilter.search(),
});
export type YardListQuery = z.output<typeof yardList.query>;

export const yardListItem = z.object({
  ...idNameAnswer,
  icz: z.string().nullable(),
  zuj: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  zipCode: z.string().nullable(),
  operatorName: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
});
export type YardListItem = z.infer<typeof yardListItem>;

/** A fee period's weight range: from < q ≤ to kg (to empty = no upper bound), value = Kč per kg without VAT. */
export const feeRangeSchema = z
  .object({
    fromKg: decimalField(3, KG_MESSAGE),
    toKg: optionalDecimal(3, KG_MESSAGE),
    value: decimalField(2, VALUE_MESSAGE),
    note: optionalText(200),
  })
  .superRefine((v, ctx) => {
    const from = unitsOrNull(v.fromKg, 3);
    const to = unitsOrNull(v.toKg, 3);
    if (from !== null && to !== null && to <= from) {
      ctx.addIssue({ code: "custom", path: ["toKg"], message: "Horní mez musí být větší než dolní." });
    }
  });

const vatRateField = z.preprocess(
  (v) => (typeof v === "string" && v !== "" ? Number(v) : v),
  z.union(
    VAT_RATES.map((r) => z.literal(r)),
    { message: "Vyberte sazbu DPH (0, 10, 15, 20 nebo 21 %)." },
  ),
);

/** A fee period of a yard waste: valid from a day (to a day), its VAT rate and weight ranges. */
export const feePeriodSchema = z
  .object({
    validFrom: dateField("Zadejte začátek platnosti."),
    validTo: optionalDate("Zadejte platné datum."),
    vatRate: vatRateField,
    ranges: rowsOf(feeRangeSchema, (r) => blank(r.fromKg) && blank(r.toKg) && blank(r.value) && blank(r.note), {
      count: 1,
      message: "Zadejte alespoň jedno hmotnostní pásmo.",
    }),
  })
  .superRefine((v, ctx) => {
    if (v.validTo && v.validTo < v.validFrom) {
      ctx.addIssue({ code: "custom", path: ["validTo"], message: "Konec platnosti je před začátkem." });
    }
    // Ranges may not overlap: sorted by their lower bound, each starts at or above the previous upper bound.
    // A range whose bounds are no numbers has its own message and is left out here.
    const sorted = v.ranges
      .map((r, i) => ({ i, from: unitsOrNull(r.fromKg, 3), to: unitsOrNull(r.toKg, 3), open: r.toKg === undefined }))
      .filter((r): r is typeof r & { from: bigint } => r.from !== null && (r.open || r.to !== null))
      .sort((a, b) => Number(a.from - b.from));
    for (let k = 1; k < sorted.length; k++) {
      const prev = sorted[k - 1]!;
      if (prev.open || sorted[k]!.from < prev.to!) {
        ctx.addIssue({ code: "custom", path: ["ranges", sorted[k]!.i, "fromKg"], message: "Pásma se překrývají." });
      }
    }
  });
export type FeePeriodForm = z.infer<typeof feePeriodSchema>;

/** Spec 001 §3 Yard waste configuration: the waste's form with its fee periods. */
export const yardWasteFormSchema = z
  .object({
    wasteTypeId: chosenId("Vyberte odpad."),
    capacityKg: optionalDecimal(3, KG_MESSAGE),
    defaultWeightKg: optionalDecimal(3, KG_MESSAGE),
    code: optionalText(30),
    useMemberCount: boolFlag,
    fees: rowsOf(feePeriodSchema, (p) => {
      const ranges = Array.isArray(p.ranges) ? (p.ranges as Record<string, unknown>[]) : [];
      return blank(p.validFrom) && blank(p.validTo) && ranges.every((r) => !r || Object.values(r).every(blank));
    }),
  })
  .superRefine((v, ctx) => {
    const sorted = v.fees.map((p, i) => ({ ...p, i })).sort((a, b) => (a.validFrom < b.validFrom ? -1 : 1));
    for (let k = 1; k < sorted.length; k++) {
      const prev = sorted[k - 1]!;
      if (!prev.validTo || sorted[k]!.validFrom <= prev.validTo) {
        ctx.addIssue({ code: "custom", path: ["fees", sorted[k]!.i, "validFrom"], message: "Období se překrývají." });
      }
    }
  });
export type YardWasteForm = z.infer<typeof yardWasteFormSchema>;
export const yardWasteUpdateSchema = withVersion(yardWasteFormSchema);
export type YardWasteUpdate = z.infer<typeof yardWasteUpdateSchema>;

export const activeBody = z.object({ active: boolFlag });

const feeRangeAnswer = z.object({
  fromKg: z.string(),
  toKg: z.string().nullable(),
  value: z.string(),
  note: z.string().nullable(),
});
export const feePeriodAnswer = z.object({
  validFrom: z.string(),
  validTo: z.string().nullable(),
  vatRate: z.number(),
  ranges: z.array(feeRangeAnswer),
});
export type FeePeriodAnswer = z.infer<typeof feePeriodAnswer>;

export const yardWaste = z.object({
  ...versionedIdAnswer,
  wasteTypeId: z.number(),
  wasteName: z.string(),
  catalogCode: z.string().nullable(),
  capacityKg: z.string().nullable(),
  defaultWeightKg: z.string().nullable(),
  code: z.string().nullable(),
  useMemberCount: z.boolean(),
  active: z.boolean(),
  fees: z.array(feePeriodAnswer),
});
export type YardWaste = z.infer<typeof yardWaste>;

export const openingAnswer = z.object({
  weekday: z.number(),
  openTime: z.string().nullable(),
  closeTime: z.string().nullable(),
  closed: z.boolean(),
});
export const yardDetail = yardListItem.extend({
  ...versionedIdAnswer,
  ...timestampsAnswer,
  reportPrintType: z.enum(REPORT_PRINT_TYPES),
  operatorIdentificationNumber: z.string().nullable(),
  zoneCode: z.string().nullable(),
  schedule: z.array(openingAnswer),
  exceptions: z.array(z.object({ day: z.string(), description: z.string().nullable() })),
  wastes: z.array(yardWaste),
  /** Visits, their weight and fees in the last 30 days (the detail's statistics). */
  stats: z.object({ visits: z.number(), weightKg: z.string(), fees: z.string() }),
});
export type YardDetail = z.infer<typeof yardDetail>;

/** The yards and their active wastes (the visit form's selects). */
export const yardOption = z.object({
  ...idNameAnswer,
  wastes: z.array(z.object({ id: z.number(), name: z.string(), defaultWeightKg: z.string().nullable() })),
});
export type YardOption = z.infer<typeof yardOption>;

/** The workload chart's buckets (spec 001 §2 Collection yards 'workload by month, week and day'). */
export const WORKLOAD_BUCKETS = ["month", "week", "day"] as const;
export type WorkloadBucket = (typeof WORKLOAD_BUCKETS)[number];
/** How many buckets each shows: the last 12 months, 12 weeks (Monday to Sunday) or 31 days, today's included. */
export const WORKLOAD_SPAN: Record<WorkloadBucket, number> = { month: 12, week: 12, day: 31 };
/** Top visitors by their number of visits or by the weight they brought. */
export const TOP_VISITOR_ORDERS = ["visits", "weight"] as const;
export type TopVisitorOrder = (typeof TOP_VISITOR_ORDERS)[number];
export const TOP_VISITOR_LIMIT = 10;

/** GET …/collection-yard/{id}/statistics: the workload's bucket, the period of top visitors and income, their order. */
export const yardStatisticsQuery = z
  .object({
    bucket: listFilter.select(WORKLOAD_BUCKETS),
    ...listFilter.dateRange(),
    topBy: listFilter.select(TOP_VISITOR_ORDERS),
  })
  .superRefine((v, ctx) => {
    if (v.dateFrom && v.dateTo && v.dateTo < v.dateFrom) {
      ctx.addIssue({ code: "custom", path: ["dateTo"], message: "Konec období je před jeho začátkem." });
    }
  });
export type YardStatisticsQuery = z.output<typeof yardStatisticsQuery>;

const sums = { weightKg: z.string(), feeWithoutVat: z.string(), vat: z.string(), fee: z.string() };

/** A yard's workload, top visitors and waste income (exact sums: kg with grams, money in hundredths). */
export const yardStatistics = z.object({
  bucket: z.enum(WORKLOAD_BUCKETS),
  /** Every bucket of the span, empty ones too, oldest first; `start` is its first day. */
  workload: z.array(z.object({ start: z.string(), visits: z.number(), weightKg: z.string() })),
  /** The period of top visitors and income (both days included; default: this year so far). */
  dateFrom: z.string(),
  dateTo: z.string(),
  topBy: z.enum(TOP_VISITOR_ORDERS),
  topVisitors: z.array(
    z.object({
      feePayerId: z.number(),
      feePayerName: z.string(),
      visits: z.number(),
      weightKg: z.string(),
      fee: z.string(),
    }),
  ),
  /** Every waste of the yard with what its records brought in the period. */
  income: z.array(
    z.object({ yardWasteId: z.number(), wasteName: z.string(), catalogCode: z.string().nullable(), ...sums }),
  ),
  incomeTotal: z.object(sums),
});
export type YardStatistics = z.infer<typeof yardStatistics>;
