import { useRouteLoaderData } from "react-router";
import { can, type Action, type Entity } from "#contract/permissions";

/** The signed-in user's permission list, loaded once after sign-in (spec 000 §4). */
export function usePermissions(): string[] {
  const layout = useRouteLoaderData("routes/app-layout") as { permissions?: string[] } | undefined;
  return layout?.permissions ?? [];
}

export function useCan(action: Action, entity?: Entity): boolean {
  return can(usePermissions(), action, entity);
}
