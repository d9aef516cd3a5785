import { z } from "zod";
import { itemsAnswer, updatedAnswer } from "../common";
import { endpoint } from "../endpoint";
import { inMunicipality, municipalityTenancy as tenancy, municipalityRecordCalls } from "./shared";
import { DISPOSE_FREQUENCY_PERIODS } from "../subject";
import {
  assignAnswer,
  assignCodesBody,
  barcodeAnswer,
  barcodeQuery,
  binDisposeFrequencyBody,
  disposeCountBody,
  disposeCountsAnswer,
  disposeCountsQuery,
  transferBody,
  wehDetail,
  wehHistoryRow,
  wehIdsBody,
  wehList,
  wehListItem,
  wehUpdateSchema,
} from "../waste-evidence-header";

const bin = municipalityRecordCalls("wasteEvidenceHeader", "waste-evidence-header", "headerId");

/** A change of the selected bins' state (discard, restore): the ids in, how many changed out. */
const selectedBinsChange = {
  permission: "wasteEvidenceHeader.aEdit",
  tenancy,
  params: inMunicipality,
  body: wehIdsBody,
  status: 200,
  response: updatedAnswer,
} as const;

/**
 * Bins (waste evidence headers; docs/api-bins.md "Bins"). Every path but the global barcode search is below the
 * municipality, whose id the tenancy rule checks before the handler; the service filters by it again. Static paths
 * (filters, assign, discard, …) come before /waste-evidence-header/:headerId.
 */
export const wasteEvidenceHeaderEndpoints = {
  list: bin.list(
    "List bins (search, subject, fee payer, bin and waste type, state, assignment and discard dates, city)",
    wehList.query,
    wehListItem,
  ),
  filters: endpoint({
    method: "get",
    path: `${bin.base}/filters`,
    summary: "Cities the bin list's filter offers (the bins' own and their subjects')",
    permission: "wasteEvidenceHeader.aDetail",
    tenancy,
    params: inMunicipality,
    response: z.object({ cities: z.array(z.string()) }),
  }),
  assign: endpoint({
    method: "post",
    path: `${bin.base}/assign`,
    summary: "Assign pasted or scanned codes to a collection point; each code answers assigned or its error",
    permission: "wasteEvidenceHeader.aEdit",
    tenancy,
    params: inMunicipality,
    body: assignCodesBody,
    status: 200,
    response: assignAnswer,
  }),
  discard: endpoint({
    method: "post",
    path: `${bin.base}/discard`,
    summary: "Discard the selected bins",
    ...selectedBinsChange,
  }),
  restore: endpoint({
    method: "post",
    path: `${bin.base}/restore`,
    summary: "Restore the selected discarded bins (Assigned with a collection point, else Free)",
    ...selectedBinsChange,
  }),
  transfer: endpoint({
    method: "post",
    path: `${bin.base}/transfer`,
    summary: "Transfer the selected bins to another collection point (with the 'move evidence records' choice)",
    permission: "wasteEvidenceHeader.aEdit",
    tenancy,
    params: inMunicipality,
    body: transferBody,
    status: 200,
    response: updatedAnswer,
  }),
  detail: bin.detail("One bin with every field", wehDetail),
  update: bin.update("Update a bin's basic information, location and address", wehUpdateSchema),
  history: endpoint({
    method: "get",
    path: `${bin.one}/history`,
    summary: "The bin's history, newest first",
    permission: "wasteEvidenceHeader.aDetail",
    tenancy,
    params: bin.byRecord,
    response: itemsAnswer(wehHistoryRow),
  }),
  disposeCounts: endpoint({
    method: "get",
    path: `${bin.one}/dispose-counts`,
    summary: "Ordered and actual collections of the bin by month of a year",
    permission: "wasteEvidenceHeader.aDetail",
    tenancy,
    params: bin.byRecord,
    query: disposeCountsQuery,
    response: disposeCountsAnswer,
  }),
  setDisposeCount: endpoint({
    method: "put",
    path: `${bin.one}/dispose-counts`,
    summary: "Set one month's ordered and actual collections of the bin",
    permission: "wasteEvidenceHeader.aEdit",
    tenancy,
    params: bin.byRecord,
    body: disposeCountBody,
    response: disposeCountsAnswer,
  }),
  setDisposeFrequency: endpoint({
    method: "put",
    path: `${bin.one}/dispose-frequency`,
    summary: "Set the bin's ordered collections per month or year",
    permission: "wasteEvidenceHeader.aEdit",
    tenancy,
    params: bin.byRecord,
    body: binDisposeFrequencyBody,
    response: z.object({ period: z.enum(DISPOSE_FREQUENCY_PERIODS), orderedDisposeCount: z.number() }),
  }),
  label: endpoint({
    method: "get",
    path: `${bin.one}/label.pdf`,
    summary: "A copy of the bin's label (PDF, inline)",
    permission: "wasteEvidenceHeader.aDetail",
    tenancy,
    params: bin.byRecord,
    answer: "binary",
  }),
  findByBarcode: endpoint({
    method: "get",
    path: "/municipality/:municipalityId/find-code-by-barcode",
    summary: "The bin of this municipality with the exact barcode (404 'Kód nebyl nalezen.')",
    permission: "wasteEvidenceHeader.aDetail",
    tenancy,
    params: inMunicipality,
    query: barcodeQuery,
    response: barcodeAnswer,
  }),
  searchByBarcode: endpoint({
    method: "get",
    path: "/waste-evidence-header/search-by-barcode",
    summary: "The bin with the exact barcode among the user's municipalities (404 'Kód nebyl nalezen.')",
    permission: "wasteEvidenceHeader.aDetail",
    // The user's municipalities are applied by the service (auth.municipalityIds).
    tenancy: "global",
    query: barcodeQuery,
    response: barcodeAnswer,
  }),
};
