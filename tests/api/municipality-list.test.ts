/**
 * Municipality API tests: GET municipality (list); GET municipality/{id}/users. Shared setup in ./municipality-
 * fixtures.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { municipality } from "../../api/db/schema";
import { t, A, B, insertMunicipality, countOf, setupMunicipalityTests } from "./municipality-fixtures";

setupMunicipalityTests();

describe("GET municipality (list)", () => {
  let P: number;
  let brtnice: number;
  let luka: number;
  let kamenice: number;
  let senec: number;

  beforeAll(async () => {
    P = await insertMunicipality({
      name: "Mikroregion Horácko",
      type: "Microregion",
      kind: "Custom",
      district: "Jihlava",
      country: "CZ",
    });
    brtnice = await insertMunicipality({
      name: "Brtnice",
      parentId: P,
      district: "Jihlava",
      country: "CZ",
      identificationNumber: "00285862",
    });
    luka = await insertMunicipality({
      name: "Luka nad Jihlavou",
      parentId: P,
      district: "Jihlava",
      country: "CZ",
      active: false,
    });
    kamenice = await insertMunicipality({
      name: "Kamenice",
      parentId: P,
      district: "Jihlava",
      country: "CZ",
      lastLoginAt: new Date("2025-03-01T10:00:00Z"),
    });
    senec = await insertMunicipality({
      name: "Odpady Senec s.r.o.",
      type: "Company",
      kind: "Custom",
      district: "Senec",
      country: "SK",
    });
  });

  const ids = (body: { items: { id: number }[] }) => body.items.map((i) => i.id);

  it("an administrator sees every municipality, sorted by name, with total", async () => {
    const res = await t.call("GET", "/municipality", { as: "admin" });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(await countOf(municipality));
    expect(ids(res.body)).toEqual([brtnice, kamenice, luka, P, senec, B, A]);
    const a = res.body.items.find((i: { id: number }) => i.id === A);
    expect(a).toEqual({
      id: A,
      name: "Třebíč",
      district: "Třebíč",
      type: "Municipality",
      country: "CZ",
      parentId: null,
      parentName: null,
      lastLoginAt: null,
      lastRecordAt: null,
      // manager, worker and citizen of A
      userCount: 3,
      active: true,
    });
    expect(res.body.items.find((i: { id: number }) => i.id === kamenice)).toMatchObject({
      parentId: P,
      parentName: "Mikroregion Horácko",
      lastLoginAt: "2025-03-01T10:00:00.000Z",
      userCount: 0,
    });
  });

  it("filters by search (name without case or accents, or IČO)", async () => {
    let res = await t.call("GET", "/municipality", { as: "admin", query: { search: "KAMEN" } });
    expect(ids(res.body)).toEqual([kamenice]);
    expect(res.body.total).toBe(1);
    res = await t.call("GET", "/municipality", { as: "admin", query: { search: "TŘEBÍČ" } });
    expect(ids(res.body)).toEqual([A]);
    res = await t.call("GET", "/municipality", { as: "admin", query: { search: "trebic" } });
    expect(ids(res.body)).toEqual([A]);
    res = await t.call("GET", "/municipality", { as: "admin", query: { search: "00285862" } });
    expect(ids(res.body)).toEqual([brtnice]);
    res = await t.call("GET", "/municipality", { as: "admin", query: { search: "100%" } });
    expect(res.body).toEqual({ items: [], total: 0 });
  });

  it("filters by district, active, parentId, country and type", async () => {
    const q = async (query: Record<string, string | number>) => {
      const res = await t.call("GET", "/municipality", { as: "admin", query });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(res.body.items.length);
      return ids(res.body);
    };
    expect(await q({ district: "Jihlava" })).toEqual([brtnice, kamenice, luka, P]);
    expect(await q({ active: "false" })).toEqual([luka]);
    expect(await q({ active: "true", district: "Jihlava" })).toEqual([brtnice, kamenice, P]);
    expect(await q({ parentId: P })).toEqual([brtnice, kamenice, luka]);
    expect(await q({ country: "SK" })).toEqual([senec, B]);
    expect(await q({ type: "Microregion" })).toEqual([P]);
    expect(await q({ type: "Company", country: "SK" })).toEqual([senec]);
  });

  it("sorts ascending and descending; an unknown sort key is refused", async () => {
    let res = await t.call("GET", "/municipality", { as: "admin", query: { parentId: P, sort: "-name" } });
    expect(ids(res.body)).toEqual([luka, kamenice, brtnice]);
    res = await t.call("GET", "/municipality", { as: "admin", query: { parentId: P, sort: "id" } });
    expect(ids(res.body)).toEqual([brtnice, luka, kamenice]);
    res = await t.call("GET", "/municipality", { as: "admin", query: { parentId: P, sort: "-id" } });
    expect(ids(res.body)).toEqual([kamenice, luka, brtnice]);
    // Descending puts the empty values last.
    res = await t.call("GET", "/municipality", { as: "admin", query: { parentId: P, sort: "-lastLoginAt" } });
    expect(ids(res.body)[0]).toBe(kamenice);
    // An unknown key is refused: the sort is one of the list's keys (contract/lists.ts, issue 12).
    res = await t.call("GET", "/municipality", { as: "admin", query: { parentId: P, sort: "passwordHash" } });
    expect(res.status).toBe(422);
    expect(res.body.errors.sort).toBeDefined();
  });

  it("pages: page and pageSize cut the items, total counts them all", async () => {
    const all = await t.call("GET", "/municipality", { as: "admin", query: { sort: "id" } });
    const res = await t.call("GET", "/municipality", { as: "admin", query: { sort: "id", page: 2, pageSize: 2 } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(all.body.total);
    expect(ids(res.body)).toEqual(ids(all.body).slice(2, 4));
    const past = await t.call("GET", "/municipality", { as: "admin", query: { page: 99, pageSize: 50 } });
    expect(past.body).toEqual({ items: [], total: all.body.total });
  });

  it("refuses bad query values with 422 per field", async () => {
    const res = await t.call("GET", "/municipality", {
      as: "admin",
      query: { pageSize: 1000, active: "maybe", country: "PL" },
    });
    expect(res.status).toBe(422);
    expect(res.body.Message).toEqual(expect.any(String));
    expect(Object.keys(res.body.errors).sort()).toEqual(["active", "country", "pageSize"]);
  });

  it("a manager sees only their own municipality", async () => {
    let res = await t.call("GET", "/municipality", { as: "manager" });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(ids(res.body)).toEqual([A]);
    res = await t.call("GET", "/municipality", { as: "manager", query: { search: "Petržalka" } });
    expect(res.body).toEqual({ items: [], total: 0 });
    res = await t.call("GET", "/municipality", { as: "worker", query: { country: "CZ" } });
    expect(ids(res.body)).toEqual([A]);
  });

  it("options: id and name of the municipalities the user may see", async () => {
    const admin = await t.call("GET", "/municipality/options", { as: "admin" });
    expect(admin.status).toBe(200);
    expect(admin.body.total).toBe(await countOf(municipality));
    expect(admin.body.items).toContainEqual({ id: B, name: "Petržalka", country: "SK", active: true });
    const manager = await t.call("GET", "/municipality/options", { as: "manager" });
    expect(manager.body).toEqual({ items: [{ id: A, name: "Třebíč", country: "CZ", active: true }], total: 1 });
  });

  it("districts: the distinct districts, sorted, within the user's municipalities", async () => {
    const admin = await t.call("GET", "/municipality/districts", { as: "admin" });
    expect(admin.status).toBe(200);
    expect(admin.body.items).toEqual(expect.arrayContaining(["Bratislava V", "Jihlava", "Senec", "Třebíč"]));
    expect(new Set(admin.body.items).size).toBe(admin.body.items.length);
    expect(admin.body.items.indexOf("Jihlava")).toBeLessThan(admin.body.items.indexOf("Senec"));
    const manager = await t.call("GET", "/municipality/districts", { as: "manager" });
    expect(manager.body).toEqual({ items: ["Třebíč"] });
  });
});

describe("GET municipality/{id}/users", () => {
  it("lists the users of the municipality with their roles, never a password", async () => {
    const res = await t.call("GET", `/municipality/${A}/users`, { as: "worker" });
    expect(res.status).toBe(200);
    const { users } = t.fixtures;
    expect(res.body.total).toBe(3);
    expect(res.body.items.map((u: { id: number; role: string }) => [u.id, u.role]).sort()).toEqual(
      [
        [users.manager.id, "MUNICIPALITY_MANAGER"],
        [users.worker.id, "MUNICIPALITY_WORKER"],
        [users.citizen.id, "CITIZEN"],
      ].sort(),
    );
    expect(res.body.items[0]).toEqual({
      id: expect.any(Number),
      userName: expect.any(String),
      firstName: expect.any(String),
      lastName: "Testovací",
      email: expect.any(String),
      phone: null,
      role: expect.any(String),
      active: true,
      lastLoginAt: null,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it("B's users are B's", async () => {
    const res = await t.call("GET", `/municipality/${B}/users`, { as: "admin" });
    expect(res.body.items.map((u: { id: number }) => u.id)).toEqual([t.fixtures.users.managerB.id]);
  });
});
