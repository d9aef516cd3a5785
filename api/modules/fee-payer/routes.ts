import { z } from "zod";
import { route } from "../../lib/route";
import { idParam } from "#contract/common";
import {
  deactivateBody,
  discountOption,
  feePayerDetail,
  feePayerFormSchema,
  feePayerUpdateSchema,
  feePayerHistoryRow,
  feePayerListItem,
  feePayerListQuery,
  feePayerOption,
  feePayerOptionsQuery,
  generateLoginBody,
  registerBody,
} from "#contract/fee-payer";
import * as svc from "./service";

const byMunicipality = z.object({ municipalityId: idParam });
const byPayer = z.object({ municipalityId: idParam, feePayerId: idParam });
const tenancy = { municipalityParam: "municipalityId" } as const;
const base = "/municipality/:municipalityId/fee-payer";

/** Fee payers (spec 001 §2 'Fee payers', docs/api-subjects-fee-payers.md). */
export const feePayerRoutes = [
  route({
    method: "get",
    path: base,
    summary: "List fee payers (search, date of birth, fixed discount, registered, active, subject; sort, paging)",
    permission: "feePayer.aDetail",
    tenancy,
    params: byMunicipality,
    query: feePayerListQuery,
    response: z.object({ items: z.array(feePayerListItem), total: z.number() }),
    handler: ({ services, params, query }) => svc.listFeePayers(services.db, params.municipalityId, query),
  }),
  route({
    method: "get",
    path: `${base}/options`,
    summary: "Up to 20 fee payers matching a search (pickers)",
    permission: "feePayer.aDetail",
    tenancy,
    params: byMunicipality,
    query: feePayerOptionsQuery,
    response: z.object({ items: z.array(feePayerOption) }),
    handler: ({ services, params, query }) => svc.listOptions(services.db, params.municipalityId, query),
  }),
  route({
    method: "get",
    path: `${base}/discounts`,
    summary: "The municipality's discounts (list filter and form)",
    permission: "feePayer.aDetail",
    tenancy,
    params: byMunicipality,
    response: z.object({ items: z.array(discountOption) }),
    handler: ({ services, params }) => svc.listDiscounts(services.db, params.municipalityId),
  }),
  route({
    method: "post",
    path: base,
    summary: "Create a fee payer (with subjectId: the payer joins that subject from activeFrom)",
    permission: "feePayer.aAdd",
    tenancy,
    params: byMunicipality,
    body: feePayerFormSchema,
    response: z.object({ id: z.number() }),
    handler: ({ services, params, body }) => svc.createFeePayer(services.db, params.municipalityId, body),
  }),
  route({
    method: "patch",
    path: `${base}/register`,
    summary: "Mark fee payers registered (or not), in bulk",
    permission: "feePayer.aEdit",
    tenancy,
    params: byMunicipality,
    body: registerBody,
    response: z.object({ updated: z.number() }),
    handler: ({ services, params, body }) => svc.registerFeePayers(services.db, params.municipalityId, body),
  }),
  route({
    method: "get",
    path: `${base}/:feePayerId`,
    summary: "One fee payer with addresses, discounts, age group, login and fee record count",
    permission: "feePayer.aDetail",
    tenancy,
    params: byPayer,
    response: feePayerDetail,
    handler: ({ services, params }) => svc.getFeePayer(services.db, params.municipalityId, params.feePayerId),
  }),
  route({
    method: "put",
    path: `${base}/:feePayerId`,
    summary: "Update a fee payer (addresses and discounts replaced as a whole; subjectId ignored)",
    permission: "feePayer.aEdit",
    tenancy,
    params: byPayer,
    body: feePayerUpdateSchema,
    response: z.object({ id: z.number() }),
    handler: ({ services, params, body }) =>
      svc.updateFeePayer(services.db, params.municipalityId, params.feePayerId, body),
  }),
  route({
    method: "delete",
    path: `${base}/:feePayerId`,
    summary: "Delete a fee payer (409 while fee records exist)",
    permission: "feePayer.aRemove",
    tenancy,
    params: byPayer,
    handler: async ({ services, params }) => {
      await svc.deleteFeePayer(services.db, params.municipalityId, params.feePayerId);
      return null;
    },
  }),
  route({
    method: "get",
    path: `${base}/:feePayerId/history`,
    summary: "The payer's memberships in subjects, newest first, with the final fee per subject",
    permission: "feePayer.aDetail",
    tenancy,
    params: byPayer,
    response: z.object({ items: z.array(feePayerHistoryRow) }),
    handler: ({ services, params }) => svc.feePayerHistory(services.db, params.municipalityId, params.feePayerId),
  }),
  route({
    method: "post",
    path: `${base}/:feePayerId/deactivate`,
    summary: "Deactivate a fee payer on a day (memberships end the same day)",
    permission: "feePayer.aEdit",
    tenancy,
    params: byPayer,
    body: deactivateBody,
    status: 200,
    response: z.object({ id: z.number(), activeTo: z.string() }),
    handler: ({ services, params, body }) =>
      svc.deactivateFeePayer(services.db, params.municipalityId, params.feePayerId, body),
  }),
  route({
    method: "post",
    path: `${base}/:feePayerId/activate`,
    summary: "Activate a fee payer again (no end of activity)",
    permission: "feePayer.aEdit",
    tenancy,
    params: byPayer,
    status: 200,
    response: z.object({ id: z.number() }),
    handler: ({ services, params }) => svc.activateFeePayer(services.db, params.municipalityId, params.feePayerId),
  }),
  route({
    method: "post",
    path: `${base}/:feePayerId/generate-login`,
    summary: "Generate (or re-issue) the payer's citizen login: an e-mail invitation, or a PDF letter with a password",
    permission: "feePayer.aEdit",
    tenancy,
    params: byPayer,
    body: generateLoginBody,
    // An action on the payer: 200 with the login (e-mail) or the PDF letter itself.
    status: 200,
    response: z.object({ userId: z.number(), userName: z.string(), sentTo: z.string() }),
    handler: ({ services, auth, params, body }) =>
      svc.generateLogin(services, auth, params.municipalityId, params.feePayerId, body),
  }),
];
