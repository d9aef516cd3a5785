import { municipalityCall, route } from "../../lib/route";
import { feeEndpoints as ep } from "#contract/endpoints/fee";
import { listFees } from "./list";
import { feeSummaryOf } from "./summary";
import { setFeesPaid } from "./paid";
import { activeProgrammeOf } from "./active-programme";

/** Fees → Fees (contract/endpoints/fee.ts): the payers' fees, the year's cards and statistics, paid or unpaid. */
export const feeRoutes = [
  municipalityCall.query(ep.list, listFees),
  route(ep.summary, ({ services, params, query }) => feeSummaryOf(services.db, params.municipalityId, query.year)),
  route(ep.activeProgramme, ({ services, params, query }) =>
    activeProgrammeOf(services.db, params.municipalityId, query.year),
  ),
  municipalityCall.write(ep.setPaid, setFeesPaid),
];
