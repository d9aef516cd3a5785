import { noContent, route } from "../../lib/route";
import { feePayerEndpoints as ep } from "#contract/endpoints/fee-payer";
import * as svc from "./service";

/** Fee payers (contract/endpoints/fee-payer.ts): the handlers of the fee-payer calls. */
export const feePayerRoutes = [
  route(ep.list, ({ services, params, query }) => svc.listFeePayers(services.db, params.municipalityId, query)),
  route(ep.options, ({ services, params, query }) => svc.listOptions(services.db, params.municipalityId, query)),
  route(ep.discounts, ({ services, params }) => svc.listDiscounts(services.db, params.municipalityId)),
  route(ep.create, ({ services, params, body }) => svc.createFeePayer(services.db, params.municipalityId, body)),
  route(ep.register, ({ services, params, body }) => svc.registerFeePayers(services.db, params.municipalityId, body)),
  route(ep.detail, ({ services, params }) => svc.getFeePayer(services.db, params.municipalityId, params.feePayerId)),
  route(ep.update, ({ services, params, body }) =>
    svc.updateFeePayer(services.db, params.municipalityId, params.feePayerId, body),
  ),
  route(ep.remove, ({ services, params }) =>
    noContent(svc.deleteFeePayer(services.db, params.municipalityId, params.feePayerId)),
  ),
  route(ep.history, ({ services, params }) =>
    svc.feePayerHistory(services.db, params.municipalityId, params.feePayerId),
  ),
  route(ep.deactivate, ({ services, params, body }) =>
    svc.deactivateFeePayer(services.db, params.municipalityId, params.feePayerId, body),
  ),
  route(ep.activate, ({ services, params }) =>
    svc.activateFeePayer(services.db, params.municipalityId, params.feePayerId),
  ),
  // 200 with the login (e-mail), or the PDF letter itself as a Response.
  route(ep.generateLogin, ({ services, auth, params, body }) =>
    svc.generateLogin(services, auth, params.municipalityId, params.feePayerId, body),
  ),
];
