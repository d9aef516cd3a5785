import { updatedAnswer } from "../common";
import { endpoint } from "../endpoint";
import { feeList, feeListItem, feePaidSchema, feeSummary, feeSummaryQuery } from "../fee";
import { inMunicipality, municipalityTenancy as tenancy, municipalityRecordCalls } from "./shared";
import { activeProgrammeAnswer, yearQuery } from "../fee-calculation";

const fee = municipalityRecordCalls("fee", "fee", "feeId");

/**
 * Fees → Fees (spec 001 §2 'Fees'; docs/fees.md): the payers' fees written by the recalculation, the cards and
 * statistics of a year, and their paid flag. The recalculation, base fee settings and a fee's explanation are the
 * fee-calculation calls.
 */
export const feeEndpoints = {
  list: fee.list(
    "The payers' yearly fees of a year (search by payer, variable symbol or collection point; paid, subject type, discounted, collection point, payer)",
    feeList.query,
    feeListItem,
  ),
  summary: endpoint({
    method: "get",
    path: `${fee.base}/summary`,
    summary: "The cards (fees, discounts, final fee, expenditure, income) and fee statistics of a year",
    permission: "fee.aDetail",
    tenancy,
    params: inMunicipality,
    query: feeSummaryQuery,
    response: feeSummary,
  }),
  activeProgramme: endpoint({
    method: "get",
    path: `${fee.base}/active-programme`,
    summary:
      "The motivation programme active in a year with its parameters and intervals, as a simulation takes it (null: none)",
    permission: "fee.aDetail",
    tenancy,
    params: inMunicipality,
    query: yearQuery,
    response: activeProgrammeAnswer,
  }),
  setPaid: endpoint({
    method: "patch",
    path: `${fee.base}/paid`,
    summary:
      "Mark fees paid or unpaid (singly or in bulk); the collection point's 'fee paid' follows its fees of the year",
    permission: "fee.aEdit",
    tenancy,
    params: inMunicipality,
    body: feePaidSchema,
    response: updatedAnswer,
  }),
};
