import { endpoint } from "../endpoint";
import { municipalityTenancy as tenancy, municipalityRecordCalls } from "./shared";
import {
  printAnswer,
  printBatchCodeList,
  printBatchDetail,
  printBatchFormSchema,
  printBatchList,
  printBatchListItem,
  printedAnswer,
} from "../print-batch";

const batch = municipalityRecordCalls("printBatch", "print-batch", "printBatchId");

/** Print batches (spec 001 §2 'Print batches', §8 print results; docs/api-bins.md 'Print batches'). */
export const printBatchEndpoints = {
  list: batch.list(
    "Print batches of the municipality, newest first (filter state; sort; paging)",
    printBatchList.query,
    printBatchListItem,
  ),
  create: batch.create(
    "Generate a print batch: its codes (Free, or Assigned to the chosen subjects) in one transaction",
    printBatchFormSchema,
  ),
  detail: endpoint({
    method: "get",
    path: batch.one,
    summary: "One print batch with a page of its codes",
    permission: "printBatch.aDetail",
    tenancy,
    params: batch.byRecord,
    query: printBatchCodeList.query,
    response: printBatchDetail,
  }),
  remove: batch.remove(
    "Delete a print batch with its codes, only while none of its codes has been put to use (409 with the count otherwise)",
  ),
  markPrinted: endpoint({
    method: "post",
    path: `${batch.one}/printed`,
    summary: "Mark the batch printed (Generated → Printed; 409 when it already is)",
    permission: "printBatch.aEdit",
    tenancy,
    params: batch.byRecord,
    status: 200,
    response: printedAnswer,
  }),
  labels: endpoint({
    method: "get",
    path: `${batch.one}/labels.pdf`,
    summary: "The batch's labels on A4 sheets of 3 × 8 labels 70 × 37 mm (PDF download)",
    permission: "printBatch.aDetail",
    tenancy,
    params: batch.byRecord,
    answer: "binary",
  }),
  print: endpoint({
    method: "post",
    path: `${batch.one}/print`,
    summary: "Send the labels to the label printer handler; answers the print result (HandlerNotRunning without one)",
    permission: "printBatch.aEdit",
    tenancy,
    params: batch.byRecord,
    status: 200,
    response: printAnswer,
  }),
};
