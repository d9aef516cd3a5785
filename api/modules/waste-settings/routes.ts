import { recordRoutes, route, municipalityCall } from "../../lib/route";
import { wasteSettingsEndpoints as ep } from "#contract/endpoints/waste-settings";
import * as svc from "./service";

const oneWasteType = recordRoutes("wasteTypeId");
const oneBinType = recordRoutes("binTypeId");

/** Waste and bin types settings (contract/endpoints/waste-settings.ts): the handlers of the type calls. */
export const wasteSettingsRoutes = [
  municipalityCall.query(ep.wasteTypes, svc.listWasteTypes),
  route(ep.createWasteType, ({ services, params, body }) =>
    svc.createWasteType(services.db, params.municipalityId, body),
  ),
  oneWasteType.write(ep.updateWasteType, svc.updateWasteType),
  route(ep.setWasteTypeActive, ({ services, params, body }) =>
    svc.setWasteTypeActive(services.db, params.municipalityId, params.wasteTypeId, body.active),
  ),
  oneWasteType.remove(ep.removeWasteType, svc.deleteWasteType),
  municipalityCall.query(ep.binTypes, svc.listBinTypes),
  municipalityCall.write(ep.createBinType, svc.createBinType),
  oneBinType.write(ep.updateBinType, svc.updateBinType),
  route(ep.setBinTypeActive, ({ services, params, body }) =>
    svc.setBinTypeActive(services.db, params.municipalityId, params.binTypeId, body.active),
  ),
  oneBinType.remove(ep.removeBinType, svc.deleteBinType),
];
