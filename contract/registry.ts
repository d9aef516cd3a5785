import { z } from "zod";

/**
 * Company registry lookups (spec 000 §3, §7): GET ares/{ico} for Czech numbers, rpo/{ico} for the others
 * (`registryFor` in contract/ico.ts picks one). Forms with company data fill their fields from the answer
 * (app/server/registry-lookup.server.ts).
 */
export const icoParams = z.object({ ico: z.string().max(20) });

/** Spec 000 §3 company lookup result. */
export const companyLookup = z.object({
  identificationNumber: z.string(),
  taxIdentificationNumber: z.string().nullable(),
  name: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  zipcode: z.string(),
});
export type CompanyLookup = z.infer<typeof companyLookup>;

/** The answer of both lookups. */
export const companyLookupAnswer = z.object({ data: companyLookup });
