/**
 * Subject API tests: delete-impact and DELETE subject/{id}; GET subject/{id}/hierarchy; 'delete municipality data'
 * removes subjects and fee payers. Shared setup in ./subject-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import {
  fee,
  feePayer,
  subject,
  subjectFeePayer,
  wasteCard,
  wasteEvidenceHeader,
  wasteEvidenceHeaderHistory,
} from "../../api/db/schema";
import { makeBarcode } from "#contract/codes";
import {
  t,
  A,
  NOT_FOUND,
  url,
  insertSubject,
  insertPayer,
  insertMunicipality,
  rowOf,
  setupSubjectTests,
} from "./subject-fixtures";

setupSubjectTests();

describe("delete-impact and DELETE subject/{id}", () => {
  it("counts what goes along, then deletes in one go: cards released, children orphaned, payers kept", async () => {
    const id = await insertSubject(A, { name: "K smazání", binCount: 3 });
    const child = await insertSubject(A, { name: "Dítě mazaného", parentId: id });
    const [p1, p2] = [await insertPayer(A, "Mazaný"), await insertPayer(A, "Bývalý")];
    await t.db.insert(subjectFeePayer).values([
      { municipalityId: A, subjectId: id, feePayerId: p1, validFrom: "2024-01-01" },
      { municipalityId: A, subjectId: id, feePayerId: p2, validFrom: "2020-01-01", validTo: "2023-12-31" },
    ]);
    const [physical, virtual] = await t.db
      .insert(wasteCard)
      .values([
        { municipalityId: A, plainCode: "100200", code: "1002003", subjectId: id, feePayerId: p1, state: "Assigned" },
        {
          municipalityId: A,
          plainCode: "V000000001",
          code: "V0000000018",
          subjectId: id,
          state: "Assigned",
          virtual: true,
        },
      ])
      .returning({ id: wasteCard.id });
    await t.db.insert(fee).values([
      { municipalityId: A, subjectId: id, feePayerId: p1, year: 2024, totalFee: "700.00" },
      { municipalityId: A, subjectId: id, feePayerId: p1, year: 2025, month: 1, totalFee: "60.00" },
    ]);

    const impact = await t.call("GET", url(A, `/${id}/delete-impact`), { as: "manager" });
    expect(impact.status).toBe(200);
    expect(impact.body).toEqual({ memberships: 2, wasteCards: 2, fees: 2, children: 1, bins: 3 });

    const res = await t.call("DELETE", url(A, `/${id}`), { as: "manager" });
    expect(res.status).toBe(204);
    expect(await rowOf(id)).toBeUndefined();
    expect(await t.db.select().from(subjectFeePayer).where(eq(subjectFeePayer.subjectId, id))).toEqual([]);
    expect(await t.db.select().from(fee).where(eq(fee.subjectId, id))).toEqual([]);
    expect((await rowOf(child))!.parentId).toBeNull();
    const cards = await t.db
      .select()
      .from(wasteCard)
      .where(inArray(wasteCard.id, [physical!.id, virtual!.id]));
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ id: physical!.id, subjectId: null, feePayerId: null, state: "Free" });
    expect(
      await t.db
        .select({ id: feePayer.id })
        .from(feePayer)
        .where(inArray(feePayer.id, [p1, p2])),
    ).toHaveLength(2);
    const again = await t.call("GET", url(A, `/${id}`), { as: "manager" });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(NOT_FOUND);
  });

  it("releases the subject's assigned bins as free codes (history 'Unassigned'); discarded ones keep their state", async () => {
    const id = await insertSubject(A, { name: "S nádobami k smazání" });
    const [assigned, discarded] = await t.db
      .insert(wasteEvidenceHeader)
      .values([
        {
          municipalityId: A,
          plainCode: "9101",
          barcode: makeBarcode(A, 9101),
          subjectId: id,
          state: "Assigned",
          assignedAt: new Date(),
        },
        { municipalityId: A, plainCode: "9102", barcode: makeBarcode(A, 9102), subjectId: id, state: "Discarded" },
      ])
      .returning({ id: wasteEvidenceHeader.id });
    expect((await t.call("DELETE", url(A, `/${id}`), { as: "manager" })).status).toBe(204);
    const bins = await t.db
      .select()
      .from(wasteEvidenceHeader)
      .where(inArray(wasteEvidenceHeader.id, [assigned!.id, discarded!.id]));
    const byId = new Map(bins.map((b) => [b.id, b]));
    expect(byId.get(assigned!.id)).toMatchObject({ state: "Free", subjectId: null, assignedAt: null });
    expect(byId.get(discarded!.id)).toMatchObject({ state: "Discarded", subjectId: null });
    const history = await t.db
      .select({ event: wasteEvidenceHeaderHistory.event })
      .from(wasteEvidenceHeaderHistory)
      .where(eq(wasteEvidenceHeaderHistory.headerId, assigned!.id));
    expect(history).toEqual([{ event: "Unassigned" }]);
  });
});

describe("GET subject/{id}/hierarchy", () => {
  it("the whole tree from the top ancestor, children by name", async () => {
    const top = await insertSubject(A, { name: "Sídliště", type: "Municipality", totalFee: "0" });
    const house2 = await insertSubject(A, {
      name: "Dům B",
      type: "ApartmentBuilding",
      parentId: top,
      totalFee: "100.00",
    });
    const house1 = await insertSubject(A, { name: "Dům A", type: "ApartmentBuilding", parentId: top });
    const flat = await insertSubject(A, { name: "Byt 3", type: "Apartment", parentId: house1, totalFee: "1234.50" });
    const res = await t.call("GET", url(A, `/${flat}/hierarchy`), { as: "manager" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: top,
      name: "Sídliště",
      type: "Municipality",
      totalFee: "0.00",
      children: [
        {
          id: house1,
          name: "Dům A",
          type: "ApartmentBuilding",
          totalFee: "0.00",
          children: [{ id: flat, name: "Byt 3", type: "Apartment", totalFee: "1234.50", children: [] }],
        },
        { id: house2, name: "Dům B", type: "ApartmentBuilding", totalFee: "100.00", children: [] },
      ],
    });
    const lone = await insertSubject(A, { name: "Samota" });
    expect((await t.call("GET", url(A, `/${lone}/hierarchy`), { as: "manager" })).body).toEqual({
      id: lone,
      name: "Samota",
      type: "Household",
      totalFee: "0.00",
      children: [],
    });
  });

  it("a cycle in stored data (not made by the API) still answers", async () => {
    const x = await insertSubject(A, { name: "Kruh X" });
    const y = await insertSubject(A, { name: "Kruh Y", parentId: x });
    await t.db.update(subject).set({ parentId: y }).where(eq(subject.id, x));
    const res = await t.call("GET", url(A, `/${x}/hierarchy`), { as: "manager" });
    expect(res.status).toBe(200);
    expect([x, y]).toContain(res.body.id);
  });
});

describe("'delete municipality data' removes subjects and fee payers", () => {
  it("the purger empties the municipality's registers and leaves others alone", async () => {
    const E = await insertMunicipality("Obec k vymazání");
    const s1 = await insertSubject(E, { name: "Mazané 1", variableSymbol: "1" });
    await insertSubject(E, { name: "Mazané 2", parentId: s1 });
    const p = await insertPayer(E, "Mazaný");
    await t.db
      .insert(subjectFeePayer)
      .values({ municipalityId: E, subjectId: s1, feePayerId: p, validFrom: "2024-01-01" });
    await t.db.insert(fee).values({ municipalityId: E, subjectId: s1, feePayerId: p, year: 2024 });
    await t.db.insert(wasteCard).values({ municipalityId: E, plainCode: "1", code: "1", subjectId: s1 });
    const keep = await insertSubject(A, { name: "Zůstává" });

    const res = await t.call("POST", `/municipality/${E}/delete-data`, {
      as: "admin",
      json: { confirmation: "SMAZAT" },
    });
    expect(res.status).toBe(200);
    expect(res.body.removed.subjectsAndFeePayers).toBe(3);
    for (const table of [subject, feePayer, subjectFeePayer, fee, wasteCard]) {
      expect(await t.db.select().from(table).where(eq(table.municipalityId, E))).toEqual([]);
    }
    expect(await rowOf(keep)).toBeDefined();
    // And a municipality with data can be deleted as a whole.
    const F = await insertMunicipality("Obec ke zrušení");
    const sf = await insertSubject(F, { name: "Místo rušené obce" });
    const pf = await insertPayer(F, "Rušený");
    await t.db.insert(fee).values({ municipalityId: F, subjectId: sf, feePayerId: pf, year: 2024 });
    expect((await t.call("DELETE", `/municipality/${F}`, { as: "admin" })).status).toBe(204);
    expect(await t.db.select().from(feePayer).where(eq(feePayer.municipalityId, F))).toEqual([]);
  });
});
