import { noContent, route, municipalityCall } from "../../lib/route";
import { motivationProgrammeEndpoints as ep } from "#contract/endpoints/motivation-programme";
import * as svc from "./service";

/** Motivation programmes (contract/endpoints/motivation-programme.ts): the handlers of its calls. */
export const motivationProgrammeRoutes = [
  municipalityCall.read(ep.list, svc.listProgrammes),
  route(ep.detail, ({ services, params }) => svc.getProgramme(services.db, params.municipalityId, params.type)),
  route(ep.update, ({ services, auth, params, body }) =>
    svc.updateProgramme(services.db, services.jobs, auth, params.municipalityId, params.type, body),
  ),
  route(ep.reset, ({ services, params }) =>
    noContent(svc.resetProgramme(services.db, params.municipalityId, params.type)),
  ),
  route(ep.activate, ({ services, auth, params, body }) =>
    svc.activateProgramme(services.db, services.jobs, auth, params.municipalityId, params.type, body.year),
  ),
  route(ep.deactivate, ({ services, auth, params, body }) =>
    svc.deactivateProgramme(services.db, services.jobs, auth, params.municipalityId, params.type, body.year),
  ),
  route(ep.customDiscounts, ({ services, params, query }) =>
    svc.listCustomDiscounts(services.db, params.municipalityId, params.type, query.year),
  ),
  route(ep.setCustomDiscount, ({ services, params, body }) =>
    svc.setCustomDiscount(services.db, params.municipalityId, params.type, params.subjectId, body),
  ),
  route(ep.removeCustomDiscount, ({ services, params, query }) =>
    noContent(svc.removeCustomDiscount(services.db, params.municipalityId, params.type, params.subjectId, query.year)),
  ),
];
