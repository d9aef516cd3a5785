/**
 * The collection import writes its records by COPY (decision 0034); the statement triggers that keep
 * waste_evidence_total (decision 0030, migration 0021) see those rows as they see an INSERT's: after an import and
 * its re-import the stored sums equal the sums of the records.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { A, bin, HEADER, importCollection, setupCollectionTests, t } from "./collection-fixtures";

setupCollectionTests();

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
}

describe("an imported file's records in the yearly totals", () => {
  it("are summed as the file's rows are written, and a re-import adds nothing", async () => {
    const bins = [await bin(), await bin(), await bin()];
    const lines = bins.flatMap((b, i) => [
      `2026-10-05T07:0${i}:00+02:00;${b.barcode};;200301;120;100;1${i},5;;;5T5 5555;;`,
      `2026-10-12T07:0${i}:00+02:00;${b.barcode};;200301;120;50;${i},25;;;5T5 5555;;`,
    ]);
    const key = sql.raw(`year, subject_id, waste_type_id, header_id`);
    const sums = async () => ({
      stored: await rows(sql`select ${key}, kg::text, litres::text, n from waste_evidence_total
        where municipality_id = ${A} and (n <> 0 or kg <> 0 or litres <> 0) order by ${key}`),
      fresh: await rows(sql`select extract(year from collected_at at time zone 'Europe/Prague')::smallint as year,
          subject_id, waste_type_id, case when bin_volume is null then header_id end as header_id,
          sum(coalesce(acknowledged_weight_kg, 0))::numeric(16, 3)::text as kg, sum(coalesce(bin_volume, 0))::text as litres,
          count(*)::int as n
        from waste_evidence_record where municipality_id = ${A} and subject_id is not null and discarded_at is null
        group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
    });
    const job = await importCollection([HEADER, ...lines].join("\n"));
    expect(job).toMatchObject({ totalRows: 6, acceptedRows: 6, errorRows: 0 });
    const first = await sums();
    expect(first.fresh).not.toEqual([]);
    expect(first.stored).toEqual(first.fresh);
    await importCollection([HEADER, ...lines].join("\n"));
    expect(await sums()).toEqual(first);
  });
});
