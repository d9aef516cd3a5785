import { data, redirect, type AppLoadContext } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { subjectFormSchema, subjectUpdateSchema, type SubjectDetail, type SubjectOption } from "#contract/subject";
import { isValidIco } from "#contract/ico";
import type { ApiClient } from "~/server/api.server";
import { submitForm } from "~/server/form.server";
import { userT } from "~/server/i18n.server";
import { lookupCompany } from "~/server/registry-lookup.server";
import { addFlash, commit } from "~/server/session.server";
import { lookupSchema, parentSearchSchema } from "./form";
import { subjectPath } from "./subject-ui";

/** The active municipality's name and country (managed municipalities carry both): defaults of a new subject. */
export async function municipalityOf(api: ApiClient, municipalityId: number) {
  const managed = await api.get<{ items: { id: number; name: string; country: string }[] }>(
    "/user/user-info/managed-municipalities",
  );
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
  const base = `/municipality/${municipalityId}/subject`;
  const { items } = await api.get<{ items: SubjectOption[] }>(`${base}/options`, {
    search: opts.search?.trim() || undefined,
    exclude: opts.exclude,
  });
  const selected = opts.selected;
  if (!selected || items.some((o) => o.id === selected)) return items;
  const res = await api.request<SubjectDetail>("GET", `${base}/${selected}`);
  if (!res.ok) return items;
  const { id, name, address, type } = res.data;
  return [{ id, name, address, type }, ...items];
}

/** What the create and edit actions answer when the page stays (validation, lookup, parent search). */
export type SubjectFormAnswer = {
  result: SubmissionResult<string[]>;
  parentOptions: SubjectOption[];
  parentSearch: string;
};

const positiveId = (v: FormDataEntryValue | null) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

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
  const intent = formData.get("intent");
  const parentSearch = String(formData.get("parentSearch") ?? "");
  const options = () =>
    parentOptions(api, municipalityId, {
      search: parentSearch,
      exclude: subjectId,
      selected: positiveId(formData.get("parentId")),
    });

  // Every answer that keeps the page: Conform's result plus the parent options for the submitted search and choice.
  const keep = async (answer: unknown) => {
    const wrapped = answer instanceof Object && "init" in answer && "data" in answer;
    const payload = (wrapped ? (answer as { data: { result: unknown } }).data : answer) as {
      result: SubmissionResult<string[]>;
    };
    const status = wrapped ? ((answer as { init: ResponseInit | null }).init?.status ?? 200) : 200;
    return data<SubjectFormAnswer>(
      { result: payload.result, parentOptions: await options(), parentSearch },
      { status },
    );
  };

  if (intent === "lookup") {
    return keep(
      await lookupCompany(api, formData, {
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
      }),
    );
  }

  if (intent === "parentSearch") {
    const reply = parseWithZod(formData, { schema: parentSearchSchema }).reply();
    // Not a save: the form keeps every value (Conform restores `initialValue`) and only the options change.
    return keep({ result: { ...reply, status: undefined } });
  }

  const base = `/municipality/${municipalityId}/subject`;
  const outcome = await submitForm(formData, subjectId ? subjectUpdateSchema : subjectFormSchema, (value) =>
    subjectId
      ? api.send<{ id: number }>("PUT", `${base}/${subjectId}`, value)
      : api.send<{ id: number }>("POST", base, value),
  );
  if (!outcome.ok) return keep(outcome.response);
  const t = await userT(api.session);
  addFlash(api.session, {
    type: "success",
    text: subjectId
      ? t("subject:flash.saved", "Změny uloženy.")
      : t("subject:flash.created", "Odběrné místo vytvořeno."),
  });
  return redirect(subjectPath(subjectId ?? outcome.data.id), {
    headers: { "Set-Cookie": await commit(context, api.session) },
  });
}
