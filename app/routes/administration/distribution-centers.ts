import { redirect } from "react-router";
import type { Route } from "./+types/distribution-centers";
import { requireMunicipality } from "~/server/guard.server";
import { commit } from "~/server/session.server";

/** The menu's 'Distribuční centra': the distribution-centre module of the active municipality (spec 000 §2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "distributionCenter.aDetail");
  return redirect(`/administration/municipalities/${municipalityId}/modules/distribution-centers`, {
    headers: { "Set-Cookie": await commit(context, api.session) },
  });
}
