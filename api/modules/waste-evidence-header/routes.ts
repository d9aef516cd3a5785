import { z } from "zod";
import { route } from "../../lib/route";
import { idParam } from "#contract/common";
import { DISPOSE_FREQUENCY_PERIODS } from "#contract/subject";
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
  wehUpdateSchema,
  wehHistoryRow,
  wehIdsBody,
  wehListItem,
  wehListQuery,
} from "#contract/waste-evidence-header";
import * as svc from "./service";

const tenancy = { municipalityParam: "municipalityId" } as const;
const base = "/municipality/:municipalityId/waste-evidence-header";
const inMunicipality = z.object({ municipalityId: idParam });
const byHeader = z.object({ municipalityId: idParam, headerId: idParam });
const updatedAnswer = z.object({ updated: z.number() });

/**
 * Bins (waste evidence headers; docs/api-bins.md "Bins"). Every path but the global barcode search is below the
 * municipality, whose id the tenancy rule checks before the handler; the service filters by it again. Static paths
 * (filters, assign, discard, …) come before /waste-evidence-header/:headerId.
 */
export const wasteEvidenceHeaderRoutes = [
  route({
    method: "get",
    path: base,
    summary: "List bins (search, subject, fee payer, bin and waste type, state, assignment and discard dates, city)",
    permission: "wasteEvidenceHeader.aDetail",
    tenancy,
    params: inMunicipality,
    query: wehListQuery,
    response: z.object({ items: z.array(wehListItem), total: z.number() }),
    handler: ({ services, params, query }) => svc.listHeaders(services.db, params.municipalityId, query),
  }),
  route({
    method: "get",
    path: `${base}/filters`,
    summary: "Cities the bin list's filter offers (the bins' own and their subjects')",
    permission: "wasteEvidenceHeader.aDetail",
    tenancy,
    params: inMunicipality,
    response: z.object({ cities: z.array(z.string()) }),
    handler: ({ services, params }) => svc.listFilterValues(services.db, params.municipalityId),
  }),
  route({
    method: "post",
    path: `${base}/assign`,
    summary: "Assign pasted or scanned codes to a collection point; each code answers assigned or its error",
    permission: "wasteEvidenceHeader.aEdit",
    tenancy,
    params: inMunicipality,
    body: assignCodesBody,
    status: 200,
    response: assignAnswer,
    handler: ({ services, params, body, auth }) =>
      svc.assignCodes(services.db, params.municipalityId, body, auth.user.id),
  }),
  route({
    method: "post",
    path: `${base}/discard`,
    summary: "Discard the selected bins",
    permission: "wasteEvidenceHeader.aEdit",
    tenancy,
    params: inMunicipality,
    body: wehIdsBody,
    status: 200,
    response: updatedAnswer,
    handler: ({ services, params, body, auth }) =>
      svc.discardHeaders(services.db, params.municipalityId, body.ids, auth.user.id),
  }),
  route({
    method: "post",
    path: `${base}/restore`,
    summary: "Restore the selected discarded bins (Assigned with a collection point, else Free)",
    permission: "wasteEvidenceHeader.aEdit",
    tenancy,
    params: inMunicipality,
    body: wehIdsBody,
    status: 200,
    response: updatedAnswer,
    handler: ({ services, params, body, auth }) =>
      svc.restoreHeaders(services.db, params.municipalityId, body.ids, auth.user.id),
  }),
  route({
    method: "post",
    path: `${base}/transfer`,
    summary: "Transfer the selected bins to another collection point (with the 'move evidence records' choice)",
    permission: "wasteEvidenceHeader.aEdit",
    tenancy,
    params: inMunicipality,
    body: transferBody,
    status: 200,
    response: updatedAnswer,
    handler: ({ services, params, body, auth }) =>
      svc.transferHeaders(services.db, params.municipalityId, body, auth.user.id),
  }),
  route({
    method: "get",
    path: `${base}/:headerId`,
    summary: "One bin with every field",
    permission: "wasteEvidenceHeader.aDetail",
    tenancy,
    params: byHeader,
    response: wehDetail,
    handler: ({ services, params }) => svc.getHeader(services.db, params.municipalityId, params.headerId),
  }),
  route({
    method: "put",
    path: `${base}/:headerId`,
    summary: "Update a bin's basic information, location and address",
    permission: "wasteEvidenceHeader.aEdit",
    tenancy,
    params: byHeader,
    body: wehUpdateSchema,
    response: z.object({ id: z.number() }),
    handler: ({ services, params, body, auth }) =>
      svc.updateHeader(services.db, params.municipalityId, params.headerId, body, auth.user.id),
  }),
  route({
    method: "get",
    path: `${base}/:headerId/history`,
    summary: "The bin's history, newest first",
    permission: "wasteEvidenceHeader.aDetail",
    tenancy,
    params: byHeader,
    response: z.object({ items: z.array(wehHistoryRow) }),
    handler: ({ services, params }) => svc.listHistory(services.db, params.municipalityId, params.headerId),
  }),
  route({
    method: "get",
    path: `${base}/:headerId/dispose-counts`,
    summary: "Ordered and actual collections of the bin by month of a year",
    permission: "wasteEvidenceHeader.aDetail",
    tenancy,
    params: byHeader,
    query: disposeCountsQuery,
    response: disposeCountsAnswer,
    handler: ({ services, params, query }) =>
      svc.getDisposeCounts(services.db, params.municipalityId, params.headerId, query.year),
  }),
  route({
    method: "put",
    path: `${base}/:headerId/dispose-counts`,
    summary: "Set one month's ordered and actual collections of the bin",
    permission: "wasteEvidenceHeader.aEdit",
    tenancy,
    params: byHeader,
    body: disposeCountBody,
    response: disposeCountsAnswer,
    handler: ({ services, params, body }) =>
      svc.putDisposeCount(services.db, params.municipalityId, params.headerId, body),
  }),
  route({
    method: "put",
    path: `${base}/:headerId/dispose-frequency`,
    summary: "Set the bin's ordered collections per month or year",
    permission: "wasteEvidenceHeader.aEdit",
    tenancy,
    params: byHeader,
    body: binDisposeFrequencyBody,
    response: z.object({ period: z.enum(DISPOSE_FREQUENCY_PERIODS), orderedDisposeCount: z.number() }),
    handler: ({ services, params, body, auth }) =>
      svc.setDisposeFrequency(services.db, params.municipalityId, params.headerId, body, auth.user.id),
  }),
  route({
    method: "get",
    path: `${base}/:headerId/label.pdf`,
    summary: "A copy of the bin's label (PDF, inline)",
    permission: "wasteEvidenceHeader.aDetail",
    tenancy,
    params: byHeader,
    handler: ({ services, params }) => svc.labelPdf(services.db, params.municipalityId, params.headerId),
  }),
  route({
    method: "get",
    path: "/municipality/:municipalityId/find-code-by-barcode",
    summary: "The bin of this municipality with the exact barcode (404 'Kód nebyl nalezen.')",
    permission: "wasteEvidenceHeader.aDetail",
    tenancy,
    params: inMunicipality,
    query: barcodeQuery,
    response: barcodeAnswer,
    handler: ({ services, params, query }) =>
      svc.findCodeByBarcode(services.db, params.municipalityId, query.barcode),
  }),
  route({
    method: "get",
    path: "/waste-evidence-header/search-by-barcode",
    summary: "The bin with the exact barcode among the user's municipalities (404 'Kód nebyl nalezen.')",
    permission: "wasteEvidenceHeader.aDetail",
    // The user's municipalities are applied by the service (auth.municipalityIds).
    tenancy: "global",
    query: barcodeQuery,
    response: barcodeAnswer,
    handler: ({ services, auth, query }) => svc.searchByBarcode(services.db, auth, query.barcode),
  }),
];
