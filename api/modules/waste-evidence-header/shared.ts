/**
 * What several bin topics need: the bin's 404 and row, the subject and type checks, history rows, the list row
 * (list and detail) and the Czech day bounds.
 */
import { eq } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  binType,
  subject,
  wasteEvidenceHeader as weh,
  wasteEvidenceHeaderHistory as history,
  wasteType,
} from "../../db/schema";
import { notFound, validation } from "../../lib/errors";
import { catalogueOrOwn } from "../waste-settings/shared";
import { findInMunicipality, hasRow, isInMunicipality, iso } from "../../lib/records";
import { updateVersioned } from "../../lib/version";
import { formatSubjectAddress } from "#contract/subject";
import type { BinHistoryEvent, BinState, WehListItem } from "#contract/waste-evidence-header";

export const binNotFound = () => notFound("Nádoba nebyla nalezena.");

const SUBJECT_NOT_FOUND = "Odběrné místo nebylo nalezeno.";
const BIN_TYPE_NOT_FOUND = "Typ nádoby nebyl nalezen.";
const WASTE_TYPE_NOT_FOUND = "Druh odpadu nebyl nalezen.";

/** The bin's row, only within the municipality; 404 'Nádoba nebyla nalezena.' otherwise. */
export const findHeader = (db: Db, municipalityId: number, headerId: number) =>
  findInMunicipality(db, weh, municipalityId, headerId, binNotFound);

/** The subject must be one of the municipality's (422 on subjectId otherwise). */
export async function checkSubject(db: Db, municipalityId: number, subjectId: number) {
  if (!(await isInMunicipality(db, subject, municipalityId, subjectId)))
    throw validation({ subjectId: [SUBJECT_NOT_FOUND] });
}

/** Bin and waste types: the catalogue's (municipality_id null) or the municipality's own (422 otherwise). */
export async function checkTypes(db: Db, municipalityId: number, binTypeId?: number, wasteTypeId?: number) {
  const errors: Record<string, string[]> = {};
  if (binTypeId) {
    const known = await hasRow(db, binType, eq(binType.id, binTypeId), catalogueOrOwn(binType, municipalityId));
    if (!known) errors.binTypeId = [BIN_TYPE_NOT_FOUND];
  }
  if (wasteTypeId) {
    const known = await hasRow(db, wasteType, eq(wasteType.id, wasteTypeId), catalogueOrOwn(wasteType, municipalityId));
    if (!known) errors.wasteTypeId = [WASTE_TYPE_NOT_FOUND];
  }
  if (Object.keys(errors).length) throw validation(errors);
}

export interface HistoryInput {
  headerId: number;
  event: BinHistoryEvent;
  subjectId: number | null;
  userId: number | null;
  details?: Record<string, unknown> | null;
}
export async function writeHistory(db: Db, rows: HistoryInput[], at = new Date()) {
  if (!rows.length) return;
  await db.insert(history).values(rows.map((r) => ({ ...r, details: r.details ?? null, at })));
}

/**
 * A configuration edit of the bin (spec 001 §2: the edit page, the dispose frequency): the columns are written over
 * the version its user saw (409 otherwise) and, when any of them changed, one 'ConfigurationChanged' history row
 * holds [before, after] of each changed column.
 */
export async function saveConfiguration(
  db: Db,
  old: typeof weh.$inferSelect,
  next: Partial<typeof weh.$inferInsert>,
  version: number,
  userId: number,
): Promise<void> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(next)) {
    const before = old[field as keyof typeof old] ?? null;
    if (before !== value) changes[field] = [before, value];
  }
  await db.transaction(async (tx) => {
    await updateVersioned(tx, weh, { id: old.id, version }, next, eq(weh.municipalityId, old.municipalityId));
    if (Object.keys(changes).length) {
      await writeHistory(tx as unknown as Db, [
        { headerId: old.id, event: "ConfigurationChanged", subjectId: old.subjectId, userId, details: changes },
      ]);
    }
  });
}

/** The bin's own address when it has one, else its subject's. */
function binAddress(
  own: { street: string | null; city: string | null },
  s: Parameters<typeof formatSubjectAddress>[0] | null,
): string {
  if (own.street || own.city) return [own.street, own.city].filter(Boolean).join(", ");
  return s ? formatSubjectAddress(s) : "";
}

/** A bin's id, its three codes and its state: what the list reads and what an import finds a file's code by. */
export const binCodeColumns = {
  id: weh.id,
  barcode: weh.barcode,
  plainCode: weh.plainCode,
  rfid: weh.rfid,
  state: weh.state,
  disposable: weh.disposable,
};

export const listColumns = {
  ...binCodeColumns,
  assignedAt: weh.assignedAt,
  lastEvidenceAt: weh.lastEvidenceAt,
  discardedAt: weh.discardedAt,
  street: weh.street,
  city: weh.city,
  subjectId: weh.subjectId,
  binName: binType.name,
  capacity: binType.capacity,
  wasteTypeName: wasteType.name,
  subjectName: subject.name,
  subjectStreet: subject.street,
  subjectConscriptionNumber: subject.conscriptionNumber,
  subjectStreetNumber: subject.streetNumber,
  subjectProvisionalNumber: subject.provisionalNumber,
  subjectCityDistrict: subject.cityDistrict,
  subjectCity: subject.city,
};
export type ListRow = { [K in keyof typeof listColumns]: (typeof listColumns)[K]["_"]["data"] | null };

/**
 * The bins' list rows (listColumns) with the joins those columns read (subject, bin type, waste type), and `more`
 * columns of the same rows: the list reads a page of them, the detail one with its own fields.
 */
export const selectListRows = <M extends SelectedFields>(db: Db, more: M) =>
  db
    .select({ ...listColumns, ...more })
    .from(weh)
    .leftJoin(subject, eq(subject.id, weh.subjectId))
    .leftJoin(binType, eq(binType.id, weh.binTypeId))
    .leftJoin(wasteType, eq(wasteType.id, weh.wasteTypeId));

/** The address parts of the bin's subject (the row's subject* columns); null when the bin has no subject. */
function subjectAddressParts(r: ListRow) {
  if (r.subjectId === null || r.subjectName === null) return null;
  return {
    street: r.subjectStreet,
    conscriptionNumber: r.subjectConscriptionNumber,
    streetNumber: r.subjectStreetNumber,
    provisionalNumber: r.subjectProvisionalNumber,
    cityDistrict: r.subjectCityDistrict,
    city: r.subjectCity,
  };
}

/** The formatted address of the bin's subject; null when the bin has no subject. */
export function subjectAddressOf(r: ListRow): string | null {
  const s = subjectAddressParts(r);
  return s ? formatSubjectAddress(s) : null;
}

export function toListItem(r: ListRow): WehListItem {
  const s = subjectAddressParts(r);
  return {
    id: r.id!,
    barcode: r.barcode!,
    plainCode: r.plainCode!,
    rfid: r.rfid,
    binName: r.binName,
    capacity: r.capacity,
    wasteTypeName: r.wasteTypeName,
    lastEvidenceAt: iso(r.lastEvidenceAt),
    state: r.state as BinState,
    disposable: !!r.disposable,
    assignedAt: iso(r.assignedAt),
    discardedAt: iso(r.discardedAt),
    subjectId: r.subjectId,
    subjectName: r.subjectName,
    city: r.city ?? r.subjectCity ?? null,
    address: binAddress(r, s),
  };
}

/** The states in which a bin is with its subject (read by assign and transfer). */
export const ASSIGNED_STATES = new Set<string>(["Assigned", "Used"]);
