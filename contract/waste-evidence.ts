/**
 * Waste evidence records entered and corrected by hand (issue 13 part 6): spec 001 §2 'Waste evidence records'
 * (create with add-another and 'Tento kód neexistuje!', edit, detail with the chart, discard), §3 Waste evidence
 * record, §5 fullness, §9 nonconforming states and severity. The list's query and row are in ./collection.ts
 * (evidenceList, evidenceListItem). docs/waste-evidence.md says what a discard changes and how the chart counts.
 */
import { z } from "zod";
import { fromPragueLocal } from "./calendar";
import { positionAnswer, requiredText, timestampsAnswer, versionShape } from "./common";
import { evidenceListItem } from "./collection";
import { FULLNESS_MAX, NONCONFORMING_STATE_IDS, type NonconformingStateId } from "./collection-import";
import { optionalId } from "./subject";

/** Spec 001 §5 'Bin code entry': the code is no barcode, plain code or RFID of the municipality. */
export const EVIDENCE_CODE_UNKNOWN = "Tento kód neexistuje!";
export const EVIDENCE_DUPLICATE_INSTANT = "Nádoba už má záznam v tento okamžik.";
export const EVIDENCE_DISCARDED = "Záznam je vyřazený.";

/** The longest code a form may carry (the record's code column). */
export const EVIDENCE_CODE_MAX = 60;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const isNonconforming = (n: number): n is NonconformingStateId =>
  (NONCONFORMING_STATE_IDS as readonly number[]).includes(n);

const DATE_TIME_MESSAGE = "Zadejte platné datum a čas.";
/** When the bin was emptied: Europe/Prague wall time as a datetime-local field sends it ('2026-11-20T07:30'). */
const collectedAtField = z
  .string({ message: DATE_TIME_MESSAGE })
  .trim()
  .refine((v) => fromPragueLocal(v) !== null, { message: DATE_TIME_MESSAGE })
  .refine((v) => v.slice(0, 4) >= "2000" && v.slice(0, 4) <= "2100", { message: DATE_TIME_MESSAGE });

const FULLNESS_MESSAGE = "Naplněnost je celé číslo 0–200 %.";
/** Spec 001 §5: percent, 100 full, 200 overfilled (the form warns above 100); empty: not read. */
const fullnessField = z.preprocess(
  blank,
  z.coerce
    .number({ message: FULLNESS_MESSAGE })
    .int({ message: FULLNESS_MESSAGE })
    .min(0, { message: FULLNESS_MESSAGE })
    .max(FULLNESS_MAX, { message: FULLNESS_MESSAGE })
    .optional(),
);

const WEIGHT_MESSAGE = "Zadejte hmotnost v kg, nejvýše na 3 desetinná místa.";
/** kg as an exact decimal text ('12,5' → '12.5'), at most 3 places and below a million kg; empty: not weighed. */
const weightField = z.preprocess(
  (v) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim().replace(",", ".") || undefined : v),
  z
    .string({ message: WEIGHT_MESSAGE })
    .regex(/^\d{1,6}(\.\d{1,3})?$/, { message: WEIGHT_MESSAGE })
    .optional(),
);

const STATES_MESSAGE = "Vyberte stavy nevyhovění ze seznamu.";
/** Spec 001 §9 nonconforming states (checkboxes): a subset of 1, 33, 34, 52, 53, answered sorted. */
const nonconformingField = z
  .array(z.coerce.number({ message: STATES_MESSAGE }).int({ message: STATES_MESSAGE }))
  .max(NONCONFORMING_STATE_IDS.length, { message: STATES_MESSAGE })
  .refine((ids) => ids.every(isNonconforming), { message: STATES_MESSAGE })
  .default([])
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b) as NonconformingStateId[]);

/** The fields of a record typed by hand (create and edit). */
const evidenceShape = {
  /** A barcode, plain code or RFID of the municipality's bin. */
  code: requiredText(EVIDENCE_CODE_MAX),
  collectedAt: collectedAtField,
  /** Default: the bin's waste type. */
  wasteTypeId: optionalId,
  fullness: fullnessField,
  weightKg: weightField,
  nonconformingStateIds: nonconformingField,
};

/** POST municipality/{id}/waste-evidence: a manual record (origin WebManual), optionally within a collection. */
export const evidenceCreateSchema = z.object({ ...evidenceShape, wasteCollectionId: optionalId });
export type EvidenceCreate = z.output<typeof evidenceCreateSchema>;

/** PUT municipality/{id}/waste-evidence/{evidenceId}: the same fields with the version the user saw (decision 20). */
export const evidenceEditSchema = z.object(evidenceShape);
export const evidenceUpdateSchema = z.object({
  ...evidenceShape,
  ...versionShape,
});
export type EvidenceUpdate = z.output<typeof evidenceUpdateSchema>;

/** GET municipality/{id}/waste-evidence/{evidenceId}: the list's row with what the detail names. */
export const evidenceDetail = evidenceListItem.extend({
  headerBarcode: z.string().nullable(),
  headerPlainCode: z.string().nullable(),
  binName: z.string().nullable(),
  subjectAddress: z.string().nullable(),
  /** The record's own fee payer, else the subject's chief payer on the day of the record. */
  feePayerName: z.string().nullable(),
  wasteCollectionName: z.string().nullable(),
  ...positionAnswer,
  rowNumber: z.number().nullable(),
  importJobId: z.number().nullable(),
  ...timestampsAnswer,
});
export type EvidenceDetail = z.infer<typeof evidenceDetail>;

/** One month of the detail's chart (docs/waste-evidence.md 'The chart'). */
export const evidenceChartMonth = z.object({
  /** 'YYYY-MM' (a Europe/Prague calendar month). */
  month: z.string(),
  /** Records of the bin in the month (discarded ones not counted). */
  records: z.number(),
  /** The sum of their acknowledged weights, kg, an exact decimal. */
  acknowledgedKg: z.string(),
  /** Penalization: records with at least one nonconforming state … */
  penalized: z.number(),
  /** … of which with a Major one (spec 001 §9 severity). */
  major: z.number(),
  /** Waste overflow: records fuller than 100 %. */
  overflow: z.number(),
});
export type EvidenceChartMonth = z.infer<typeof evidenceChartMonth>;
/** GET …/waste-evidence/{evidenceId}/chart: the bin's 12 months up to the record's month, oldest first. */
export const evidenceChart = z.object({ headerId: z.number().nullable(), months: z.array(evidenceChartMonth) });
export type EvidenceChart = z.infer<typeof evidenceChart>;
