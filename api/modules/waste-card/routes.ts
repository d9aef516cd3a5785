import { route } from "../../lib/route";
import { wasteCardEndpoints as ep } from "#contract/endpoints/waste-card";
import { acceptUpload } from "../import/upload";
import { getImportJob, listImportErrors } from "../import/service";
import { wasteCardImporter } from "./import";
import * as svc from "./service";
import { WASTE_CARD_IMPORT_TYPE } from "./service";

/** Waste cards and their CSV import (contract/endpoints/waste-card.ts): the handlers of the card calls. */
export const wasteCardRoutes = [
  route(ep.list, ({ services, params, query }) => svc.listWasteCards(services.db, params.municipalityId, query)),
  route(ep.setExpiration, ({ services, params, body }) =>
    svc.setExpiration(services.db, params.municipalityId, body.ids, body.validTo),
  ),
  route(ep.assignSubject, ({ services, params, body }) =>
    svc.assignSubject(services.db, params.municipalityId, body.ids, body.subjectId, body.feePayerId),
  ),
  route(ep.remove, ({ services, params, body }) => svc.removeCards(services.db, params.municipalityId, body.ids)),
  route(ep.import, ({ c, auth, services, params }) =>
    acceptUpload(c, {
      db: services.db,
      jobs: services.jobs,
      municipalityId: params.municipalityId,
      userId: auth.user.id,
      importer: wasteCardImporter,
    }),
  ),
  route(ep.importJob, ({ services, params }) =>
    getImportJob(services.db, params.municipalityId, params.importJobId, WASTE_CARD_IMPORT_TYPE),
  ),
  route(ep.importErrors, ({ services, params, query }) =>
    listImportErrors(services.db, params.municipalityId, params.importJobId, query, WASTE_CARD_IMPORT_TYPE),
  ),
];
