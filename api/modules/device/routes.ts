import { z } from "zod";
import { route } from "../../lib/route";
import type { Db } from "../../db/client";
import { idParam, listAnswer } from "#contract/common";
import {
  assignmentBody,
  deviceCreateSchema,
  deviceDetail,
  deviceUpdateSchema,
  deviceListItem,
  deviceListQuery,
  endAssignmentBody,
  municipalityDevice,
} from "#contract/device";
import { endPairing, pair } from "./assignment";
import * as svc from "./service";

const byDevice = z.object({ deviceId: idParam });
const byAssignment = z.object({ deviceId: idParam, assignmentId: idParam });
const created = z.object({ id: z.number() });

/**
 * Devices (spec 001 §2 'Devices'; docs/api-devices.md). Devices are provider-wide ('global' tenancy): the service
 * shows a non-administrator only the devices paired today with their municipalities, and 404 for any other.
 */
export const deviceRoutes = [
  route({
    method: "get",
    path: "/device",
    summary: "Devices the user may see with today's pairing (search, type, municipality, paired; sort; paging)",
    permission: "device.aDetail",
    tenancy: "global",
    query: deviceListQuery,
    response: listAnswer(deviceListItem),
    handler: ({ services, auth, query }) => svc.listDevices(services.db, auth, query),
  }),
  route({
    method: "post",
    path: "/device",
    summary: "Create a device, optionally paired with a municipality from a day (to a day)",
    permission: "device.aAdd",
    tenancy: "global",
    body: deviceCreateSchema,
    response: created,
    handler: ({ services, auth, body }) => svc.createDevice(services.db, auth, body),
  }),
  route({
    method: "get",
    path: "/device/:deviceId",
    summary: "One device with today's pairing and the pairing history (newest first)",
    permission: "device.aDetail",
    tenancy: "global",
    params: byDevice,
    response: deviceDetail,
    handler: ({ services, auth, params }) => svc.getDevice(services.db, auth, params.deviceId),
  }),
  route({
    method: "put",
    path: "/device/:deviceId",
    summary: "Update a device's name, type, serial number, uuid, sim card number and note",
    permission: "device.aEdit",
    tenancy: "global",
    params: byDevice,
    body: deviceUpdateSchema,
    response: created,
    handler: ({ services, auth, params, body }) => svc.updateDevice(services.db, auth, params.deviceId, body),
  }),
  route({
    method: "delete",
    path: "/device/:deviceId",
    summary: "Delete a device with its pairing history",
    permission: "device.aRemove",
    tenancy: "global",
    params: byDevice,
    handler: async ({ services, auth, params }) => {
      await svc.deleteDevice(services.db, auth, params.deviceId);
      return null;
    },
  }),
  route({
    method: "post",
    path: "/device/:deviceId/assignment",
    summary: "Pair the device with a municipality from a day (to a day); 422 when it overlaps another pairing",
    permission: "device.aEdit",
    tenancy: "global",
    params: byDevice,
    body: assignmentBody,
    response: created,
    handler: async ({ services, auth, params, body }) => {
      await svc.getDevice(services.db, auth, params.deviceId);
      return services.db.transaction((tx) =>
        pair(tx as unknown as Db, auth, params.deviceId, {
          municipalityId: body.municipalityId!,
          validFrom: body.validFrom!,
          validTo: body.validTo,
        }),
      );
    },
  }),
  route({
    method: "post",
    path: "/device/:deviceId/assignment/:assignmentId/end",
    summary: "End a pairing on a day (its last day); 409 when it already ended",
    permission: "device.aEdit",
    tenancy: "global",
    params: byAssignment,
    body: endAssignmentBody,
    status: 200,
    response: z.object({ id: z.number(), validTo: z.string() }),
    handler: async ({ services, auth, params, body }) => {
      await svc.getDevice(services.db, auth, params.deviceId);
      return services.db.transaction((tx) =>
        endPairing(tx as unknown as Db, auth, params.deviceId, params.assignmentId, body.validTo),
      );
    },
  }),
  route({
    method: "get",
    path: "/municipality/:municipalityId/device",
    summary: "Devices paired with the municipality today (the municipality detail)",
    permission: "device.aDetail",
    tenancy: { municipalityParam: "municipalityId" },
    params: z.object({ municipalityId: idParam }),
    response: z.object({ items: z.array(municipalityDevice) }),
    handler: ({ services, params }) => svc.listMunicipalityDevices(services.db, params.municipalityId),
  }),
];
