/**
 * Loader data and the action of the subject detail (spec 001 §2 Collection points: detail). Every action is a plain
 * POST with an `intent`; the same path serves pages with and without JavaScript.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { z } from "zod";
import type { Permission } from "#contract/permissions";
import {
  addMemberBody,
  disposeFrequencyBody,
  endMemberBody,
  virtualCardBody,
  type SubjectDeleteImpact,
  type SubjectDetail,
  type SubjectFeeRow,
  type SubjectListItem,
  type SubjectMember,
  type SubjectOption,
  type SubjectTreeNode,
  type SubjectWasteCard,
} from "#contract/subject";
import type { WehListItem } from "#contract/waste-evidence-header";
import type { ApiProblem } from "~/server/api.server";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { addFlash, commit } from "~/server/session.server";
import { SUBJECTS_PATH } from "./subject-ui";
import { type DetailAnswer } from "~/lib/action-answer";
import { BINS_SHOWN } from "./detail-sections";

export type FeePayerOption = { id: number; name: string; dateOfBirth: string | null };

/** Children shown on the detail; more are reached through the list filtered by parent. */
export const CHILDREN_SHOWN = 50;

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

export async function loadDetail(request: Request, context: AppLoadContext, id: number) {
  const { api, municipalityId } = await requireMunicipality(request, context, "subject.aDetail");
  const permissions = api.session.get("permissions") ?? [];
  const has = (p: Permission) => permissions.includes(p);
  const view = viewParams(new URL(request.url));
  const m = `/municipality/${municipalityId}`;
  const base = `${m}/subject/${id}`;
  const none = <T>(value: T) => Promise.resolve(value);

  const [subject, members, cards, bins, fees, children, impact, hierarchy, payerOptions, parentChoices] =
    await Promise.all([
      api.get<SubjectDetail>(base),
      api.get<{ items: SubjectMember[] }>(`${base}/fee-payers`),
      api.get<{ items: SubjectWasteCard[] }>(`${base}/waste-cards`),
      has("wasteEvidenceHeader.aDetail")
        ? api.get<{ items: WehListItem[]; total: number }>(`${m}/waste-evidence-header`, {
            subjectId: id,
            pageSize: BINS_SHOWN,
            sort: "plainCode",
          })
        : none(null),
      has("fee.aDetail")
        ? api.get<{ items: SubjectFeeRow[]; years: number[] }>(`${base}/fees`, {
            view: view.feesView,
            year: view.feesYear,
          })
        : none(null),
      api.get<{ items: SubjectListItem[]; total: number }>(`${m}/subject`, {
        parentId: id,
        pageSize: CHILDREN_SHOWN,
        sort: "name",
      }),
      has("subject.aRemove") ? api.get<SubjectDeleteImpact>(`${base}/delete-impact`) : none(null),
      // The dialogs that need data are opened through the URL, so only an open one costs a request.
      view.dialog === "hierarchy" ? api.get<SubjectTreeNode>(`${base}/hierarchy`) : none(null),
      view.dialog === "add-payer" && has("subject.aEdit") && has("feePayer.aDetail")
        ? api.feePayer.options({ municipalityId, search: view.payerSearch || undefined }).then((r) => r.items)
        : none(null),
      view.dialog === "set-parent" && has("subject.aEdit")
        ? api
            .get<{ items: SubjectOption[] }>(`${m}/subject/options`, {
              exclude: id,
              search: view.parentSearch || undefined,
            })
            .then((r) => r.items)
        : none(null),
    ]);
  return {
    subject,
    members: members.items,
    cards: cards.items,
    bins,
    fees,
    children: children.items,
    childTotal: children.total,
    impact,
    hierarchy,
    payerOptions,
    parentChoices,
    view,
  };
}

export type DetailData = Awaited<ReturnType<typeof loadDetail>>;

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

const positiveId = (v: FormDataEntryValue | null) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/** The text fields a dialog sent, given back so that a failed submission keeps what was typed. */
function textValues(formData: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of formData) if (typeof v === "string" && k !== "intent") out[k] = v;
  return out;
}

export async function detailAction(request: Request, context: AppLoadContext, id: number) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const { api, municipalityId } = await requireMunicipality(
    request,
    context,
    INTENT_PERMISSION[intent] ?? "subject.aDetail",
  );
  const t = await userT(api.session);
  const base = `/municipality/${municipalityId}/subject/${id}`;
  const target = String(formData.get("membershipId") ?? formData.get("cardId") ?? "");
  const values = textValues(formData);

  const fail = (status: number, message: string, errors?: Record<string, string[]>) =>
    data<DetailAnswer>({ intent, target, message, errors, values }, { status });
  const failed = (res: { status: number; problem: ApiProblem }) =>
    fail(res.status, res.problem.Message, res.problem.errors);
  const invalid = (error: z.ZodError) =>
    fail(
      422,
      t("subject:flash.invalid", "Zkontrolujte zadané údaje."),
      z.flattenError(error).fieldErrors as Record<string, string[]>,
    );
  const done = async (text: string, to?: string) => {
    addFlash(api.session, { type: "success", text });
    return redirect(to ?? detailUrl(request), { headers: { "Set-Cookie": await commit(context, api.session) } });
  };
  const send = async (
    method: "POST" | "PUT" | "PATCH" | "DELETE",
    path: string,
    body: unknown,
    text: string,
    to?: string,
  ) => {
    const res = await api.send(method, path, body);
    return res.ok ? done(text, to) : failed(res);
  };

  switch (intent) {
    case "markPaid":
    case "markUnpaid": {
      const paid = intent === "markPaid";
      return send(
        "PATCH",
        `/municipality/${municipalityId}/subject/fee-paid`,
        { subjectIds: [id], paid },
        paid
          ? t("subject:flash.markedPaid", "Poplatek označen jako zaplacený.")
          : t("subject:flash.markedUnpaid", "Poplatek označen jako nezaplacený."),
      );
    }
    case "setParent": {
      const parentId = positiveId(formData.get("parentId"));
      if (!parentId)
        return fail(422, t("subject:parent.choose", "Vyberte nadřazené místo."), {
          parentId: [t("subject:parent.choose", "Vyberte nadřazené místo.")],
        });
      return send("PATCH", `${base}/parent`, { parentId }, t("subject:flash.parentSet", "Nadřazené místo nastaveno."));
    }
    case "removeParent":
      return send(
        "PATCH",
        `${base}/parent`,
        { parentId: null },
        t("subject:flash.parentRemoved", "Nadřazené místo odebráno."),
      );
    case "disposeFrequency": {
      const parsed = disposeFrequencyBody.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return invalid(parsed.error);
      return send(
        "PUT",
        `${base}/dispose-frequency`,
        parsed.data,
        t("subject:flash.frequencySet", "Četnost svozu nastavena."),
      );
    }
    case "addMember": {
      const parsed = addMemberBody.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return invalid(parsed.error);
      return send("POST", `${base}/fee-payers`, parsed.data, t("subject:flash.memberAdded", "Poplatník přidán."));
    }
    case "setChief":
    case "removeChief": {
      const membershipId = positiveId(formData.get("membershipId"));
      if (!membershipId) return fail(400, t("subject:flash.unknownAction", "Neznámá akce."));
      const isChief = intent === "setChief";
      return send(
        "PATCH",
        `${base}/fee-payers/${membershipId}/chief`,
        { isChief },
        isChief
          ? t("subject:flash.chiefSet", "Vedoucí nastaven.")
          : t("subject:flash.chiefRemoved", "Vedoucí odebrán."),
      );
    }
    case "endMember": {
      const membershipId = positiveId(formData.get("membershipId"));
      if (!membershipId) return fail(400, t("subject:flash.unknownAction", "Neznámá akce."));
      const parsed = endMemberBody.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return invalid(parsed.error);
      return send(
        "POST",
        `${base}/fee-payers/${membershipId}/end`,
        parsed.data,
        t("subject:flash.memberEnded", "Členství ukončeno."),
      );
    }
    case "createVirtualCard": {
      const parsed = virtualCardBody.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return invalid(parsed.error);
      const res = await api.send<{ id: number; code: string }>("POST", `${base}/waste-cards/virtual`, parsed.data);
      if (!res.ok) return failed(res);
      return done(t("subject:flash.cardCreated", "Virtuální karta {{code}} vytvořena.", { code: res.data.code }));
    }
    case "removeCard": {
      const cardId = positiveId(formData.get("cardId"));
      if (!cardId) return fail(400, t("subject:flash.unknownAction", "Neznámá akce."));
      return send(
        "DELETE",
        `${base}/waste-cards/${cardId}`,
        undefined,
        t("subject:flash.cardRemoved", "Karta odebrána."),
      );
    }
    case "delete":
      return send("DELETE", base, undefined, t("subject:flash.deleted", "Odběrné místo smazáno."), SUBJECTS_PATH);
    default:
      return fail(400, t("subject:flash.unknownAction", "Neznámá akce."));
  }
}

/** Back to the detail as it was (fees view), without an open dialog or its search. */
function detailUrl(request: Request): string {
  const url = new URL(request.url);
  for (const key of ["dialog", "payerSearch", "parentSearch", "index"]) url.searchParams.delete(key);
  return url.pathname + url.search;
}
