import type { AppLoadContext } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { deviceCreateSchema, deviceUpdateSchema } from "#contract/device";
import type { ApiClient } from "~/server/api.server";
import { answer, formId, redirectWithFlash } from "~/server/action.server";
import { submitForm, type FormFailure } from "~/server/form.server";
import { userT } from "~/server/i18n.server";
import { MUNICIPALITY_SEARCH, devicePath, municipalitySearchSchema, type MunicipalityOption } from "./ui";

/**
 * Municipality choices of a picker: at most 20 from GET municipality (search by name), plus the chosen one when the
 * search did not bring it (decision 0011).
 */
export async function municipalityOptions(
  api: ApiClient,
  search: string,
  selected: number | null,
): Promise<MunicipalityOption[]> {
  const { items } = await api.municipality.list({ search: search.trim() || undefined, pageSize: 20, sort: "name" });
  const options = items.map(({ id, name }) => ({ id, name }));
  if (!selected || options.some((o) => o.id === selected)) return options;
  const res = await api.result.municipality.detail({ municipalityId: selected });
  return res.ok ? [{ id: res.data.id, name: res.data.name }, ...options] : options;
}

/** What a form with the picker carries when the page stays: the options of its search, so a found one is kept. */
export type PickerExtra = { municipalities: MunicipalityOption[]; municipalitySearch: string };

/**
 * Runs the picker's search (intent 'municipalitySearch') or `save`; every answer that keeps the page carries the
 * options for the submitted search and choice, so a failed save never loses a municipality found by searching.
 */
export async function withPicker(api: ApiClient, formData: FormData, save: () => Promise<Response | FormFailure>) {
  const intent = String(formData.get("intent") ?? "save");
  const municipalitySearch = String(formData.get("municipalitySearch") ?? "");
  const keep = async (failure: FormFailure) =>
    answer<PickerExtra>(
      {
        intent,
        result: failure.result,
        municipalities: await municipalityOptions(api, municipalitySearch, formId(formData.get("municipalityId"))),
        municipalitySearch,
      },
      failure.status,
    );
  if (intent === MUNICIPALITY_SEARCH) {
    const reply = parseWithZod(formData, { schema: municipalitySearchSchema }).reply();
    return keep({ ok: false, status: 200, result: { ...reply, status: undefined } });
  }
  const outcome = await save();
  return outcome instanceof Response ? outcome : keep(outcome);
}

/** The create and edit screens' action: POST device (with the optional first pairing) or PUT device/{id}. */
export async function deviceFormAction(api: ApiClient, context: AppLoadContext, formData: FormData, deviceId?: number) {
  return withPicker(api, formData, async () => {
    const outcome = deviceId
      ? await submitForm(formData, deviceUpdateSchema, (value) => api.device.update({ deviceId }, value))
      : await submitForm(formData, deviceCreateSchema, (value) => api.device.create({}, value));
    if (!outcome.ok) return outcome;
    const t = await userT(api.session);
    const text = deviceId ? t("device:flash.saved") : t("device:flash.created");
    return redirectWithFlash(api, context, devicePath(deviceId ?? outcome.data!.id), text);
  });
}
