/**
 * User API tests: GET user (list); GET user/{id}; GET user/roles; GET user/unique-user-name. Shared setup in ./users-
 * fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { USER_NOT_FOUND } from "../../api/modules/user/service";
import { t, A, B, U, form, setupUsersTests } from "./users-fixtures";

setupUsersTests();

describe("GET user (list)", () => {
  const ids = (body: { items: { id: number }[] }) => body.items.map((i) => i.id).sort((a, b) => a - b);

  it("an administrator sees every user, with role and municipality, and the total", async () => {
    const res = await t.call("GET", "/user", { as: "admin", query: { pageSize: 200 } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(res.body.items.length);
    expect(ids(res.body)).toEqual(expect.arrayContaining(Object.values(U()).map((u) => u.id)));
    const worker = res.body.items.find((i: { id: number }) => i.id === U().worker.id);
    expect(worker).toEqual({
      id: U().worker.id,
      userName: "t.worker",
      firstName: "Worker",
      lastName: "Testovací",
      fullName: "Worker Testovací",
      email: "worker@test.local",
      phone: null,
      roleId: 21,
      roleName: "MUNICIPALITY_WORKER",
      roleLabel: "municipality worker",
      municipalityId: A,
      municipalityName: "Třebíč",
      lastLoginAt: null,
      active: true,
      registrationPending: false,
    });
  });

  it("a municipality manager sees only the users of their municipality, never administrators (spec 000 §6)", async () => {
    const res = await t.call("GET", "/user", { as: "manager", query: { pageSize: 200 } });
    expect(res.status).toBe(200);
    const seen = new Set(res.body.items.map((i: { id: number }) => i.id));
    for (const p of ["manager", "worker", "citizen"] as const) expect(seen.has(U()[p].id), p).toBe(true);
    for (const p of ["admin", "readonly", "managerB", "inactive"] as const) expect(seen.has(U()[p].id), p).toBe(false);
    expect(res.body.items.every((i: { municipalityId: number }) => i.municipalityId === A)).toBe(true);
    // Asking for B's users gives nothing, not an error.
    const other = await t.call("GET", "/user", { as: "manager", query: { municipalityId: B } });
    expect(other.body).toEqual({ items: [], total: 0 });
  });

  it("a municipality worker may read the list (user.aDetail); a citizen may not", async () => {
    expect((await t.call("GET", "/user", { as: "worker" })).status).toBe(200);
    expect((await t.call("GET", "/user", { as: "citizen" })).status).toBe(403);
  });

  it("filters by search, role, municipality and active; sorts; pages", async () => {
    const q = async (query: Record<string, string | number>) => {
      const res = await t.call("GET", "/user", { as: "admin", query: { pageSize: 200, ...query } });
      expect(res.status).toBe(200);
      return res.body;
    };
    expect(ids(await q({ search: "worker" }))).toEqual([U().worker.id]);
    expect(ids(await q({ search: "MANAGER testovací" }))).toEqual([U().manager.id]);
    expect(ids(await q({ search: "manager testovaci" }))).toEqual([U().manager.id]);
    expect(ids(await q({ search: "manager" }))).toEqual([U().manager.id, U().managerB.id]);
    expect(ids(await q({ search: "100%" }))).toEqual([]);
    expect(ids(await q({ roleId: 1 }))).toEqual([U().manager.id, U().managerB.id]);
    expect(ids(await q({ municipalityId: B }))).toEqual([U().managerB.id]);
    expect(ids(await q({ active: "false" }))).toEqual([U().inactive.id]);
    expect(ids(await q({ roleId: 1, municipalityId: A, active: "true" }))).toEqual([U().manager.id]);
    // Empty filters from a form are ignored.
    expect((await q({ roleId: "", municipalityId: "", active: "", search: "" })).total).toBeGreaterThanOrEqual(7);

    const byUserName = await q({ sort: "userName" });
    const names = byUserName.items.map((i: { userName: string }) => i.userName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const desc = await q({ sort: "-id" });
    expect(desc.items.map((i: { id: number }) => i.id)).toEqual(ids(desc).reverse());

    const page1 = await q({ sort: "id", pageSize: 2, page: 1 });
    const page2 = await q({ sort: "id", pageSize: 2, page: 2 });
    expect(page1.items).toHaveLength(2);
    expect(page1.total).toBe(page2.total);
    expect(page2.items[0].id).toBeGreaterThan(page1.items[1].id);
  });

  it("a bad query is 422 with field messages", async () => {
    const res = await t.call("GET", "/user", { as: "admin", query: { pageSize: 1000, roleId: "x" } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(["pageSize", "roleId"]));
  });
});

describe("GET user/{id}", () => {
  it("answers one user", async () => {
    const res = await t.call("GET", `/user/${U().managerB.id}`, { as: "admin" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: U().managerB.id,
      userName: "t.managerb",
      roleName: "MUNICIPALITY_MANAGER",
      municipalityId: B,
      municipalityName: "Petržalka",
      language: "cs",
      collectionYardId: null,
      registrationPending: false,
      invitationExpiresAt: null,
    });
    expect(res.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("another municipality's user, an administrator or a missing id is 404 for a manager", async () => {
    expect((await t.call("GET", `/user/${U().worker.id}`, { as: "manager" })).status).toBe(200);
    for (const id of [U().managerB.id, U().admin.id, 999_999]) {
      const res = await t.call("GET", `/user/${id}`, { as: "manager" });
      expect(res.status, String(id)).toBe(404);
      expect(res.body).toEqual({ Message: USER_NOT_FOUND });
    }
    expect((await t.call("GET", "/user/abc", { as: "admin" })).status).toBe(404);
  });
});

describe("GET user/roles", () => {
  it("lists the active numbered roles of spec 001 §6 with id, name and label; inactive ones are not offered", async () => {
    const res = await t.call("GET", "/user/roles", { as: "admin" });
    expect(res.status).toBe(200);
    const ids = res.body.items.map((r: { id: number }) => r.id);
    expect(ids).toEqual([1, 3, 4, 5, 9, 11, 13, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    for (const inactive of [2, 6, 7, 8, 10, 12, 14, 15]) expect(ids).not.toContain(inactive);
    expect(res.body.items[0]).toEqual({
      id: 1,
      name: "MUNICIPALITY_MANAGER",
      label: "municipality admin",
      assignable: true,
    });
    expect(res.body.items.find((r: { id: number }) => r.id === 11)).toEqual({
      id: 11,
      name: "ADMIN_READ_ONLY",
      label: "JRK admin read-only",
      assignable: true,
    });
  });

  it("a municipality manager is not offered the admin roles", async () => {
    const res = await t.call("GET", "/user/roles", { as: "manager" });
    expect(res.status).toBe(200);
    const names = res.body.items.map((r: { name: string }) => r.name);
    expect(names).not.toContain("ADMIN");
    expect(names).not.toContain("ADMIN_READ_ONLY");
    expect(names).toContain("MUNICIPALITY_WORKER");
  });

  it("decision 0014: each role is marked whether the caller holds every permission it grants", async () => {
    const assignable = async (as: "manager" | "worker") => {
      const res = await t.call("GET", "/user/roles", { as });
      return Object.fromEntries(
        res.body.items.map((r: { name: string; assignable: boolean }) => [r.name, r.assignable]),
      );
    };
    const manager = await assignable("manager");
    expect(manager).toMatchObject({
      MUNICIPALITY_MANAGER: true,
      ACCOUNTANT: true,
      DRIVER: true,
      // Issue 15: the manager runs the municipality's collection-yard module (all of collectionYard).
      C_YARD_MANAGER: true,
    });
    const worker = await assignable("worker");
    expect(worker).toMatchObject({
      MUNICIPALITY_WORKER: true,
      MUNICIPALITY_MANAGER: false,
      ACCOUNTANT: false,
      VISITOR: true,
      C_YARD_MANAGER: false,
    });
  });
});

describe("GET user/unique-user-name", () => {
  it("builds a free name without diacritics: 'Žofie Škaloudová' → zofie.skaloudova, then …2, …3", async () => {
    const ask = () =>
      t.call("GET", "/user/unique-user-name", { as: "manager", query: { FirstName: "Žofie", LastName: "Škaloudová" } });
    let res = await ask();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userName: "zofie.skaloudova" });

    const created = await t.call("POST", "/user/register", {
      as: "manager",
      json: form({ firstName: "Žofie", lastName: "Škaloudová", userName: "zofie.skaloudova" }),
    });
    expect(created.status).toBe(201);
    res = await ask();
    expect(res.body).toEqual({ userName: "zofie.skaloudova2" });

    // Taken names are compared regardless of case.
    await t.call("POST", "/user/register", { as: "admin", json: form({ userName: "Zofie.Skaloudova2" }) });
    res = await ask();
    expect(res.body).toEqual({ userName: "zofie.skaloudova3" });
  });

  it("handles several words and letters without a decomposition", async () => {
    const res = await t.call("GET", "/user/unique-user-name", {
      as: "admin",
      query: { FirstName: " Jan  Pavel ", LastName: "Łukasz-Ďurčo" },
    });
    expect(res.body).toEqual({ userName: "jan-pavel.lukasz-durco" });
  });

  it("both names are required (422); only users who may add users ask (403 otherwise)", async () => {
    const res = await t.call("GET", "/user/unique-user-name", { as: "admin", query: { FirstName: "Jan" } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ LastName: ["Vyplňte toto pole."] });
    expect(
      (await t.call("GET", "/user/unique-user-name", { as: "citizen", query: { FirstName: "a", LastName: "b" } }))
        .status,
    ).toBe(403);
    expect(
      (await t.call("GET", "/user/unique-user-name", { as: "worker", query: { FirstName: "a", LastName: "b" } }))
        .status,
    ).toBe(200);
  });
});
