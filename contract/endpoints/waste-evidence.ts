import { z } from "zod";
import { idParam, listAnswer } from "../common";
import { endpoint } from "../endpoint";
import { evidenceList, evidenceListItem } from "../collection";
import { evidenceChart, evidenceCreateSchema, evidenceDetail, evidenceUpdateSchema } from "../waste-evidence";

const tenancy = { municipalityParam: "municipalityId" } as const;
const base = "/municipality/:municipalityId/waste-evidence";
const inMunicipality = z.object({ municipalityId: idParam });
const byRecord = z.object({ municipalityId: idParam, evidenceId: idParam });
const saved = z.object({ id: z.number(), version: z.number() });

/**
 * Waste evidence records (spec 001 §2 'Waste evidence records'; docs/waste-evidence.md). Every path is below the
 * municipality, whose id the tenancy rule checks before the handler; the service filters by it again, so another
 * municipality's record is 404.
 */
export const wasteEvidenceEndpoints = {
  list: endpoint({
    method: "get",
    path: base,
    summary:
      "List evidence records, newest first (search by code or collection point, bin, collection point, collection, waste, days, state, discarded, nonconforming)",
    permission: "wasteEvidence.aDetail",
    tenancy,
    params: inMunicipality,
    query: evidenceList.query,
    response: listAnswer(evidenceListItem),
  }),
  create: endpoint({
    method: "post",
    path: base,
    summary:
      "Create a record by hand (origin WebManual): the code resolved to the bin and its collection point; 422 'Tento kód neexistuje!' on code",
    permission: "wasteEvidence.aAdd",
    tenancy,
    params: inMunicipality,
    body: evidenceCreateSchema,
    response: saved,
  }),
  detail: endpoint({
    method: "get",
    path: `${base}/:evidenceId`,
    summary: "One record with its bin, collection point, fee payer, waste and collection",
    permission: "wasteEvidence.aDetail",
    tenancy,
    params: byRecord,
    response: evidenceDetail,
  }),
  update: endpoint({
    method: "put",
    path: `${base}/:evidenceId`,
    summary: "Correct a record (code, time, waste, fullness, weight, nonconforming states); 409 on a stale version",
    permission: "wasteEvidence.aEdit",
    tenancy,
    params: byRecord,
    body: evidenceUpdateSchema,
    response: saved,
  }),
  discard: endpoint({
    method: "post",
    path: `${base}/:evidenceId/discard`,
    summary: "Discard a record: it stays, but counts for no weight and no fee; 409 when already discarded",
    permission: "wasteEvidence.aRemove",
    tenancy,
    params: byRecord,
    status: 200,
    response: z.object({ id: z.number(), discardedAt: z.string() }),
  }),
  chart: endpoint({
    method: "get",
    path: `${base}/:evidenceId/chart`,
    summary:
      "The detail's chart: the record's bin by month over the 12 months up to the record's month (acknowledged kg, penalization, overflow)",
    permission: "wasteEvidence.aDetail",
    tenancy,
    params: byRecord,
    response: evidenceChart,
  }),
};
