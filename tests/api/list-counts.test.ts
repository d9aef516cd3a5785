/**
 * Issue 11 'Speed': list totals and filter options kept by the database (migration 0015_list_counts, decision 0024)
 * are exact after every kind of write — single rows through the API, bulk SQL, moves between values, deletes by
 * cascade and TRUNCATE — and the lists answer them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { feePayer, municipality, subject, wasteEvidenceHeader } from "../../api/db/schema";
import { setupApiWithIds, type TestApi } from "./helpers";

let t: TestApi;
let A: number;

beforeAll(async () => ({ t, A } = await setupApiWithIds()));
afterAll(() => t?.close());

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.db.execute(q)) as unknown as { rows: T[] };

/** Every stored figure against what counting and DISTINCT give now: the two must be the same sets. */
async function expectStoredEqualsCounted() {
  const stored = await rows<{ list: string; municipality_id: number; total: string }>(
    sql`select list, municipality_id, total::text from list_total where total <> 0 order by 1, 2`,
  );
  const counted = await rows<{ list: string; municipality_id: number; total: string }>(sql`
    select * from (
      select 'fee_payer' as list, municipality_id, count(*)::text as total from fee_payer group by 2
      union all select 'subject', municipality_id, count(*)::text from subject group by 2
      union all select 'waste_card', municipality_id, count(*)::text from waste_card group by 2
      union all select 'waste_evidence_header', municipality_id, count(*)::text from waste_evidence_header group by 2
    ) x order by 1, 2`);
  expect(stored.rows).toEqual(counted.rows);
  const options = await rows<{ list: string; municipality_id: number; value: string; total: string }>(
    sql`select list, municipality_id, value, total::text from list_option where total <> 0 order by 1, 2, 3`,
  );
  const distinct = await rows<{ list: string; municipality_id: number; value: string; total: string }>(sql`
    select * from (
      select 'subject.city' as list, municipality_id, city as value, count(*)::text as total from subject
        where city is not null group by 2, 3
      union all select 'subject.city_district', municipality_id, city_district, count(*)::text from subject
        where city_district is not null group by 2, 3
      union all select 'subject.street', municipality_id, street, count(*)::text from subject
        where street is not null group by 2, 3
      union all select 'waste_evidence_header.city', municipality_id, city, count(*)::text from waste_evidence_header
        where city is not null group by 2, 3
    ) x order by 1, 2, 3`);
  expect(options.rows).toEqual(distinct.rows);
}

describe("stored totals and filter options", () => {
  it("match count(*) and DISTINCT after the fixtures, single writes, bulk writes, moves, cascades and TRUNCATE", async () => {
    await expectStoredEqualsCounted();

    // Through the API: create, edit (street moves from one value to another), delete.
    const created = await t.call("POST", `/municipality/${A}/subject`, {
      as: "manager",
      json: {
        type: "Household",
        name: "Dům U Lip",
        street: "Lipová",
        cityDistrict: "Borovina",
        city: "Třebíč",
        zipCode: "67401",
        conscriptionNumber: "12",
      },
    });
    expect(created.status).toBe(201);
    await expectStoredEqualsCounted();
    await t.db.update(subject).set({ street: "Dubová" }).where(eq(subject.id, created.body.id));
    await expectStoredEqualsCounted();

    // Bulk SQL in one statement: 500 subjects and payers in a new municipality, half of them moved, a third deleted.
    const [m] = await t.db.insert(municipality).values({ name: "Velké Město", country: "CZ" }).returning();
    await t.db.execute(sql`insert into subject (municipality_id, type, name, street, city)
      select ${m!.id}, 'Household', 'Dům ' || i, 'Ulice ' || (i % 7), 'Velké Město' from generate_series(1, 500) i`);
    await t.db.execute(sql`insert into fee_payer (municipality_id, type, first_name, last_name, active_from)
      select ${m!.id}, 'Resident', 'Jan', 'Novák ' || i, '2020-01-01' from generate_series(1, 500) i`);
    await t.db.execute(sql`update subject set street = 'Nová' where municipality_id = ${m!.id} and id % 2 = 0`);
    await t.db.execute(sql`delete from subject where municipality_id = ${m!.id} and id % 3 = 0`);
    await expectStoredEqualsCounted();

    // A municipality's deletion cascades to its rows; the stored figures follow.
    await t.db.delete(feePayer).where(eq(feePayer.municipalityId, m!.id));
    await t.db.delete(subject).where(eq(subject.municipalityId, m!.id));
    await expectStoredEqualsCounted();

    await t.db.execute(sql`truncate waste_evidence_header cascade`);
    await expectStoredEqualsCounted();
    const bins = await t.db.select().from(wasteEvidenceHeader);
    expect(bins).toHaveLength(0);
  });

  it("a list without filters answers the stored total; with a filter, the count of what it leaves", async () => {
    const all = await t.call("GET", `/municipality/${A}/subject?pageSize=1`, { as: "manager" });
    const [{ n }] = (
      await rows<{ n: number }>(sql`select count(*)::int as n from subject where municipality_id = ${A}`)
    ).rows as [{ n: number }];
    expect(all.body.total).toBe(n);
    // A stored total that disagrees would show here: the unfiltered list reads it, the filtered one never does.
    await t.db.execute(
      sql`update list_total set total = total + 1000 where list = 'subject' and municipality_id = ${A}`,
    );
    expect((await t.call("GET", `/municipality/${A}/subject?pageSize=1`, { as: "manager" })).body.total).toBe(n + 1000);
    const street = await t.call("GET", `/municipality/${A}/subject?pageSize=1&street=Dubov%C3%A1`, { as: "manager" });
    expect(street.body.total).toBe(1);
    await t.db.execute(
      sql`update list_total set total = total - 1000 where list = 'subject' and municipality_id = ${A}`,
    );

    const options = await t.call("GET", `/municipality/${A}/subject/filters`, { as: "manager" });
    expect(options.status).toBe(200);
    expect(options.body.streets).toContain("Dubová");
    expect(options.body.streets).not.toContain("Lipová");
    expect(options.body.cityDistricts).toContain("Borovina");
  });
});
