import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { ApiClient } from "./api.server";
import { answer } from "./action.server";
import { registryFor } from "#contract/ico";

/** The intent of the 'Načíst z registru' button. */
export const LOOKUP = "lookup";

/** Which form fields hold the number and the country, and which receive the registry's values. */
export interface RegistryFields {
  identificationNumber: string;
  country: string;
  vatNumber: string;
  name: string;
  streetAddress: string;
  city: string;
  zipcode: string;
}

/**
 * The 'Načíst z registru' button of any form with company data (decision 0005): fills the mapped fields from
 * ARES/RPO by IČO. Works without JavaScript: the answer is the submitted form with the registry's values put in
 * (Conform resets the form to `initialValue`). `schema` is the form's own lookup schema (the same one its client
 * validation uses for the lookup intent); it must check at least the number and the country fields. Answers the
 * ActionAnswer of intent 'lookup' (GET ares/{ico} or rpo/{ico} through api.result.registry).
 */
export async function lookupCompany(
  api: ApiClient,
  formData: FormData,
  options: { schema: z.ZodType<Record<string, unknown>>; fields: RegistryFields },
) {
  const { schema, fields } = options;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return answer({ intent: LOOKUP, result: submission.reply() }, 422);
  const identificationNumber = String(submission.value[fields.identificationNumber] ?? "");
  const country = String(submission.value[fields.country] ?? "");
  const res = await api.result.registry[registryFor(country)]({ ico: identificationNumber });
  if (!res.ok) {
    const message = res.problem.errors?.identificationNumber?.[0] ?? res.problem.Message;
    return answer(
      { intent: LOOKUP, result: submission.reply({ fieldErrors: { [fields.identificationNumber]: [message] } }) },
      res.status === 422 ? 422 : 200,
    );
  }
  const found = res.data.data;
  const reply = submission.reply();
  return answer(
    {
      intent: LOOKUP,
      result: {
        ...reply,
        status: undefined,
        initialValue: {
          ...(reply.initialValue ?? {}),
          [fields.identificationNumber]: found.identificationNumber,
          [fields.vatNumber]: found.taxIdentificationNumber ?? "",
          [fields.name]: found.name,
          [fields.streetAddress]: found.streetAddress,
          [fields.city]: found.city,
          [fields.zipcode]: found.zipcode,
        },
      },
    },
    200,
  );
}
