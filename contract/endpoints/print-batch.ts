import { idAnswer, listAnswer } from "../common";
import { endpoint } from "../endpoint";
import { inMunicipality, municipalityRecord, municipalityTenancy as tenancy } from "./shared";
import {
  printAnswer,
  printBatchCodeList,
  printBatchDetail,
  printBatchFormSchema,
  printBatchList,
  printBatchListItem,
  printedAnswer,
} from "../print-batch";

const byBatch = municipalityRecord("printBatchId");

/** Print batches (spec 001 §2 'Print batches', §8 print results; docs/api-bins.md 'Print batches'). */
export const printBatchEndpoints = {
  list: endpoint({
    method: "get",
    path: "/municipality/:municipalityId/print-batch",
    summary: "Print batches of the municipality, newest first (filter state; sort; paging)",
    permission: "printBatch.aDetail",
    tenancy,
    params: inMunicipality,
    query: printBatchList.query,
    response: listAnswer(printBatchListItem),
  }),
  create: endpoint({
    method: "post",
    path: "/municipality/:municipalityId/print-batch",
    summary: "Generate a print batch: its codes (Free, or Assigned to the chosen subjects) in one transaction",
    permission: "printBatch.aAdd",
    tenancy,
    params: inMunicipality,
    body: printBatchFormSchema,
    response: idAnswer,
  }),
  detail: endpoint({
    method: "get",
    path: "/municipality/:municipalityId/print-batch/:printBatchId",
    summary: "One print batch with a page of its codes",
    permission: "printBatch.aDetail",
    tenancy,
    params: byBatch,
    query: printBatchCodeList.query,
    response: printBatchDetail,
  }),
  remove: endpoint({
    method: "delete",
    path: "/municipality/:municipalityId/print-batch/:printBatchId",
    summary:
      "Delete a print batch with its codes, only while none of its codes has been put to use (409 with the count otherwise)",
    permission: "printBatch.aRemove",
    tenancy,
    params: byBatch,
  }),
  markPrinted: endpoint({
    method: "post",
    path: "/municipality/:municipalityId/print-batch/:printBatchId/printed",
    summary: "Mark the batch printed (Generated → Printed; 409 when it already is)",
    permission: "printBatch.aEdit",
    tenancy,
    params: byBatch,
    status: 200,
    response: printedAnswer,
  }),
  labels: endpoint({
    method: "get",
    path: "/municipality/:municipalityId/print-batch/:printBatchId/labels.pdf",
    summary: "The batch's labels on A4 sheets of 3 × 8 labels 70 × 37 mm (PDF download)",
    permission: "printBatch.aDetail",
    tenancy,
    params: byBatch,
    answer: "binary",
  }),
  print: endpoint({
    method: "post",
    path: "/municipality/:municipalityId/print-batch/:printBatchId/print",
    summary: "Send the labels to the label printer handler; answers the print result (HandlerNotRunning without one)",
    permission: "printBatch.aEdit",
    tenancy,
    params: byBatch,
    status: 200,
    response: printAnswer,
  }),
};
