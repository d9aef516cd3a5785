import { route } from "../../lib/route";
import { wasteCollectionEndpoints as ep } from "#contract/endpoints/waste-collection";
import { areaImportRoutes } from "../import/area-routes";
import { collectionUpload } from "./upload-fields";
import { WASTE_COLLECTION_IMPORT_TYPE } from "./import";
import { COLLECTION_IMPORT_MAX_BYTES } from "#contract/collection";
import * as read from "./service";
import * as act from "./actions";
import { subjectEvidence } from "./subject-evidence";

/** Waste collections (contract/endpoints/waste-collection.ts). */
export const wasteCollectionRoutes = [
  route(ep.list, ({ services, params, query }) => read.listCollections(services.db, params.municipalityId, query)),
  route(ep.get, ({ services, params }) => read.getCollection(services.db, params.municipalityId, params.collectionId)),
  route(ep.map, ({ services, params }) => read.collectionMap(services.db, params.municipalityId, params.collectionId)),
  route(ep.records, ({ services, params, query }) =>
    read.collectionRecords(services.db, params.municipalityId, params.collectionId, query),
  ),
  route(ep.log, ({ services, params, query }) =>
    read.collectionLog(services.db, params.municipalityId, params.collectionId, query),
  ),
  route(ep.setPrice, ({ services, params, body }) => act.setPrice(services.db, params.municipalityId, body)),
  route(ep.setWeight, async ({ services, params, body }) => {
    await act.setWeight(services.db, params.municipalityId, params.collectionId, body);
    return read.getCollection(services.db, params.municipalityId, params.collectionId);
  }),
  route(ep.merge, async ({ services, params, body, auth }) => {
    const id = await act.mergeCollections(services.db, params.municipalityId, auth.user.id, body);
    return read.getCollection(services.db, params.municipalityId, id);
  }),
  route(ep.remove, ({ services, params, body }) => act.removeCollections(services.db, params.municipalityId, body)),
  route(ep.reprocess, ({ services, params, auth }) =>
    act.reprocessCollection(services.db, params.municipalityId, params.collectionId, auth.user.id),
  ),
  route(ep.assignCode, ({ services, params, body, auth }) =>
    act.assignCode(services.db, params.municipalityId, params.collectionId, params.logId, body.bin, auth.user.id),
  ),
  route(ep.subjectEvidence, ({ services, params }) =>
    subjectEvidence(services.db, params.municipalityId, params.subjectId),
  ),
  ...areaImportRoutes(ep, WASTE_COLLECTION_IMPORT_TYPE, collectionUpload, COLLECTION_IMPORT_MAX_BYTES),
];
