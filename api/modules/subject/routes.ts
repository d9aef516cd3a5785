import { noContent, recordRoutes, route, municipalityCall } from "../../lib/route";
import { subjectEndpoints as ep } from "#contract/endpoints/subject";
import * as svc from "./service";

const oneSubject = recordRoutes("subjectId");

/**
 * Collection points (contract/endpoints/subject.ts): the handlers of the subject calls. Every path is below the
 * municipality, whose id the tenancy rule checks before the handler; the service filters by it again. The order
 * is the contract's: static paths (options, filters, fee-paid) before /subject/:subjectId.
 */
export const subjectRoutes = [
  municipalityCall.query(ep.list, svc.listSubjects),
  municipalityCall.query(ep.options, svc.listOptions),
  municipalityCall.read(ep.filters, svc.listFilterValues),
  municipalityCall.write(ep.create, svc.createSubject),
  municipalityCall.write(ep.setFeePaid, svc.setFeePaid),
  oneSubject.read(ep.detail, svc.getSubject),
  oneSubject.write(ep.update, svc.updateSubject),
  oneSubject.remove(ep.remove, svc.deleteSubject),
  oneSubject.read(ep.deleteImpact, svc.deleteImpact),
  oneSubject.write(ep.setParent, svc.setParent),
  oneSubject.read(ep.hierarchy, svc.getHierarchy),
  oneSubject.write(ep.setDisposeFrequency, svc.setDisposeFrequency),
  oneSubject.read(ep.members, svc.listMembers),
  oneSubject.write(ep.addMember, svc.addMember),
  route(ep.setChief, ({ services, params, body }) =>
    svc.setChief(services.db, params.municipalityId, params.subjectId, params.membershipId, body.isChief),
  ),
  route(ep.endMember, ({ services, params, body }) =>
    svc.endMember(services.db, params.municipalityId, params.subjectId, params.membershipId, body.validTo),
  ),
  oneSubject.read(ep.wasteCards, svc.listWasteCards),
  oneSubject.write(ep.createVirtualCard, svc.createVirtualCard),
  route(ep.removeWasteCard, ({ services, params }) =>
    noContent(svc.removeWasteCard(services.db, params.municipalityId, params.subjectId, params.wasteCardId)),
  ),
  oneSubject.query(ep.fees, svc.listFees),
];
