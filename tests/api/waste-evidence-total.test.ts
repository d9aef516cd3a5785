/**
 * waste_evidence_total (decision 0030, migration 0021): the year's sums per subject, waste and bin that the fee engine
 * reads instead of the records, kept by statement triggers on waste_evidence_record. After every kind of write —
 * inserts (in bulk and with ON CONFLICT), updates of weight, volume, subject, time (across the Prague new year) and
 * discarding, deletes, a municipality's cascade and a TRUNCATE — they equal the sums computed from the records.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { municipality, wasteEvidenceRecord } from "../../api/db/schema";
import { setupApi, type TestApi } from "./helpers";

let t: TestApi;
beforeAll(async () => (t = await setupApi()));
afterAll(() => t?.close());

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** The stored sums of M (zero rows left by subtraction dropped) and the same computed from its records. */
async function sums(M: number) {
  const key = sql.raw(`municipality_id, year, subject_id, waste_type_id, header_id`);
  const stored = await rows(sql`select ${key}, kg::text, litres::text, n from waste_evidence_total
    where municipality_id = ${M} and (n <> 0 or kg <> 0 or litres <> 0) order by ${key}`);
  const fresh = await rows(sql`select municipality_id, extract(year from collected_at at time zone 'Europe/Prague')::smallint as year,
      subject_id, waste_type_id, case when bin_volume is null then header_id end as header_id,
      sum(coalesce(acknowledged_weight_kg, 0))::numeric(16, 3)::text as kg, sum(coalesce(bin_volume, 0))::text as litres,
      count(*)::int as n
    from waste_evidence_record where municipality_id = ${M} and subject_id is not null and discarded_at is null
    group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
  return { stored, fresh };
}

async function town() {
  const [m] = await t.db.insert(municipality).values({ name: "Obec součtů" }).returning({ id: municipality.id });
  return m!.id;
}

let minute = 0;
/** A record (a bin read at its own instant: the same bin at the same instant is one emptying). */
const record = (M: number, v: Partial<typeof wasteEvidenceRecord.$inferInsert>) => ({
  municipalityId: M,
  subjectId: 1,
  wasteTypeId: 1,
  headerId: 10,
  collectedAt: new Date(Date.UTC(2025, 5, 1, 6, minute++)),
  acknowledgedWeightKg: "10.500",
  binVolume: 120,
  origin: "Manual",
  ...v,
});

describe("waste_evidence_total", () => {
  it("equals the records' sums after inserts, updates, deletes, a cascade and a truncate", async () => {
    const M = await town();
    await t.db.insert(wasteEvidenceRecord).values([
      record(M, {}),
      record(M, { acknowledgedWeightKg: "2.250", binVolume: 240 }),
      record(M, { subjectId: 2, wasteTypeId: 2, acknowledgedWeightKg: null }),
      // Without a volume: summed per bin (its capacity × n in the engine).
      record(M, { binVolume: null, headerId: 11 }),
      record(M, { binVolume: null, headerId: 11, acknowledgedWeightKg: "1.000" }),
      // New Year's Eve 23:30 UTC is 1 January in Prague: next year's.
      record(M, { collectedAt: new Date("2025-12-31T23:30:00Z") }),
      // Not counted: no subject, discarded.
      record(M, { subjectId: null }),
      record(M, { discardedAt: new Date() }),
    ]);
    let s = await sums(M);
    expect(s.fresh.length).toBe(4);
    expect(s.stored).toEqual(s.fresh);

    // A weight settled, a volume set, a subject changed, a record moved to another year, one discarded, one restored.
    await t.db.execute(sql`update waste_evidence_record set acknowledged_weight_kg = acknowledged_weight_kg + 1
      where municipality_id = ${M} and subject_id = 1`);
    await t.db.execute(sql`update waste_evidence_record set bin_volume = 60
      where municipality_id = ${M} and header_id = 11 and acknowledged_weight_kg = 2`);
    await t.db.execute(sql`update waste_evidence_record set subject_id = 3 where municipality_id = ${M} and subject_id = 2`);
    await t.db.execute(sql`update waste_evidence_record set collected_at = '2024-03-01T10:00:00Z'
      where municipality_id = ${M} and acknowledged_weight_kg = 3.25`);
    await t.db.execute(sql`update waste_evidence_record set discarded_at = now(), subject_id = 4
      where municipality_id = ${M} and subject_id is null`);
    await t.db.execute(sql`update waste_evidence_record set discarded_at = null
      where municipality_id = ${M} and discarded_at is not null and subject_id = 1`);
    // An update that changes nothing the sums hold.
    await t.db.execute(sql`update waste_evidence_record set state = 'unprocessed' where municipality_id = ${M}`);
    s = await sums(M);
    expect(s.stored).toEqual(s.fresh);

    // An insert that conflicts (the same bin at the same instant) adds nothing.
    const [one] = await t.db.select().from(wasteEvidenceRecord).where(eq(wasteEvidenceRecord.municipalityId, M)).limit(1);
    await t.db
      .insert(wasteEvidenceRecord)
      .values(record(M, { headerId: one!.headerId, collectedAt: one!.collectedAt }))
      .onConflictDoNothing();
    s = await sums(M);
    expect(s.stored).toEqual(s.fresh);

    await t.db.execute(sql`delete from waste_evidence_record where municipality_id = ${M} and header_id = 11`);
    s = await sums(M);
    expect(s.stored).toEqual(s.fresh);

    // A second municipality stays apart; deleting the first takes its records (decision 0031's trigger) and sums.
    const N = await town();
    await t.db.insert(wasteEvidenceRecord).values([record(N, {}), record(N, { subjectId: 5 })]);
    await t.db.delete(municipality).where(eq(municipality.id, M));
    expect((await sums(M)).stored).toEqual([]);
    s = await sums(N);
    expect(s.stored.length).toBe(2);
    expect(s.stored).toEqual(s.fresh);

    await t.db.execute(sql`truncate waste_evidence_record cascade`);
    expect(await rows(sql`select 1 from waste_evidence_total`)).toEqual([]);
  });
});
