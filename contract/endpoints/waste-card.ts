import { updatedAnswer } from "../common";
import { endpoint } from "../endpoint";
import { areaImportEndpoints } from "./import";
import { inMunicipality, municipalityTenancy as tenancy, municipalityRecordCalls } from "./shared";
import { assignSubjectBody, expirationBody, wasteCardIdsBody, wasteCardList, wasteCardListItem } from "../waste-card";

const card = municipalityRecordCalls("wasteCard", "waste-card", "wasteCardId");

/**
 * Waste cards and their CSV import (spec 001 §2 'Waste cards', §5, §8 'Import'; docs/api-bins.md). Every path is
 * below the municipality, whose id the tenancy rule checks before the handler; the service filters by it again.
 */
export const wasteCardEndpoints = {
  list: card.list(
    "List waste cards (search, state as of today, subject type, valid from, subject; sort, paging)",
    wasteCardList.query,
    wasteCardListItem,
  ),
  setExpiration: endpoint({
    method: "patch",
    path: `${card.base}/expiration`,
    summary: "Set the last valid day of the selected cards (a past day makes them Expired)",
    permission: "wasteCard.aEdit",
    tenancy,
    params: inMunicipality,
    body: expirationBody,
    response: updatedAnswer,
  }),
  assignSubject: endpoint({
    method: "patch",
    path: `${card.base}/assign-subject`,
    summary: "Assign the selected cards to a collection point of this municipality (optionally to a current member)",
    permission: "wasteCard.aEdit",
    tenancy,
    params: inMunicipality,
    body: assignSubjectBody,
    response: updatedAnswer,
  }),
  remove: endpoint({
    method: "post",
    path: `${card.base}/remove`,
    summary: "Remove the selected cards: virtual cards are deleted, physical ones discarded",
    permission: "wasteCard.aRemove",
    tenancy,
    params: inMunicipality,
    body: wasteCardIdsBody,
    status: 200,
    response: updatedAnswer,
  }),
  // plainCode;code;subjectId;feePayerId, up to 50 MB (spec 001 §5).
  ...areaImportEndpoints("waste-card", "waste cards", { add: "wasteCard.aAdd", read: "wasteCard.aDetail" }),
};
