import { route, municipalityCall } from "../../lib/route";
import { wasteCardEndpoints as ep } from "#contract/endpoints/waste-card";
import { areaImportRoutes } from "../import/area-routes";
import { wasteCardImporter } from "./import";
import * as svc from "./service";
import { WASTE_CARD_IMPORT_TYPE } from "./service";

/** Waste cards and their CSV import (contract/endpoints/waste-card.ts): the handlers of the card calls. */
export const wasteCardRoutes = [
  municipalityCall.query(ep.list, svc.listWasteCards),
  route(ep.setExpiration, ({ services, params, body }) =>
    svc.setExpiration(services.db, params.municipalityId, body.ids, body.validTo),
  ),
  route(ep.assignSubject, ({ services, params, body }) =>
    svc.assignSubject(services.db, params.municipalityId, body.ids, body.subjectId, body.feePayerId),
  ),
  route(ep.remove, ({ services, params, body }) => svc.removeCards(services.db, params.municipalityId, body.ids)),
  ...areaImportRoutes(ep, WASTE_CARD_IMPORT_TYPE, wasteCardImporter),
];
