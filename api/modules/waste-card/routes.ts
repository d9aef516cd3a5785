import { z } from "zod";
import { route } from "../../lib/route";
import { ApiError, validation } from "../../lib/errors";
import { idParam } from "#contract/common";
import {
  assignSubjectBody,
  expirationBody,
  importErrorsQuery,
  importJobAnswer,
  importJobErrorRow,
  updatedAnswer,
  WASTE_CARD_IMPORT_MAX_BYTES,
  wasteCardIdsBody,
  wasteCardListItem,
  wasteCardListQuery,
} from "#contract/waste-card";
import { importWasteCards, TOO_LARGE } from "./import";
import { MultipartError, multipartBoundary, readMultipartFile } from "../../lib/multipart";
import * as svc from "./service";

const tenancy = { municipalityParam: "municipalityId" } as const;
const base = "/municipality/:municipalityId/waste-card";
const inMunicipality = z.object({ municipalityId: idParam });
const byImportJob = z.object({ municipalityId: idParam, importJobId: idParam });
const CHOOSE_FILE = "Vyberte soubor CSV.";
/** Room for the multipart envelope around a file of the largest size. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Waste cards and their CSV import (spec 001 §2 'Waste cards', §5, §8 'Import'; docs/api-bins.md). Every path is
 * below the municipality, whose id the tenancy rule checks before the handler; the service filters by it again.
 */
export const wasteCardRoutes = [
  route({
    method: "get",
    path: base,
    summary: "List waste cards (search, state as of today, subject type, valid from, subject; sort, paging)",
    permission: "wasteCard.aDetail",
    tenancy,
    params: inMunicipality,
    query: wasteCardListQuery,
    response: z.object({ items: z.array(wasteCardListItem), total: z.number() }),
    handler: ({ services, params, query }) => svc.listWasteCards(services.db, params.municipalityId, query),
  }),
  route({
    method: "patch",
    path: `${base}/expiration`,
    summary: "Set the last valid day of the selected cards (a past day makes them Expired)",
    permission: "wasteCard.aEdit",
    tenancy,
    params: inMunicipality,
    body: expirationBody,
    response: updatedAnswer,
    handler: ({ services, params, body }) =>
      svc.setExpiration(services.db, params.municipalityId, body.ids, body.validTo),
  }),
  route({
    method: "patch",
    path: `${base}/assign-subject`,
    summary: "Assign the selected cards to a collection point of this municipality (optionally to a current member)",
    permission: "wasteCard.aEdit",
    tenancy,
    params: inMunicipality,
    body: assignSubjectBody,
    response: updatedAnswer,
    handler: ({ services, params, body }) =>
      svc.assignSubject(services.db, params.municipalityId, body.ids, body.subjectId, body.feePayerId),
  }),
  route({
    method: "post",
    path: `${base}/remove`,
    summary: "Remove the selected cards: virtual cards are deleted, physical ones discarded",
    permission: "wasteCard.aRemove",
    tenancy,
    params: inMunicipality,
    body: wasteCardIdsBody,
    status: 200,
    response: updatedAnswer,
    handler: ({ services, params, body }) => svc.removeCards(services.db, params.municipalityId, body.ids),
  }),
  route({
    method: "post",
    path: `${base}/import`,
    summary: "Import cards from a CSV file (multipart field 'file'; plainCode;code;subjectId;feePayerId; up to 50 MB)",
    permission: "wasteCard.aAdd",
    tenancy,
    params: inMunicipality,
    bodyKind: "multipart",
    // The answer is the finished job, also when it has error rows or was discarded.
    status: 200,
    response: importJobAnswer,
    handler: async ({ c, auth, services, params }) => {
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
    },
  }),
  route({
    method: "get",
    path: "/municipality/:municipalityId/import/:importJobId",
    summary: "A waste-card import job: state and counts (total, accepted, unchanged, rejected rows)",
    permission: "wasteCard.aDetail",
    tenancy,
    params: byImportJob,
    response: importJobAnswer,
    handler: ({ services, params }) => svc.getImportJob(services.db, params.municipalityId, params.importJobId),
  }),
  route({
    method: "get",
    path: "/municipality/:municipalityId/import/:importJobId/errors",
    summary: "The rejected rows of a waste-card import job (row number, reason, the row as in the file), paged",
    permission: "wasteCard.aDetail",
    tenancy,
    params: byImportJob,
    query: importErrorsQuery,
    response: z.object({ items: z.array(importJobErrorRow), total: z.number() }),
    handler: ({ services, params, query }) =>
      svc.listImportErrors(services.db, params.municipalityId, params.importJobId, query),
  }),
];
