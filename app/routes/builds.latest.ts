import type { Route } from "./+types/builds.latest";

/** Spec 000 §7 housekeeping: the client polls this to learn that a newer build is running. */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json({ buildId: context.buildId }, { headers: { "Cache-Control": "no-store" } });
}
