/** Server pieces of the bin screens: type options, subject names and options, map tiles, and the bin state changes. */
import { data, redirect, type AppLoadContext } from "react-router";
import { z } from "zod";
import { transferBody } from "#contract/waste-evidence-header";
import type { SubjectOption } from "#contract/subject";
import { OSM_ATTRIBUTION, OSM_TILE_URL, type MapTiles } from "~/components/map";
import type { ApiClient } from "~/server/api.server";
import { userT } from "~/server/i18n.server";
import { addFlash, commit } from "~/server/session.server";
import { idsOf, wehApi, type TypeOptions, type WehAnswer } from "./shared";

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

export function mapTiles(context: AppLoadContext): MapTiles {
  return {
    url: context.config.mapTileUrl ?? OSM_TILE_URL,
    attribution: context.config.mapTileAttribution ?? OSM_ATTRIBUTION,
  };
}

/** The text fields a form sent, given back so that a failed dialog keeps what was typed. */
export function textValues(formData: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of formData) if (typeof v === "string" && k !== "intent" && k !== "ids") out[k] = v;
  return out;
}

/**
 * Discard, restore and transfer (spec 001 §2/§4) of the bins `ids`, for the list (bulk) and the detail (one).
 * Success: a flash and a redirect to `back`; the page stays with a WehAnswer otherwise. A transfer without a chosen
 * subject comes from the list's bulk bar: it opens the transfer dialog (`openTransfer`) with the selection.
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
  },
) {
  const { municipalityId, intent, formData, back } = opts;
  const t = await userT(api.session);
  const values = textValues(formData);
  const fail = (
    status: number,
    message: string,
    errors?: Record<string, string[]>,
    tone: WehAnswer["tone"] = "error",
  ) => data<WehAnswer>({ intent, target: "", message, tone, errors, values }, { status });
  const ids = idsOf(formData.getAll("ids"));
  if (ids.length === 0) return fail(422, t("common:dataTable.selectItems", "Vyberte položky."), undefined, "warning");

  const done = async (text: string) => {
    addFlash(api.session, { type: "success", text });
    return redirect(back, { headers: { "Set-Cookie": await commit(context, api.session) } });
  };
  // Some bins may not be in a state that allows the change: the API changes the others and says how many.
  const counted = (updated: number, all: string, someKey: string, someText: string) =>
    updated === ids.length ? all : t(someKey, { updated, total: ids.length, defaultValue: someText });

  if (intent === "transfer") {
    if (!formData.has("subjectId") && opts.openTransfer) return redirect(opts.openTransfer(ids));
    const parsed = transferBody.safeParse({ ...Object.fromEntries(formData), ids });
    if (!parsed.success) {
      return fail(
        422,
        t("wasteEvidenceHeader:flash.invalid", "Zkontrolujte zadané údaje."),
        z.flattenError(parsed.error).fieldErrors as Record<string, string[]>,
      );
    }
    const res = await api.send<{ updated: number }>("POST", wehApi(municipalityId, "/transfer"), parsed.data);
    if (!res.ok) return fail(res.status, res.problem.errors?.subjectId?.[0] ?? res.problem.Message, res.problem.errors);
    if (res.data.updated === 0)
      return fail(
        409,
        t("wasteEvidenceHeader:flash.transferNone", "Vybrané nádoby nelze přesunout."),
        undefined,
        "warning",
      );
    return done(
      counted(
        res.data.updated,
        t("wasteEvidenceHeader:flash.transferred", "Nádoby přesunuty."),
        "wasteEvidenceHeader:flash.transferredSome",
        "Přesunuto {{updated}} z {{total}} nádob; ostatní stav nedovoluje.",
      ),
    );
  }

  if (intent === "discard" || intent === "restore") {
    const res = await api.send<{ updated: number }>("POST", wehApi(municipalityId, `/${intent}`), { ids });
    if (!res.ok) return fail(res.status, res.problem.errors?.ids?.[0] ?? res.problem.Message);
    if (res.data.updated === 0) {
      return fail(
        409,
        intent === "discard"
          ? t("wasteEvidenceHeader:flash.discardNone", "Vybrané nádoby nelze vyřadit.")
          : t("wasteEvidenceHeader:flash.restoreNone", "Vybrané nádoby nelze obnovit."),
        undefined,
        "warning",
      );
    }
    return intent === "discard"
      ? done(
          counted(
            res.data.updated,
            t("wasteEvidenceHeader:flash.discarded", "Nádoby vyřazeny."),
            "wasteEvidenceHeader:flash.discardedSome",
            "Vyřazeno {{updated}} z {{total}} nádob; ostatní stav nedovoluje.",
          ),
        )
      : done(
          counted(
            res.data.updated,
            t("wasteEvidenceHeader:flash.restored", "Nádoby obnoveny."),
            "wasteEvidenceHeader:flash.restoredSome",
            "Obnoveno {{updated}} z {{total}} nádob; ostatní stav nedovoluje.",
          ),
        );
  }
  return fail(400, t("wasteEvidenceHeader:flash.unknownAction", "Neznámá akce."));
}
