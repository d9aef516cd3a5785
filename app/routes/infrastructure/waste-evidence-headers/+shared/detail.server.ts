/**
 * Loader data and the action of the bin detail (spec 001 §2: history, dispose count card with its modal, map;
 * discard, restore, transfer). Every action is a plain POST with an `intent`.
 */
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { disposeCountBody } from "#contract/waste-evidence-header";
import type { SubjectOption } from "#contract/subject";
import { DIALOG_PARAM } from "~/components/ui/dialog";
import { readIntent, redirectWithFlash, unknownIntent } from "~/server/action.server";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { changeBins, dialogAnswer, mapTiles, subjectOptions } from "./weh.server";

export type DisposeView = "monthly" | "yearly";

/** Search params of the detail besides `dialog`: the dispose card's view and year, the transfer picker's search. */
function viewParams(url: URL) {
  const sp = url.searchParams;
  const year = Number(sp.get("disposeYear"));
  return {
    disposeView: (sp.get("disposeView") === "yearly" ? "yearly" : "monthly") as DisposeView,
    disposeYear: Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : undefined,
    dialog: sp.get(DIALOG_PARAM),
    transferSearch: (sp.get("transferSearch") ?? "").trim().slice(0, 100),
  };
}

export async function loadDetail(request: Request, context: AppLoadContext, headerId: number) {
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteEvidenceHeader.aDetail");
  const permissions = api.session.get("permissions") ?? [];
  const view = viewParams(new URL(request.url));
  const bin = { municipalityId, headerId };
  const [header, history, disposeCounts, transferOptions] = await Promise.all([
    api.wasteEvidenceHeader.detail(bin),
    api.wasteEvidenceHeader.history(bin),
    api.wasteEvidenceHeader.disposeCounts({ ...bin, year: view.disposeYear }),
    // The transfer picker is opened through the URL: only then its options cost a request (decision 0011).
    view.dialog === "transfer" && permissions.includes("wasteEvidenceHeader.aEdit")
      ? subjectOptions(api, municipalityId, view.transferSearch)
      : Promise.resolve<SubjectOption[] | null>(null),
  ]);
  return { header, history: history.items, disposeCounts, transferOptions, view, tiles: mapTiles(context) };
}

/** Back to the detail as it was (dispose card view and year), without an open dialog or its search. */
export function detailUrl(request: Request): string {
  const url = new URL(request.url);
  for (const key of [DIALOG_PARAM, "transferSearch", "index"]) url.searchParams.delete(key);
  return url.pathname + url.search;
}

export async function detailAction(request: Request, context: AppLoadContext, headerId: number) {
  const { formData, intent } = await readIntent(request);
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteEvidenceHeader.aEdit");
  const back = detailUrl(request);

  if (intent === "discard" || intent === "restore" || intent === "transfer") {
    // The detail acts on its own bin only, whatever ids the form might carry.
    formData.delete("ids");
    formData.append("ids", String(headerId));
    return changeBins(api, context, { municipalityId, intent, formData, back });
  }

  const t = await userT(api.session);
  if (intent !== "disposeCount") return unknownIntent(intent, t);
  const parsed = disposeCountBody.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return dialogAnswer(
      intent,
      formData,
      422,
      t("wasteEvidenceHeader:flash.invalid"),
      z.flattenError(parsed.error).fieldErrors,
    );
  const res = await api.wasteEvidenceHeader.setDisposeCount({ municipalityId, headerId }, parsed.data);
  if (!res.ok) return dialogAnswer(intent, formData, res.status, res.problem.Message, res.problem.errors);
  return redirectWithFlash(api, context, back, t("wasteEvidenceHeader:flash.disposeCountSaved"));
}
