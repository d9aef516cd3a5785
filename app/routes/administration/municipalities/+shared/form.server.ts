import type { AppLoadContext } from "react-router";
import { municipalityFormSchema, municipalityUpdateSchema } from "#contract/municipality";
import type { ApiClient } from "~/server/api.server";
import { answer, formAnswer, redirectWithFlash } from "~/server/action.server";
import { submitForm } from "~/server/form.server";
import { userT } from "~/server/i18n.server";
import { LOOKUP, readCompany } from "~/server/registry-lookup.server";
import { lookupSchema } from "./form";
import { municipalityPath } from "./ui";

/** The 'Načíst z registru' button of the municipality form: the company fields of spec 001 §3 Municipality. */
function lookupCompany(api: ApiClient, formData: FormData) {
  return readCompany(api, formData, {
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

/** Parents a municipality may have: every municipality the user sees, except itself. */
export async function parentOptions(api: ApiClient, except?: number) {
  const { items } = await api.municipality.options();
  return items.filter((o) => o.id !== except).map(({ id, name }) => ({ id, name }));
}

/**
 * The create and edit screens' action: the registry lookup, or POST municipality / PUT municipality/{id}; a saved
 * municipality opens its detail.
 */
export async function municipalityFormAction(
  api: ApiClient,
  context: AppLoadContext,
  formData: FormData,
  municipalityId?: number,
) {
  const intent = String(formData.get("intent") ?? "");
  if (intent === LOOKUP) {
    const { status, result } = await lookupCompany(api, formData);
    return answer({ intent, result }, status);
  }
  const outcome = municipalityId
    ? await submitForm(formData, municipalityUpdateSchema, (value) =>
        api.municipality.update({ municipalityId }, value),
      )
    : await submitForm(formData, municipalityFormSchema, (value) => api.municipality.create({}, value));
  if (!outcome.ok) return formAnswer(intent, outcome);
  const t = await userT(api.session);
  const text = municipalityId ? t("municipality:flash.saved") : t("municipality:flash.created");
  return redirectWithFlash(api, context, municipalityPath(municipalityId ?? outcome.data.id), text);
}
