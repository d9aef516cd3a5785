import { route, noContent } from "../../lib/route";
import { validation } from "../../lib/errors";
import { fileResponse, streamBody } from "../../lib/download";
import { importEndpoints as ep } from "#contract/endpoints/import";
import { IMPORT_TYPES } from "#contract/import";
import { IMPORTERS } from "./importers";
import { acceptUpload, type ChosenImport } from "./upload";
import { collectionUpload } from "../waste-collection/upload-fields";
import { WASTE_COLLECTION_IMPORT_TYPE } from "../waste-collection/import";
import * as svc from "./service";

const CHOOSE_TYPE = "Vyberte typ importu.";

/** The importer the form's 'type' field names (it comes before the file); 422 type otherwise. */
function chosenImporter(fields: Record<string, string>): ChosenImport {
  const importer = (IMPORT_TYPES as readonly string[]).includes(fields.type ?? "") ? IMPORTERS.get(fields.type!) : null;
  if (!importer) throw validation({ type: [CHOOSE_TYPE] }, CHOOSE_TYPE);
  if (importer.type === WASTE_COLLECTION_IMPORT_TYPE) return collectionUpload(fields);
  return { importer, format: null };
}
const LARGEST = Math.max(...[...IMPORTERS.values()].map((i) => i.maxBytes));

/** Administration → Imports (contract/endpoints/import.ts). */
export const importRoutes = [
  route(ep.list, ({ services, params, query }) => svc.listImportJobs(services.db, params.municipalityId, query)),
  route(ep.create, ({ c, auth, services, params }) =>
    acceptUpload(c, {
      db: services.db,
      jobs: services.jobs,
      municipalityId: params.municipalityId,
      userId: auth.user.id,
      importer: chosenImporter,
      maxBytes: LARGEST,
    }),
  ),
  route(ep.get, ({ services, params }) => svc.getImportJob(services.db, params.municipalityId, params.importJobId)),
  route(ep.errors, ({ services, params, query }) =>
    svc.listImportErrors(services.db, params.municipalityId, params.importJobId, query),
  ),
  route(ep.errorsCsv, async ({ services, params }) => {
    const job = await svc.getImportJob(services.db, params.municipalityId, params.importJobId);
    const lines = svc.importErrorsCsv(services.db, params.municipalityId, job.id);
    return fileResponse(streamBody(lines), `chyby-importu-${job.id}.csv`, "text/csv; charset=utf-8");
  }),
  route(ep.file, async ({ services, params }) => {
    const file = await svc.importFile(services.db, params.municipalityId, params.importJobId);
    const res = fileResponse(streamBody(file.chunks), file.fileName, "text/csv");
    res.headers.set("Content-Length", String(file.size));
    return res;
  }),
  route(ep.deleteFile, ({ services, params }) =>
    noContent(svc.deleteImportFile(services.db, params.municipalityId, params.importJobId)),
  ),
];
