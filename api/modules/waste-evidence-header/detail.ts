/** The bin's detail, its edit (basic information, location, address) and its history. */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subject, user, wasteEvidenceHeader as weh, wasteEvidenceHeaderHistory as history } from "../../db/schema";
import { uniqueWrite } from "../../lib/db-errors";
import { validation } from "../../lib/errors";
import { orNull } from "../../lib/form-columns";
import { iso, takenInMunicipality, timestampsOf, userFullName, userNameColumns } from "../../lib/records";
import type { DisposeFrequencyPeriod } from "#contract/subject";
import type { BinHistoryEvent, WehDetail, WehEdit, WehHistoryRow, WehUpdate } from "#contract/waste-evidence-header";
import {
  binNotFound,
  checkTypes,
  findHeader,
  saveConfiguration,
  selectListRows,
  subjectAddressOf,
  toListItem,
  type ListRow,
} from "./shared";

const RFID_TAKEN = "RFID už má jiná nádoba.";

export async function getHeader(db: Db, municipalityId: number, headerId: number): Promise<WehDetail> {
  const [row] = await selectListRows(db, {
    municipalityId: weh.municipalityId,
    binTypeId: weh.binTypeId,
    wasteTypeId: weh.wasteTypeId,
    printBatchId: weh.printBatchId,
    assignedFrom: weh.assignedFrom,
    zipCode: weh.zipCode,
    latitude: weh.latitude,
    longitude: weh.longitude,
    description: weh.description,
    disposePeriod: weh.disposePeriod,
    orderedDisposeCount: weh.orderedDisposeCount,
    subjectShortName: subject.shortName,
    assignedBy: userNameColumns,
    createdAt: weh.createdAt,
    updatedAt: weh.updatedAt,
    version: weh.version,
  })
    .leftJoin(user, eq(user.id, weh.assignedBy))
    .where(and(eq(weh.id, headerId), eq(weh.municipalityId, municipalityId)));
  if (!row) throw binNotFound();
  const item = toListItem(row as ListRow);
  return {
    ...item,
    version: row.version,
    municipalityId: row.municipalityId,
    binTypeId: row.binTypeId,
    wasteTypeId: row.wasteTypeId,
    printBatchId: row.printBatchId,
    assignedFrom: iso(row.assignedFrom),
    assignedByName: userFullName(row.assignedBy),
    street: row.street,
    zipCode: row.zipCode,
    latitude: row.latitude,
    longitude: row.longitude,
    description: row.description,
    disposePeriod: (row.disposePeriod as DisposeFrequencyPeriod | null) ?? null,
    orderedDisposeCount: row.orderedDisposeCount,
    subjectAddress: subjectAddressOf(row as ListRow),
    subjectShortName: row.subjectShortName ?? null,
    ...timestampsOf(row),
  };
}

/** The edit page's fields as columns; coordinates as numeric(9,6) text, so equal values compare equal. */
function editColumns(form: WehEdit) {
  return {
    ...orNull(form, ["binTypeId", "wasteTypeId", "rfid"]),
    disposable: form.disposable,
    ...orNull(form, ["description", "street", "city", "zipCode"]),
    latitude: form.latitude === undefined ? null : form.latitude.toFixed(6),
    longitude: form.longitude === undefined ? null : form.longitude.toFixed(6),
  };
}

/** Basic information, location and address (spec 001 §2 edit); history 'ConfigurationChanged' with what changed. */
export async function updateHeader(
  db: Db,
  municipalityId: number,
  headerId: number,
  form: WehUpdate,
  userId: number,
): Promise<{ id: number }> {
  const old = await findHeader(db, municipalityId, headerId);
  await checkTypes(db, municipalityId, form.binTypeId, form.wasteTypeId);
  const next = editColumns(form);
  if (next.rfid) {
    if (await takenInMunicipality(db, weh, municipalityId, weh.rfid, next.rfid, headerId))
      throw validation({ rfid: [RFID_TAKEN] });
  }
  // Two requests with the same RFID at once: the unique index answers as the check does.
  await uniqueWrite({ rfid: [RFID_TAKEN] }, () => saveConfiguration(db, old, next, form.version, userId));
  return { id: headerId };
}

export async function listHistory(
  db: Db,
  municipalityId: number,
  headerId: number,
): Promise<{ items: WehHistoryRow[] }> {
  await findHeader(db, municipalityId, headerId);
  const rows = await db
    .select({
      id: history.id,
      event: history.event,
      at: history.at,
      subjectId: history.subjectId,
      subjectName: subject.name,
      by: userNameColumns,
      details: history.details,
    })
    .from(history)
    .leftJoin(subject, eq(subject.id, history.subjectId))
    .leftJoin(user, eq(user.id, history.userId))
    .where(eq(history.headerId, headerId))
    .orderBy(desc(history.at), desc(history.id));
  return {
    items: rows.map((r) => ({
      id: r.id,
      event: r.event as BinHistoryEvent,
      at: r.at.toISOString(),
      subjectId: r.subjectId,
      subjectName: r.subjectName ?? null,
      userName: userFullName(r.by),
      details: (r.details as Record<string, unknown> | null) ?? null,
    })),
  };
}
