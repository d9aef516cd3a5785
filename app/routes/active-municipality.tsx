import { redirect } from "react-router";
import type { Route } from "./+types/active-municipality";
import { apiFor } from "~/server/api.server";
import { commit, safeRedirectTarget } from "~/server/session.server";

/** The municipality selection modal posts here; the choice is kept in the session (spec 000 §3 global state). */
export async function action({ request, context }: Route.ActionArgs) {
  const api = await apiFor(request, context);
  const form = await request.formData();
  const id = Number(form.get("municipalityId"));
  const managed = await api.user.managedMunicipalities();
  if (managed.items.some((m) => m.id === id)) api.session.set("activeMunicipalityId", id);
  const back = new URL(request.headers.get("Referer") ?? "/", "http://x");
  back.searchParams.delete("dialog");
  return redirect(safeRedirectTarget(back.pathname + back.search, "/dashboard"), {
    headers: { "Set-Cookie": await commit(context, api.session) },
  });
}

export async function loader() {
  return redirect("/dashboard");
}
