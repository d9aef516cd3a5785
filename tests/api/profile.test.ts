/**
 * Spec 000 §7 GET/PUT user/profile; spec 001 §2 Profile (personal information, change password with the current
 * one), §5 (a wrong current password gives its message); issue 3: changing the password ends the other sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { oidcPayload, session, user } from "../../api/db/schema";
import { hashPassword, verifyPassword } from "../../api/lib/password-hash";
import { WRONG_CURRENT_PASSWORD } from "#contract/user";
import { PASSWORD_REQUIREMENT_TEXTS } from "#contract/password";
import { insertSignIn, setupApi, signInRowsLeft, type TestApi, versionOf, expectRefused } from "./helpers";

let t: TestApi;
const CURRENT = "Stare.Heslo1";
const NEW = "Nove.Heslo2";

beforeAll(async () => {
  t = await setupApi();
  const hash = await hashPassword(CURRENT);
  await t.db
    .update(user)
    .set({ passwordHash: hash })
    .where(inArray(user.id, [t.fixtures.users.worker.id, t.fixtures.users.readonly.id]));
});
afterAll(() => t?.close());

describe("GET user/profile", () => {
  it("answers the signed-in user's own data", async () => {
    const res = await t.call("GET", "/user/profile", { as: "worker" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: t.fixtures.users.worker.id,
      version: 0,
      userName: "t.worker",
      firstName: "Worker",
      lastName: "Testovací",
      phone: null,
      email: "worker@test.local",
      language: "cs",
      roleId: 21,
      roleName: "MUNICIPALITY_WORKER",
      roleLabel: "municipality worker",
      municipalityId: t.fixtures.municipalities.a.id,
      municipalityName: "Třebíč",
    });
  });

  it("every signed-in user has one, even without any permission", async () => {
    const res = await t.call("GET", "/user/profile", { as: "citizen" });
    expect(res.status).toBe(200);
    expect(res.body.userName).toBe("t.citizen");
    const admin = await t.call("GET", "/user/profile", { as: "admin" });
    expect(admin.body).toMatchObject({ roleName: "ADMIN", municipalityId: null, municipalityName: null });
  });
});

describe("PUT user/profile", () => {
  const body = (over: Record<string, unknown> = {}) => ({
    firstName: "Citlivý",
    lastName: "Občan",
    phone: "+420 603 111 222",
    email: "citizen@test.local",
    language: "sk",
    // The version the profile form loaded (decision 0020); each test below starts from an unedited user.
    version: 0,
    ...over,
  });

  it("changes name, last name, phone, e-mail and language; the language is then the user's (user-info)", async () => {
    const res = await t.call("PUT", "/user/profile", { as: "citizen", json: body({ email: "obcan@test.local" }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: "Citlivý",
      lastName: "Občan",
      phone: "+420 603 111 222",
      email: "obcan@test.local",
      language: "sk",
    });
    const [row] = await t.db.select().from(user).where(eq(user.id, t.fixtures.users.citizen.id));
    expect(row).toMatchObject({ firstName: "Citlivý", lastName: "Občan", email: "obcan@test.local", language: "sk" });
    const info = await t.call("GET", "/user/user-info", { as: "citizen" });
    expect(info.body).toMatchObject({ fullName: "Citlivý Občan", language: "sk" });
  });

  it("the user name and role are not part of the profile", async () => {
    const res = await t.call("PUT", "/user/profile", {
      as: "citizen",
      json: {
        ...body({ version: await versionOf(t.db, user, t.fixtures.users.citizen.id) }),
        userName: "hacker",
        roleId: 5,
      },
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(user).where(eq(user.id, t.fixtures.users.citizen.id));
    expect(row).toMatchObject({ userName: "t.citizen", roleId: 4 });
  });

  it("422 with field messages", async () => {
    await expectRefused(
      t.call("PUT", "/user/profile", {
        as: "citizen",
        json: body({ firstName: " ", phone: "abc", email: "x@", language: "de" }),
      }),
      {
        firstName: ["Vyplňte toto pole."],
        phone: ["Zadejte platné telefonní číslo."],
        email: ["Zadejte platný e-mail."],
        language: ["Vyberte hodnotu."],
      },
    );
  });

  it("an e-mail of another user is refused", async () => {
    await expectRefused(
      t.call("PUT", "/user/profile", { as: "citizen", json: body({ email: "MANAGER@test.local" }) }),
      { email: ["Tento e-mail už používá jiný uživatel."] },
    );
  });

  it("the read-only administrator keeps their own profile (the one kind of change open to them)", async () => {
    const res = await t.call("PUT", "/user/profile", {
      as: "readonly",
      json: body({ firstName: "Richard", lastName: "Čtenář", email: "readonly@test.local", language: "cs" }),
    });
    expect(res.status).toBe(200);
  });
});

describe("POST user/profile/change-password", () => {
  const change = (over: Record<string, unknown> = {}, as: "worker" | "readonly" = "worker", token?: string) =>
    t.call("POST", "/user/profile/change-password", {
      ...(token ? { token } : { as }),
      json: { currentPassword: CURRENT, newPassword: NEW, confirmPassword: NEW, ...over },
    });

  it("a wrong current password → 422 on currentPassword with the spec's message", async () => {
    const res = await change({ currentPassword: "Spatne.Heslo1" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ currentPassword: [WRONG_CURRENT_PASSWORD] });
    expect(WRONG_CURRENT_PASSWORD).toBe("Heslo neodpovídá současnému heslu.");
    const [row] = await t.db.select().from(user).where(eq(user.id, t.fixtures.users.worker.id));
    expect(await verifyPassword(CURRENT, row!.passwordHash)).toBe(true);
  });

  it("a user without a password (never set) cannot pass the check either", async () => {
    await expectRefused(
      t.call("POST", "/user/profile/change-password", {
        as: "manager",
        json: { currentPassword: "cokoli", newPassword: NEW, confirmPassword: NEW },
      }),
      { currentPassword: [WRONG_CURRENT_PASSWORD] },
    );
  });

  it("429 after three wrong current passwords in a row, until the wait is over (one counter with the sign-in)", async () => {
    const wrong = () =>
      t.call("POST", "/user/profile/change-password", {
        as: "managerB",
        json: { currentPassword: "spatne", newPassword: NEW, confirmPassword: NEW },
      });
    for (let i = 0; i < 3; i++) expect((await wrong()).status).toBe(422);
    const blocked = await wrong();
    expect(blocked.status).toBe(429);
    expect(blocked.body.Message).toMatch(/^Příliš mnoho chybných pokusů\. Zkuste to znovu za \d+ s\.$/);
    const [row] = await t.db.select().from(user).where(eq(user.id, t.fixtures.users.managerB.id));
    expect(row!.failedLogins).toBe(3);
    // Once the wait has passed, the next attempt is checked again (and counted).
    await t.db
      .update(user)
      .set({ lastFailedLoginAt: new Date(Date.now() - 3600_000) })
      .where(eq(user.id, row!.id));
    expect((await wrong()).status).toBe(422);
  });

  it("422: the new password follows the strong rule, must be typed twice the same and differ from the current one", async () => {
    let res = await change({ newPassword: "heslo", confirmPassword: "jine" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      newPassword: [
        PASSWORD_REQUIREMENT_TEXTS["password.minLength"],
        PASSWORD_REQUIREMENT_TEXTS["password.upperCase"],
        PASSWORD_REQUIREMENT_TEXTS["password.digit"],
        PASSWORD_REQUIREMENT_TEXTS["password.special"],
      ],
      confirmPassword: ["Hesla se neshodují."],
    });
    res = await change({ newPassword: CURRENT, confirmPassword: CURRENT });
    expect(res.body.errors).toEqual({ newPassword: ["Nové heslo se musí lišit od současného."] });
    res = await t.call("POST", "/user/profile/change-password", { as: "worker", json: {} });
    expect(res.body.errors).toMatchObject({
      currentPassword: ["Zadejte současné heslo."],
      newPassword: ["Zadejte heslo."],
    });
  });

  it("success: the new password is stored and the user's other sessions end; this one and other users' stay", async () => {
    const me = t.fixtures.users.worker.id;
    const other = t.fixtures.users.manager.id;
    const bearer = await t.token("worker");
    // Web sessions (server.ts session storage): this request's own one holds the bearer token.
    await t.db.insert(session).values([
      { id: "s-current", data: { user: { id: me }, tokens: { accessToken: bearer, refreshToken: "rt-current" } } },
      { id: "s-phone", data: { user: { id: me }, tokens: { accessToken: "at-phone", refreshToken: "rt-phone" } } },
      { id: "s-laptop", data: { user: { id: me }, tokens: { accessToken: "at-laptop", refreshToken: null } } },
      { id: "s-manager", data: { user: { id: other }, tokens: { accessToken: "at-m", refreshToken: "rt-m" } } },
    ]);
    // The built-in provider's records (idp/adapter.ts): grants, refresh tokens and provider sessions.
    const acc = String(me);
    await t.db.insert(oidcPayload).values([
      { id: "g-current", type: "Grant", payload: { accountId: acc, kind: "Grant" } },
      {
        id: "rt-current",
        type: "RefreshToken",
        grantId: "g-current",
        payload: { accountId: acc, grantId: "g-current" },
      },
      {
        id: "sess-current",
        type: "Session",
        payload: { accountId: acc, authorizations: { web: { grantId: "g-current" } } },
      },
      { id: "g-phone", type: "Grant", payload: { accountId: acc, kind: "Grant" } },
      { id: "rt-phone", type: "RefreshToken", grantId: "g-phone", payload: { accountId: acc, grantId: "g-phone" } },
      {
        id: "sess-phone",
        type: "Session",
        payload: { accountId: acc, authorizations: { web: { grantId: "g-phone" } } },
      },
      { id: "g-m", type: "Grant", payload: { accountId: String(other), kind: "Grant" } },
      { id: "rt-m", type: "RefreshToken", grantId: "g-m", payload: { accountId: String(other), grantId: "g-m" } },
      { id: "interaction-1", type: "Interaction", payload: { kind: "Interaction" } },
    ]);

    const res = await change({}, "worker", bearer);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ changed: true, endedSessions: 2 });

    const [row] = await t.db.select().from(user).where(eq(user.id, me));
    expect(await verifyPassword(NEW, row!.passwordHash)).toBe(true);
    expect(await verifyPassword(CURRENT, row!.passwordHash)).toBe(false);

    const sessions = (await t.db.select({ id: session.id }).from(session)).map((s) => s.id).sort();
    expect(sessions).toEqual(["s-current", "s-manager"]);
    const provider = (await t.db.select({ id: oidcPayload.id }).from(oidcPayload)).map((p) => p.id).sort();
    expect(provider).toEqual(["g-current", "g-m", "interaction-1", "rt-current", "rt-m", "sess-current"]);

    // The current password is now the new one.
    const again = await change({
      currentPassword: CURRENT,
      newPassword: "Treti.Heslo3",
      confirmPassword: "Treti.Heslo3",
    });
    expect(again.body.errors).toEqual({ currentPassword: [WRONG_CURRENT_PASSWORD] });
  });

  it("called outside any web session (a bare API token): every session of the user ends", async () => {
    const me = t.fixtures.users.readonly.id;
    await insertSignIn(t.db, me, "s-ro", "g-ro");
    const res = await change({}, "readonly");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ changed: true, endedSessions: 1 });
    expect(await signInRowsLeft(t.db, "s-ro", "g-ro")).toEqual([]);
  });
});
