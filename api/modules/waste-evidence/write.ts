/**
 * Records typed and corrected by hand, and the discard (spec 001 §2 'Waste evidence records', §4 'Evidence records
 * can be discarded'; docs/waste-evidence.md). A record put into a collection is counted in the collection's
 * record_count in the same transaction; a discarded record stays in it (and in its record_count) but counts for no
 * weight and no fee.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { wasteCollection, wasteEvidenceHeader as weh, wasteEvidenceRecord as record } from "../../db/schema";
import { uniqueWrite } from "../../lib/db-errors";
import { ApiError } from "../../lib/errors";
import { bumped, updateVersioned } from "../../lib/version";
import { fromPragueLocal } from "#contract/calendar";
import {
  EVIDENCE_DISCARDED,
  EVIDENCE_DUPLICATE_INSTANT,
  type EvidenceCreate,
  type EvidenceUpdate,
} from "#contract/waste-evidence";
import { checkCollection, checkWasteType, findRecord, resolveCode, type ResolvedBin } from "./shared";
import { lockReferences, type RecordReferences } from "../waste-collection/write-records";

const duplicate = { collectedAt: [EVIDENCE_DUPLICATE_INSTANT] };
const discarded = () => new ApiError(409, EVIDENCE_DISCARDED);

/** The record a correction or a discard changes: 404 when it is not the municipality's, 409 once discarded. */
async function recordToChange(db: Db, municipalityId: number, evidenceId: number) {
  const old = await findRecord(db, municipalityId, evidenceId);
  if (old.discardedAt) throw discarded();
  return old;
}

/** The bin was emptied: its last evidence moves on, a disposable one becomes Used (as the import marks it). */
async function markBinUsed(tx: Db, headerId: number, at: Date): Promise<void> {
  await tx
    .update(weh)
    .set({
      lastEvidenceAt: sql`greatest(${weh.lastEvidenceAt}, ${at.toISOString()}::timestamptz)`,
      state: sql`case when ${weh.disposable} and ${weh.state} = 'Assigned' then 'Used' else ${weh.state} end`,
    })
    .where(eq(weh.id, headerId));
}

/** The columns a typed record writes: the bin's collection point, city and volume, the typed values. */
function typedValues(bin: ResolvedBin, body: EvidenceCreate | EvidenceUpdate, collectedAt: Date) {
  return {
    headerId: bin.headerId,
    subjectId: bin.subjectId,
    city: bin.city,
    binVolume: bin.capacity,
    code: body.code,
    wasteTypeId: body.wasteTypeId ?? bin.wasteTypeId,
    collectedAt,
    fullness: body.fullness ?? null,
    nonconformingStateIds: body.nonconformingStateIds,
  };
}

/** POST …/waste-evidence: a record typed by hand (origin WebManual), measured weight = acknowledged weight. */
export async function createEvidence(
  db: Db,
  municipalityId: number,
  body: EvidenceCreate,
  userId: number,
): Promise<{ id: number; version: number }> {
  const bin = await resolveCode(db, municipalityId, body.code);
  if (body.wasteTypeId) await checkWasteType(db, municipalityId, body.wasteTypeId);
  if (body.wasteCollectionId) await checkCollection(db, municipalityId, body.wasteCollectionId);
  const collectedAt = fromPragueLocal(body.collectedAt)!;
  const weight = body.weightKg ?? null;
  const references: RecordReferences = {
    headerId: bin.headerId,
    subjectId: bin.subjectId,
    wasteTypeId: body.wasteTypeId ?? bin.wasteTypeId,
    collectionId: body.wasteCollectionId ?? null,
  };
  return uniqueWrite(duplicate, () =>
    db.transaction(async (tx) => {
      // Checked above for the answer's messages; locked here as the import locks them (decision 0031).
      await lockReferences(tx as unknown as Db, { municipalityId, importJobId: null, origin: "WebManual", userId }, [
        references,
      ]);
      const [row] = await tx
        .insert(record)
        .values({
          ...typedValues(bin, body, collectedAt),
          municipalityId,
          wasteCollectionId: body.wasteCollectionId ?? null,
          rfid: bin.rfid,
          weightKg: weight,
          acknowledgedWeightKg: weight,
          state: "processed",
          origin: "WebManual",
          createdBy: userId,
        })
        .returning({ id: record.id, version: record.version });
      if (body.wasteCollectionId) {
        await tx
          .update(wasteCollection)
          .set({ recordCount: sql`${wasteCollection.recordCount} + 1`, updatedAt: new Date() })
          .where(eq(wasteCollection.id, body.wasteCollectionId));
      }
      await markBinUsed(tx as unknown as Db, bin.headerId, collectedAt);
      return row!;
    }),
  );
}

/** The code the edit form shows: as typed or read, else the RFID read. */
export const shownCode = (r: { code: string | null; rfid: string | null }) => r.code ?? r.rfid ?? "";

/**
 * PUT …/waste-evidence/{id}: a correction over the version the user saw (409 otherwise). A changed code is resolved
 * again (the record moves to that bin and its collection point); a changed weight becomes the acknowledged weight
 * too (a collection's spread weight is spread again by its 'set weight'). A discarded record is not edited (409).
 */
export async function updateEvidence(
  db: Db,
  municipalityId: number,
  evidenceId: number,
  body: EvidenceUpdate,
): Promise<{ id: number; version: number }> {
  const old = await recordToChange(db, municipalityId, evidenceId);
  const sameCode = body.code === shownCode(old) && old.headerId !== null && old.subjectId !== null;
  const bin: ResolvedBin = sameCode
    ? {
        headerId: old.headerId!,
        subjectId: old.subjectId!,
        wasteTypeId: old.wasteTypeId,
        city: old.city,
        capacity: old.binVolume,
        rfid: old.rfid,
      }
    : await resolveCode(db, municipalityId, body.code);
  if (body.wasteTypeId) await checkWasteType(db, municipalityId, body.wasteTypeId);
  const collectedAt = fromPragueLocal(body.collectedAt)!;
  const weight = body.weightKg ?? null;
  const weightChanged =
    (old.weightKg === null ? null : Number(old.weightKg)) !== (weight === null ? null : Number(weight));
  const values = {
    ...typedValues(bin, body, collectedAt),
    // The code as it was read stays when it was not changed (an RFID read keeps code null).
    code: sameCode ? old.code : body.code,
    rfid: sameCode ? old.rfid : bin.rfid,
    weightKg: weight,
    ...(weightChanged ? { acknowledgedWeightKg: weight } : {}),
  };
  return uniqueWrite(duplicate, () =>
    db.transaction(async (tx) => {
      // A new code: its bin, collection point and waste type locked as the import locks them (decision 0031). The
      // same code keeps what the record points at (its bin may have moved on since, which is no reason to refuse).
      if (!sameCode) {
        await lockReferences(
          tx as unknown as Db,
          { municipalityId, importJobId: null, origin: "WebManual", userId: null },
          [{ headerId: bin.headerId, subjectId: bin.subjectId, wasteTypeId: values.wasteTypeId, collectionId: null }],
        );
      }
      const row = await updateVersioned(
        tx,
        record,
        { id: evidenceId, version: body.version },
        values,
        eq(record.municipalityId, municipalityId),
        isNull(record.discardedAt),
      );
      await markBinUsed(tx as unknown as Db, bin.headerId, collectedAt);
      return row;
    }),
  );
}

/**
 * POST …/waste-evidence/{id}/discard: the record is kept with its state and its discard time; from now on it counts
 * for no weight (a collection's weight is spread over its records not discarded) and no fee. It stays in its
 * collection's evidence table and record_count (docs/waste-evidence.md 'Discard'). 409 when already discarded.
 */
export async function discardEvidence(
  db: Db,
  municipalityId: number,
  evidenceId: number,
): Promise<{ id: number; discardedAt: string }> {
  await recordToChange(db, municipalityId, evidenceId);
  const at = new Date();
  const rows = await db
    .update(record)
    .set({ discardedAt: at, version: bumped(record.version), updatedAt: at })
    .where(and(eq(record.id, evidenceId), eq(record.municipalityId, municipalityId), isNull(record.discardedAt)))
    .returning({ id: record.id });
  if (!rows.length) throw discarded();
  return { id: evidenceId, discardedAt: at.toISOString() };
}
