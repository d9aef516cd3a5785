import { route } from "../../lib/route";
import { wasteEvidenceEndpoints as ep } from "#contract/endpoints/waste-evidence";
import { getEvidence, getEvidenceChart } from "./detail";
import { listEvidence } from "./list";
import { createEvidence, discardEvidence, updateEvidence } from "./write";

/** Waste evidence records (contract/endpoints/waste-evidence.ts): the handlers of the record calls. */
export const wasteEvidenceRoutes = [
  route(ep.list, ({ services, params, query }) => listEvidence(services.db, params.municipalityId, query)),
  route(ep.create, ({ services, params, body, auth }) =>
    createEvidence(services.db, params.municipalityId, body, auth.user.id),
  ),
  route(ep.detail, ({ services, params }) => getEvidence(services.db, params.municipalityId, params.evidenceId)),
  route(ep.update, ({ services, params, body }) =>
    updateEvidence(services.db, params.municipalityId, params.evidenceId, body),
  ),
  route(ep.discard, ({ services, params }) => discardEvidence(services.db, params.municipalityId, params.evidenceId)),
  route(ep.chart, ({ services, params }) => getEvidenceChart(services.db, params.municipalityId, params.evidenceId)),
];
