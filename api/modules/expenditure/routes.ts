import { recordRoutes, route } from "../../lib/route";
import { expenditureEndpoints as ep } from "#contract/endpoints/expenditure";
import * as svc from "./service";

const one = recordRoutes("expenditureId");

/**
 * Expenditures (contract/endpoints/expenditure.ts). The summary and setting paths are bound before
 * …/:expenditureId, which would otherwise take 'summary' for an id.
 */
export const expenditureRoutes = [
  route(ep.summary, ({ services, params, query }) => svc.getSummary(services.db, params.municipalityId, query.year)),
  route(ep.setting, ({ services, params }) => svc.getSetting(services.db, params.municipalityId)),
  route(ep.saveSetting, ({ services, params, body }) => svc.saveSetting(services.db, params.municipalityId, body)),
  route(ep.list, ({ services, params, query }) => svc.listExpenditures(services.db, params.municipalityId, query)),
  route(ep.create, ({ services, params, body }) => svc.createExpenditure(services.db, params.municipalityId, body)),
  one.read(ep.detail, svc.getExpenditure),
  one.write(ep.update, svc.updateExpenditure),
  one.remove(ep.remove, svc.deleteExpenditure),
];
