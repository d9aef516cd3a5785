import { z } from "zod";
import { route } from "../../lib/route";
import { idParam } from "#contract/common";
import {
  printAnswer,
  printBatchDetail,
  printBatchDetailQuery,
  printBatchFormSchema,
  printBatchListItem,
  printBatchListQuery,
  printedAnswer,
} from "#contract/print-batch";
import * as svc from "./service";

const tenancy = { municipalityParam: "municipalityId" } as const;
const base = "/municipality/:municipalityId/print-batch";
const inMunicipality = z.object({ municipalityId: idParam });
const byBatch = z.object({ municipalityId: idParam, printBatchId: idParam });

/** Print batches (spec 001 §2 'Print batches', §8 print results; docs/api-bins.md 'Print batches'). */
export const printBatchRoutes = [
  route({
    method: "get",
    path: base,
    summary: "Print batches of the municipality, newest first (filter state; paging)",
    permission: "printBatch.aDetail",
    tenancy,
    params: inMunicipality,
    query: printBatchListQuery,
    response: z.object({ items: z.array(printBatchListItem), total: z.number() }),
    handler: ({ services, params, query }) => svc.listPrintBatches(services.db, params.municipalityId, query),
  }),
  route({
    method: "post",
    path: base,
    summary: "Generate a print batch: its codes (Free, or Assigned to the chosen subjects) in one transaction",
    permission: "printBatch.aAdd",
    tenancy,
    params: inMunicipality,
    body: printBatchFormSchema,
    response: z.object({ id: z.number() }),
    handler: ({ services, auth, params, body }) => svc.createPrintBatch(services.db, params.municipalityId, auth, body),
  }),
  route({
    method: "get",
    path: `${base}/:printBatchId`,
    summary: "One print batch with a page of its codes",
    permission: "printBatch.aDetail",
    tenancy,
    params: byBatch,
    query: printBatchDetailQuery,
    response: printBatchDetail,
    handler: ({ services, params, query }) =>
      svc.getPrintBatch(services.db, params.municipalityId, params.printBatchId, query),
  }),
  route({
    method: "delete",
    path: `${base}/:printBatchId`,
    summary:
      "Delete a print batch with its codes, only while none of its codes has been put to use (409 with the count otherwise)",
    permission: "printBatch.aRemove",
    tenancy,
    params: byBatch,
    handler: async ({ services, params }) => {
      await svc.deletePrintBatch(services.db, params.municipalityId, params.printBatchId);
      return null;
    },
  }),
  route({
    method: "post",
    path: `${base}/:printBatchId/printed`,
    summary: "Mark the batch printed (Generated → Printed; 409 when it already is)",
    permission: "printBatch.aEdit",
    tenancy,
    params: byBatch,
    status: 200,
    response: printedAnswer,
    handler: ({ services, params }) => svc.markPrinted(services.db, params.municipalityId, params.printBatchId),
  }),
  route({
    method: "get",
    path: `${base}/:printBatchId/labels.pdf`,
    summary: "The batch's labels on A4 sheets of 3 × 8 labels 70 × 37 mm (PDF download)",
    permission: "printBatch.aDetail",
    tenancy,
    params: byBatch,
    handler: ({ services, params }) => svc.labelsDocument(services.db, params.municipalityId, params.printBatchId),
  }),
  route({
    method: "post",
    path: `${base}/:printBatchId/print`,
    summary: "Send the labels to the label printer handler; answers the print result (HandlerNotRunning without one)",
    permission: "printBatch.aEdit",
    tenancy,
    params: byBatch,
    status: 200,
    response: printAnswer,
    handler: ({ services, params }) =>
      svc.printBatchOnPrinter(
        services.db,
        params.municipalityId,
        params.printBatchId,
        services.config.printerHandlerUrl,
      ),
  }),
];
