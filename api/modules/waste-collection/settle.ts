/**
 * A collection's weight and state once its rows are in (issue 13 part 4, docs/collection-import.md 'Weights'):
 * a total weight given for the collection (the import form, the detail's 'set weight') is spread over its records by
 * bin volume × fullness, exact to the gram; without one, the weights the vehicle measured per bin are the
 * acknowledged weights and their sum is the collection's weight.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { wasteCollection, wasteEvidenceRecord } from "../../db/schema";
import { distributeWeight } from "./weights";

const toGrams = (kg: string) => Math.round(Number(kg) * 1000);

/**
 * Spreads `totalKg` over the records of the collections (a weight given by hand: its unit is kept, which tells it
 * from a measured sum).
 */
export async function spreadWeight(db: Db, collectionIds: number[], totalKg: string): Promise<void> {
  if (!collectionIds.length) return;
  const records = await db
    .select({
      id: wasteEvidenceRecord.id,
      collectionId: wasteEvidenceRecord.wasteCollectionId,
      binVolume: wasteEvidenceRecord.binVolume,
      fullness: wasteEvidenceRecord.fullness,
    })
    .from(wasteEvidenceRecord)
    .where(
      and(
        sql`${wasteEvidenceRecord.wasteCollectionId} = any(${sql.param(collectionIds)}::int[])`,
        isNull(wasteEvidenceRecord.discardedAt),
      ),
    );
  const shares = distributeWeight(toGrams(totalKg), records);
  const byId = new Map(records.map((r) => [r.id, r.collectionId!]));
  const perCollection = new Map<number, number>(collectionIds.map((id) => [id, 0]));
  for (const s of shares) perCollection.set(byId.get(Number(s.id))!, perCollection.get(byId.get(Number(s.id))!)! + s.grams);
  await db.transaction(async (tx) => {
    if (shares.length) {
      await tx.execute(sql`
        update waste_evidence_record r set acknowledged_weight_kg = v.grams / 1000.0
        from unnest(${sql.param(shares.map((s) => Number(s.id)))}::int[], ${sql.param(shares.map((s) => s.grams))}::bigint[]) as v(id, grams)
        where r.id = v.id`);
    }
    // One collection keeps the total as given; several share it as their records do.
    const weights = collectionIds.length === 1 ? [[collectionIds[0]!, toGrams(totalKg)] as const] : [...perCollection];
    await tx.execute(sql`
      update waste_collection c set weight_kg = v.grams / 1000.0, weight_unit = coalesce(c.weight_unit, 'kg'),
        updated_at = now()
      from unnest(${sql.param(weights.map(([id]) => id))}::int[], ${sql.param(weights.map(([, g]) => g))}::bigint[]) as v(id, grams)
      where c.id = v.id`);
  });
}

/** A collection without a given weight: the measured weights are acknowledged and add up to its weight. */
export async function settleMeasuredWeight(db: Db, collectionId: number): Promise<void> {
  await db.execute(sql`
    update waste_evidence_record set acknowledged_weight_kg = weight_kg
    where waste_collection_id = ${collectionId} and acknowledged_weight_kg is distinct from weight_kg`);
  await db
    .update(wasteCollection)
    .set({
      weightKg: sql`(select sum(weight_kg) from waste_evidence_record
        where waste_collection_id = ${collectionId} and discarded_at is null)`,
      updatedAt: sql`now()`,
    })
    .where(eq(wasteCollection.id, collectionId));
}

/** The state after processing: Error while it has unresolved errors, else Processed (spec 001 §4). */
export async function settleState(db: Db, collectionIds: number[]): Promise<void> {
  if (!collectionIds.length) return;
  await db.execute(sql`
    update waste_collection c set state = case when exists (select 1 from waste_collection_log l
        where l.waste_collection_id = c.id and l.resolved_at is null and l.error_type <> 'DuplicateRecord')
      then 'Error' else 'Processed' end
    where c.id = any(${sql.param(collectionIds)}::int[]) and c.state <> 'Discarded'`);
}
