import { z } from "zod";
import { versionedIdAnswer } from "../common";
import { municipalityTenancy as tenancy, municipalityRecordCalls } from "./shared";
import { endpoint } from "../endpoint";
import { evidenceList, evidenceListItem } from "../collection";
import { evidenceChart, evidenceCreateSchema, evidenceDetail, evidenceUpdateSchema } from "../waste-evidence";

const evidence = municipalityRecordCalls("wasteEvidence", "waste-evidence", "evidenceId");
/** A create's and an edit's answer: the record's id and its new version. */
const saved = z.object(versionedIdAnswer);

/**
 * Waste evidence records (spec 001 §2 'Waste evidence records'; docs/waste-evidence.md). Every path is below the
 * municipality, whose id the tenancy rule checks before the handler; the service filters by it again, so another
 * municipality's record is 404.
 */
export const wasteEvidenceEndpoints = {
  list: evidence.list(
    "List evidence records, newest first (search by code or collection point, bin, collection point, collection, waste, days, state, discarded, nonconforming)",
    evidenceList.query,
    evidenceListItem,
  ),
  create: evidence.create(
    "Create a record by hand (origin WebManual): the code resolved to the bin and its collection point; 422 'Tento kód neexistuje!' on code",
    evidenceCreateSchema,
    saved,
  ),
  detail: evidence.detail("One record with its bin, collection point, fee payer, waste and collection", evidenceDetail),
  update: evidence.update(
    "Correct a record (code, time, waste, fullness, weight, nonconforming states); 409 on a stale version",
    evidenceUpdateSchema,
    saved,
  ),
  discard: endpoint({
    method: "post",
    path: `${evidence.one}/discard`,
    summary: "Discard a record: it stays, but counts for no weight and no fee; 409 when already discarded",
    permission: "wasteEvidence.aRemove",
    tenancy,
    params: evidence.byRecord,
    status: 200,
    response: z.object({ id: z.number(), discardedAt: z.string() }),
  }),
  chart: endpoint({
    method: "get",
    path: `${evidence.one}/chart`,
    summary:
      "The detail's chart: the record's bin by month over the 12 months up to the record's month (acknowledged kg, penalization, overflow)",
    permission: "wasteEvidence.aDetail",
    tenancy,
    params: evidence.byRecord,
    response: evidenceChart,
  }),
};
