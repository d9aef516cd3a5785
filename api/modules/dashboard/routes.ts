import { route } from "../../lib/route";
import { dashboardEndpoints as ep } from "#contract/endpoints/dashboard";
import { getDashboard } from "./service";

/** The dashboard (contract/endpoints/dashboard.ts). */
export const dashboardRoutes = [
  route(ep.get, ({ services, params, query, auth }) =>
    getDashboard(services.db, params.municipalityId, query, auth.permissions),
  ),
];
