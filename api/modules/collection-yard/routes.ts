import { recordRoutes, route } from "../../lib/route";
import { collectionYardEndpoints as ep } from "#contract/endpoints/collection-yard";
import * as svc from "./service";
import * as wastes from "./wastes";
import { yardStatistics } from "./statistics";

const yard = recordRoutes("yardId");

/** Collection yards (contract/endpoints/collection-yard.ts); 'options' is bound before …/:yardId. */
export const collectionYardRoutes = [
  route(ep.options, ({ services, params }) => svc.yardOptions(services.db, params.municipalityId)),
  route(ep.list, ({ services, params, query }) => svc.listYards(services.db, params.municipalityId, query)),
  route(ep.create, ({ services, params, body }) => svc.createYard(services.db, params.municipalityId, body)),
  yard.read(ep.detail, svc.getYard),
  route(ep.statistics, ({ services, params: p, query }) =>
    yardStatistics(services.db, p.municipalityId, p.yardId, query),
  ),
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
