import type { Route } from "./+types/unique-user-name";
import { requirePermission } from "~/server/guard.server";

/**
 * Resource route for the user-name suggestion with JavaScript (the form's fetcher): GET user/unique-user-name
 * with FirstName and LastName (spec 000 §7). Answers { userName } or { userName: null } when the names are missing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await requirePermission(request, context, "user.aAdd");
  const url = new URL(request.url);
  const firstName = url.searchParams.get("firstName")?.trim() ?? "";
  const lastName = url.searchParams.get("lastName")?.trim() ?? "";
  if (!firstName || !lastName) return { userName: null };
  const res = await api.result.user.uniqueUserName({ FirstName: firstName, LastName: lastName });
  return { userName: res.ok ? res.data.userName : null };
}
