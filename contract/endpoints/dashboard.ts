import { endpoint } from "../endpoint";
import { inMunicipality, municipalityTenancy } from "./shared";
import { dashboard, dashboardQuery } from "../dashboard";

/** The dashboard's widgets for one municipality (spec 001 §1 'Dashboard'). */
export const dashboardEndpoints = {
  get: endpoint({
    method: "get",
    path: "/municipality/:municipalityId/dashboard",
    summary:
      "Bins, collection points, recent records and collections, yard visits, waste composition, top producers, the year-on-year comparison and the cost of the year",
    permission: "dashboard.aDetail",
    tenancy: municipalityTenancy,
    params: inMunicipality,
    query: dashboardQuery,
    response: dashboard,
  }),
};
