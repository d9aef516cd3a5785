/**
 * Loader data and the action of the subject detail (spec 001 §2 Collection points: detail). Every action is a plain
 * POST with an `intent`; the same path serves pages with and without JavaScript.
 */
import { allOf } from "#contract/all-of";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import type { Permission } from "#contract/permissions";
import { addMemberBody, disposeFrequencyBody, endMemberBody, virtualCardBody } from "#contract/subject";
import type { ApiResult } from "~/server/api.server";
import {
  answer,
  apiAnswer,
  formId,
  readIntent,
  redirectWithFlash,
  textValues,
  unknownIntent,
} from "~/server/action.server";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { SUBJECTS_PATH } from "./ui";
import { BINS_SHOWN } from "./sections";

export type FeePayerOption = { id: number; name: string; dateOfBirth: string | null };

/** Children shown on the detail; more are reached through the list filtered by parent. */
const CHILDREN_SHOWN = 50;

/** Search params of the detail besides `dialog`: the fees view and the searches of the picker dialogs. */
function viewParams(url: URL) {
  const sp = url.searchParams;
  const year = Number(sp.get("feesYear"));
  return {
    feesView: sp.get("feesView") === "monthly" ? ("monthly" as const) : ("yearly" as const),
    feesYear: Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : undefined,
    dialog: sp.get("dialog"),
    payerSearch: (sp.get("payerSearch") ?? "").trim().slice(0, 100),
    parentSearch: (sp.get("parentSearch") ?? "").trim().slice(0, 100),
  };
}

/** How many of the newest yard visits the detail shows (the yard visit list has them all). */
export const YARD_VISITS_SHOWN = 10;

export async function loadDetail(request: Request, context: AppLoadContext, subjectId: number) {
  const { api, municipalityId } = await requireMunicipality(request, context, "subject.aDetail");
  const permissions = api.session.get("permissions") ?? [];
  const has = (p: Permission) => permissions.includes(p);
  const view = viewParams(new URL(request.url));
  const ids = { municipalityId, subjectId };
  const none = <T>(value: T) => Promise.resolve(value);

  const { children, ...loaded } = await allOf({
    subject: api.subject.detail(ids),
    members: api.subject.members(ids).then((r) => r.items),
    cards: api.subject.wasteCards(ids).then((r) => r.items),
    bins: has("wasteEvidenceHeader.aDetail")
      ? api.wasteEvidenceHeader.list({ ...ids, pageSize: BINS_SHOWN, sort: "plainCode" })
      : none(null),
    fees: has("fee.aDetail") ? api.subject.fees({ ...ids, view: view.feesView, year: view.feesYear }) : none(null),
    children: api.subject.list({ municipalityId, parentId: subjectId, pageSize: CHILDREN_SHOWN, sort: "name" }),
    impact: has("subject.aRemove") ? api.subject.deleteImpact(ids) : none(null),
    // The dialogs that need data are opened through the URL, so only an open one costs a request.
    hierarchy: view.dialog === "hierarchy" ? api.subject.hierarchy(ids) : none(null),
    payerOptions:
      view.dialog === "add-payer" && has("subject.aEdit") && has("feePayer.aDetail")
        ? api.feePayer.options({ municipalityId, search: view.payerSearch || undefined }).then((r) => r.items)
        : none(null),
    parentChoices:
      view.dialog === "set-parent" && has("subject.aEdit")
        ? api.subject
            .options({ municipalityId, exclude: subjectId, search: view.parentSearch || undefined })
            .then((r) => r.items)
        : none(null),
    evidence: has("wasteEvidence.aDetail") ? api.wasteCollection.subjectEvidence(ids) : none(null),
    // The yard visits of the payers who lived here on the visit's day, newest first.
    yardVisits: has("yardReport.aDetail")
      ? api.yardReport.list({ municipalityId, subjectId, pageSize: YARD_VISITS_SHOWN, sort: "-reportDate" })
      : none(null),
  });
  return { ...loaded, children: children.items, childTotal: children.total, view };
}

/** Which permission each intent needs (the API checks the same). */
const INTENT_PERMISSION: Record<string, Permission> = {
  markPaid: "subject.aEdit",
  markUnpaid: "subject.aEdit",
  setParent: "subject.aEdit",
  removeParent: "subject.aEdit",
  disposeFrequency: "subject.aEdit",
  addMember: "subject.aEdit",
  setChief: "subject.aEdit",
  removeChief: "subject.aEdit",
  endMember: "subject.aEdit",
  delete: "subject.aRemove",
  createVirtualCard: "wasteCard.aAdd",
  removeCard: "wasteCard.aRemove",
};

/** A row's or a record's id from the form (an int4 id), or null. */
function idOf(value: FormDataEntryValue | null): number | null {
  const n = formId(value);
  return n !== null && n <= 2_147_483_647 ? n : null;
}

export async function detailAction(request: Request, context: AppLoadContext, subjectId: number) {
  const { formData, intent } = await readIntent(request);
  const { api, municipalityId } = await requireMunicipality(
    request,
    context,
    INTENT_PERMISSION[intent] ?? "subject.aDetail",
  );
  const t = await userT(api.session);
  const ids = { municipalityId, subjectId };
  // The row the intent was about: only that row's dialog shows the answer.
  const target = String(formData.get("membershipId") ?? formData.get("cardId") ?? "");
  const values = textValues(formData);
  const fields = Object.fromEntries(formData);

  const refused = (message: string, errors?: Record<string, string[]>) =>
    answer({ intent, target, message, errors, values }, 422);
  const invalid = (error: z.ZodError) =>
    refused(t("subject:flash.invalid"), z.flattenError(error).fieldErrors as Record<string, string[]>);
  /** The API's answer: a redirect back with the message, or the failure kept on the page. */
  const done = async (res: ApiResult<unknown>, text: string | (() => string), to = detailUrl(request)) =>
    res.ok
      ? redirectWithFlash(api, context, to, typeof text === "function" ? text() : text)
      : apiAnswer(intent, res, { target, values });
  const membershipId = idOf(formData.get("membershipId"));

  switch (intent) {
    case "markPaid":
    case "markUnpaid": {
      const paid = intent === "markPaid";
      const res = await api.subject.setFeePaid({ municipalityId }, { subjectIds: [subjectId], paid });
      return done(res, paid ? t("subject:flash.markedPaid") : t("subject:flash.markedUnpaid"));
    }
    case "setParent": {
      const parentId = idOf(formData.get("parentId"));
      if (!parentId) return refused(t("subject:parent.choose"), { parentId: [t("subject:parent.choose")] });
      return done(await api.subject.setParent(ids, { parentId }), t("subject:flash.parentSet"));
    }
    case "removeParent":
      return done(await api.subject.setParent(ids, { parentId: null }), t("subject:flash.parentRemoved"));
    case "disposeFrequency": {
      const parsed = disposeFrequencyBody.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error);
      return done(await api.subject.setDisposeFrequency(ids, parsed.data), t("subject:flash.frequencySet"));
    }
    case "addMember": {
      const parsed = addMemberBody.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error);
      return done(await api.subject.addMember(ids, parsed.data), t("subject:flash.memberAdded"));
    }
    case "setChief":
    case "removeChief": {
      if (!membershipId) return unknownIntent(intent, t);
      const isChief = intent === "setChief";
      const res = await api.subject.setChief({ ...ids, membershipId }, { isChief });
      return done(res, isChief ? t("subject:flash.chiefSet") : t("subject:flash.chiefRemoved"));
    }
    case "endMember": {
      if (!membershipId) return unknownIntent(intent, t);
      const parsed = endMemberBody.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error);
      return done(await api.subject.endMember({ ...ids, membershipId }, parsed.data), t("subject:flash.memberEnded"));
    }
    case "createVirtualCard": {
      const parsed = virtualCardBody.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error);
      const res = await api.subject.createVirtualCard(ids, parsed.data);
      return done(res, () => t("subject:flash.cardCreated", { code: res.ok ? res.data.code : "" }));
    }
    case "removeCard": {
      const wasteCardId = idOf(formData.get("cardId"));
      if (!wasteCardId) return unknownIntent(intent, t);
      return done(await api.subject.removeWasteCard({ ...ids, wasteCardId }), t("subject:flash.cardRemoved"));
    }
    case "delete":
      return done(await api.subject.remove(ids), t("subject:flash.deleted"), SUBJECTS_PATH);
    default:
      return unknownIntent(intent, t);
  }
}

/** Back to the detail as it was (fees view), without an open dialog or its search. */
function detailUrl(request: Request): string {
  const url = new URL(request.url);
  for (const key of ["dialog", "payerSearch", "parentSearch", "index"]) url.searchParams.delete(key);
  return url.pathname + url.search;
}
