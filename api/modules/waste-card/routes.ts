import { recordRoutes, route } from "../../lib/route";
import { ApiError, validation } from "../../lib/errors";
import { WASTE_CARD_IMPORT_MAX_BYTES } from "#contract/waste-card";
import { wasteCardEndpoints as ep } from "#contract/endpoints/waste-card";
import { importWasteCards, TOO_LARGE } from "./import";
import { MultipartError, multipartBoundary, readMultipartFile } from "../../lib/multipart";
import * as svc from "./service";

const CHOOSE_FILE = "Vyberte soubor CSV.";
/** Room for the multipart envelope around a file of the largest size. */
const ENVELOPE_BYTES = 64 * 1024;

const importJob = recordRoutes("importJobId");

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
  route(ep.import, async ({ c, auth, services, params }) => {
    if (Number(c.req.header("content-length") ?? 0) > WASTE_CARD_IMPORT_MAX_BYTES + ENVELOPE_BYTES) {
      throw new ApiError(413, TOO_LARGE);
    }
    const boundary = multipartBoundary(c.req.header("content-type"));
    const body = c.req.raw.body;
    if (!boundary || !body) throw validation({ file: [CHOOSE_FILE] }, CHOOSE_FILE);
    // The upload is read as a stream, part by part; the file's bytes go straight into the CSV parser.
    const file = await readMultipartFile(body, boundary, "file").catch((err) => {
      if (err instanceof MultipartError) throw validation({ file: [CHOOSE_FILE] }, CHOOSE_FILE);
      throw err;
    });
    // A form sent without a chosen file has the part with an empty file name.
    if (!file || !file.fileName) throw validation({ file: [CHOOSE_FILE] }, CHOOSE_FILE);
    return importWasteCards(services.db, params.municipalityId, auth.user.id, file);
  }),
  importJob.read(ep.importJob, svc.getImportJob),
  importJob.query(ep.importErrors, svc.listImportErrors),
];
