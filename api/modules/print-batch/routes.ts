import { recordRoutes, route, municipalityCall } from "../../lib/route";
import { printBatchEndpoints as ep } from "#contract/endpoints/print-batch";
import * as svc from "./service";

const batch = recordRoutes("printBatchId");

/** Print batches (contract/endpoints/print-batch.ts): the handlers of the print batch calls. */
export const printBatchRoutes = [
  municipalityCall.query(ep.list, svc.listPrintBatches),
  route(ep.create, ({ services, auth, params, body }) =>
    svc.createPrintBatch(services.db, params.municipalityId, auth, body),
  ),
  batch.query(ep.detail, svc.getPrintBatch),
  batch.remove(ep.remove, svc.deletePrintBatch),
  batch.read(ep.markPrinted, svc.markPrinted),
  batch.read(ep.labels, svc.labelsDocument),
  route(ep.print, ({ services, params }) =>
    svc.printBatchOnPrinter(services.db, params.municipalityId, params.printBatchId, services.config.printerHandlerUrl),
  ),
];
