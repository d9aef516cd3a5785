/**
 * Fee payers: spec 001 §2 'Fee payers', §3 Fee payer, §4 (active from/to, deactivation, chief), §5 (automatic
 * discount groups from the date of birth, IČO rules). Create/edit form and POST/PUT body share one schema.
 */
import { z } from "zod";
import { COUNTRIES } from "./enums";
import {
  boolFlag,
  checkIco,
  optionalEmail,
  optionalText,
  periodAnswer,
  selectedIds,
  storedTexts,
  timestampsAnswer,
  versionedIdAnswer,
  withVersion,
  contactAnswer,
} from "./common";
import { listFilter, listQuery } from "./list";
import { feePayerListKeys } from "./lists";
import { phoneField } from "./user";
import { dateField, optionalDate, optionalId, variableSymbolField, zipField } from "./subject";

export const FEE_PAYER_TYPES = ["Resident", "Company"] as const;
export type FeePayerType = (typeof FEE_PAYER_TYPES)[number];
export const ADDRESS_TYPES = ["Permanent", "Temporary", "Other"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const GENDERS = ["female", "male"] as const;
/** Spec 001 §5 automatic discount groups, derived from the date of birth. */
export const AGE_GROUPS = ["child", "adult", "senior"] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];
/** Age limits of the automatic groups: under 18 a child, from 65 a senior. */
export const CHILD_UNTIL_AGE = 18;
export const SENIOR_FROM_AGE = 65;

const choose = "Vyberte hodnotu.";

export const feePayerAddressSchema = z.object({
  type: z.enum(ADDRESS_TYPES, { message: choose }),
  street: optionalText(150),
  conscriptionNumber: optionalText(10),
  streetNumber: optionalText(10),
  city: optionalText(100),
  zipCode: zipField,
});
export type FeePayerAddress = z.infer<typeof feePayerAddressSchema>;

/** Full years between a date of birth and a day (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * The age a payer reaches in a year (the year − the year of birth): what an age discount of that year's fee looks at
 * (docs/fees.md), so a child turning 6 in March has the 6-year level all year.
 */
export const ageReachedIn = (dateOfBirth: string, year: number): number => year - Number(dateOfBirth.slice(0, 4));

/** Spec 001 §5: child, senior or the other age group, from the date of birth (null without one). */
export function ageGroupOf(dateOfBirth: string | null | undefined, day: string): AgeGroup | null {
  if (!dateOfBirth) return null;
  const age = ageOn(dateOfBirth, day);
  return age < CHILD_UNTIL_AGE ? "child" : age >= SENIOR_FROM_AGE ? "senior" : "adult";
}

/** The parts of a payer's name (feePayerName puts them together): a resident's names and titles, or a company's. */
const nameShape = {
  titleBefore: optionalText(30),
  firstName: optionalText(100),
  lastName: optionalText(100),
  titleAfter: optionalText(30),
  companyName: optionalText(200),
};

/** The address printed on the payment notice. */
const noticeAddressShape = {
  streetAddress: optionalText(200),
  city: optionalText(100),
  zipCode: zipField,
};

/** Spec 001 §3 Fee payer: the create/edit form and the POST/PUT body. */
export const feePayerFormSchema = z
  .object({
    type: z.enum(FEE_PAYER_TYPES, { message: choose }),
    ...nameShape,
    /** The country whose rule checks the company's IČO. */
    country: z.enum(COUNTRIES).default("CZ"),
    identificationNumber: optionalText(20),
    vatNumber: optionalText(20),
    gender: z.preprocess((v) => (v === "" ? undefined : v), z.enum(GENDERS, { message: choose }).optional()),
    phone: phoneField,
    email: optionalEmail,
    variableSymbol: variableSymbolField,
    dateOfBirth: optionalDate(),
    ...noticeAddressShape,
    addresses: z.array(feePayerAddressSchema).max(10).default([]),
    /** Ids of the municipality's fixed discounts (type Other; the age ones apply by themselves). */
    discountIds: z.array(z.coerce.number().int().positive()).max(50).default([]),
    activeFrom: dateField("Zadejte datum, od kdy je poplatník aktivní."),
    activeTo: optionalDate(),
    /** The end of the fee period. */
    periodEnd: optionalDate(),
    registered: boolFlag.default(false),
    note: optionalText(2000),
    /** Create only (from a subject's detail): the subject the new payer joins from activeFrom, and whether as chief. */
    subjectId: optionalId,
    isChief: boolFlag.default(false),
  })
  .superRefine((v, ctx) => {
    if (v.type === "Resident") {
      if (!v.firstName) ctx.addIssue({ code: "custom", path: ["firstName"], message: "Vyplňte jméno." });
      if (!v.lastName) ctx.addIssue({ code: "custom", path: ["lastName"], message: "Vyplňte příjmení." });
    } else {
      if (!v.companyName) ctx.addIssue({ code: "custom", path: ["companyName"], message: "Vyplňte název firmy." });
      if (!v.identificationNumber)
        ctx.addIssue({ code: "custom", path: ["identificationNumber"], message: "Vyplňte IČO." });
      else checkIco(ctx, "identificationNumber", v.identificationNumber, v.country);
    }
    if (v.activeTo && v.activeTo < v.activeFrom) {
      ctx.addIssue({ code: "custom", path: ["activeTo"], message: "Konec nemůže být před začátkem." });
    }
    if (v.periodEnd && v.periodEnd < v.activeFrom) {
      ctx.addIssue({ code: "custom", path: ["periodEnd"], message: "Konec období nemůže být před začátkem." });
    }
    if (v.dateOfBirth && v.dateOfBirth > new Date().toISOString().slice(0, 10)) {
      ctx.addIssue({ code: "custom", path: ["dateOfBirth"], message: "Datum narození nemůže být v budoucnosti." });
    }
  });
export type FeePayerForm = z.infer<typeof feePayerFormSchema>;
/** PUT …/fee-payer/{id}: the form with the version the user saw (decision 20). */
export const feePayerUpdateSchema = withVersion(feePayerFormSchema);
export type FeePayerUpdate = z.infer<typeof feePayerUpdateSchema>;

/** GET municipality/{id}/fee-payer: spec 001 §2 filters (search, date of birth, fixed discounts, registered, active). */
export const feePayerList = listQuery(feePayerListKeys, {
  search: listFilter.search(),
  /** Born on or after / on or before. */
  bornFrom: listFilter.date(),
  bornTo: listFilter.date(),
  discountId: listFilter.id(),
  registered: listFilter.boolean(),
  /** 'all' or absent: everybody; 'true' active today; 'false' not active today. */
  active: listFilter.select(["true", "false", "all"]),
  /** The subject's current members only. */
  subjectId: listFilter.id(),
});
export type FeePayerListQuery = z.output<typeof feePayerList.query>;

export const feePayerListItem = z.object({
  id: z.number(),
  type: z.enum(FEE_PAYER_TYPES),
  /** 'Novák Jan' / company name, with titles. */
  name: z.string(),
  dateOfBirth: z.string().nullable(),
  variableSymbol: z.string().nullable(),
  email: z.string().nullable(),
  /** The current subjects' names, comma separated (for the list). */
  subjects: z.string().nullable(),
  activeFrom: z.string(),
  activeTo: z.string().nullable(),
  active: z.boolean(),
  registered: z.boolean(),
  hasLogin: z.boolean(),
  ageGroup: z.enum(AGE_GROUPS).nullable(),
  discounts: z.array(z.string()),
  finalFee: z.string().nullable(),
});
export type FeePayerListItem = z.infer<typeof feePayerListItem>;

/** A discount the payer has, by id and name. */
const discountRef = z.object({ id: z.number(), name: z.string() });

export const feePayerDetail = z.object({
  ...versionedIdAnswer,
  municipalityId: z.number(),
  type: z.enum(FEE_PAYER_TYPES),
  name: z.string(),
  ...storedTexts(nameShape),
  identificationNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  ...contactAnswer,
  variableSymbol: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  ...storedTexts(noticeAddressShape),
  addresses: z.array(feePayerAddressSchema.extend({ id: z.number() })),
  discounts: z.array(discountRef),
  /** Spec 001 §5: the automatic group and the municipality's age discounts that apply today. */
  ageGroup: z.enum(AGE_GROUPS).nullable(),
  ageDiscounts: z.array(discountRef),
  activeFrom: z.string(),
  activeTo: z.string().nullable(),
  periodEnd: z.string().nullable(),
  active: z.boolean(),
  activeChangedAt: z.string().nullable(),
  registered: z.boolean(),
  registeredAt: z.string().nullable(),
  /** The citizen login made by 'generate login'. */
  login: z.object({ userId: z.number(), userName: z.string(), active: z.boolean() }).nullable(),
  finalFee: z.string().nullable(),
  feeRecordCount: z.number(),
  note: z.string().nullable(),
  ...timestampsAnswer,
});
export type FeePayerDetail = z.infer<typeof feePayerDetail>;

/** GET …/fee-payer/{id}/history: spec 001 §2 history table (subject name, address, period start, final fee). */
export const feePayerHistoryRow = z.object({
  membershipId: z.number(),
  subjectId: z.number(),
  subjectName: z.string(),
  address: z.string(),
  ...periodAnswer,
  isChief: z.boolean(),
  current: z.boolean(),
  /**
   * The payer's final fee at this collection point in the newest year of the membership that has one (feeYear); null
   * until a fee is calculated. Years are not summed: a long membership would read as one huge fee.
   */
  feeYear: z.number().nullable(),
  finalFee: z.string().nullable(),
});
export type FeePayerHistoryRow = z.infer<typeof feePayerHistoryRow>;

/** POST …/fee-payer/{id}/deactivate: spec 001 §2 deactivate modal (birth date and period end date). */
export const deactivateBody = z
  .object({
    /** The day the payer stops being active (memberships end the same day). */
    activeTo: dateField("Zadejte datum deaktivace."),
    periodEnd: optionalDate(),
    /** Filled in or corrected with the deactivation (the modal shows it). */
    dateOfBirth: optionalDate(),
  })
  .refine((v) => !v.periodEnd || v.periodEnd >= v.activeTo, {
    path: ["periodEnd"],
    message: "Konec období nemůže být před deaktivací.",
  });

/** PATCH …/fee-payer/register: mark payers registered (or not), singly or in bulk. */
export const registerBody = z.object({
  feePayerIds: selectedIds,
  registered: z.boolean().default(true),
});

/** POST …/fee-payer/{id}/generate-login: a citizen login by e-mail invitation, or a PDF letter with credentials. */
export const GENERATE_LOGIN_METHODS = ["email", "pdf"] as const;
export const generateLoginBody = z.object({
  method: z.enum(GENERATE_LOGIN_METHODS, { message: choose }),
  /** For 'email': the address to send to (default the payer's own; stored on the payer when it had none). */
  email: optionalEmail,
});

/** Id and name for pickers (add a payer to a subject). */
export const feePayerOptionsQuery = z.object({ search: optionalText(100) });
export const feePayerOption = z.object({ id: z.number(), name: z.string(), dateOfBirth: z.string().nullable() });

/** The municipality's fixed discounts, for the filter and the form. */
export const discountOption = z.object({ id: z.number(), name: z.string(), type: z.enum(["Age", "Other"]) });
export type DiscountOption = z.infer<typeof discountOption>;

/** Display name: 'Ing. Jan Novák, Ph.D.' for residents, the company name for companies. */
export function feePayerName(p: {
  type: string;
  titleBefore?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  titleAfter?: string | null;
  companyName?: string | null;
}): string {
  if (p.type === "Company") return p.companyName ?? "";
  const core = [p.titleBefore, p.firstName, p.lastName].filter(Boolean).join(" ");
  return p.titleAfter ? `${core}, ${p.titleAfter}` : core;
}
