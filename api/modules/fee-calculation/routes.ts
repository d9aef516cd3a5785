import { route } from "../../lib/route";
import { feeCalculationEndpoints as ep } from "#contract/endpoints/fee-calculation";
import * as svc from "./service";

/** The fee engine's calls (contract/endpoints/fee-calculation.ts; docs/fees.md). */
export const feeCalculationRoutes = [
  route(ep.baseFee, ({ services, params, query }) => svc.getBaseFee(services.db, params.municipalityId, query.year)),
  route(ep.saveBaseFee, ({ services, auth, params, body }) =>
    svc.saveBaseFee(services.db, services.jobs, auth.user.id, params.municipalityId, body),
  ),
  route(ep.recalculate, ({ services, auth, params, body }) =>
    svc.recalculate(services.db, services.jobs, auth.user.id, params.municipalityId, body.year),
  ),
  route(ep.calculations, ({ services, params, query }) =>
    svc.listCalculations(services.db, params.municipalityId, query.year),
  ),
  route(ep.calculation, ({ services, params }) =>
    svc.getCalculation(services.db, params.municipalityId, params.calculationId),
  ),
  route(ep.simulate, ({ services, auth, params, body }) =>
    svc.simulate(services.db, services.jobs, auth.user.id, params.municipalityId, body),
  ),
  route(ep.explanation, ({ services, params }) => svc.explainFee(services.db, params.municipalityId, params.feeId)),
];
