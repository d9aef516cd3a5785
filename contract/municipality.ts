import { z } from "zod";
import {
  CONTACT_TYPES,
  COUNTRIES,
  DUPLICATE_HANDLING_STRATEGIES,
  EXTERNAL_ACCOUNT_TYPES,
  LABEL_TYPES,
  MUNICIPALITY_KINDS,
  MUNICIPALITY_MODULES,
  MUNICIPALITY_PERIODS,
  MUNICIPALITY_TYPES,
} from "./enums";
import {
  boolFlag,
  checkIco,
  optionalEmail,
  optionalText,
  requiredText,
  versionedIdAnswer,
  withVersion,
  zipText,
  contactAnswer,
  accountAnswer,
  idNameAnswer,
} from "./common";
import { listFilter, listQuery } from "./list";
import { municipalityListKeys } from "./lists";

const choose = "Vyberte hodnotu.";

export const contactSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  name: requiredText(200),
  type: z.enum(CONTACT_TYPES, { message: choose }),
  phone: optionalText(30).refine((v) => !v || /^\+?[0-9 ]{6,20}$/.test(v), {
    message: "Zadejte platné telefonní číslo.",
  }),
  email: optionalEmail,
});

/** Spec 001 §3 Municipality: the create/edit form and the POST/PUT body share this schema. */
export const municipalityFormSchema = z
  .object({
    name: requiredText(200),
    shortName: optionalText(50),
    type: z.enum(MUNICIPALITY_TYPES, { message: choose }),
    kind: z.enum(MUNICIPALITY_KINDS, { message: choose }),
    parentId: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.coerce.number().int().positive().optional(),
    ),
    district: optionalText(100),
    country: z.enum(COUNTRIES, { message: choose }),
    identificationNumber: optionalText(20),
    vatNumber: optionalText(20),
    companyName: optionalText(200),
    companyAddress: optionalText(200),
    city: optionalText(100),
    zipCode: zipText,
    labelType: z.enum(LABEL_TYPES, { message: choose }),
    monitoredPeriod: z.enum(MUNICIPALITY_PERIODS, { message: choose }),
    duplicateHandlingStrategy: z.enum(DUPLICATE_HANDLING_STRATEGIES, { message: choose }),
    note: optionalText(2000),
    contacts: z.array(contactSchema).max(20).default([]),
  })
  .superRefine(
    // Spec 001 §5: the identification number is checked by the country's rule (Czech checksum).
    (v, ctx) => checkIco(ctx, "identificationNumber", v.identificationNumber, v.country),
    // Also when other fields failed: the form shows every error at once, not the IČO one a round later.
    { when: (p) => !p.issues.some((i) => i.path?.[0] === "identificationNumber" || i.path?.[0] === "country") },
  );

export type MunicipalityForm = z.infer<typeof municipalityFormSchema>;
/** PUT municipality/{id}: the form with the version the user saw (decision 20). */
export const municipalityUpdateSchema = withVersion(municipalityFormSchema);
export type MunicipalityUpdate = z.infer<typeof municipalityUpdateSchema>;

/** GET municipality: search, district, active, parent, country and type filters; paging and sort (contract/lists.ts). */
export const municipalityList = listQuery(municipalityListKeys, {
  /** Name, short name, IČO or city. */
  search: listFilter.search(),
  /** One district, as the list's filter offers them (GET municipality/districts). */
  district: optionalText(100),
  active: listFilter.boolean(),
  parentId: listFilter.id(),
  country: listFilter.select(COUNTRIES),
  type: listFilter.select(MUNICIPALITY_TYPES),
});
export type MunicipalityListQuery = z.output<typeof municipalityList.query>;

export const municipalityListItem = z.object({
  ...idNameAnswer,
  district: z.string().nullable(),
  type: z.string(),
  country: z.string(),
  parentId: z.number().nullable(),
  parentName: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  lastRecordAt: z.string().nullable(),
  userCount: z.number(),
  active: z.boolean(),
});
export type MunicipalityListItem = z.infer<typeof municipalityListItem>;

export const municipalityDetail = z.object({
  ...versionedIdAnswer,
  name: z.string(),
  shortName: z.string().nullable(),
  type: z.string(),
  kind: z.string(),
  parentId: z.number().nullable(),
  parentName: z.string().nullable(),
  district: z.string().nullable(),
  country: z.enum(COUNTRIES),
  identificationNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  companyName: z.string().nullable(),
  companyAddress: z.string().nullable(),
  city: z.string().nullable(),
  zipCode: z.string().nullable(),
  labelType: z.string(),
  monitoredPeriod: z.string(),
  duplicateHandlingStrategy: z.string(),
  note: z.string().nullable(),
  active: z.boolean(),
  hasLogo: z.boolean(),
  lastLoginAt: z.string().nullable(),
  lastRecordAt: z.string().nullable(),
  contacts: z.array(
    z.object({
      ...idNameAnswer,
      type: z.string(),
      ...contactAnswer,
    }),
  ),
  modules: z.array(z.object({ module: z.enum(MUNICIPALITY_MODULES), enabled: z.boolean() })),
});
export type MunicipalityDetail = z.infer<typeof municipalityDetail>;

/** GET municipality/options: id and name of every municipality the user may see (selects, filters). */
export const municipalityOption = z.object({
  ...idNameAnswer,
  country: z.string(),
  active: z.boolean(),
});
export type MunicipalityOption = z.infer<typeof municipalityOption>;

/** GET municipality/{id}/users: the municipality's own users and those who manage it. */
export const municipalityUser = z.object({
  id: z.number(),
  ...accountAnswer,
  /** The role's name of spec 000 §6 (translated by `common:role.<role>`). */
  role: z.string(),
  active: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type MunicipalityUser = z.infer<typeof municipalityUser>;

/** GET municipality/{id}/external-accounts: the stored password never leaves the API, only whether one is set. */
export const externalAccount = z.object({
  id: z.number(),
  type: z.string(),
  login: z.string(),
  customerNumber: z.string().nullable(),
  hasPassword: z.boolean(),
});
export type ExternalAccount = z.infer<typeof externalAccount>;

export const activeBody = z.object({ active: boolFlag });
export const moduleBody = z.object({ enabled: boolFlag });
export const moduleParam = z.enum(MUNICIPALITY_MODULES);

/** Spec 001 §5: deleting a municipality's data requires typing a confirmation word. */
export const DELETE_DATA_WORD = "SMAZAT";
export const deleteDataBody = z.object({
  confirmation: z.string().refine((v) => v.trim().toUpperCase() === DELETE_DATA_WORD, {
    message: `Pro potvrzení napište ${DELETE_DATA_WORD}.`,
  }),
});

export const externalAccountSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  type: z.enum(EXTERNAL_ACCOUNT_TYPES, { message: choose }),
  login: requiredText(100),
  /** Empty on edit keeps the stored password. */
  password: optionalText(200),
  customerNumber: optionalText(50),
});
export const externalAccountsBody = z.object({ accounts: z.array(externalAccountSchema).max(50) });

// SVG is refused: it can carry scripts. The type is checked by the file's magic bytes, not its name.
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const LOGO_MAX_BYTES = 512 * 1024;
