/**
 * Devices (spec 001 §2 'Devices', §3 Device; docs/api-devices.md). Devices belong to the provider, not to a
 * municipality: administrators see all of them; anybody else sees only the devices paired today with one of their
 * municipalities (another device is 404, the same as a missing one), and of its history only those municipalities'
 * rows.
 */
import { and, asc, count, desc, eq, isNotNull, isNull, ne, sql, type AnyColumn } from "drizzle-orm";
import type { Db } from "../../db/client";
import { device, deviceAssignment, municipality, user } from "../../db/schema";
import { isUniqueViolation, violatedConstraint } from "../../lib/db-errors";
import { notFound, validation } from "../../lib/errors";
import { inCallersMunicipalities, type AuthContext } from "../../lib/auth";
import { updateVersioned } from "../../lib/version";
import { listPage, sortTerm } from "../../lib/paging";
import { deviceListKeys, type SortKey } from "#contract/lists";
import { searchMatches } from "../../lib/search";
import { iso } from "../../lib/records";
import {
  DEVICE_NOT_FOUND,
  SERIAL_NUMBER_TAKEN,
  UUID_TAKEN,
  type DeviceCreate,
  type DeviceDetail,
  type DeviceForm,
  type DeviceUpdate,
  type DeviceListItem,
  type DeviceListQuery,
  type DeviceType,
  type MunicipalityDevice,
} from "#contract/device";
import { pair, pairedOn, today } from "./assignment";

/** The device's columns with its pairing valid today. */
const listColumns = {
  id: device.id,
  name: device.name,
  type: device.type,
  serialNumber: device.serialNumber,
  uuid: device.uuid,
  simCardNumber: device.simCardNumber,
  lastUsedAt: device.lastUsedAt,
  municipalityId: deviceAssignment.municipalityId,
  municipalityName: municipality.name,
  validFrom: deviceAssignment.validFrom,
  validTo: deviceAssignment.validTo,
};

/** Today's pairing of each device: left-joined, at most one row per device and day. */
const todaysPairing = () => and(eq(deviceAssignment.deviceId, device.id), pairedOn(today()));

function toItem<R extends { type: string; lastUsedAt: Date | null }>(r: R) {
  return { ...r, type: r.type as DeviceType, lastUsedAt: iso(r.lastUsedAt) };
}

/** Non-administrators: only devices paired today with one of their municipalities. */
const tenantFilter = (auth: AuthContext) => inCallersMunicipalities(auth, deviceAssignment.municipalityId);

const SORT_COLUMNS: Record<SortKey<typeof deviceListKeys>, AnyColumn> = {
  name: device.name,
  type: device.type,
  serialNumber: device.serialNumber,
  lastUsedAt: device.lastUsedAt,
  createdAt: device.createdAt,
};

export async function listDevices(
  db: Db,
  auth: AuthContext,
  q: DeviceListQuery,
): Promise<{ items: DeviceListItem[]; total: number }> {
  const where = and(
    tenantFilter(auth),
    q.search ? searchMatches(device.search, q.search) : undefined,
    q.type ? eq(device.type, q.type) : undefined,
    q.municipalityId ? eq(deviceAssignment.municipalityId, q.municipalityId) : undefined,
    q.paired === true ? isNotNull(deviceAssignment.id) : q.paired === false ? isNull(deviceAssignment.id) : undefined,
  );
  const { rows, total } = await listPage(
    db
      .select(listColumns)
      .from(device)
      .leftJoin(deviceAssignment, todaysPairing())
      .leftJoin(municipality, eq(municipality.id, deviceAssignment.municipalityId))
      .where(where)
      .$dynamic(),
    db.select({ n: count() }).from(device).leftJoin(deviceAssignment, todaysPairing()).where(where),
    [sortTerm(deviceListKeys, SORT_COLUMNS, q.sort, { nullsLast: true }), asc(device.id)],
    q,
  );
  return { items: rows.map(toItem), total };
}

/** One device the caller may see, with its pairing history (newest first); 404 otherwise. */
export async function getDevice(db: Db, auth: AuthContext, id: number): Promise<DeviceDetail> {
  const [row] = await db
    .select({
      ...listColumns,
      version: device.version,
      note: device.note,
      createdAt: device.createdAt,
      assignmentId: deviceAssignment.id,
    })
    .from(device)
    .leftJoin(deviceAssignment, todaysPairing())
    .leftJoin(municipality, eq(municipality.id, deviceAssignment.municipalityId))
    .where(and(eq(device.id, id), tenantFilter(auth)))
    .limit(1);
  if (!row) throw notFound(DEVICE_NOT_FOUND);
  const day = today();
  const history = await db
    .select({
      id: deviceAssignment.id,
      municipalityId: deviceAssignment.municipalityId,
      municipalityName: municipality.name,
      validFrom: deviceAssignment.validFrom,
      validTo: deviceAssignment.validTo,
      createdAt: deviceAssignment.createdAt,
      createdByName: sql<string | null>`nullif(trim(${user.firstName} || ' ' || ${user.lastName}), '')`,
    })
    .from(deviceAssignment)
    .innerJoin(municipality, eq(municipality.id, deviceAssignment.municipalityId))
    .leftJoin(user, eq(user.id, deviceAssignment.createdBy))
    .where(and(eq(deviceAssignment.deviceId, id), tenantFilter(auth)))
    .orderBy(desc(deviceAssignment.validFrom), desc(deviceAssignment.id));
  return {
    ...toItem(row),
    version: row.version,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    assignmentId: row.assignmentId,
    assignments: history.map((a) => ({
      ...a,
      createdAt: a.createdAt.toISOString(),
      state: a.validFrom > day ? "future" : a.validTo && a.validTo < day ? "past" : "current",
    })),
  };
}

/** 422 on the field when another device has the serial number or uuid (letter case ignored). */
async function checkUnique(db: Db, form: DeviceForm, self?: number): Promise<void> {
  const others = (column: AnyColumn, value: string) =>
    db
      .select({ id: device.id })
      .from(device)
      .where(and(sql`lower(${column}) = lower(${value})`, self ? ne(device.id, self) : undefined))
      .limit(1);
  const [serial, uuid] = await Promise.all([
    others(device.serialNumber, form.serialNumber),
    form.uuid ? others(device.uuid, form.uuid) : Promise.resolve([]),
  ]);
  const errors: Record<string, string[]> = {};
  if (serial.length) errors.serialNumber = [SERIAL_NUMBER_TAKEN];
  if (uuid.length) errors.uuid = [UUID_TAKEN];
  if (Object.keys(errors).length) throw validation(errors);
}

/** A duplicate that slipped between the check and the write (two saves at once) is still a 422. */
function asUniqueConflict(err: unknown): never {
  if (isUniqueViolation(err)) {
    const uuid = violatedConstraint(err) === "device_uuid_unique";
    throw validation(uuid ? { uuid: [UUID_TAKEN] } : { serialNumber: [SERIAL_NUMBER_TAKEN] });
  }
  throw err;
}

const columns = (form: DeviceForm) => ({
  name: form.name,
  type: form.type,
  serialNumber: form.serialNumber,
  uuid: form.uuid ?? null,
  simCardNumber: form.simCardNumber ?? null,
  note: form.note ?? null,
});

/** Creates a device and, when the form names a municipality, its first pairing, in one transaction. */
export async function createDevice(db: Db, auth: AuthContext, form: DeviceCreate): Promise<{ id: number }> {
  await checkUnique(db, form);
  return db
    .transaction(async (tx) => {
      const [created] = await tx.insert(device).values(columns(form)).returning({ id: device.id });
      if (form.municipalityId && form.validFrom) {
        await pair(tx as unknown as Db, auth, created!.id, {
          municipalityId: form.municipalityId,
          validFrom: form.validFrom,
          validTo: form.validTo,
        });
      }
      return { id: created!.id };
    })
    .catch(asUniqueConflict);
}

export async function updateDevice(db: Db, auth: AuthContext, id: number, form: DeviceUpdate): Promise<{ id: number }> {
  await getDevice(db, auth, id);
  await checkUnique(db, form, id);
  await updateVersioned(db, device, { id, version: form.version }, columns(form)).catch(asUniqueConflict);
  return { id };
}

/** Deletes the device with its pairing history. */
export async function deleteDevice(db: Db, auth: AuthContext, id: number): Promise<void> {
  await getDevice(db, auth, id);
  await db.delete(device).where(eq(device.id, id));
}

/** The devices paired with the municipality today (the municipality detail's card), by name. */
export async function listMunicipalityDevices(
  db: Db,
  municipalityId: number,
): Promise<{ items: MunicipalityDevice[] }> {
  const rows = await db
    .select({
      id: device.id,
      name: device.name,
      type: device.type,
      serialNumber: device.serialNumber,
      validFrom: deviceAssignment.validFrom,
      validTo: deviceAssignment.validTo,
      lastUsedAt: device.lastUsedAt,
    })
    .from(deviceAssignment)
    .innerJoin(device, eq(device.id, deviceAssignment.deviceId))
    .where(and(eq(deviceAssignment.municipalityId, municipalityId), pairedOn(today())))
    .orderBy(asc(device.name), asc(device.id))
    .limit(500);
  return { items: rows.map(toItem) };
}
