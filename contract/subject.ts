/**
 * Collection points (subjects): spec 001 §2 'Collection points (subjects)', §3 Subject, §4, §9 subject types.
 * The create/edit form and the POST/PUT body share `subjectFormSchema`; the list's query and answer, the detail
 * and the smaller calls of the detail screen are typed here once for the API and the web part.
 */
import { z } from "zod";
import { COUNTRIES, SUBJECT_TYPES } from "./enums";
import { isCalendarDay } from "./calendar";
import {
  boolFlag,
  checkIco,
  chosenId,
  optionalText,
  periodAnswer,
  requiredText,
  selectedIds,
  storedTexts,
  timestampsAnswer,
  versionAnswer,
  versionField,
  withVersion,
  yearField,
  zipText,
  feePayerRefAnswer,
  openValidityAnswer,
  idNameAnswer,
} from "./common";
import { listFilter, listQuery } from "./list";
import { subjectListKeys } from "./lists";
import { feeAmountsAnswer } from "./fee";

export const DISPOSE_FREQUENCY_PERIODS = ["Month", "Year"] as const;
export type DisposeFrequencyPeriod = (typeof DISPOSE_FREQUENCY_PERIODS)[number];
export type SubjectType = (typeof SUBJECT_TYPES)[number];

const choose = "Vyberte hodnotu.";

/** '' from a form → undefined; otherwise a positive integer id. */
export const optionalId = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce.number({ message: choose }).int().positive().optional(),
);

/** A date of a form or query: YYYY-MM-DD, a real calendar day. */
export const dateField = (message = "Zadejte platné datum.") =>
  z
    .string({ message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message })
    .refine(isCalendarDay, { message });
export const optionalDate = (message?: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), dateField(message).optional());

/** Czech/Slovak zip code: 5 digits, optionally '123 45'; stored without the space. */
export const zipField = zipText.transform((v) => v?.replace(" ", ""));

/** The collection point a form assigns something to (codes, bins, waste cards). */
export const subjectIdField = chosenId("Vyberte odběrné místo.");

/** Variable symbol (Czech payment reference): up to 10 digits, unique per municipality. */
export const variableSymbolField = optionalText(10).refine((v) => !v || /^\d{1,10}$/.test(v), {
  message: "Variabilní symbol má nejvýše 10 číslic.",
});

/** House numbers: digits with an optional letter ('12a'). */
const houseNumber = optionalText(10).refine((v) => !v || /^\d{1,6}[a-zA-Z]?$/.test(v), {
  message: "Zadejte číslo (případně s písmenem, např. 12a).",
});

/** Spec 001 §3 Subject address and spec 000 §3 address fields. */
export const subjectAddressShape = {
  cityDistrict: optionalText(100),
  street: optionalText(150),
  conscriptionNumber: houseNumber,
  streetNumber: houseNumber,
  provisionalNumber: houseNumber,
  zipCode: zipField,
  city: optionalText(100),
};

/** The subject's operator company (spec 001 §3), as stored; the form adds the country that decides the IČO rule. */
const operatorShape = {
  operatorIdentificationNumber: optionalText(20),
  operatorVatNumber: optionalText(20),
  operatorCompanyName: optionalText(200),
  operatorInvoiceAddress: optionalText(200),
  operatorZipCode: zipField,
  operatorCity: optionalText(100),
};

/** Spec 001 §3 Subject: every field of the create/edit form (and the POST/PUT body). */
export const subjectFormSchema = z
  .object({
    type: z.enum(SUBJECT_TYPES, { message: choose }),
    name: requiredText(200),
    /** Printed on the label. */
    shortName: optionalText(50),
    variableSymbol: variableSymbolField,
    establishmentIdentificationNumber: optionalText(20),
    householdCode: optionalText(30),
    parentId: optionalId,
    externalChief: boolFlag.default(false),
    /** The operator company (filled from the registry by IČO); its country decides the IČO rule. */
    operatorCountry: z.enum(COUNTRIES).default("CZ"),
    ...operatorShape,
    description: optionalText(2000),
    ...subjectAddressShape,
  })
  .superRefine(
    (v, ctx) => {
      // Spec 001 §5: the company identification number by the country's rule.
      checkIco(ctx, "operatorIdentificationNumber", v.operatorIdentificationNumber, v.operatorCountry);
      if (!v.street && !v.conscriptionNumber && !v.city) {
        ctx.addIssue({ code: "custom", path: ["street"], message: "Zadejte ulici, číslo popisné nebo obec." });
      }
    },
    { when: (p) => !p.issues.some((i) => i.path?.[0] === "operatorIdentificationNumber") },
  );
export type SubjectForm = z.infer<typeof subjectFormSchema>;
/** PUT …/subject/{id}: the form with the version the user saw (decision 20). */
export const subjectUpdateSchema = withVersion(subjectFormSchema);
export type SubjectUpdate = z.infer<typeof subjectUpdateSchema>;

/**
 * GET municipality/{id}/subject: spec 001 §2 filters (search, type, city district, street, paid, has bins, parent);
 * paging and the sort keys of contract/lists.ts.
 */
export const subjectList = listQuery(subjectListKeys, {
  search: listFilter.search(),
  type: listFilter.select(SUBJECT_TYPES),
  /** Exact values from GET subject/filters. */
  cityDistrict: optionalText(100),
  street: optionalText(150),
  feePaid: listFilter.boolean(),
  hasBins: listFilter.boolean(),
  /** The children of one collection point (the detail's 'all children' link). */
  parentId: listFilter.id(),
});
export type SubjectListQuery = z.output<typeof subjectList.query>;

/** One row of the subject list. */
export const subjectListItem = z.object({
  id: z.number(),
  type: z.enum(SUBJECT_TYPES),
  name: z.string(),
  shortName: z.string().nullable(),
  variableSymbol: z.string().nullable(),
  /** 'Hasskova 845/12, Vnitřní Město' — formatted by the API once (formatSubjectAddress). */
  address: z.string(),
  street: z.string().nullable(),
  cityDistrict: z.string().nullable(),
  parentId: z.number().nullable(),
  parentName: z.string().nullable(),
  memberCount: z.number(),
  binCount: z.number(),
  /** Decimal string, e.g. '2400.00'. */
  totalFee: z.string(),
  feePaid: z.boolean(),
});
export type SubjectListItem = z.infer<typeof subjectListItem>;

/** GET municipality/{id}/subject/{subjectId}: every field plus what the detail header shows. */
export const subjectDetail = subjectListItem.extend({
  ...versionAnswer,
  municipalityId: z.number(),
  establishmentIdentificationNumber: z.string().nullable(),
  householdCode: z.string().nullable(),
  externalChief: z.boolean(),
  ...storedTexts(operatorShape),
  description: z.string().nullable(),
  ...storedTexts(subjectAddressShape),
  sortRatio: z.string().nullable(),
  feePaidChangedAt: z.string().nullable(),
  disposeFrequencyPeriod: z.enum(DISPOSE_FREQUENCY_PERIODS).nullable(),
  orderedDisposeCount: z.number().nullable(),
  childCount: z.number(),
  ...timestampsAnswer,
});
export type SubjectDetail = z.infer<typeof subjectDetail>;

/** Id and name for pickers (parent, add payer to a subject); `search` narrows, at most 20 answered. */
export const subjectOptionsQuery = z.object({
  search: optionalText(100),
  /** Leave this subject and its descendants out (the parent picker must not offer a cycle). */
  exclude: z.coerce.number().int().positive().optional(),
});
export const subjectOption = z.object({
  ...idNameAnswer,
  address: z.string(),
  type: z.enum(SUBJECT_TYPES),
});
export type SubjectOption = z.infer<typeof subjectOption>;

/** GET municipality/{id}/subject/filters: the values the list's select filters offer. */
export const subjectFilterValues = z.object({ cityDistricts: z.array(z.string()), streets: z.array(z.string()) });
export type SubjectFilterValues = z.infer<typeof subjectFilterValues>;

/** PATCH municipality/{id}/subject/fee-paid: mark fee paid or unpaid, singly or in bulk. */
export const feePaidBody = z.object({
  subjectIds: selectedIds,
  paid: z.boolean(),
});

/** PATCH municipality/{id}/subject/{subjectId}/parent: null removes the parent. */
export const setParentBody = z.object({ parentId: z.number().int().positive().nullable() });

/** Ordered collections per month or year: the dispose frequency of a subject and of a bin (each adds its version). */
export const disposeFrequencyShape = {
  period: z.enum(DISPOSE_FREQUENCY_PERIODS, { message: choose }),
  orderedDisposeCount: z.coerce
    .number({ message: "Zadejte počet svozů." })
    .int({ message: "Zadejte celé číslo." })
    .min(0, { message: "Počet nemůže být záporný." })
    .max(400, { message: "Nejvýše 400 svozů." }),
};

/** PUT municipality/{id}/subject/{subjectId}/dispose-frequency: ordered collections per month or year. */
export const disposeFrequencyBody = z.object({
  ...disposeFrequencyShape,
  /** The subject's version (decision 20): the frequency is a column of the subject. */
  version: versionField,
});

/** GET municipality/{id}/subject/{subjectId}/delete-impact: what deleting the subject takes along (shown first). */
export const subjectDeleteImpact = z.object({
  memberships: z.number(),
  wasteCards: z.number(),
  fees: z.number(),
  children: z.number(),
  bins: z.number(),
});
export type SubjectDeleteImpact = z.infer<typeof subjectDeleteImpact>;

/** One membership row of the subject's fee payers table (current first, then history). */
export const subjectMember = z.object({
  membershipId: z.number(),
  feePayerId: z.number(),
  name: z.string(),
  type: z.enum(["Company", "Resident"]),
  dateOfBirth: z.string().nullable(),
  variableSymbol: z.string().nullable(),
  ...periodAnswer,
  isChief: z.boolean(),
  /** Valid today. */
  current: z.boolean(),
});
export type SubjectMember = z.infer<typeof subjectMember>;

/** POST municipality/{id}/subject/{subjectId}/fee-payers: add an existing payer as a member from a day. */
export const addMemberBody = z.object({
  feePayerId: chosenId("Vyberte poplatníka."),
  validFrom: dateField(),
  isChief: boolFlag.default(false),
});
/** PATCH …/fee-payers/{membershipId}/chief. */
export const chiefBody = z.object({ isChief: z.boolean() });
/** POST …/fee-payers/{membershipId}/end: the payer leaves the subject on validTo (the row stays as history). */
export const endMemberBody = z.object({ validTo: dateField() });

/** A waste card of the subject detail's table (spec 001 §3 Waste card). */
export const subjectWasteCard = z.object({
  id: z.number(),
  plainCode: z.string(),
  code: z.string(),
  ...feePayerRefAnswer,
  state: z.enum(["Free", "Assigned", "Discarded", "Expired"]),
  ...openValidityAnswer,
  virtual: z.boolean(),
});
export type SubjectWasteCard = z.infer<typeof subjectWasteCard>;
/** POST …/waste-cards/virtual: a virtual card for the subject, optionally for one of its payers. */
export const virtualCardBody = z.object({ feePayerId: optionalId });

/** GET …/fees?view=yearly|monthly&year=: the fee records of the subject (written by the fees area). */
export const subjectFeesQuery = z.object({
  view: z.enum(["yearly", "monthly"]).default("yearly"),
  year: yearField.optional(),
});
export const subjectFeeRow = z.object({
  year: z.number(),
  month: z.number().nullable(),
  feePayerName: z.string().nullable(),
  ...feeAmountsAnswer,
});
export type SubjectFeeRow = z.infer<typeof subjectFeeRow>;

/** GET …/hierarchy: the whole tree the subject belongs to (from its top ancestor), for the hierarchy modal. */
export type SubjectTreeNode = {
  id: number;
  name: string;
  type: SubjectType;
  totalFee: string;
  children: SubjectTreeNode[];
};
export const subjectTreeNode: z.ZodType<SubjectTreeNode> = z.lazy(() =>
  z.object({
    ...idNameAnswer,
    type: z.enum(SUBJECT_TYPES),
    totalFee: z.string(),
    children: z.array(subjectTreeNode),
  }),
);

/** 'Hasskova 845/12' (street, conscription/street number or 'ev. č.' provisional number), then the district. */
export function formatSubjectAddress(a: {
  street?: string | null;
  conscriptionNumber?: string | null;
  streetNumber?: string | null;
  provisionalNumber?: string | null;
  cityDistrict?: string | null;
  city?: string | null;
}): string {
  const number = a.conscriptionNumber
    ? a.streetNumber
      ? `${a.conscriptionNumber}/${a.streetNumber}`
      : a.conscriptionNumber
    : a.provisionalNumber
      ? `ev. č. ${a.provisionalNumber}`
      : (a.streetNumber ?? "");
  const line = [a.street ?? a.city ?? "", number].filter(Boolean).join(" ");
  return [line, a.cityDistrict].filter(Boolean).join(", ");
}
