import { noContent, route, municipalityCall } from "../../lib/route";
import type { Db } from "../../db/client";
import { deviceEndpoints as ep } from "#contract/endpoints/device";
import { endPairing, pair } from "./assignment";
import * as svc from "./service";

/** Devices (contract/endpoints/device.ts): the handlers of the device calls. */
export const deviceRoutes = [
  route(ep.list, ({ services, auth, query }) => svc.listDevices(services.db, auth, query)),
  route(ep.create, ({ services, auth, body }) => svc.createDevice(services.db, auth, body)),
  route(ep.detail, ({ services, auth, params }) => svc.getDevice(services.db, auth, params.deviceId)),
  route(ep.update, ({ services, auth, params, body }) => svc.updateDevice(services.db, auth, params.deviceId, body)),
  route(ep.remove, ({ services, auth, params }) => noContent(svc.deleteDevice(services.db, auth, params.deviceId))),
  route(ep.pair, async ({ services, auth, params, body }) => {
    await svc.getDevice(services.db, auth, params.deviceId);
    return services.db.transaction((tx) =>
      pair(tx as unknown as Db, auth, params.deviceId, {
        municipalityId: body.municipalityId!,
        validFrom: body.validFrom!,
        validTo: body.validTo,
      }),
    );
  }),
  route(ep.endPairing, async ({ services, auth, params, body }) => {
    await svc.getDevice(services.db, auth, params.deviceId);
    return services.db.transaction((tx) =>
      endPairing(tx as unknown as Db, auth, params.deviceId, params.assignmentId, body.validTo),
    );
  }),
  municipalityCall.read(ep.ofMunicipality, svc.listMunicipalityDevices),
];
