import { data, redirect, type AppLoadContext } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { deviceCreateSchema, deviceUpdateSchema } from "#contract/device";
import type { ApiClient } from "~/server/api.server";
import { submitForm } from "~/server/form.server";
import { userT } from "~/server/i18n.server";
import { addFlash, commit } from "~/server/session.server";
import { MUNICIPALITY_SEARCH, devicePath, municipalitySearchSchema, type MunicipalityOption } from "./shared";

const positiveId = (v: FormDataEntryValue | null) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * Municipality choices of a picker: at most 20 from GET municipality (search by name), plus the chosen one when the
 * search did not bring it (decision 0011).
 */
export async function municipalityOptions(
  api: ApiClient,
  search: string,
  selected: number | null,
): Promise<MunicipalityOption[]> {
  const { items } = await api.get<{ items: MunicipalityOption[] }>("/municipality", {
    search: search.trim() || undefined,
    pageSize: 20,
    sort: "name",
  });
  const options = items.map(({ id, name }) => ({ id, name }));
  if (!selected || options.some((o) => o.id === selected)) return options;
  const res = await api.request<MunicipalityOption>("GET", `/municipality/${selected}`);
  return res.ok ? [{ id: res.data.id, name: res.data.name }, ...options] : options;
}

/** What a form with the picker answers when the page stays: Conform's result and the options of its search. */
export type PickerAnswer = {
  result: SubmissionResult<string[]>;
  municipalities: MunicipalityOption[];
  municipalitySearch: string;
};

/**
 * Runs the picker's search (intent 'municipalitySearch') or `save`; every answer that keeps the page carries the
 * options for the submitted search and choice, so a failed save never loses a municipality found by searching.
 */
export async function withPicker(
  api: ApiClient,
  formData: FormData,
  save: () => Promise<{ ok: true; response: Response } | { ok: false; response: unknown }>,
) {
  const municipalitySearch = String(formData.get("municipalitySearch") ?? "");
  const keep = async (result: SubmissionResult<string[]>, status: number) =>
    data<PickerAnswer>(
      {
        result,
        municipalities: await municipalityOptions(api, municipalitySearch, positiveId(formData.get("municipalityId"))),
        municipalitySearch,
      },
      { status },
    );
  if (formData.get("intent") === MUNICIPALITY_SEARCH) {
    const reply = parseWithZod(formData, { schema: municipalitySearchSchema }).reply();
    return keep({ ...reply, status: undefined }, 200);
  }
  const outcome = await save();
  if (outcome.ok) return outcome.response;
  const failed = outcome.response as { data: { result: SubmissionResult<string[]> }; init: ResponseInit | null };
  return keep(failed.data.result, failed.init?.status ?? 422);
}

/** The create and edit screens' action: POST device (with the optional first pairing) or PUT device/{id}. */
export async function deviceFormAction(api: ApiClient, context: AppLoadContext, formData: FormData, deviceId?: number) {
  return withPicker(api, formData, async () => {
    const outcome = deviceId
      ? await submitForm(formData, deviceUpdateSchema, (value) =>
          api.send<{ id: number }>("PUT", `/device/${deviceId}`, value),
        )
      : await submitForm(formData, deviceCreateSchema, (value) => api.send<{ id: number }>("POST", "/device", value));
    if (!outcome.ok) return outcome;
    const t = await userT(api.session);
    addFlash(api.session, {
      type: "success",
      text: deviceId ? t("device:flash.saved", "Změny uloženy.") : t("device:flash.created", "Zařízení vytvořeno."),
    });
    const to = devicePath(deviceId ?? outcome.data.id);
    return { ok: true, response: redirect(to, { headers: { "Set-Cookie": await commit(context, api.session) } }) };
  });
}
