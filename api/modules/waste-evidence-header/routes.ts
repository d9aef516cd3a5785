import { recordRoutes, route, municipalityCall } from "../../lib/route";
import { wasteEvidenceHeaderEndpoints as ep } from "#contract/endpoints/waste-evidence-header";
import * as svc from "./service";

const bin = recordRoutes("headerId");

/** Bins (contract/endpoints/waste-evidence-header.ts): the handlers of the bin calls, static paths before /:headerId. */
export const wasteEvidenceHeaderRoutes = [
  municipalityCall.query(ep.list, svc.listHeaders),
  municipalityCall.read(ep.filters, svc.listFilterValues),
  route(ep.assign, ({ services, params, body, auth }) =>
    svc.assignCodes(services.db, params.municipalityId, body, auth.user.id),
  ),
  route(ep.discard, ({ services, params, body, auth }) =>
    svc.discardHeaders(services.db, params.municipalityId, body.ids, auth.user.id),
  ),
  route(ep.restore, ({ services, params, body, auth }) =>
    svc.restoreHeaders(services.db, params.municipalityId, body.ids, auth.user.id),
  ),
  route(ep.transfer, ({ services, params, body, auth }) =>
    svc.transferHeaders(services.db, params.municipalityId, body, auth.user.id),
  ),
  bin.read(ep.detail, svc.getHeader),
  route(ep.update, ({ services, params, body, auth }) =>
    svc.updateHeader(services.db, params.municipalityId, params.headerId, body, auth.user.id),
  ),
  bin.read(ep.history, svc.listHistory),
  route(ep.disposeCounts, ({ services, params, query }) =>
    svc.getDisposeCounts(services.db, params.municipalityId, params.headerId, query.year),
  ),
  bin.write(ep.setDisposeCount, svc.putDisposeCount),
  route(ep.setDisposeFrequency, ({ services, params, body, auth }) =>
    svc.setDisposeFrequency(services.db, params.municipalityId, params.headerId, body, auth.user.id),
  ),
  bin.read(ep.label, svc.labelPdf),
  route(ep.findByBarcode, ({ services, params, query }) =>
    svc.findCodeByBarcode(services.db, params.municipalityId, query.barcode),
  ),
  route(ep.searchByBarcode, ({ services, auth, query }) => svc.searchByBarcode(services.db, auth, query.barcode)),
];
