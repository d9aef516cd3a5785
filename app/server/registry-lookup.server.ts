import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { SubmissionResult } from "@conform-to/react";
import type { ApiClient } from "./api.server";
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

/** The lookup's answer: the form's Conform reply (with the registry's values, or the error under the number) and its status. */
export type CompanyLookup = { status: number; result: SubmissionResult<string[]> };

/**
 * The 'Načíst z registru' button of any form with company data (decision 0005): fills the mapped fields from
 * ARES/RPO by IČO (GET ares/{ico} or rpo/{ico}, api.result.registry). Works without JavaScript: the answer is the
 * submitted form with the registry's values put in (Conform resets the form to `initialValue`). `schema` is the
 * form's own lookup schema (the same one its client validation uses for the lookup intent); it must check at least
 * the number and the country fields. The form's action answers it with its ActionAnswer.
 */
export async function readCompany(
  api: ApiClient,
  formData: FormData,
  options: { schema: z.ZodType<Record<string, unknown>>; fields: RegistryFields },
): Promise<CompanyLookup> {
  const { schema, fields } = options;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return { status: 422, result: submission.reply() };
  const identificationNumber = String(submission.value[fields.identificationNumber] ?? "");
  const country = String(submission.value[fields.country] ?? "");
  const res = await api.result.registry[registryFor(country)]({ ico: identificationNumber });
  if (!res.ok) {
    const message = res.problem.errors?.identificationNumber?.[0] ?? res.problem.Message;
    return {
      status: res.status === 422 ? 422 : 200,
      result: submission.reply({ fieldErrors: { [fields.identificationNumber]: [message] } }),
    };
  }
  const found = res.data.data;
  const reply = submission.reply();
  return {
    status: 200,
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
  };
}
