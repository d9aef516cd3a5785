import { z } from "zod";
import { idAnswer, idParam, itemsAnswer, listAnswer } from "../common";
import { endpoint } from "../endpoint";
import { inMunicipality } from "./shared";
import {
  assignmentBody,
  deviceCreateSchema,
  deviceDetail,
  deviceList,
  deviceUpdateSchema,
  deviceListItem,
  endAssignmentBody,
  municipalityDevice,
} from "../device";

const byDevice = z.object({ deviceId: idParam });
const byAssignment = z.object({ deviceId: idParam, assignmentId: idParam });

/**
 * Devices (spec 001 §2 'Devices'; docs/api-devices.md). Devices are provider-wide ('global' tenancy): the service
 * shows a non-administrator only the devices paired today with their municipalities, and 404 for any other.
 */
export const deviceEndpoints = {
  list: endpoint({
    method: "get",
    path: "/device",
    summary: "Devices the user may see with today's pairing (search, type, municipality, paired; sort; paging)",
    permission: "device.aDetail",
    tenancy: "global",
    query: deviceList.query,
    response: listAnswer(deviceListItem),
  }),
  create: endpoint({
    method: "post",
    path: "/device",
    summary: "Create a device, optionally paired with a municipality from a day (to a day)",
    permission: "device.aAdd",
    tenancy: "global",
    body: deviceCreateSchema,
    response: idAnswer,
  }),
  detail: endpoint({
    method: "get",
    path: "/device/:deviceId",
    summary: "One device with today's pairing and the pairing history (newest first)",
    permission: "device.aDetail",
    tenancy: "global",
    params: byDevice,
    response: deviceDetail,
  }),
  update: endpoint({
    method: "put",
    path: "/device/:deviceId",
    summary: "Update a device's name, type, serial number, uuid, sim card number and note",
    permission: "device.aEdit",
    tenancy: "global",
    params: byDevice,
    body: deviceUpdateSchema,
    response: idAnswer,
  }),
  remove: endpoint({
    method: "delete",
    path: "/device/:deviceId",
    summary: "Delete a device with its pairing history",
    permission: "device.aRemove",
    tenancy: "global",
    params: byDevice,
  }),
  pair: endpoint({
    method: "post",
    path: "/device/:deviceId/assignment",
    summary: "Pair the device with a municipality from a day (to a day); 422 when it overlaps another pairing",
    permission: "device.aEdit",
    tenancy: "global",
    params: byDevice,
    body: assignmentBody,
    response: idAnswer,
  }),
  endPairing: endpoint({
    method: "post",
    path: "/device/:deviceId/assignment/:assignmentId/end",
    summary: "End a pairing on a day (its last day); 409 when it already ended",
    permission: "device.aEdit",
    tenancy: "global",
    params: byAssignment,
    body: endAssignmentBody,
    status: 200,
    response: z.object({ id: z.number(), validTo: z.string() }),
  }),
  ofMunicipality: endpoint({
    method: "get",
    path: "/municipality/:municipalityId/device",
    summary: "Devices paired with the municipality today (the municipality detail)",
    permission: "device.aDetail",
    tenancy: { municipalityParam: "municipalityId" },
    params: inMunicipality,
    response: itemsAnswer(municipalityDevice),
  }),
};
