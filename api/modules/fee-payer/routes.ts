import { recordRoutes, route } from "../../lib/route";
import { feePayerEndpoints as ep } from "#contract/endpoints/fee-payer";
import * as svc from "./service";

const payer = recordRoutes("feePayerId");

/** Fee payers (contract/endpoints/fee-payer.ts): the handlers of the fee-payer calls. */
export const feePayerRoutes = [
  route(ep.list, ({ services, params, query }) => svc.listFeePayers(services.db, params.municipalityId, query)),
  route(ep.options, ({ services, params, query }) => svc.listOptions(services.db, params.municipalityId, query)),
  route(ep.discounts, ({ services, params }) => svc.listDiscounts(services.db, params.municipalityId)),
  route(ep.create, ({ services, params, body }) => svc.createFeePayer(services.db, params.municipalityId, body)),
  route(ep.register, ({ services, params, body }) => svc.registerFeePayers(services.db, params.municipalityId, body)),
  payer.read(ep.detail, svc.getFeePayer),
  payer.write(ep.update, svc.updateFeePayer),
  payer.remove(ep.remove, svc.deleteFeePayer),
  payer.read(ep.history, svc.feePayerHistory),
  payer.write(ep.deactivate, svc.deactivateFeePayer),
  payer.read(ep.activate, svc.activateFeePayer),
  // 200 with the login (e-mail), or the PDF letter itself as a Response.
  route(ep.generateLogin, ({ services, auth, params, body }) =>
    svc.generateLogin(services, auth, params.municipalityId, params.feePayerId, body),
  ),
];
