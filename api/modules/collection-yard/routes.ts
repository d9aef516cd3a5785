import { municipalityCall, recordRoutes, route } from "../../lib/route";
import { collectionYardEndpoints as ep } from "#contract/endpoints/collection-yard";
import * as svc from "./service";
import * as wastes from "./wastes";
import { yardStatistics } from "./statistics";

const yard = recordRoutes("yardId");

/** Collection yards (contract/endpoints/collection-yard.ts); 'options' is bound before …/:yardId. */
export const collectionYardRoutes = [
  municipalityCall.read(ep.options, svc.yardOptions),
  municipalityCall.query(ep.list, svc.listYards),
  municipalityCall.write(ep.create, svc.createYard),
  yard.read(ep.detail, svc.getYard),
  yard.query(ep.statistics, yardStatistics),
  yard.write(ep.update, svc.updateYard),
  yard.remove(ep.remove, svc.deleteYard),
  yard.write(ep.addWaste, wastes.addYardWaste),
  route(ep.waste, ({ services, params: p }) =>
    wastes.getYardWaste(services.db, p.municipalityId, p.yardId, p.yardWasteId),
  ),
  route(ep.updateWaste, ({ services, params: p, body }) =>
    wastes.updateYardWaste(services.db, p.municipalityId, p.yardId, p.yardWasteId, body),
  ),
  route(ep.setWasteActive, ({ services, params: p, body }) =>
    wastes.setYardWasteActive(services.db, p.municipalityId, p.yardId, p.yardWasteId, body.active),
  ),
];
