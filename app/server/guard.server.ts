import { redirect, type AppLoadContext } from "react-router";
import type { Permission } from "#contract/permissions";
import { commit } from "./session.server";
import { apiFor, type ApiClient } from "./api.server";

/**
 * A screen that needs a permission: without it the user lands on /error/403 with the path remembered,
 * before any data is asked for (the API refuses the same).
 */
export async function requirePermission(request: Request, context: AppLoadContext, permission: Permission): Promise<ApiClient> {
  const api = await apiFor(request, context);
  const permissions = api.session.get("permissions") ?? [];
  if (!permissions.includes(permission)) {
    const url = new URL(request.url);
    api.session.set("forbidden", { path: url.pathname + url.search, timestamp: new Date().toISOString(), status: "403" });
    throw redirect("/error/403", { headers: { "Set-Cookie": await commit(context, api.session) } });
  }
  return api;
}
