import { z } from "zod";
import { route } from "../../lib/route";
import { idParam } from "#contract/common";
import {
  addMemberBody,
  chiefBody,
  disposeFrequencyBody,
  endMemberBody,
  feePaidBody,
  setParentBody,
  subjectDeleteImpact,
  subjectDetail,
  subjectFeeRow,
  subjectFeesQuery,
  subjectFilterValues,
  subjectFormSchema,
  subjectUpdateSchema,
  subjectListItem,
  subjectListQuery,
  subjectMember,
  subjectOption,
  subjectOptionsQuery,
  subjectTreeNode,
  subjectWasteCard,
  virtualCardBody,
} from "#contract/subject";
import * as svc from "./service";

const tenancy = { municipalityParam: "municipalityId" } as const;
const base = "/municipality/:municipalityId/subject";
const inMunicipality = z.object({ municipalityId: idParam });
const bySubject = z.object({ municipalityId: idParam, subjectId: idParam });
const byMembership = z.object({ municipalityId: idParam, subjectId: idParam, membershipId: idParam });
const byWasteCard = z.object({ municipalityId: idParam, subjectId: idParam, wasteCardId: idParam });
const idAnswer = z.object({ id: z.number() });

/**
 * Collection points (spec 001 §2–§4; docs/api-subjects-fee-payers.md "Subjects"). Every path is below the
 * municipality, whose id the tenancy rule checks before the handler; the service filters by it again. Static
 * paths (options, filters, fee-paid) come before /subject/:subjectId, which would otherwise match them.
 */
export const subjectRoutes = [
  route({
    method: "get",
    path: base,
    summary: "List collection points (search, type, city district, street, fee paid, has bins, parent; sort, paging)",
    permission: "subject.aDetail",
    tenancy,
    params: inMunicipality,
    query: subjectListQuery,
    response: z.object({ items: z.array(subjectListItem), total: z.number() }),
    handler: ({ services, params, query }) => svc.listSubjects(services.db, params.municipalityId, query),
  }),
  route({
    method: "get",
    path: `${base}/options`,
    summary: "Id, name and address of up to 20 collection points for pickers (search; exclude a subtree)",
    permission: "subject.aDetail",
    tenancy,
    params: inMunicipality,
    query: subjectOptionsQuery,
    response: z.object({ items: z.array(subjectOption) }),
    handler: ({ services, params, query }) => svc.listOptions(services.db, params.municipalityId, query),
  }),
  route({
    method: "get",
    path: `${base}/filters`,
    summary: "City districts and streets the list's filters offer",
    permission: "subject.aDetail",
    tenancy,
    params: inMunicipality,
    response: subjectFilterValues,
    handler: ({ services, params }) => svc.listFilterValues(services.db, params.municipalityId),
  }),
  route({
    method: "post",
    path: base,
    summary: "Create a collection point",
    permission: "subject.aAdd",
    tenancy,
    params: inMunicipality,
    body: subjectFormSchema,
    response: idAnswer,
    handler: ({ services, params, body }) => svc.createSubject(services.db, params.municipalityId, body),
  }),
  route({
    method: "patch",
    path: `${base}/fee-paid`,
    summary: "Mark the fee of the selected collection points paid or unpaid",
    permission: "subject.aEdit",
    tenancy,
    params: inMunicipality,
    body: feePaidBody,
    response: z.object({ updated: z.number() }),
    handler: ({ services, params, body }) =>
      svc.setFeePaid(services.db, params.municipalityId, body.subjectIds, body.paid),
  }),
  route({
    method: "get",
    path: `${base}/:subjectId`,
    summary: "One collection point with every field",
    permission: "subject.aDetail",
    tenancy,
    params: bySubject,
    response: subjectDetail,
    handler: ({ services, params }) => svc.getSubject(services.db, params.municipalityId, params.subjectId),
  }),
  route({
    method: "put",
    path: `${base}/:subjectId`,
    summary: "Update a collection point",
    permission: "subject.aEdit",
    tenancy,
    params: bySubject,
    body: subjectUpdateSchema,
    response: idAnswer,
    handler: ({ services, params, body }) =>
      svc.updateSubject(services.db, params.municipalityId, params.subjectId, body),
  }),
  route({
    method: "delete",
    path: `${base}/:subjectId`,
    summary: "Delete a collection point (memberships and fee rows go with it; cards are released)",
    permission: "subject.aRemove",
    tenancy,
    params: bySubject,
    handler: async ({ services, params }) => {
      await svc.deleteSubject(services.db, params.municipalityId, params.subjectId);
      return null;
    },
  }),
  route({
    method: "get",
    path: `${base}/:subjectId/delete-impact`,
    summary: "What deleting the collection point takes along (memberships, waste cards, fee rows, children, bins)",
    permission: "subject.aDetail",
    tenancy,
    params: bySubject,
    response: subjectDeleteImpact,
    handler: ({ services, params }) => svc.deleteImpact(services.db, params.municipalityId, params.subjectId),
  }),
  route({
    method: "patch",
    path: `${base}/:subjectId/parent`,
    summary: "Set or remove the parent collection point (422 on a cycle)",
    permission: "subject.aEdit",
    tenancy,
    params: bySubject,
    body: setParentBody,
    response: z.object({ id: z.number(), parentId: z.number().nullable() }),
    handler: ({ services, params, body }) =>
      svc.setParent(services.db, params.municipalityId, params.subjectId, body.parentId),
  }),
  route({
    method: "get",
    path: `${base}/:subjectId/hierarchy`,
    summary: "The tree the collection point belongs to, from its top ancestor",
    permission: "subject.aDetail",
    tenancy,
    params: bySubject,
    response: subjectTreeNode,
    handler: ({ services, params }) => svc.getHierarchy(services.db, params.municipalityId, params.subjectId),
  }),
  route({
    method: "put",
    path: `${base}/:subjectId/dispose-frequency`,
    summary: "Set the ordered collections per month or year",
    permission: "subject.aEdit",
    tenancy,
    params: bySubject,
    body: disposeFrequencyBody,
    handler: ({ services, params, body }) =>
      svc.setDisposeFrequency(services.db, params.municipalityId, params.subjectId, body),
  }),
  route({
    method: "get",
    path: `${base}/:subjectId/fee-payers`,
    summary: "Fee payers of the collection point: current members first, then the history",
    permission: "subject.aDetail",
    tenancy,
    params: bySubject,
    response: z.object({ items: z.array(subjectMember) }),
    handler: ({ services, params }) => svc.listMembers(services.db, params.municipalityId, params.subjectId),
  }),
  route({
    method: "post",
    path: `${base}/:subjectId/fee-payers`,
    summary: "Add a fee payer of the municipality as a member from a day",
    permission: "subject.aEdit",
    tenancy,
    params: bySubject,
    body: addMemberBody,
    response: idAnswer,
    handler: ({ services, params, body }) => svc.addMember(services.db, params.municipalityId, params.subjectId, body),
  }),
  route({
    method: "patch",
    path: `${base}/:subjectId/fee-payers/:membershipId/chief`,
    summary: "Set or remove the chief of the collection point (one chief; only a current member)",
    permission: "subject.aEdit",
    tenancy,
    params: byMembership,
    body: chiefBody,
    response: z.object({ id: z.number(), isChief: z.boolean() }),
    handler: ({ services, params, body }) =>
      svc.setChief(services.db, params.municipalityId, params.subjectId, params.membershipId, body.isChief),
  }),
  route({
    method: "post",
    path: `${base}/:subjectId/fee-payers/:membershipId/end`,
    summary: "End a membership on a day (the row stays as history)",
    permission: "subject.aEdit",
    tenancy,
    params: byMembership,
    body: endMemberBody,
    status: 200,
    response: z.object({ id: z.number(), validTo: z.string().nullable() }),
    handler: ({ services, params, body }) =>
      svc.endMember(services.db, params.municipalityId, params.subjectId, params.membershipId, body.validTo),
  }),
  route({
    method: "get",
    path: `${base}/:subjectId/waste-cards`,
    summary: "Waste cards assigned to the collection point",
    permission: "subject.aDetail",
    tenancy,
    params: bySubject,
    response: z.object({ items: z.array(subjectWasteCard) }),
    handler: ({ services, params }) => svc.listWasteCards(services.db, params.municipalityId, params.subjectId),
  }),
  route({
    method: "post",
    path: `${base}/:subjectId/waste-cards/virtual`,
    summary: "Create a virtual waste card for the collection point (optionally for a current member)",
    permission: "wasteCard.aAdd",
    tenancy,
    params: bySubject,
    body: virtualCardBody,
    response: z.object({ id: z.number(), code: z.string() }),
    handler: ({ services, params, body }) =>
      svc.createVirtualCard(services.db, params.municipalityId, params.subjectId, body.feePayerId),
  }),
  route({
    method: "delete",
    path: `${base}/:subjectId/waste-cards/:wasteCardId`,
    summary: "Remove a waste card from the collection point (a virtual one is deleted, a physical one released)",
    permission: "wasteCard.aRemove",
    tenancy,
    params: byWasteCard,
    handler: async ({ services, params }) => {
      await svc.removeWasteCard(services.db, params.municipalityId, params.subjectId, params.wasteCardId);
      return null;
    },
  }),
  route({
    method: "get",
    path: `${base}/:subjectId/fees`,
    summary: "Fee records of the collection point, yearly or by month of one year",
    permission: "fee.aDetail",
    tenancy,
    params: bySubject,
    query: subjectFeesQuery,
    response: z.object({ items: z.array(subjectFeeRow), years: z.array(z.number()) }),
    handler: ({ services, params, query }) => svc.listFees(services.db, params.municipalityId, params.subjectId, query),
  }),
];
