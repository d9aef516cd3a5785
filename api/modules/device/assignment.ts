/**
 * Pairing devices with municipalities (spec 001 §4 'A device is paired with a municipality', §5): rows of
 * device_assignment are history — a pairing runs from valid_from to valid_to (inclusive, open when null), ending
 * one sets valid_to, pairing again adds a row. A device has at most one pairing valid on any day.
 */
import { and, eq, isNull, ne, or, sql, gte, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { device, deviceAssignment, municipality } from "../../db/schema";
import { ApiError, notFound, validation } from "../../lib/errors";
import { canAccessMunicipality, type AuthContext } from "../../lib/auth";
import { today } from "../subject/membership";
import { ASSIGNMENT_END_BEFORE_START, ASSIGNMENT_NOT_FOUND, DEVICE_NOT_FOUND } from "#contract/device";

export { today };

/** SQL: the pairing row is valid on the given day. */
export const pairedOn = (day: string): SQL =>
  and(
    sql`${deviceAssignment.validFrom} <= ${day}::date`,
    or(isNull(deviceAssignment.validTo), gte(deviceAssignment.validTo, day)),
  )!;

export interface Period {
  validFrom: string;
  validTo?: string | null;
}

/**
 * Refuses (422 on validFrom) a period that overlaps another pairing of the device; `except` is the row being
 * changed. Call inside the transaction that writes, after lockDevice, so two requests cannot both pass.
 */
async function checkNoOverlap(tx: Db, deviceId: number, period: Period, except?: number): Promise<void> {
  const [clash] = await tx
    .select({ name: municipality.name, validFrom: deviceAssignment.validFrom })
    .from(deviceAssignment)
    .innerJoin(municipality, eq(municipality.id, deviceAssignment.municipalityId))
    .where(
      and(
        eq(deviceAssignment.deviceId, deviceId),
        except ? ne(deviceAssignment.id, except) : undefined,
        or(isNull(deviceAssignment.validTo), gte(deviceAssignment.validTo, period.validFrom)),
        period.validTo ? sql`${deviceAssignment.validFrom} <= ${period.validTo}::date` : undefined,
      ),
    )
    .limit(1);
  if (clash) {
    throw validation({
      validFrom: [`Zařízení je v tomto období už přiřazeno k obci ${clash.name}; nejprve přiřazení ukončete.`],
    });
  }
}

/** Locks the device row for the rest of the transaction (pairings of one device are written one at a time). */
async function lockDevice(tx: Db, deviceId: number): Promise<void> {
  const [row] = await tx.select({ id: device.id }).from(device).where(eq(device.id, deviceId)).for("update");
  if (!row) throw notFound(DEVICE_NOT_FOUND);
}

/** A municipality the caller may pair with: an existing one they can see (another is 422, like a missing one). */
async function checkMunicipality(tx: Db, auth: AuthContext, municipalityId: number): Promise<void> {
  const [row] = await tx.select({ id: municipality.id }).from(municipality).where(eq(municipality.id, municipalityId));
  if (!row || !canAccessMunicipality(auth, municipalityId)) {
    throw validation({ municipalityId: ["Obec nebyla nalezena."] });
  }
}

/** Pairs the device with a municipality for the period (422 when it overlaps another pairing). */
export async function pair(
  tx: Db,
  auth: AuthContext,
  deviceId: number,
  input: Period & { municipalityId: number },
): Promise<{ id: number }> {
  await lockDevice(tx, deviceId);
  await checkMunicipality(tx, auth, input.municipalityId);
  await checkNoOverlap(tx, deviceId, input);
  const [row] = await tx
    .insert(deviceAssignment)
    .values({
      deviceId,
      municipalityId: input.municipalityId,
      validFrom: input.validFrom,
      validTo: input.validTo ?? null,
      createdBy: auth.user.id,
    })
    .returning({ id: deviceAssignment.id });
  return row!;
}

/**
 * Ends a pairing on `validTo` (its last day). A pairing that already ended before today is history and stays as it
 * is (409); the end may not precede the start nor reach into the device's next pairing.
 */
export async function endPairing(
  tx: Db,
  auth: AuthContext,
  deviceId: number,
  assignmentId: number,
  validTo: string,
): Promise<{ id: number; validTo: string }> {
  await lockDevice(tx, deviceId);
  const [row] = await tx
    .select()
    .from(deviceAssignment)
    .where(and(eq(deviceAssignment.id, assignmentId), eq(deviceAssignment.deviceId, deviceId)));
  if (!row || !canAccessMunicipality(auth, row.municipalityId)) throw notFound(ASSIGNMENT_NOT_FOUND);
  if (row.validTo && row.validTo < today()) throw new ApiError(409, "Přiřazení už skončilo.");
  if (validTo < row.validFrom) throw validation({ validTo: [ASSIGNMENT_END_BEFORE_START] });
  await checkNoOverlap(tx, deviceId, { validFrom: row.validFrom, validTo }, row.id);
  await tx.update(deviceAssignment).set({ validTo }).where(eq(deviceAssignment.id, row.id));
  return { id: row.id, validTo };
}
