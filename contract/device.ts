/**
 * Devices (spec 001 §2 'Devices', §3 Device, §4 'A device is paired with a municipality', §5 the assignment's
 * mandatory fields, §9 device types; docs/api-devices.md). The create form carries an optional first pairing; later
 * pairings and their ends go through the assignment calls, so the history is never overwritten.
 */
import { z } from "zod";
import { DEVICE_TYPES } from "./enums";
import {
  optionalText,
  periodAnswer,
  requiredText,
  versionAnswer,
  withVersion,
  openValidityAnswer,
  idNameAnswer,
} from "./common";
import { listFilter, listQuery } from "./list";
import { deviceListKeys } from "./lists";
import { dateField, optionalDate, optionalId } from "./subject";

export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Spec 001 §5: a pairing without its municipality or start day. */
export const ASSIGNMENT_REQUIRED = "Vyplňte povinná pole pro přiřazení k provozu";
export const ASSIGNMENT_END_BEFORE_START = "Konec přiřazení nemůže být před jeho začátkem.";
export const DEVICE_NOT_FOUND = "Zařízení nebylo nalezeno.";
export const ASSIGNMENT_NOT_FOUND = "Přiřazení nebylo nalezeno.";
export const SERIAL_NUMBER_TAKEN = "Zařízení s tímto sériovým číslem už existuje.";
export const UUID_TAKEN = "Zařízení s tímto UUID už existuje.";

const simCardNumber = optionalText(30).refine((v) => !v || /^\+?[\d ]{3,30}$/.test(v), {
  message: "Číslo SIM karty může obsahovat jen číslice, mezery a znak +.",
});

/** The pairing's fields: a municipality and a start day go together, the end is optional and not before the start. */
const assignmentShape = {
  municipalityId: optionalId,
  validFrom: optionalDate(),
  validTo: optionalDate(),
};
type AssignmentFields = { municipalityId?: number; validFrom?: string; validTo?: string };

function checkAssignment(v: AssignmentFields, ctx: z.RefinementCtx, required: boolean) {
  const any = v.municipalityId !== undefined || v.validFrom !== undefined || v.validTo !== undefined;
  if (!required && !any) return;
  if (v.municipalityId === undefined)
    ctx.addIssue({ code: "custom", path: ["municipalityId"], message: ASSIGNMENT_REQUIRED });
  if (v.validFrom === undefined) ctx.addIssue({ code: "custom", path: ["validFrom"], message: ASSIGNMENT_REQUIRED });
  if (v.validFrom && v.validTo && v.validTo < v.validFrom) {
    ctx.addIssue({ code: "custom", path: ["validTo"], message: ASSIGNMENT_END_BEFORE_START });
  }
}

/** Spec 001 §3 Device: the fields of the edit form and of PUT device/{id}. */
export const deviceFormSchema = z.object({
  name: requiredText(150),
  type: z.enum(DEVICE_TYPES, { message: "Vyberte typ zařízení." }),
  serialNumber: requiredText(100),
  uuid: optionalText(64),
  simCardNumber,
  note: optionalText(1000),
});
export type DeviceForm = z.infer<typeof deviceFormSchema>;
/** PUT device/{id}: the form with the version the user saw (decision 20). */
export const deviceUpdateSchema = withVersion(deviceFormSchema);
export type DeviceUpdate = z.infer<typeof deviceUpdateSchema>;

/** The create form and POST device: the device, optionally paired with a municipality right away. */
export const deviceCreateSchema = deviceFormSchema
  .extend(assignmentShape)
  .superRefine((v, ctx) => checkAssignment(v, ctx, false));
export type DeviceCreate = z.infer<typeof deviceCreateSchema>;

/** POST device/{id}/assignment: pair the device with a municipality from a day (to a day). */
export const assignmentBody = z.object(assignmentShape).superRefine((v, ctx) => checkAssignment(v, ctx, true));
export type AssignmentBody = z.infer<typeof assignmentBody>;

/** POST device/{id}/assignment/{assignmentId}/end: the last day of the pairing. */
export const endAssignmentBody = z.object({ validTo: dateField("Zadejte datum konce přiřazení.") });

/** GET device: search (name, serial number, uuid, sim), type, municipality and paired filters; paging and sort. */
export const deviceList = listQuery(deviceListKeys, {
  search: listFilter.search(),
  type: listFilter.select(DEVICE_TYPES),
  /** Paired with this municipality today. */
  municipalityId: listFilter.id(),
  /** Paired with any municipality today (true) or with none (false). */
  paired: listFilter.boolean(),
});
export type DeviceListQuery = z.output<typeof deviceList.query>;

/** The pairing valid today, as the list and the detail show it. */
const currentPairing = {
  municipalityId: z.number().nullable(),
  municipalityName: z.string().nullable(),
  ...openValidityAnswer,
};

export const deviceListItem = z.object({
  ...idNameAnswer,
  type: z.enum(DEVICE_TYPES),
  serialNumber: z.string(),
  uuid: z.string().nullable(),
  simCardNumber: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  ...currentPairing,
});
export type DeviceListItem = z.infer<typeof deviceListItem>;

export const ASSIGNMENT_STATES = ["past", "current", "future"] as const;

/** One row of the pairing history, newest first. */
export const deviceAssignment = z.object({
  id: z.number(),
  municipalityId: z.number(),
  municipalityName: z.string(),
  ...periodAnswer,
  state: z.enum(ASSIGNMENT_STATES),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type DeviceAssignment = z.infer<typeof deviceAssignment>;

export const deviceDetail = deviceListItem.extend({
  ...versionAnswer,
  note: z.string().nullable(),
  createdAt: z.string(),
  /** The id of the pairing valid today (ended through …/assignment/{id}/end). */
  assignmentId: z.number().nullable(),
  assignments: z.array(deviceAssignment),
});
export type DeviceDetail = z.infer<typeof deviceDetail>;

/** GET municipality/{id}/device: the devices paired with the municipality today. */
export const municipalityDevice = deviceListItem
  .pick({ id: true, name: true, type: true, serialNumber: true, lastUsedAt: true })
  .extend(periodAnswer);
export type MunicipalityDevice = z.infer<typeof municipalityDevice>;
