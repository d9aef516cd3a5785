/**
 * Subject API tests: POST subject (create); GET subject/{id} (detail) and another municipality's subject; PUT
 * subject/{id} and PATCH subject/{id}/parent; PUT subject/{id}/dispose-frequency. Shared setup in ./subject-
 * fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { t, A, B, NOT_FOUND, url, form, insertSubject, rowOf, setupSubjectTests } from "./subject-fixtures";
import { expectRefused } from "./helpers";

setupSubjectTests();

describe("POST subject (create)", () => {
  it("creates the subject with every field; operatorCountry is not stored; zip without the space", async () => {
    const res = await t.call("POST", url(A), { as: "manager", json: form({ variableSymbol: "1001" }) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const row = await rowOf(res.body.id);
    expect(row).toMatchObject({
      municipalityId: A,
      type: "Household",
      name: "Rodinný dům Novák",
      shortName: "RD Novák",
      variableSymbol: "1001",
      householdCode: "D-12",
      parentId: null,
      externalChief: false,
      operatorIdentificationNumber: "25596641",
      operatorCompanyName: "Novák a syn s.r.o.",
      operatorZipCode: "67401",
      cityDistrict: "Vnitřní Město",
      street: "Hasskova",
      conscriptionNumber: "845",
      streetNumber: "12",
      provisionalNumber: null,
      zipCode: "67401",
      city: "Třebíč",
      memberCount: 0,
      binCount: 0,
      feePaid: false,
    });
    expect(row).not.toHaveProperty("operatorCountry");
  });

  it("422 with field messages: missing name, bad IČO, no address", async () => {
    const res = await t.call("POST", url(A), {
      as: "manager",
      json: form({
        name: "  ",
        operatorIdentificationNumber: "25596642",
        street: "",
        conscriptionNumber: "",
        city: "",
      }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.name).toEqual(["Vyplňte toto pole."]);
    expect(res.body.errors.operatorIdentificationNumber).toEqual(["Neplatné IČO (8 číslic s kontrolní číslicí)."]);
  });

  it("422 on a variable symbol used by another subject of the municipality; another municipality may use it", async () => {
    await insertSubject(A, { name: "Držitel VS", variableSymbol: "2002" });
    await expectRefused(t.call("POST", url(A), { as: "manager", json: form({ variableSymbol: "2002" }) }), {
      variableSymbol: ["Variabilní symbol už používá jiné odběrné místo."],
    });
    const inB = await t.call("POST", url(B), {
      as: "managerB",
      json: form({ variableSymbol: "2002", operatorIdentificationNumber: "" }),
    });
    expect(inB.status).toBe(201);
  });

  it("the parent must be a subject of the same municipality", async () => {
    const ofB = await insertSubject(B, { name: "Rodič v B" });
    await expectRefused(t.call("POST", url(A), { as: "manager", json: form({ parentId: ofB }) }), {
      parentId: ["Nadřazené odběrné místo nebylo nalezeno."],
    });
    const ofA = await insertSubject(A, { name: "Rodič v A" });
    const ok = await t.call("POST", url(A), { as: "manager", json: form({ parentId: String(ofA) }) });
    expect(ok.status).toBe(201);
    expect((await rowOf(ok.body.id))!.parentId).toBe(ofA);
  });
});

describe("GET subject/{id} (detail) and another municipality's subject", () => {
  it("answers every field with the address, parent name and child count", async () => {
    const top = await insertSubject(A, { name: "Bytový dům Hasskova", type: "ApartmentBuilding" });
    const id = await insertSubject(A, {
      name: "Byt 1",
      type: "Apartment",
      parentId: top,
      street: "Hasskova",
      conscriptionNumber: "845",
      streetNumber: "12",
      cityDistrict: "Vnitřní Město",
      totalFee: "1200.50",
      binCount: 2,
    });
    await insertSubject(A, { name: "Sklep", parentId: id });
    const res = await t.call("GET", url(A, `/${id}`), { as: "worker" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      municipalityId: A,
      type: "Apartment",
      name: "Byt 1",
      parentId: top,
      parentName: "Bytový dům Hasskova",
      address: "Hasskova 845/12, Vnitřní Město",
      totalFee: "1200.50",
      binCount: 2,
      childCount: 1,
      feePaid: false,
      feePaidChangedAt: null,
      disposeFrequencyPeriod: null,
    });
    expect(res.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("a subject of municipality B under A's id answers its own 404 to the manager of A, on every call", async () => {
    const ofB = await insertSubject(B, { name: "Cizí místo", variableSymbol: "9999" });
    const calls: [string, string, unknown?][] = [
      ["GET", ""],
      ["PUT", "", form()],
      ["DELETE", ""],
      ["GET", "/delete-impact"],
      ["PATCH", "/parent", { parentId: null }],
      ["GET", "/hierarchy"],
      ["PUT", "/dispose-frequency", { period: "Month", orderedDisposeCount: 4, version: 0 }],
      ["GET", "/fee-payers"],
      ["POST", "/fee-payers", { feePayerId: 1, validFrom: "2025-01-01" }],
      ["PATCH", "/fee-payers/1/chief", { isChief: true }],
      ["POST", "/fee-payers/1/end", { validTo: "2025-01-01" }],
      ["GET", "/waste-cards"],
      ["POST", "/waste-cards/virtual", {}],
      ["DELETE", "/waste-cards/1"],
      ["GET", "/fees"],
    ];
    for (const [method, rest, json] of calls) {
      const res = await t.call(method, url(A, `/${ofB}${rest}`), { as: "manager", json });
      expect(res.status, `${method} ${rest}`).toBe(404);
      expect(res.body, `${method} ${rest}`).toEqual(NOT_FOUND);
    }
    // Nothing of B changed.
    expect(await rowOf(ofB)).toMatchObject({
      name: "Cizí místo",
      variableSymbol: "9999",
      disposeFrequencyPeriod: null,
    });
    // B's own manager sees it.
    expect((await t.call("GET", url(B, `/${ofB}`), { as: "managerB" })).status).toBe(200);
  });
});

describe("PUT subject/{id} and PATCH subject/{id}/parent", () => {
  it("updates the fields and updatedAt; keeping its own variable symbol is fine", async () => {
    const id = await insertSubject(A, {
      name: "Staré jméno",
      variableSymbol: "3003",
      updatedAt: new Date("2020-01-01T00:00:00Z"),
    });
    const res = await t.call("PUT", url(A, `/${id}`), {
      as: "manager",
      json: form({ name: "Nové jméno", variableSymbol: "3003", type: "Cottage", street: "Bráfova" }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id });
    const row = await rowOf(id);
    expect(row).toMatchObject({ name: "Nové jméno", variableSymbol: "3003", type: "Cottage", street: "Bráfova" });
    expect(row!.updatedAt.getTime()).toBeGreaterThan(new Date("2020-01-02").getTime());
  });

  it("422 on another subject's variable symbol (nothing written)", async () => {
    await insertSubject(A, { name: "VS 4004", variableSymbol: "4004" });
    const id = await insertSubject(A, { name: "Měněný" });
    await expectRefused(t.call("PUT", url(A, `/${id}`), { as: "manager", json: form({ variableSymbol: "4004" }) }), {
      variableSymbol: ["Variabilní symbol už používá jiné odběrné místo."],
    });
    expect((await rowOf(id))!.name).toBe("Měněný");
  });

  it("the parent may not be the subject itself or one of its descendants (PUT and PATCH parent)", async () => {
    const top = await insertSubject(A, { name: "Cyklus 1" });
    const mid = await insertSubject(A, { name: "Cyklus 2", parentId: top });
    const low = await insertSubject(A, { name: "Cyklus 3", parentId: mid });
    const cycle = { parentId: ["Nadřazené odběrné místo nemůže být toto místo ani jeho podřízené."] };
    for (const parentId of [low, mid, top]) {
      await expectRefused(t.call("PUT", url(A, `/${top}`), { as: "manager", json: form({ parentId }) }), cycle);
      await expectRefused(t.call("PATCH", url(A, `/${top}/parent`), { as: "manager", json: { parentId } }), cycle);
    }
    expect((await rowOf(top))!.parentId).toBeNull();
    // A sibling elsewhere is a fine parent; null removes it again.
    const other = await insertSubject(A, { name: "Jinde" });
    const set = await t.call("PATCH", url(A, `/${low}/parent`), { as: "manager", json: { parentId: other } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ id: low, parentId: other });
    expect((await rowOf(low))!.parentId).toBe(other);
    const cleared = await t.call("PATCH", url(A, `/${low}/parent`), { as: "manager", json: { parentId: null } });
    expect(cleared.body).toEqual({ id: low, parentId: null });
    expect((await rowOf(low))!.parentId).toBeNull();
    const foreign = await insertSubject(B, { name: "Rodič z B" });
    await expectRefused(t.call("PATCH", url(A, `/${low}/parent`), { as: "manager", json: { parentId: foreign } }), {
      parentId: ["Nadřazené odběrné místo nebylo nalezeno."],
    });
  });
});

describe("PUT subject/{id}/dispose-frequency", () => {
  it("stores the period and the ordered count; 422 on a bad period", async () => {
    const id = await insertSubject(A, { name: "Svozy" });
    const res = await t.call("PUT", url(A, `/${id}/dispose-frequency`), {
      as: "manager",
      json: { period: "Month", orderedDisposeCount: "4", version: "0" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ period: "Month", orderedDisposeCount: 4 });
    expect(await rowOf(id)).toMatchObject({ disposeFrequencyPeriod: "Month", orderedDisposeCount: 4 });
    const bad = await t.call("PUT", url(A, `/${id}/dispose-frequency`), {
      as: "manager",
      json: { period: "Week", orderedDisposeCount: -1, version: 1 },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["orderedDisposeCount", "period"]);
  });
});
