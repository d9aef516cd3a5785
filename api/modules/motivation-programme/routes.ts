import { noContent, route, municipalityCall, type HandlerArgs } from "../../lib/route";
import type { MotivationProgrammeType } from "#contract/motivation-programme";
import { motivationProgrammeEndpoints as ep } from "#contract/endpoints/motivation-programme";
import * as svc from "./service";

type ProgrammePath = { municipalityId: number; type: MotivationProgrammeType };

/** The change a call makes: by the signed-in user, on the municipality's programme of the path's type. */
const changeOf = ({ services, auth, params }: HandlerArgs<ProgrammePath, unknown, unknown>): svc.ProgrammeChange => ({
  db: services.db,
  jobs: services.jobs,
  userId: auth.user.id,
  municipalityId: params.municipalityId,
  type: params.type,
});

/** Motivation programmes (contract/endpoints/motivation-programme.ts): the handlers of its calls. */
export const motivationProgrammeRoutes = [
  municipalityCall.read(ep.list, svc.listProgrammes),
  route(ep.detail, ({ services, params }) => svc.getProgramme(services.db, params.municipalityId, params.type)),
  route(ep.update, (args) => svc.updateProgramme(changeOf(args), args.body)),
  route(ep.reset, ({ services, params }) =>
    noContent(svc.resetProgramme(services.db, params.municipalityId, params.type)),
  ),
  route(ep.activate, (args) => svc.activateProgramme(changeOf(args), args.body.year)),
  route(ep.deactivate, (args) => svc.deactivateProgramme(changeOf(args), args.body.year)),
  route(ep.customDiscounts, ({ services, params, query }) =>
    svc.listCustomDiscounts(services.db, params.municipalityId, params.type, query.year),
  ),
  route(ep.setCustomDiscount, ({ services, params, body }) =>
    svc.setCustomDiscount(services.db, params.municipalityId, params.type, params.subjectId, body),
  ),
  route(ep.removeCustomDiscount, ({ services, params, query }) =>
    noContent(svc.removeCustomDiscount(services.db, params.municipalityId, params.type, params.subjectId, query.year)),
  ),
];
