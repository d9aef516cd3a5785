import { z } from "zod";
import { idAnswer, itemsAnswer, updatedAnswer } from "../common";
import { endpoint } from "../endpoint";
import { inMunicipality, municipalityTenancy as tenancy, municipalityRecordCalls } from "./shared";
import {
  deactivateBody,
  discountOption,
  feePayerDetail,
  feePayerFormSchema,
  feePayerHistoryRow,
  feePayerList,
  feePayerListItem,
  feePayerOption,
  feePayerOptionsQuery,
  feePayerUpdateSchema,
  generateLoginBody,
  registerBody,
} from "../fee-payer";

const payer = municipalityRecordCalls("feePayer", "fee-payer", "feePayerId");

/**
 * Fee payers (spec 001 §2 'Fee payers', docs/api-subjects-fee-payers.md): every call is below the municipality,
 * whose id the API checks against the user's municipalities. A payer's memberships in subjects are the subject's
 * calls (/municipality/{id}/subject/{id}/fee-payers).
 */
export const feePayerEndpoints = {
  list: payer.list(
    "List fee payers (search, date of birth, fixed discount, registered, active, subject; sort, paging)",
    feePayerList.query,
    feePayerListItem,
  ),
  options: endpoint({
    method: "get",
    path: `${payer.base}/options`,
    summary: "Up to 20 fee payers matching a search (pickers)",
    permission: "feePayer.aDetail",
    tenancy,
    params: inMunicipality,
    query: feePayerOptionsQuery,
    response: itemsAnswer(feePayerOption),
  }),
  discounts: endpoint({
    method: "get",
    path: `${payer.base}/discounts`,
    summary: "The municipality's discounts (list filter and form)",
    permission: "feePayer.aDetail",
    tenancy,
    params: inMunicipality,
    response: itemsAnswer(discountOption),
  }),
  create: payer.create(
    "Create a fee payer (with subjectId: the payer joins that subject from activeFrom)",
    feePayerFormSchema,
  ),
  register: endpoint({
    method: "patch",
    path: `${payer.base}/register`,
    summary: "Mark fee payers registered (or not), in bulk",
    permission: "feePayer.aEdit",
    tenancy,
    params: inMunicipality,
    body: registerBody,
    response: updatedAnswer,
  }),
  detail: payer.detail(
    "One fee payer with addresses, discounts, age group, login and fee record count",
    feePayerDetail,
  ),
  update: payer.update(
    "Update a fee payer (addresses and discounts replaced as a whole; subjectId ignored)",
    feePayerUpdateSchema,
  ),
  remove: payer.remove("Delete a fee payer (409 while fee records exist)"),
  history: endpoint({
    method: "get",
    path: `${payer.one}/history`,
    summary: "The payer's memberships in subjects, newest first, with the final fee per subject",
    permission: "feePayer.aDetail",
    tenancy,
    params: payer.byRecord,
    response: itemsAnswer(feePayerHistoryRow),
  }),
  deactivate: endpoint({
    method: "post",
    path: `${payer.one}/deactivate`,
    summary: "Deactivate a fee payer on a day (memberships end the same day)",
    permission: "feePayer.aEdit",
    tenancy,
    params: payer.byRecord,
    body: deactivateBody,
    status: 200,
    response: z.object({ id: z.number(), activeTo: z.string() }),
  }),
  activate: endpoint({
    method: "post",
    path: `${payer.one}/activate`,
    summary: "Activate a fee payer again (no end of activity)",
    permission: "feePayer.aEdit",
    tenancy,
    params: payer.byRecord,
    status: 200,
    response: idAnswer,
  }),
  /**
   * An action on the payer: 200 with the login (method 'email'), or the PDF letter itself (method 'pdf'; the web
   * reads it raw with api.file.feePayer.generateLogin).
   */
  generateLogin: endpoint({
    method: "post",
    path: `${payer.one}/generate-login`,
    summary: "Generate (or re-issue) the payer's citizen login: an e-mail invitation, or a PDF letter with a password",
    permission: "feePayer.aEdit",
    tenancy,
    params: payer.byRecord,
    body: generateLoginBody,
    status: 200,
    response: z.object({ userId: z.number(), userName: z.string(), sentTo: z.string() }),
  }),
};
