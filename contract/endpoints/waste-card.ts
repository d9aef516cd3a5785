import { listAnswer, updatedAnswer } from "../common";
import { endpoint } from "../endpoint";
import { inMunicipality, municipalityRecord, municipalityTenancy as tenancy } from "./shared";
import {
  assignSubjectBody,
  expirationBody,
  importErrorList,
  importJobAnswer,
  importJobErrorRow,
  wasteCardIdsBody,
  wasteCardList,
  wasteCardListItem,
} from "../waste-card";

const base = "/municipality/:municipalityId/waste-card";
const byImportJob = municipalityRecord("importJobId");

/**
 * Waste cards and their CSV import (spec 001 §2 'Waste cards', §5, §8 'Import'; docs/api-bins.md). Every path is
 * below the municipality, whose id the tenancy rule checks before the handler; the service filters by it again.
 */
export const wasteCardEndpoints = {
  list: endpoint({
    method: "get",
    path: base,
    summary: "List waste cards (search, state as of today, subject type, valid from, subject; sort, paging)",
    permission: "wasteCard.aDetail",
    tenancy,
    params: inMunicipality,
    query: wasteCardList.query,
    response: listAnswer(wasteCardListItem),
  }),
  setExpiration: endpoint({
    method: "patch",
    path: `${base}/expiration`,
    summary: "Set the last valid day of the selected cards (a past day makes them Expired)",
    permission: "wasteCard.aEdit",
    tenancy,
    params: inMunicipality,
    body: expirationBody,
    response: updatedAnswer,
  }),
  assignSubject: endpoint({
    method: "patch",
    path: `${base}/assign-subject`,
    summary: "Assign the selected cards to a collection point of this municipality (optionally to a current member)",
    permission: "wasteCard.aEdit",
    tenancy,
    params: inMunicipality,
    body: assignSubjectBody,
    response: updatedAnswer,
  }),
  remove: endpoint({
    method: "post",
    path: `${base}/remove`,
    summary: "Remove the selected cards: virtual cards are deleted, physical ones discarded",
    permission: "wasteCard.aRemove",
    tenancy,
    params: inMunicipality,
    body: wasteCardIdsBody,
    status: 200,
    response: updatedAnswer,
  }),
  import: endpoint({
    method: "post",
    path: `${base}/import`,
    summary: "Import cards from a CSV file (multipart field 'file'; plainCode;code;subjectId;feePayerId; up to 50 MB)",
    permission: "wasteCard.aAdd",
    tenancy,
    params: inMunicipality,
    bodyKind: "multipart",
    // The answer is the finished job, also when it has error rows or was discarded.
    status: 200,
    response: importJobAnswer,
  }),
  importJob: endpoint({
    method: "get",
    path: "/municipality/:municipalityId/import/:importJobId",
    summary: "A waste-card import job: state and counts (total, accepted, unchanged, rejected rows)",
    permission: "wasteCard.aDetail",
    tenancy,
    params: byImportJob,
    response: importJobAnswer,
  }),
  importErrors: endpoint({
    method: "get",
    path: "/municipality/:municipalityId/import/:importJobId/errors",
    summary: "The rejected rows of a waste-card import job (row number, reason, the row as in the file), paged",
    permission: "wasteCard.aDetail",
    tenancy,
    params: byImportJob,
    query: importErrorList.query,
    response: listAnswer(importJobErrorRow),
  }),
};
