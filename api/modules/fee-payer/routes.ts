import { recordRoutes, route, municipalityCall } from "../../lib/route";
import { feePayerEndpoints as ep } from "#contract/endpoints/fee-payer";
import * as svc from "./service";

const payer = recordRoutes("feePayerId");

/** Fee payers (contract/endpoints/fee-payer.ts): the handlers of the fee-payer calls. */
export const feePayerRoutes = [
  municipalityCall.query(ep.list, svc.listFeePayers),
  municipalityCall.query(ep.options, svc.listOptions),
  municipalityCall.read(ep.discounts, svc.listDiscounts),
  municipalityCall.write(ep.create, svc.createFeePayer),
  municipalityCall.write(ep.register, svc.registerFeePayers),
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
