import { idParam, listAnswer, updatedAnswer } from "../common";
import { inMunicipality, municipalityRecord, municipalityTenancy as tenancy, municipalityRecordCalls } from "./shared";
import { endpoint } from "../endpoint";
import { areaImportEndpoints } from "./import";
import {
  collectionDetail,
  collectionIdsBody,
  collectionList,
  collectionListItem,
  collectionLogItem,
  collectionLogList,
  collectionMapAnswer,
  collectionMergeBody,
  collectionPriceBody,
  collectionRecordItem,
  collectionRecordList,
  collectionWeightBody,
  reprocessAnswer,
  assignCodeBody,
  subjectEvidenceAnswer,
} from "../collection";

const collection = municipalityRecordCalls("wasteCollection", "waste-collection", "collectionId");

/**
 * Waste evidence → Waste collections (spec 001 §2 'Waste collections', spec 000 §7 POST waste-collection/merge;
 * issue 13 part 5). Every path is below the municipality; the services filter by it again.
 */
export const wasteCollectionEndpoints = {
  list: collection.list(
    "List waste collections (search, state, waste, days, import; sort, paging)",
    collectionList.query,
    collectionListItem,
  ),
  get: collection.detail(
    "A collection with its summary by street and bin size and its open errors by type",
    collectionDetail,
  ),
  map: endpoint({
    method: "get",
    path: `${collection.one}/map`,
    summary: "The collection's map points: collected bins, bins without code, errors, duplicates",
    permission: "wasteCollection.aDetail",
    tenancy,
    params: collection.byRecord,
    response: collectionMapAnswer,
  }),
  records: endpoint({
    method: "get",
    path: `${collection.one}/records`,
    summary: "The collection's evidence records, paged",
    permission: "wasteCollection.aDetail",
    tenancy,
    params: collection.byRecord,
    query: collectionRecordList.query,
    response: listAnswer(collectionRecordItem),
  }),
  log: endpoint({
    method: "get",
    path: `${collection.one}/log`,
    summary: "The collection's errors and remarks (spec 001 §8 log record errors), paged, by type",
    permission: "wasteCollection.aDetail",
    tenancy,
    params: collection.byRecord,
    query: collectionLogList.query,
    response: listAnswer(collectionLogItem),
  }),
  setPrice: endpoint({
    method: "patch",
    path: `${collection.base}/price`,
    summary: "Set the invoice value of the selected collections",
    permission: "wasteCollection.aEdit",
    tenancy,
    params: inMunicipality,
    body: collectionPriceBody,
    response: updatedAnswer,
  }),
  setWeight: endpoint({
    method: "patch",
    path: `${collection.one}/weight`,
    summary: "Set the collection's weight; it is spread over its records by volume × fullness, exact to the gram",
    permission: "wasteCollection.aEdit",
    tenancy,
    params: collection.byRecord,
    body: collectionWeightBody,
    response: collectionDetail,
  }),
  merge: endpoint({
    method: "post",
    path: `${collection.base}/merge`,
    summary: "Merge the selected collections into one with a new name (spec 000 §7)",
    permission: "wasteCollection.aEdit",
    tenancy,
    params: inMunicipality,
    body: collectionMergeBody,
    response: collectionDetail,
  }),
  remove: endpoint({
    method: "post",
    path: `${collection.base}/remove`,
    summary: "Delete the selected collections with their records and log",
    permission: "wasteCollection.aRemove",
    tenancy,
    params: inMunicipality,
    body: collectionIdsBody,
    status: 200,
    response: updatedAnswer,
  }),
  reprocess: endpoint({
    method: "post",
    path: `${collection.one}/reprocess`,
    summary: "Process the collection's open errors again (after their bins were fixed)",
    permission: "wasteCollection.aEdit",
    tenancy,
    params: collection.byRecord,
    status: 200,
    response: reprocessAnswer,
  }),
  assignCode: endpoint({
    method: "post",
    path: `${collection.one}/log/:logId/assign`,
    summary:
      "Give an unknown RFID tag of the log to a bin (by its barcode or plain code), then reprocess the collection",
    permission: "wasteEvidenceHeader.aEdit",
    tenancy,
    params: collection.byRecord.extend({ logId: idParam }),
    body: assignCodeBody,
    status: 200,
    response: reprocessAnswer,
  }),
  subjectEvidence: endpoint({
    method: "get",
    path: "/municipality/:municipalityId/subject/:subjectId/evidence",
    summary: "A collection point's evidence: consumption by period, actual collection counts, production, history",
    permission: "wasteEvidence.aDetail",
    tenancy,
    params: municipalityRecord("subjectId"),
    response: subjectEvidenceAnswer,
  }),
  // format, licencePlate, weight, weightUnit, then the file (spec 001 §2 'import collection').
  ...areaImportEndpoints("waste-collection", "waste collections", {
    add: "wasteCollection.aAdd",
    read: "wasteCollection.aDetail",
  }),
};
