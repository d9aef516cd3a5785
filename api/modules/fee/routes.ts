import { route } from "../../lib/route";
import { feeEndpoints as ep } from "#contract/endpoints/fee";
import { listFees } from "./list";
import { feeSummaryOf } from "./summary";
import { setFeesPaid } from "./paid";
import { activeProgrammeOf } from "./active-programme";

/** Fees → Fees (contract/endpoints/fee.ts): the payers' fees, the year's cards and statistics, paid or unpaid. */
export const feeRoutes = [
  route(ep.list, ({ services, params, query }) => listFees(services.db, params.municipalityId, query)),
  route(ep.summary, ({ services, params, query }) => feeSummaryOf(services.db, params.municipalityId, query.year)),
  route(ep.activeProgramme, ({ services, params, query }) =>
    activeProgrammeOf(services.db, params.municipalityId, query.year),
  ),
  route(ep.setPaid, ({ services, params, body }) =>
    setFeesPaid(services.db, params.municipalityId, body.feeIds, body.paid),
  ),
];
