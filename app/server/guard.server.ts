import { data, redirect, type AppLoadContext } from "react-router";
import type { Entity, Permission } from "#contract/permissions";
import { commit } from "./session.server";
import { apiFor, type ApiClient } from "./api.server";

/**
 * A screen that needs a permission: without it the user lands on /error/403 with the path remembered,
 * before any data is asked for (the API refuses the same).
 */
export async function requirePermission(
  request: Request,
  context: AppLoadContext,
  permission: Permission,
): Promise<ApiClient> {
  const api = await apiFor(request, context);
  const permissions = api.session.get("permissions") ?? [];
  if (!permissions.includes(permission)) {
    const url = new URL(request.url);
    api.session.set("forbidden", {
      path: url.pathname + url.search,
      timestamp: new Date().toISOString(),
      status: "403",
    });
    throw redirect("/error/403", { headers: { "Set-Cookie": await commit(context, api.session) } });
  }
  return api;
}

/**
 * A municipality-scoped screen (subjects, fee payers, …): the permission as above, and the active municipality of
 * the session (spec 000 §3 global state). The layout picks one on the first page; a screen opened first (a
 * bookmark) picks the same one itself, since loaders run in parallel. Without any municipality the user has
 * nothing to work on here: the error page says so.
 */
export async function requireMunicipality(
  request: Request,
  context: AppLoadContext,
  permission: Permission,
): Promise<{ api: ApiClient; municipalityId: number }> {
  const api = await requirePermission(request, context, permission);
  const id = await activeMunicipalityId(api);
  if (!id) throw data({ message: "Nemáte přiřazenou žádnou obec." }, { status: 404 });
  return { api, municipalityId: id };
}

/**
 * The session's active municipality; without one, the one the layout picks (the user's own, else the first they
 * manage), kept in the session. Null when the user has none (a screen that can do without one, e.g. the search).
 */
export async function activeMunicipalityId(api: ApiClient): Promise<number | null> {
  const active = api.session.get("activeMunicipalityId");
  if (active) return active;
  const managed = await api.user.managedMunicipalities();
  const own = api.session.get("user")?.municipalityId;
  const id = managed.items.find((m) => m.id === own)?.id ?? managed.items[0]?.id;
  if (!id) return null;
  api.session.set("activeMunicipalityId", id);
  return id;
}

/** The permission of a detail page's action: a delete needs `<entity>.aRemove`, every other intent `<entity>.aEdit`. */
export function detailPermission(entity: Entity, intent: string): Permission {
  return intent === "delete" ? `${entity}.aRemove` : `${entity}.aEdit`;
}
