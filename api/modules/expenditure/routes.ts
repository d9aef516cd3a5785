import { recordRoutes, route, municipalityCall } from "../../lib/route";
import { expenditureEndpoints as ep } from "#contract/endpoints/expenditure";
import * as svc from "./service";

const one = recordRoutes("expenditureId");

/**
 * Expenditures (contract/endpoints/expenditure.ts). The summary and setting paths are bound before
 * …/:expenditureId, which would otherwise take 'summary' for an id.
 */
export const expenditureRoutes = [
  route(ep.summary, ({ services, params, query }) => svc.getSummary(services.db, params.municipalityId, query.year)),
  municipalityCall.read(ep.setting, svc.getSetting),
  municipalityCall.write(ep.saveSetting, svc.saveSetting),
  municipalityCall.query(ep.list, svc.listExpenditures),
  municipalityCall.write(ep.create, svc.createExpenditure),
  one.read(ep.detail, svc.getExpenditure),
  one.write(ep.update, svc.updateExpenditure),
  one.remove(ep.remove, svc.deleteExpenditure),
];
