import type { AppLoadContext } from "react-router";
import type { ApiClient } from "~/server/api.server";
import { formAnswer, readIntent, redirectWithFlash } from "~/server/action.server";
import { submitForm } from "~/server/form.server";
import { userT } from "~/server/i18n.server";
import { YARD_FEE_FAILED, yardWasteFormSchema, yardWasteUpdateSchema } from "#contract/yard";
import { yardPath } from "./ui";

/** The waste's wastes select: the catalogue's and the municipality's own active waste types. */
export async function wasteTypeOptions(api: ApiClient, municipalityId: number) {
  const { items } = await api.wasteSettings.wasteTypes({ municipalityId });
  return items.filter((w) => w.active).map(({ id, name, catalogCode }) => ({ id, name, catalogCode }));
}

/**
 * Create (POST …/waste) or edit (PUT …/waste/{id}) of a yard waste with its fees; a failure keeps the form with
 * what was typed, under spec 001 §8's 'Poplatek se nepodařilo upravit.'.
 */
export async function yardWasteAction(
  request: Request,
  api: ApiClient,
  context: AppLoadContext,
  ids: { municipalityId: number; yardId: number; yardWasteId?: number },
) {
  const { formData, intent } = await readIntent(request);
  const { yardWasteId, ...yard } = ids;
  const outcome = yardWasteId
    ? await submitForm(formData, yardWasteUpdateSchema, (value) =>
        api.collectionYard.updateWaste({ ...yard, yardWasteId }, value),
      )
    : await submitForm(formData, yardWasteFormSchema, (value) => api.collectionYard.addWaste(yard, value));
  const t = await userT(api.session);
  if (!outcome.ok) {
    // A list row added or removed (no JavaScript) is not a failure: the form comes back with the row.
    const listIntent = formData.get("__intent__") !== null;
    return formAnswer(intent, outcome, listIntent ? {} : { message: YARD_FEE_FAILED, tone: "error" });
  }
  const text = yardWasteId ? t("collectionYard:flash.wasteSaved") : t("collectionYard:flash.wasteAdded");
  return redirectWithFlash(api, context, yardPath(ids.municipalityId, ids.yardId), text);
}
