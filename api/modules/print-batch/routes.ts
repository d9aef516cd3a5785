import { noContent, route } from "../../lib/route";
import { printBatchEndpoints as ep } from "#contract/endpoints/print-batch";
import * as svc from "./service";

/** Print batches (contract/endpoints/print-batch.ts): the handlers of the print batch calls. */
export const printBatchRoutes = [
  route(ep.list, ({ services, params, query }) => svc.listPrintBatches(services.db, params.municipalityId, query)),
  route(ep.create, ({ services, auth, params, body }) =>
    svc.createPrintBatch(services.db, params.municipalityId, auth, body),
  ),
  route(ep.detail, ({ services, params, query }) =>
    svc.getPrintBatch(services.db, params.municipalityId, params.printBatchId, query),
  ),
  route(ep.remove, ({ services, params }) =>
    noContent(svc.deletePrintBatch(services.db, params.municipalityId, params.printBatchId)),
  ),
  route(ep.markPrinted, ({ services, params }) =>
    svc.markPrinted(services.db, params.municipalityId, params.printBatchId),
  ),
  route(ep.labels, ({ services, params }) =>
    svc.labelsDocument(services.db, params.municipalityId, params.printBatchId),
  ),
  route(ep.print, ({ services, params }) =>
    svc.printBatchOnPrinter(services.db, params.municipalityId, params.printBatchId, services.config.printerHandlerUrl),
  ),
];
