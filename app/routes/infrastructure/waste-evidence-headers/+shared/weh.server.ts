/** Server pieces of the bin screens: type options, subject names and options, map tiles, and the bin state changes. */
import { redirect, type AppLoadContext } from "react-router";
import { z } from "zod";
import { transferBody } from "#contract/waste-evidence-header";
import type { SubjectOption } from "#contract/subject";
import type { AnswerTone } from "~/lib/action-answer";
import type { ApiClient, ApiResult } from "~/server/api.server";
import { answer, formAnswer, redirectWithFlash, selectedIds, textValues, unknownIntent } from "~/server/action.server";
import { submitForm } from "~/server/form.server";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { requireId } from "~/lib/route-checks";
import { wehPath, type TypeOptions } from "./ui";

const has = (api: ApiClient, permission: string) => (api.session.get("permissions") ?? []).includes(permission);

/**
 * Bin and waste types for the selects (GET bin-type, waste-type; municipality.aDetail). A user without that
 * permission (a bin marker) gets no choices instead of the 403 page; a failed call likewise.
 */
export async function loadTypes(api: ApiClient, municipalityId: number): Promise<TypeOptions> {
  if (!has(api, "municipality.aDetail")) return { binTypes: [], wasteTypes: [] };
  const [bins, wastes] = await Promise.all([
    api.result.wasteSettings.binTypes({ municipalityId, counts: false }),
    api.result.wasteSettings.wasteTypes({ municipalityId, counts: false }),
  ]);
  return { binTypes: bins.ok ? bins.data.items : [], wasteTypes: wastes.ok ? wastes.data.items : [] };
}

/** Subject picker: at most 20 matches (GET subject/options). */
export async function subjectOptions(api: ApiClient, municipalityId: number, search: string): Promise<SubjectOption[]> {
  const res = await api.result.subject.options({ municipalityId, search: search.trim() || undefined });
  return res.ok ? res.data.items : [];
}

/** A subject's name for a filter chip; null when it is not one of the municipality's subjects. */
export async function subjectName(api: ApiClient, municipalityId: number, id: number): Promise<string | null> {
  const res = await api.result.subject.detail({ municipalityId, subjectId: id });
  return res.ok ? res.data.name : null;
}

export async function feePayerName(api: ApiClient, municipalityId: number, id: number): Promise<string | null> {
  if (!has(api, "feePayer.aDetail")) return null;
  const res = await api.result.feePayer.detail({ municipalityId, feePayerId: id });
  return res.ok ? res.data.name : null;
}

export { mapTiles } from "~/server/map-tiles.server";

/** A hand-written dialog that did not go through: its message, the field errors and what was typed (kept). */
export function dialogAnswer(
  intent: string,
  formData: FormData,
  status: number,
  message: string,
  errors?: Record<string, string[]>,
  tone: AnswerTone = "error",
) {
  return answer({ intent, message, tone, errors, values: textValues(formData) }, status);
}

/**
 * Discard, restore and transfer (spec 001 §2/§4) of the bins `ids`, for the list (bulk) and the detail (one).
 * Success: a flash and a redirect to `back`; the page stays with an ActionAnswer otherwise. A transfer without a
 * chosen subject comes from the list's bulk bar: it opens the transfer dialog (`openTransfer`) with the selection.
 */
export async function changeBins(
  api: ApiClient,
  context: AppLoadContext,
  opts: {
    municipalityId: number;
    intent: string;
    formData: FormData;
    back: string;
    openTransfer?: (ids: number[]) => string;
    /** The list's bulk discard asks first: its button opens the confirmation (?dialog=discard), which posts `confirmed`. */
    openDiscard?: (ids: number[]) => string;
  },
) {
  const { municipalityId, intent, formData, back } = opts;
  const t = await userT(api.session);
  // A confirmation dialog has nothing to show an answer in: it closes and the list says what happened.
  const confirmed = formData.has("confirmed");
  const fail = (status: number, message: string, errors?: Record<string, string[]>, tone?: AnswerTone) =>
    confirmed
      ? redirectWithFlash(api, context, back, message, tone ?? "error")
      : dialogAnswer(intent, formData, status, message, errors, tone);
  const ids = selectedIds(formData);
  if (ids.length === 0) return fail(422, t("common:dataTable.selectItems"), undefined, "warning");

  const done = (text: string) => redirectWithFlash(api, context, back, text);
  // Some bins may not be in a state that allows the change: the API changes the others and says how many.
  const counted = (updated: number, all: string, someKey: string) =>
    updated === ids.length ? all : t(someKey, { updated, total: ids.length });
  const none = (text: string) => fail(409, text, undefined, "warning");

  switch (intent) {
    case "transfer": {
      if (!formData.has("subjectId") && opts.openTransfer) return redirect(opts.openTransfer(ids));
      const parsed = transferBody.safeParse({ ...Object.fromEntries(formData), ids });
      if (!parsed.success)
        return fail(422, t("wasteEvidenceHeader:flash.invalid"), z.flattenError(parsed.error).fieldErrors);
      const res = await api.wasteEvidenceHeader.transfer({ municipalityId }, parsed.data);
      if (!res.ok)
        return fail(res.status, res.problem.errors?.subjectId?.[0] ?? res.problem.Message, res.problem.errors);
      if (res.data.updated === 0) return none(t("wasteEvidenceHeader:flash.transferNone"));
      return done(
        counted(
          res.data.updated,
          t("wasteEvidenceHeader:flash.transferred"),
          "wasteEvidenceHeader:flash.transferredSome",
        ),
      );
    }
    case "discard":
    case "restore": {
      if (intent === "discard" && !confirmed && opts.openDiscard) return redirect(opts.openDiscard(ids));
      const res = await api.wasteEvidenceHeader[intent]({ municipalityId }, { ids });
      if (!res.ok) return fail(res.status, res.problem.errors?.ids?.[0] ?? res.problem.Message);
      const [noneKey, allKey, someKey] =
        intent === "discard"
          ? (["discardNone", "discarded", "discardedSome"] as const)
          : (["restoreNone", "restored", "restoredSome"] as const);
      if (res.data.updated === 0) return none(t(`wasteEvidenceHeader:flash.${noneKey}`));
      return done(
        counted(res.data.updated, t(`wasteEvidenceHeader:flash.${allKey}`), `wasteEvidenceHeader:flash.${someKey}`),
      );
    }
    default:
      return unknownIntent(intent, t);
  }
}

type HeaderArgs = { request: Request; context: AppLoadContext; params: { wasteEvidenceHeaderId?: string } };
type HeaderIds = { municipalityId: number; headerId: number };

/** A bin's edit pages (edit, dispose frequency): the bin of the URL and the active municipality, to edit. */
export async function editableHeader({ request, context, params }: HeaderArgs) {
  const headerId = requireId(params.wasteEvidenceHeaderId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteEvidenceHeader.aEdit");
  return { api, ids: { municipalityId, headerId } };
}

/**
 * The save of a bin's one-form page: the form checked by `schema` and sent by `send`; a 422 of the API appears under
 * the fields, a success goes back to the bin's detail with the flash `wasteEvidenceHeader:flash.<flash>`.
 */
export async function saveHeaderForm<S extends z.ZodType>(
  args: HeaderArgs,
  schema: S,
  flash: string,
  send: (api: ApiClient, ids: HeaderIds, value: z.output<S>) => Promise<ApiResult<unknown>>,
) {
  const { api, ids } = await editableHeader(args);
  const outcome = await submitForm(await args.request.formData(), schema, (value) => send(api, ids, value));
  if (!outcome.ok) return formAnswer("save", outcome);
  const t = await userT(api.session);
  return redirectWithFlash(api, args.context, wehPath(ids.headerId), t(`wasteEvidenceHeader:flash.${flash}`));
}
