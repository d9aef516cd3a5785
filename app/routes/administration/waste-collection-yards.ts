import { redirect } from "react-router";
import type { Route } from "./+types/waste-collection-yards";
import { requireMunicipality } from "~/server/guard.server";
import { commit } from "~/server/session.server";

/** The menu's 'Sběrné dvory': the collection-yard module of the active municipality (spec 000 §2 …/modules/…). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "collectionYard.aDetail");
  return redirect(`/administration/municipalities/${municipalityId}/modules/waste-collection-yards`, {
    headers: { "Set-Cookie": await commit(context, api.session) },
  });
}
