import { municipalityCall, noContent, recordRoutes, route } from "../../lib/route";
import { distributionCentreEndpoints as ep } from "#contract/endpoints/distribution-centre";
import * as svc from "./service";
import * as users from "./users";
import { centreChart } from "./chart";

const centre = recordRoutes("centreId");

/** Distribution centres (contract/endpoints/distribution-centre.ts); 'chart' and 'user-options' before …/:centreId. */
export const distributionCentreRoutes = [
  municipalityCall.query(ep.chart, centreChart),
  municipalityCall.query(ep.userOptions, users.centreUserOptions),
  municipalityCall.query(ep.list, svc.listCentres),
  municipalityCall.write(ep.create, svc.createCentre),
  centre.read(ep.detail, svc.getCentre),
  centre.write(ep.update, svc.updateCentre),
  centre.remove(ep.remove, svc.deleteCentre),
  centre.write(ep.addUser, users.addCentreUser),
  route(ep.removeUser, ({ services, params: p }) =>
    noContent(users.removeCentreUser(services.db, p.municipalityId, p.centreId, p.userId)),
  ),
];
