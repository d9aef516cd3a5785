import { noContent, route } from "../../lib/route";
import { wasteSettingsEndpoints as ep } from "#contract/endpoints/waste-settings";
import * as svc from "./service";

/** Waste and bin types settings (contract/endpoints/waste-settings.ts): the handlers of the type calls. */
export const wasteSettingsRoutes = [
  route(ep.wasteTypes, ({ services, params, query }) => svc.listWasteTypes(services.db, params.municipalityId, query)),
  route(ep.createWasteType, ({ services, params, body }) =>
    svc.createWasteType(services.db, params.municipalityId, body),
  ),
  route(ep.updateWasteType, ({ services, params, body }) =>
    svc.updateWasteType(services.db, params.municipalityId, params.wasteTypeId, body),
  ),
  route(ep.setWasteTypeActive, ({ services, params, body }) =>
    svc.setWasteTypeActive(services.db, params.municipalityId, params.wasteTypeId, body.active),
  ),
  route(ep.removeWasteType, ({ services, params }) =>
    noContent(svc.deleteWasteType(services.db, params.municipalityId, params.wasteTypeId)),
  ),
  route(ep.binTypes, ({ services, params, query }) => svc.listBinTypes(services.db, params.municipalityId, query)),
  route(ep.createBinType, ({ services, params, body }) => svc.createBinType(services.db, params.municipalityId, body)),
  route(ep.updateBinType, ({ services, params, body }) =>
    svc.updateBinType(services.db, params.municipalityId, params.binTypeId, body),
  ),
  route(ep.setBinTypeActive, ({ services, params, body }) =>
    svc.setBinTypeActive(services.db, params.municipalityId, params.binTypeId, body.active),
  ),
  route(ep.removeBinType, ({ services, params }) =>
    noContent(svc.deleteBinType(services.db, params.municipalityId, params.binTypeId)),
  ),
];
