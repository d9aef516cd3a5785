/**
 * What a clerk does to collections (spec 001 §2 'Waste collections' actions, §4 'Collections can be deleted, merged
 * (with a new name), given a price, and (exceptional ones) given a weight'; spec 000 §7 POST waste-collection/merge;
 * issue 13 part 5): set the invoice price, set the weight (spread over the records), merge, delete, and process the
 * open errors again after their bins were fixed.
 */
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  municipality,
  wasteCollection as wc,
  wasteCollectionLog as log,
  wasteEvidenceHeader as weh,
  wasteEvidenceRecord as wer,
} from "../../db/schema";
import { isUniqueViolation } from "../../lib/db-errors";
import { BIN_OF_CODE_NOT_FOUND, RFID_ONLY, RFID_TAKEN } from "#contract/collection";
import { notFound, validation } from "../../lib/errors";
import { bumped, writtenOrStale } from "../../lib/version";
import type { CollectionRow } from "#contract/collection-import";
import type { DuplicateHandlingStrategy } from "#contract/enums";
import { collectionRow } from "./service";
import { settleMeasuredWeight, spreadWeight, settleState } from "./settle";
import { processRows } from "./process";
import { loadWasteTypes } from "./waste-types";
import { weightToGrams } from "./weights";

const collectionsNotFound = () => notFound("Svozy nebyly nalezeny.");

/** The ids that are this municipality's collections, all of them, or 404. */
async function ownIds(db: Db, municipalityId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: wc.id })
    .from(wc)
    .where(and(eq(wc.municipalityId, municipalityId), inArray(wc.id, unique)));
  if (found.length !== unique.length) throw collectionsNotFound();
  return unique;
}

export async function setPrice(
  db: Db,
  municipalityId: number,
  body: { ids: number[]; invoiceValue: string; priceUnit: string },
): Promise<{ updated: number }> {
  const ids = await ownIds(db, municipalityId, body.ids);
  const rows = await db
    .update(wc)
    .set({ invoiceValue: body.invoiceValue, priceUnit: body.priceUnit, version: bumped(wc.version), updatedAt: new Date() })
    .where(and(eq(wc.municipalityId, municipalityId), inArray(wc.id, ids)))
    .returning({ id: wc.id });
  return { updated: rows.length };
}

/** The weight as typed in its unit, stored in kg (exact), then spread over the collection's records. */
export async function setWeight(
  db: Db,
  municipalityId: number,
  id: number,
  body: { weight: string; weightUnit: "kg" | "t"; version: number },
): Promise<void> {
  await collectionRow(db, municipalityId, id);
  const grams = weightToGrams(body.weight, body.weightUnit) ?? 0;
  const kg = (grams / 1000).toFixed(3);
  writtenOrStale(
    await db
      .update(wc)
      .set({ weightKg: kg, weightUnit: body.weightUnit, version: bumped(wc.version), updatedAt: new Date() })
      .where(and(eq(wc.id, id), eq(wc.version, body.version)))
      .returning({ id: wc.id }),
  );
  await spreadWeight(db, [id], kg);
}

/**
 * The selected collections become one (spec 000 §7): a new collection with the name, the earliest day and time and
 * the latest end, their records and log moved to it, weights and prices added up; the old ones go.
 */
export async function mergeCollections(
  db: Db,
  municipalityId: number,
  userId: number,
  body: { ids: number[]; name: string },
): Promise<number> {
  const ids = await ownIds(db, municipalityId, body.ids);
  const mergedId = await db.transaction(async (tx) => {
    const sources = await tx.select().from(wc).where(inArray(wc.id, ids)).orderBy(asc(wc.collectedOn), asc(wc.id));
    const first = sources[0]!;
    const sum = (values: (string | null)[], scale: number) =>
      values.some((v) => v !== null) ? values.reduce((s, v) => s + Number(v ?? 0), 0).toFixed(scale) : null;
    const [merged] = await tx
      .insert(wc)
      .values({
        municipalityId,
        name: body.name,
        collectedOn: first.collectedOn,
        startedAt: sources.reduce<Date | null>((m, s) => (s.startedAt && (!m || s.startedAt < m) ? s.startedAt : m), null),
        endedAt: sources.reduce<Date | null>((m, s) => (s.endedAt && (!m || s.endedAt > m) ? s.endedAt : m), null),
        wasteTypeId: sources.every((s) => s.wasteTypeId === first.wasteTypeId) ? first.wasteTypeId : null,
        wasteName: sources.every((s) => s.wasteName === first.wasteName) ? first.wasteName : null,
        licencePlate: sources.every((s) => s.licencePlate === first.licencePlate) ? first.licencePlate : null,
        origin: first.origin,
        collectionType: sources.length > 1 ? "MultiCollection" : first.collectionType,
        weightKg: sum(
          sources.map((s) => s.weightKg),
          3,
        ),
        weightUnit: first.weightUnit,
        invoiceValue: sum(
          sources.map((s) => s.invoiceValue),
          2,
        ),
        priceUnit: first.priceUnit,
        exceptional: sources.some((s) => s.exceptional),
        recordCount: sources.reduce((n, s) => n + s.recordCount, 0),
        errorCount: sources.reduce((n, s) => n + s.errorCount, 0),
        createdBy: userId,
      })
      .returning({ id: wc.id });
    await tx.update(wer).set({ wasteCollectionId: merged!.id }).where(inArray(wer.wasteCollectionId, ids));
    await tx.update(log).set({ wasteCollectionId: merged!.id }).where(inArray(log.wasteCollectionId, ids));
    await tx.delete(wc).where(inArray(wc.id, ids));
    return merged!.id;
  });
  await settleState(db, [mergedId]);
  return mergedId;
}

/** Deletes the collections with their records and log (cascade). */
export async function removeCollections(db: Db, municipalityId: number, body: { ids: number[] }): Promise<{ updated: number }> {
  const ids = await ownIds(db, municipalityId, body.ids);
  const rows = await db
    .delete(wc)
    .where(and(eq(wc.municipalityId, municipalityId), inArray(wc.id, ids)))
    .returning({ id: wc.id });
  return { updated: rows.length };
}

/**
 * The open errors of the collection processed again, as the import did (issue 13 'assign the unknown code to a bin,
 * then reprocess'): a row whose bin is now right becomes a record and its log entry is resolved; the rest stay open.
 */
export async function reprocessCollection(
  db: Db,
  municipalityId: number,
  id: number,
  userId: number,
): Promise<{ resolved: number; open: number }> {
  const collection = await collectionRow(db, municipalityId, id);
  const open = await db
    .select({ id: log.id, rowNumber: log.rowNumber, data: log.data, rawRow: log.rawRow })
    .from(log)
    .where(and(eq(log.wasteCollectionId, id), isNull(log.resolvedAt), sql`${log.errorType} not in ('DuplicateRecord', 'EmptyCode', 'Undefined')`))
    .orderBy(asc(log.id));
  const [m] = await db
    .select({ strategy: municipality.duplicateHandlingStrategy })
    .from(municipality)
    .where(eq(municipality.id, municipalityId));
  const wasteTypes = await loadWasteTypes(db, municipalityId);
  let resolved = 0;
  await db.transaction(async (tx) => {
    const res = await processRows(
      tx as unknown as Db,
      {
        municipalityId,
        strategy: (m?.strategy ?? "NoAction") as DuplicateHandlingStrategy,
        wasteTypes,
        importJobId: collection.importJobId,
        origin: collection.origin as "WebImport",
        userId,
        collectionId: id,
      },
      open.map((o) => ({ rowNumber: o.rowNumber, raw: o.rawRow, row: o.data as CollectionRow, logId: o.id })),
    );
    const done = [...res.resolvedLogIds];
    if (done.length) {
      await tx
        .update(log)
        .set({ resolvedAt: new Date(), resolvedBy: userId })
        .where(inArray(log.id, done));
      // The resolved errors no longer count; the new records were counted by processRows.
      await tx
        .update(wc)
        .set({ errorCount: sql`greatest(${wc.errorCount} - ${done.length}, 0)`, version: bumped(wc.version) })
        .where(eq(wc.id, id));
    }
    resolved = done.length;
  });
  if (resolved) {
    // A weight given by hand (it has its unit) is spread again; a measured one is summed again.
    if (collection.weightUnit && collection.weightKg !== null) await spreadWeight(db, [id], collection.weightKg);
    else await settleMeasuredWeight(db, id);
  }
  await settleState(db, [id]);
  return { resolved, open: open.length - resolved };
}

/** The fix of an unknown RFID tag: the bin (barcode or plain code) takes it, then the collection is processed again. */
export async function assignCode(
  db: Db,
  municipalityId: number,
  collectionId: number,
  logId: number,
  binCode: string,
  userId: number,
): Promise<{ resolved: number; open: number }> {
  await collectionRow(db, municipalityId, collectionId);
  const [entry] = await db
    .select({ data: log.data })
    .from(log)
    .where(and(eq(log.id, logId), eq(log.wasteCollectionId, collectionId), eq(log.errorType, "UnknownCode"), isNull(log.resolvedAt)));
  if (!entry) throw notFound("Chyba nebyla nalezena.");
  const row = entry.data as CollectionRow;
  if (!row.rfid || row.code) throw validation({ bin: [RFID_ONLY] }, RFID_ONLY);
  const [bin] = await db
    .select({ id: weh.id })
    .from(weh)
    .where(and(eq(weh.municipalityId, municipalityId), or(eq(weh.barcode, binCode), eq(weh.plainCode, binCode))));
  if (!bin) throw validation({ bin: [BIN_OF_CODE_NOT_FOUND] }, BIN_OF_CODE_NOT_FOUND);
  try {
    await db.update(weh).set({ rfid: row.rfid, version: bumped(weh.version), updatedAt: new Date() }).where(eq(weh.id, bin.id));
  } catch (err) {
    if (isUniqueViolation(err)) throw validation({ bin: [RFID_TAKEN] }, RFID_TAKEN);
    throw err;
  }
  return reprocessCollection(db, municipalityId, collectionId, userId);
}
