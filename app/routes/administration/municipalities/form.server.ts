import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ApiClient } from "~/server/api.server";
import { registryFor } from "~/lib/ico";
import { lookupSchema } from "./form";

interface Lookup {
  data: { identificationNumber: string; taxIdentificationNumber: string | null; name: string; streetAddress: string; city: string; zipcode: string };
}

/**
 * The 'Načíst z registru' button: fills company data from ARES/RPO by IČO. Works without JavaScript: the answer
 * is the submitted form with the registry's values put in (Conform resets the form to `initialValue`).
 */
export async function lookupCompany(api: ApiClient, formData: FormData) {
  const submission = parseWithZod(formData, { schema: lookupSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  const { identificationNumber, country } = submission.value;
  const res = await api.request<Lookup>("GET", `/${registryFor(country)}/${encodeURIComponent(identificationNumber)}`);
  if (!res.ok) {
    return data(
      { result: submission.reply({ fieldErrors: { identificationNumber: [res.problem.errors?.identificationNumber?.[0] ?? res.problem.Message] } }) },
      { status: res.status === 422 ? 422 : 200 },
    );
  }
  const found = res.data.data;
  const reply = submission.reply();
  return {
    result: {
      ...reply,
      status: undefined,
      initialValue: {
        ...(reply.initialValue ?? {}),
        identificationNumber: found.identificationNumber,
        vatNumber: found.taxIdentificationNumber ?? "",
        companyName: found.name,
        companyAddress: found.streetAddress,
        city: found.city,
        zipCode: found.zipcode,
      },
    },
  };
}
