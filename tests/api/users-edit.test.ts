/**
 * User API tests: PUT user/{id}; PATCH user/activate?isActiveState. Shared setup in ./users-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { session, user, userMunicipality } from "../../api/db/schema";
import { verifyPassword } from "../../api/lib/password-hash";
import { USER_NOT_FOUND } from "../../api/modules/user/service";
import { NOTHING_SELECTED } from "#contract/user";
import { PASSWORD_REQUIREMENT_TEXTS } from "#contract/password";
import { t, A, B, U, STRONG, form, userRow, setupUsersTests } from "./users-fixtures";
import { insertSignIn, signInRowsLeft, type Persona, expectRefused } from "./helpers";

setupUsersTests();

describe("PUT user/{id}", () => {
  const edit = (over: Record<string, unknown> = {}) => ({
    // The version the edit form loaded (decision 0020): these users are not edited before.
    version: 0,
    roleId: 21,
    firstName: "Václav",
    lastName: "Dvořák",
    userName: "t.worker",
    phone: "777 000 111",
    email: "worker@test.local",
    municipalityId: A,
    language: "cs",
    ...over,
  });

  it("updates the user; an empty password keeps the current one", async () => {
    const created = await t.call("POST", "/user/register", { as: "admin", json: form() });
    const id = created.body.id as number;
    const { userName, email } = await userRow(id);
    const res = await t.call("PUT", `/user/${id}`, {
      as: "manager",
      json: edit({
        userName,
        email,
        firstName: "Jana",
        lastName: "Nová",
        phone: "+421 900 111 222",
        language: "sk",
        password: "",
        confirmPassword: "",
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id });
    const row = await userRow(id);
    expect(row).toMatchObject({ firstName: "Jana", lastName: "Nová", phone: "+421 900 111 222", language: "sk" });
    expect(await verifyPassword(STRONG, row.passwordHash)).toBe(true);
  });

  it("a new password is stored and ends the user's sessions", async () => {
    const created = await t.call("POST", "/user/register", { as: "admin", json: form() });
    const id = created.body.id as number;
    const { userName, email } = await userRow(id);
    await insertSignIn(t.db, id, `s-${id}`, `g-${id}`);
    const res = await t.call("PUT", `/user/${id}`, {
      as: "admin",
      json: edit({ userName, email, password: "Nove.Heslo2", confirmPassword: "Nove.Heslo2" }),
    });
    expect(res.status).toBe(200);
    expect(await verifyPassword("Nove.Heslo2", (await userRow(id)).passwordHash)).toBe(true);
    expect(await signInRowsLeft(t.db, `s-${id}`, `g-${id}`)).toEqual([]);
  });

  it("moving a user to another municipality moves the managed-municipality link", async () => {
    const created = await t.call("POST", "/user/register", { as: "admin", json: form() });
    const id = created.body.id as number;
    const { userName, email } = await userRow(id);
    expect(
      (await t.call("PUT", `/user/${id}`, { as: "admin", json: edit({ userName, email, municipalityId: B }) })).status,
    ).toBe(200);
    const links = await t.db.select().from(userMunicipality).where(eq(userMunicipality.userId, id));
    expect(links.map((l) => l.municipalityId)).toEqual([B]);
    // Now B's user: the manager of A no longer sees it.
    expect((await t.call("GET", `/user/${id}`, { as: "manager" })).status).toBe(404);
  });

  it("422 with field messages", async () => {
    const res = await t.call("PUT", `/user/${U().worker.id}`, {
      as: "admin",
      json: edit({ firstName: "", password: "abc", confirmPassword: "abc" }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.firstName).toEqual(["Vyplňte toto pole."]);
    expect(res.body.errors.password[0]).toBe(PASSWORD_REQUIREMENT_TEXTS["password.minLength"]);
    const taken = await t.call("PUT", `/user/${U().worker.id}`, { as: "admin", json: edit({ userName: "T.MANAGER" }) });
    expect(taken.body.errors).toEqual({ userName: ["Uživatelské jméno už používá jiný uživatel."] });
  });

  it("404 for another municipality's user or an administrator (manager of A)", async () => {
    for (const p of ["managerB", "admin"] as const) {
      const res = await t.call("PUT", `/user/${U()[p].id}`, {
        as: "manager",
        json: edit({ userName: U()[p].userName, email: U()[p].email }),
      });
      expect(res.status, p).toBe(404);
      expect(res.body).toEqual({ Message: USER_NOT_FOUND });
    }
    const [b] = await t.db.select().from(user).where(eq(user.id, U().managerB.id));
    expect(b).toMatchObject({ firstName: "ManagerB", municipalityId: B, roleId: 1 });
  });

  it("a manager cannot promote to an admin role or move the user to another municipality", async () => {
    let res = await t.call("PUT", `/user/${U().worker.id}`, { as: "manager", json: edit({ roleId: 5 }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ roleId: ["Tuto roli může přidělit jen správce JRK."] });
    res = await t.call("PUT", `/user/${U().worker.id}`, { as: "manager", json: edit({ municipalityId: B }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ municipalityId: ["Vyberte obec, kterou spravujete."] });
    expect(await userRow(U().worker.id)).toMatchObject({ roleId: 21, municipalityId: A });
  });

  it("nobody changes their own role", async () => {
    const me = U().manager;
    await expectRefused(
      t.call("PUT", `/user/${me.id}`, {
        as: "manager",
        json: edit({ roleId: 21, userName: me.userName, email: me.email }),
      }),
      { roleId: ["Svou vlastní roli nemůžete změnit."] },
    );
  });

  it("the worker (user.aDetail only) and the read-only administrator cannot edit (403)", async () => {
    for (const as of ["worker", "readonly"] as const) {
      expect((await t.call("PUT", `/user/${U().citizen.id}`, { as, json: edit() })).status, as).toBe(403);
    }
  });
});

describe("PATCH user/activate?isActiveState", () => {
  /** PATCH user/activate as `as`: `isActiveState` in the query, the chosen users in the body. */
  const activate = (as: Persona, isActiveState: boolean | string, personIds: unknown[]) =>
    t.call("PATCH", "/user/activate", { as, query: { isActiveState }, json: { personIds } });

  async function twoUsers() {
    const a = await t.call("POST", "/user/register", { as: "admin", json: form() });
    const b = await t.call("POST", "/user/register", { as: "admin", json: form() });
    return [a.body.id as number, b.body.id as number];
  }

  it("nothing selected → 422 'Vyberte položky.' (spec 001 §5)", async () => {
    for (const json of [{ personIds: [] }, {}, { personIds: "" }]) {
      await expectRefused(t.call("PATCH", "/user/activate", { as: "admin", query: { isActiveState: false }, json }), {
        personIds: [NOTHING_SELECTED],
      });
    }
  });

  it("isActiveState must be true or false", async () => {
    const res = await activate("admin", "maybe", [U().worker.id]);
    expect(res.status).toBe(422);
    expect(res.body.errors.isActiveState).toBeDefined();
  });

  it("deactivates and activates several users at once; a deactivated user's token stops working", async () => {
    const [x, y] = await twoUsers();
    await t.db.insert(session).values({ id: `s-act-${x}`, data: { user: { id: x } } });
    let res = await activate("manager", false, [x, y, String(x)]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2, active: false });
    expect((await userRow(x!)).active).toBe(false);
    expect((await userRow(y!)).active).toBe(false);
    expect(
      await t.db
        .select()
        .from(session)
        .where(eq(session.id, `s-act-${x}`)),
    ).toEqual([]);
    const { userName } = await userRow(x!);
    const token = await t.signToken({ sub: String(x), preferred_username: userName });
    expect((await t.call("GET", "/user/user-info", { token })).status).toBe(401);

    res = await activate("manager", "true", [x]);
    expect(res.body).toEqual({ updated: 1, active: true });
    expect((await userRow(x!)).active).toBe(true);
    expect((await t.call("GET", "/user/user-info", { token })).status).toBe(200);
  });

  it("a user cannot deactivate themselves", async () => {
    const res = await activate("manager", false, [U().worker.id, U().manager.id]);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ personIds: ["Sami sebe deaktivovat nemůžete."] });
    expect((await userRow(U().worker.id)).active).toBe(true);
  });

  it("another municipality's user in the selection → 404 and nothing changes", async () => {
    const res = await activate("manager", false, [U().worker.id, U().managerB.id]);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ Message: USER_NOT_FOUND });
    expect((await userRow(U().worker.id)).active).toBe(true);
    expect((await userRow(U().managerB.id)).active).toBe(true);
  });

  it("an administrator activates anyone, e.g. the deactivated administrator", async () => {
    const res = await activate("admin", true, [U().inactive.id]);
    expect(res.status).toBe(200);
    expect((await userRow(U().inactive.id)).active).toBe(true);
    await t.db.update(user).set({ active: false }).where(eq(user.id, U().inactive.id));
  });
});
