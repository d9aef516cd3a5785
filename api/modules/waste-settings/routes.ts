import { recordRoutes, municipalityCall } from "../../lib/route";
import { wasteSettingsEndpoints as ep } from "#contract/endpoints/waste-settings";
import * as svc from "./service";

const oneWasteType = recordRoutes("wasteTypeId");
const oneBinType = recordRoutes("binTypeId");

/** Waste and bin types settings (contract/endpoints/waste-settings.ts): the handlers of the type calls. */
export const wasteSettingsRoutes = [
  municipalityCall.query(ep.wasteTypes, svc.listWasteTypes),
  municipalityCall.write(ep.createWasteType, svc.createWasteType),
  oneWasteType.write(ep.updateWasteType, svc.updateWasteType),
  oneWasteType.write(ep.setWasteTypeActive, svc.setWasteTypeActive),
  oneWasteType.remove(ep.removeWasteType, svc.deleteWasteType),
  municipalityCall.query(ep.binTypes, svc.listBinTypes),
  municipalityCall.write(ep.createBinType, svc.createBinType),
  oneBinType.write(ep.updateBinType, svc.updateBinType),
  oneBinType.write(ep.setBinTypeActive, svc.setBinTypeActive),
  oneBinType.remove(ep.removeBinType, svc.deleteBinType),
];
