/**
 * Waste card API tests: bulk actions: set expiration date, assign subject, remove (spec 001 §2, §4, §8). Shared setup
 * in ./waste-card-fixtures.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { today } from "../../api/modules/subject/membership";
import { inDays } from "./helpers";
import {
  t,
  A,
  B,
  cards,
  insertSubject,
  insertPayer,
  join,
  insertCard,
  cardRow,
  upload,
  setupWasteCardTests,
} from "./waste-card-fixtures";

setupWasteCardTests();

describe("bulk actions: set expiration date, assign subject, remove (spec 001 §2, §4, §8)", () => {
  let home: number;
  let other: number;
  let member: number;
  let former: number;
  let subjectOfB: number;

  beforeAll(async () => {
    home = await insertSubject(A, "Svobodovi, Žižkova 7");
    other = await insertSubject(A, "Chata Horka", "Cottage");
    member = await insertPayer(A, "Svoboda", "Petr");
    former = await insertPayer(A, "Svobodová", "Eva");
    await join(A, home, member);
    await join(A, home, former, "2021-12-31");
    subjectOfB = await insertSubject(B, "Bytový dom Petržalka", "ApartmentBuilding");
  });

  it("nothing selected → 422 'Vyberte položky.'", async () => {
    for (const [method, path, json] of [
      ["PATCH", "/expiration", { ids: [], validTo: inDays(30) }],
      ["PATCH", "/assign-subject", { ids: [], subjectId: home }],
      ["POST", "/remove", { ids: [] }],
    ] as const) {
      const res = await t.call(method, cards(A, path), { as: "manager", json });
      expect(res.status, path).toBe(422);
      expect(res.body.errors.ids).toEqual(["Vyberte položky."]);
    }
  });

  it("set expiration date: a future day keeps the state, a past day makes the cards Expired, a later one revives them", async () => {
    const a = await insertCard(A, { plainCode: "E1", code: "EXP-1", subjectId: home, validFrom: "2024-01-01" });
    const b = await insertCard(A, { plainCode: "E2", code: "EXP-2", validFrom: "2024-01-01" });
    const d = await insertCard(A, { plainCode: "E3", code: "EXP-3", state: "Discarded" });
    const ofB = await insertCard(B, { plainCode: "E9", code: "EXP-9" });

    const future = await t.call("PATCH", cards(A, "/expiration"), {
      as: "worker",
      json: { ids: [a, b], validTo: inDays(30) },
    });
    expect(future.status).toBe(200);
    expect(future.body).toEqual({ updated: 2 });
    expect(await cardRow(a)).toMatchObject({ validTo: inDays(30), state: "Assigned" });
    expect(await cardRow(b)).toMatchObject({ validTo: inDays(30), state: "Free" });

    // Another municipality's card in the selection is not touched.
    const past = await t.call("PATCH", cards(A, "/expiration"), {
      as: "manager",
      json: { ids: [a, b, d, ofB], validTo: inDays(-1) },
    });
    expect(past.body).toEqual({ updated: 3 });
    expect(await cardRow(a)).toMatchObject({ validTo: inDays(-1), state: "Expired" });
    expect(await cardRow(b)).toMatchObject({ state: "Expired" });
    expect(await cardRow(d)).toMatchObject({ validTo: inDays(-1), state: "Discarded" });
    expect(await cardRow(ofB)).toMatchObject({ validTo: null, state: "Free" });

    await t.call("PATCH", cards(A, "/expiration"), { as: "manager", json: { ids: [a], validTo: inDays(365) } });
    expect(await cardRow(a)).toMatchObject({ state: "Assigned" });

    const onlyB = await t.call("PATCH", cards(A, "/expiration"), {
      as: "manager",
      json: { ids: [ofB], validTo: inDays(1) },
    });
    expect(onlyB.status).toBe(404);
    expect(onlyB.body).toEqual({ Message: "Karty nebyly nalezeny." });
    const bad = await t.call("PATCH", cards(A, "/expiration"), {
      as: "manager",
      json: { ids: [a], validTo: "2025-02-30" },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.validTo).toEqual(["Zadejte datum konce platnosti."]);
  });

  it("assign subject: to a subject of this municipality with a current member; the other municipality's subject is refused", async () => {
    const free = await insertCard(A, { plainCode: "S1", code: "ASG-1" });
    const lapsed = await insertCard(A, { plainCode: "S2", code: "ASG-2", validTo: inDays(-10), state: "Expired" });
    const moved = await insertCard(A, { plainCode: "S3", code: "ASG-3", subjectId: other });

    const res = await t.call("PATCH", cards(A, "/assign-subject"), {
      as: "manager",
      json: { ids: [free, lapsed, moved], subjectId: home, feePayerId: member },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 3 });
    expect(await cardRow(free)).toMatchObject({
      subjectId: home,
      feePayerId: member,
      state: "Assigned",
      validFrom: today(),
    });
    // Still past its validity: Expired.
    expect(await cardRow(lapsed)).toMatchObject({ subjectId: home, state: "Expired" });
    expect(await cardRow(moved)).toMatchObject({ subjectId: home, feePayerId: member, state: "Assigned" });

    // Without a payer: the payer of the previous assignment goes.
    await t.call("PATCH", cards(A, "/assign-subject"), { as: "manager", json: { ids: [moved], subjectId: other } });
    expect(await cardRow(moved)).toMatchObject({ subjectId: other, feePayerId: null, state: "Assigned" });

    const mismatch = await t.call("PATCH", cards(A, "/assign-subject"), {
      as: "manager",
      json: { ids: [free], subjectId: subjectOfB },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.subjectId).toEqual(["Obec odběrného místa a karty se neshoduje."]);
    const missing = await t.call("PATCH", cards(A, "/assign-subject"), {
      as: "manager",
      json: { ids: [free], subjectId: 999_999 },
    });
    expect(missing.body.errors.subjectId).toEqual(["Obec odběrného místa a karty se neshoduje."]);

    const notMember = await t.call("PATCH", cards(A, "/assign-subject"), {
      as: "manager",
      json: { ids: [free], subjectId: home, feePayerId: former },
    });
    expect(notMember.status).toBe(422);
    expect(notMember.body.errors.feePayerId).toEqual(["Poplatník není současným členem tohoto odběrného místa."]);
    expect(await cardRow(free)).toMatchObject({ subjectId: home, feePayerId: member });

    const discarded = await insertCard(A, { plainCode: "S4", code: "ASG-4", state: "Discarded" });
    const refused = await t.call("PATCH", cards(A, "/assign-subject"), {
      as: "manager",
      json: { ids: [free, discarded], subjectId: other },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.ids).toEqual(["Vyřazenou kartu nelze přiřadit odběrnému místu."]);
    expect(await cardRow(free)).toMatchObject({ subjectId: home });

    const ofB = await insertCard(B, { plainCode: "S9", code: "ASG-9" });
    const cardOfB = await t.call("PATCH", cards(A, "/assign-subject"), {
      as: "manager",
      json: { ids: [ofB], subjectId: home },
    });
    expect(cardOfB.status).toBe(404);
    expect(cardOfB.body).toEqual({ Message: "Karty nebyly nalezeny." });
  });

  it("remove: a virtual card is deleted, a physical one Discarded (keeping whose it was)", async () => {
    const physical = await insertCard(A, { plainCode: "R1", code: "REM-1", subjectId: home, feePayerId: member });
    const virtual = await insertCard(A, {
      plainCode: "V000000077",
      code: "V0000000778",
      subjectId: home,
      virtual: true,
    });
    const res = await t.call("POST", cards(A, "/remove"), { as: "manager", json: { ids: [physical, virtual] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2 });
    expect(await cardRow(virtual)).toBeUndefined();
    expect(await cardRow(physical)).toMatchObject({ state: "Discarded", subjectId: home, feePayerId: member });
    // The subject detail shows it discarded.
    const detail = await t.call("GET", `/municipality/${A}/subject/${home}/waste-cards`, { as: "manager" });
    expect(detail.body.items.find((c: { id: number }) => c.id === physical)).toMatchObject({ state: "Discarded" });

    const again = await t.call("POST", cards(A, "/remove"), { as: "manager", json: { ids: [virtual] } });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ Message: "Karty nebyly nalezeny." });
  });

  it("the read-only administrator and a citizen change nothing (403)", async () => {
    const id = await insertCard(A, { plainCode: "P1", code: "PERM-1" });
    for (const as of ["readonly", "citizen"] as const) {
      expect(
        (await t.call("PATCH", cards(A, "/expiration"), { as, json: { ids: [id], validTo: inDays(1) } })).status,
      ).toBe(403);
      expect((await t.call("POST", cards(A, "/remove"), { as, json: { ids: [id] } })).status).toBe(403);
      expect((await upload(A, "1;PERM-X\n", "k.csv", as)).status).toBe(403);
    }
    expect(await cardRow(id)).toMatchObject({ state: "Free", validTo: null });
    expect((await t.call("GET", cards(A), { as: "readonly" })).status).toBe(200);
  });
});
