import type { AppLoadContext } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { subjectFormSchema, subjectUpdateSchema, type SubjectOption } from "#contract/subject";
import { isValidIco } from "#contract/ico";
import type { ApiClient } from "~/server/api.server";
import { answer, formAnswer, formId, redirectWithFlash } from "~/server/action.server";
import { submitForm } from "~/server/form.server";
import { userT } from "~/server/i18n.server";
import { readCompany } from "~/server/registry-lookup.server";
import { lookupSchema, parentSearchSchema } from "./form";
import { subjectPath } from "./ui";

/** The active municipality's name and country (managed municipalities carry both): defaults of a new subject. */
export async function municipalityOf(api: ApiClient, municipalityId: number) {
  const managed = await api.user.managedMunicipalities();
  const m = managed.items.find((x) => x.id === municipalityId);
  return { name: m?.name ?? "", country: m?.country === "SK" ? ("SK" as const) : ("CZ" as const) };
}

/** The operator's country is not stored (it only decides the IČO rule): a number with a Czech check digit is Czech. */
export function operatorCountryOf(ico: string | null | undefined, municipalityCountry: "CZ" | "SK") {
  return ico && isValidIco(ico, "CZ") ? "CZ" : municipalityCountry;
}

/**
 * Parent choices: at most 20 from GET subject/options (search, exclude = the edited subject and its descendants,
 * which would make a cycle), plus the chosen parent when the search did not bring it (its name from the detail).
 */
export async function parentOptions(
  api: ApiClient,
  municipalityId: number,
  opts: { search?: string; exclude?: number; selected?: number | null },
): Promise<SubjectOption[]> {
  const { items } = await api.subject.options({
    municipalityId,
    search: opts.search?.trim() || undefined,
    exclude: opts.exclude,
  });
  const selected = opts.selected;
  if (!selected || items.some((o) => o.id === selected)) return items;
  const res = await api.result.subject.detail({ municipalityId, subjectId: selected });
  if (!res.ok) return items;
  const { id, name, address, type } = res.data;
  return [{ id, name, address, type }, ...items];
}

/** What the create and edit actions answer besides the form's reply: the parent options of the submitted search. */
export type SubjectFormExtra = { parentOptions: SubjectOption[]; parentSearch: string };

/**
 * The action of the create and edit screens: 'Načíst z registru' (operator IČO), 'Hledat' (parent options) and
 * save (POST or PUT subject). Every answer that keeps the page carries the parent options for the submitted
 * search and choice, so a failed save never loses a parent found by searching.
 */
export async function subjectFormAction(
  api: ApiClient,
  context: AppLoadContext,
  formData: FormData,
  target: { municipalityId: number; subjectId?: number },
) {
  const { municipalityId, subjectId } = target;
  const intent = String(formData.get("intent") ?? "save");
  const parentSearch = String(formData.get("parentSearch") ?? "");
  const extra = async (): Promise<SubjectFormExtra> => ({
    parentOptions: await parentOptions(api, municipalityId, {
      search: parentSearch,
      exclude: subjectId,
      selected: formId(formData.get("parentId")),
    }),
    parentSearch,
  });

  if (intent === "lookup") {
    const { status, result } = await readCompany(api, formData, {
      schema: lookupSchema,
      fields: {
        identificationNumber: "operatorIdentificationNumber",
        country: "operatorCountry",
        vatNumber: "operatorVatNumber",
        name: "operatorCompanyName",
        streetAddress: "operatorInvoiceAddress",
        city: "operatorCity",
        zipcode: "operatorZipCode",
      },
    });
    return answer<SubjectFormExtra>({ intent, result, ...(await extra()) }, status);
  }

  if (intent === "parentSearch") {
    const reply = parseWithZod(formData, { schema: parentSearchSchema }).reply();
    // Not a save: the form keeps every value (Conform restores `initialValue`) and only the options change.
    return answer<SubjectFormExtra>({ intent, result: { ...reply, status: undefined }, ...(await extra()) }, 200);
  }

  const outcome = subjectId
    ? await submitForm(formData, subjectUpdateSchema, (value) =>
        api.subject.update({ municipalityId, subjectId }, value),
      )
    : await submitForm(formData, subjectFormSchema, (value) => api.subject.create({ municipalityId }, value));
  if (!outcome.ok) return formAnswer<SubjectFormExtra>(intent, outcome, await extra());
  const t = await userT(api.session);
  const text = subjectId ? t("subject:flash.saved") : t("subject:flash.created");
  return redirectWithFlash(api, context, subjectPath(subjectId ?? outcome.data.id), text);
}
