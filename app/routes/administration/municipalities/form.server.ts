import type { ApiClient } from "~/server/api.server";
import { lookupCompany as lookupRegistry } from "~/server/registry-lookup.server";
import { lookupSchema } from "./form";

/** The 'Načíst z registru' button of the municipality form: the company fields of spec 001 §3 Municipality. */
export function lookupCompany(api: ApiClient, formData: FormData) {
  return lookupRegistry(api, formData, {
    schema: lookupSchema,
    fields: {
      identificationNumber: "identificationNumber",
      country: "country",
      vatNumber: "vatNumber",
      name: "companyName",
      streetAddress: "companyAddress",
      city: "city",
      zipcode: "zipCode",
    },
  });
}
