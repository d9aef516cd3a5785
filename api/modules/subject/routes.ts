import { noContent, route } from "../../lib/route";
import { subjectEndpoints as ep } from "#contract/endpoints/subject";
import * as svc from "./service";

/**
 * Collection points (contract/endpoints/subject.ts): the handlers of the subject calls. Every path is below the
 * municipality, whose id the tenancy rule checks before the handler; the service filters by it again. The order
 * is the contract's: static paths (options, filters, fee-paid) before /subject/:subjectId.
 */
export const subjectRoutes = [
  route(ep.list, ({ services, params, query }) => svc.listSubjects(services.db, params.municipalityId, query)),
  route(ep.options, ({ services, params, query }) => svc.listOptions(services.db, params.municipalityId, query)),
  route(ep.filters, ({ services, params }) => svc.listFilterValues(services.db, params.municipalityId)),
  route(ep.create, ({ services, params, body }) => svc.createSubject(services.db, params.municipalityId, body)),
  route(ep.setFeePaid, ({ services, params, body }) =>
    svc.setFeePaid(services.db, params.municipalityId, body.subjectIds, body.paid),
  ),
  route(ep.detail, ({ services, params }) => svc.getSubject(services.db, params.municipalityId, params.subjectId)),
  route(ep.update, ({ services, params, body }) =>
    svc.updateSubject(services.db, params.municipalityId, params.subjectId, body),
  ),
  route(ep.remove, ({ services, params }) =>
    noContent(svc.deleteSubject(services.db, params.municipalityId, params.subjectId)),
  ),
  route(ep.deleteImpact, ({ services, params }) =>
    svc.deleteImpact(services.db, params.municipalityId, params.subjectId),
  ),
  route(ep.setParent, ({ services, params, body }) =>
    svc.setParent(services.db, params.municipalityId, params.subjectId, body.parentId),
  ),
  route(ep.hierarchy, ({ services, params }) => svc.getHierarchy(services.db, params.municipalityId, params.subjectId)),
  route(ep.setDisposeFrequency, ({ services, params, body }) =>
    svc.setDisposeFrequency(services.db, params.municipalityId, params.subjectId, body),
  ),
  route(ep.members, ({ services, params }) => svc.listMembers(services.db, params.municipalityId, params.subjectId)),
  route(ep.addMember, ({ services, params, body }) =>
    svc.addMember(services.db, params.municipalityId, params.subjectId, body),
  ),
  route(ep.setChief, ({ services, params, body }) =>
    svc.setChief(services.db, params.municipalityId, params.subjectId, params.membershipId, body.isChief),
  ),
  route(ep.endMember, ({ services, params, body }) =>
    svc.endMember(services.db, params.municipalityId, params.subjectId, params.membershipId, body.validTo),
  ),
  route(ep.wasteCards, ({ services, params }) =>
    svc.listWasteCards(services.db, params.municipalityId, params.subjectId),
  ),
  route(ep.createVirtualCard, ({ services, params, body }) =>
    svc.createVirtualCard(services.db, params.municipalityId, params.subjectId, body.feePayerId),
  ),
  route(ep.removeWasteCard, ({ services, params }) =>
    noContent(svc.removeWasteCard(services.db, params.municipalityId, params.subjectId, params.wasteCardId)),
  ),
  route(ep.fees, ({ services, params, query }) =>
    svc.listFees(services.db, params.municipalityId, params.subjectId, query),
  ),
];
