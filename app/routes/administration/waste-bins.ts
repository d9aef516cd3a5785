import { redirect } from "react-router";
import type { Route } from "./+types/waste-bins";
import { requireMunicipality } from "~/server/guard.server";
import { commit } from "~/server/session.server";

/**
 * The menu's 'Odpady a nádoby' (spec 000 §2 /administration/waste-bins): the settings of the active municipality,
 * which live on that municipality's module page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "municipality.aDetail");
  // requireMunicipality may have just chosen the active municipality: keep that choice in the session.
  return redirect(`/administration/municipalities/${municipalityId}/modules/waste-bins`, {
    headers: { "Set-Cookie": await commit(context, api.session) },
  });
}
