import type { Route } from "./+types/logo";
import { requirePermission } from "~/server/guard.server";
import { requireId } from "~/lib/route-checks";

/** Resource route: streams the municipality's logo from the API (same permission and tenancy checks). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, "municipality.aDetail");
  const res = await api.file.municipality.logo({ municipalityId });
  if (!res.ok) return new Response("Not found", { status: 404 });
  return new Response(res.body, {
    headers: {
      "Content-Type": res.headers.get("Content-Type") ?? "application/octet-stream",
      "Cache-Control": "private, max-age=60",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
