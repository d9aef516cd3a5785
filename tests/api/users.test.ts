/**
 * Spec 000 §6 (roles, who manages whom), §7 'User calls'; spec 001 §2 Users, §3 User, §5 (password, 'Vyberte
 * položky.'), §6 (numbered roles). The own profile and password are in profile.test.ts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import {
  oidcPayload,
  permission,
  registrationToken,
  role,
  rolePermission,
  session,
  user,
  userMunicipality,
} from "../../api/db/schema";
import { verifyPassword } from "../../api/lib/password-hash";
import {
  completeRegistration,
  findRegistrationToken,
  hashToken,
  issueRegistrationToken,
  purgeRegistrationTokens,
} from "../../api/modules/user/registration";
import { registerByEmail, resendRegistration, USER_NOT_FOUND } from "../../api/modules/user/service";
import { resolveUser } from "../../api/lib/auth";
import type { Services } from "../../api/services";
import { createIdp } from "../../idp/provider";
import { NOTHING_SELECTED, REGISTRATION_LINK_TTL_HOURS } from "#contract/user";
import { PASSWORD_REQUIREMENT_TEXTS } from "#contract/password";
import { invitationLink, readEml } from "./eml";
import { PUBLIC_URL, SET_PASSWORD_URL, TEST_SECRET_BOX, setupApiWithIds, type TestApi } from "./helpers";

let t: TestApi;
let A: number;
let B: number;
const U = () => t.fixtures.users;
const STRONG = "Silne.Heslo1";

/** A valid create body: a municipality worker of A. */
const form = (over: Record<string, unknown> = {}) => ({
  // The version an edit saw (decision 0020): a row not edited before is at 0; POST ignores it.
  version: 0,
  roleId: 21,
  firstName: "Jana",
  lastName: "Malá",
  userName: `jana.mala.${Math.random().toString(36).slice(2, 8)}`,
  phone: "+420 777 123 456",
  email: `jana.${Math.random().toString(36).slice(2, 8)}@obec.example`,
  municipalityId: A,
  password: STRONG,
  confirmPassword: STRONG,
  ...over,
});
const inviteForm = (over: Record<string, unknown> = {}) => {
  const { password: _p, confirmPassword: _c, ...rest } = form(over);
  return rest;
};

async function userRow(id: number) {
  const [row] = await t.db.select().from(user).where(eq(user.id, id));
  return row!;
}

beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
afterAll(() => t?.close());

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
      C_YARD_MANAGER: false,
    });
    const worker = await assignable("worker");
    expect(worker).toMatchObject({
      MUNICIPALITY_WORKER: true,
      MUNICIPALITY_MANAGER: false,
      ACCOUNTANT: false,
      VISITOR: true,
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

describe("POST user/register", () => {
  it("creates a user with a password and answers the new id", async () => {
    const body = form({ email: "Jana.Nova@Obec.example" });
    const res = await t.call("POST", "/user/register", { as: "admin", json: body });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const row = await userRow(res.body.id);
    expect(row).toMatchObject({
      userName: body.userName,
      firstName: "Jana",
      lastName: "Malá",
      phone: "+420 777 123 456",
      email: "Jana.Nova@Obec.example",
      roleId: 21,
      municipalityId: A,
      language: "cs",
      active: true,
    });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(STRONG, row.passwordHash)).toBe(true);
    const links = await t.db.select().from(userMunicipality).where(eq(userMunicipality.userId, res.body.id));
    expect(links.map((l) => l.municipalityId)).toEqual([A]);
  });

  it("the language defaults to the municipality's country (Slovak municipality → sk)", async () => {
    const res = await t.call("POST", "/user/register", { as: "admin", json: form({ municipalityId: B }) });
    expect((await userRow(res.body.id)).language).toBe("sk");
    const en = await t.call("POST", "/user/register", {
      as: "admin",
      json: form({ municipalityId: B, language: "en" }),
    });
    expect((await userRow(en.body.id)).language).toBe("en");
  });

  it("an administrator role has no municipality", async () => {
    const res = await t.call("POST", "/user/register", { as: "admin", json: form({ roleId: 11, municipalityId: A }) });
    expect(res.status).toBe(201);
    expect((await userRow(res.body.id)).municipalityId).toBeNull();
    const noMunicipality = await t.call("POST", "/user/register", {
      as: "admin",
      json: form({ roleId: 5, municipalityId: "" }),
    });
    expect(noMunicipality.status).toBe(201);
  });

  it("422 with a message per field", async () => {
    let res = await t.call("POST", "/user/register", { as: "admin", json: {} });
    expect(res.status).toBe(422);
    expect(res.body.Message).toBe("Formulář obsahuje chyby.");
    expect(res.body.errors).toMatchObject({
      roleId: ["Vyberte roli."],
      firstName: ["Vyplňte toto pole."],
      lastName: ["Vyplňte toto pole."],
      userName: ["Vyplňte toto pole."],
      password: ["Zadejte heslo."],
    });

    res = await t.call("POST", "/user/register", {
      as: "admin",
      json: form({
        password: "abc",
        confirmPassword: "abd",
        email: "není-email",
        phone: "12",
        userName: "š k",
        municipalityId: "",
      }),
    });
    expect(res.status).toBe(422);
    // Spec 001 §5 strong rule: each unmet requirement has its message.
    expect(res.body.errors.password).toEqual([
      PASSWORD_REQUIREMENT_TEXTS["password.minLength"],
      PASSWORD_REQUIREMENT_TEXTS["password.upperCase"],
      PASSWORD_REQUIREMENT_TEXTS["password.digit"],
      PASSWORD_REQUIREMENT_TEXTS["password.special"],
    ]);
    expect(res.body.errors.confirmPassword).toEqual(["Hesla se neshodují."]);
    expect(res.body.errors.email).toEqual(["Zadejte platný e-mail."]);
    expect(res.body.errors.phone).toEqual(["Zadejte platné telefonní číslo."]);
    expect(res.body.errors.userName[0]).toMatch(/^Uživatelské jméno smí obsahovat/);
    expect(res.body.errors.municipalityId).toEqual(["Vyberte obec."]);
  });

  it("user name (any case) and e-mail are unique", async () => {
    const first = form();
    expect((await t.call("POST", "/user/register", { as: "admin", json: first })).status).toBe(201);
    const res = await t.call("POST", "/user/register", {
      as: "admin",
      json: form({ userName: first.userName.toUpperCase(), email: first.email.toUpperCase() }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      userName: ["Uživatelské jméno už používá jiný uživatel."],
      email: ["Tento e-mail už používá jiný uživatel."],
    });
  });

  it("an inactive role (spec 001 §6) or an unknown one is refused", async () => {
    let res = await t.call("POST", "/user/register", { as: "admin", json: form({ roleId: 15 }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ roleId: ["Tato role není aktivní."] });
    res = await t.call("POST", "/user/register", { as: "admin", json: form({ roleId: 99 }) });
    expect(res.body.errors).toEqual({ roleId: ["Vyberte roli."] });
  });

  it("a municipality manager creates users of their own municipality", async () => {
    const res = await t.call("POST", "/user/register", { as: "manager", json: form({ roleId: 1 }) });
    expect(res.status).toBe(201);
    expect((await t.call("GET", `/user/${res.body.id}`, { as: "manager" })).status).toBe(200);
  });

  // Decision: 422 on the role field (not 403), so the form keeps its values and shows why under the field.
  it("a municipality manager cannot create an administrator (422 on roleId) nor a user of another municipality", async () => {
    for (const roleId of [5, 11]) {
      const res = await t.call("POST", "/user/register", { as: "manager", json: form({ roleId }) });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ roleId: ["Tuto roli může přidělit jen správce JRK."] });
    }
    const res = await t.call("POST", "/user/register", { as: "manager", json: form({ municipalityId: B }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ municipalityId: ["Vyberte obec, kterou spravujete."] });
  });

  it("roles without user.aAdd cannot register (403)", async () => {
    for (const as of ["worker", "citizen", "readonly"] as const) {
      expect((await t.call("POST", "/user/register", { as, json: form() })).status, as).toBe(403);
    }
  });
});

describe("POST user/register-by-email and PATCH user/resend-registration-email", () => {
  let invitedId: number;
  let firstToken: string;

  it("creates the user without a password and writes the invitation as an .eml to the outbox", async () => {
    const before = t.outbox().length;
    const body = inviteForm({ firstName: "Žofie", lastName: "Škaloudová", email: "zofie@obec.example" });
    const res = await t.call("POST", "/user/register-by-email", { as: "admin", json: body });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), mailSent: true });
    invitedId = res.body.id;
    const row = await userRow(invitedId);
    expect(row.passwordHash).toBeNull();
    expect(row.active).toBe(true);

    const files = t.outbox();
    expect(files).toHaveLength(before + 1);
    expect(files.at(-1)).toMatch(/\/\d{8}T\d{9}Z-[0-9a-f]{12}\.eml$/);
    const mail = readEml(files.at(-1)!);
    expect(mail.to).toBe("zofie@obec.example");
    expect(mail.from).toBe("Odpady obce <noreply@test.local>");
    expect(mail.subject).toBe("Pozvánka do aplikace Odpady obce");
    expect(mail.headers["content-type"]).toMatch(/^multipart\/alternative/);
    expect(mail.text).toContain("Dobrý den, Žofie Škaloudová,");
    expect(mail.text).toContain("Admin Testovací vám založil(a) účet v aplikaci Odpady obce.");
    expect(mail.text).toContain(`Vaše uživatelské jméno: ${body.userName}`);
    expect(mail.text).toMatch(/Odkaz platí 72 hodin, do \d{1,2}\. \d{1,2}\. \d{4} \d{1,2}:\d{2}/);
    const link = invitationLink(mail);
    expect(`${link.origin}${link.pathname}`).toBe(SET_PASSWORD_URL);
    firstToken = link.searchParams.get("token")!;
    expect(firstToken).toMatch(/^[\w-]{43}$/);
    expect(mail.html).toContain(`href="${SET_PASSWORD_URL}?token=${firstToken}"`);

    // Only the hash is stored; the link expires after 72 hours.
    const tokens = await t.db.select().from(registrationToken).where(eq(registrationToken.userId, invitedId));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).toBe(hashToken(firstToken));
    expect(tokens[0]!.tokenHash).not.toContain(firstToken);
    expect(tokens[0]!.createdBy).toBe(U().admin.id);
    const hours = (tokens[0]!.expiresAt.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(REGISTRATION_LINK_TTL_HOURS - 0.1);
    expect(hours).toBeLessThanOrEqual(REGISTRATION_LINK_TTL_HOURS);

    const detail = await t.call("GET", `/user/${invitedId}`, { as: "admin" });
    expect(detail.body.registrationPending).toBe(true);
    expect(detail.body.invitationExpiresAt).toBe(tokens[0]!.expiresAt.toISOString());
  });

  it("the e-mail is in the invited user's language (sk, en)", async () => {
    const sk = await t.call("POST", "/user/register-by-email", { as: "manager", json: inviteForm({ language: "sk" }) });
    expect(sk.status).toBe(201);
    let mail = readEml(t.outbox().at(-1)!);
    expect(mail.subject).toBe("Pozvánka do aplikácie Odpady obce");
    expect(mail.text).toContain("Manager Testovací vám založil(a) účet v aplikácii Odpady obce.");
    expect(mail.text).toContain("Odkaz platí 72 hodín");
    const en = await t.call("POST", "/user/register-by-email", { as: "admin", json: inviteForm({ language: "en" }) });
    expect(en.status).toBe(201);
    mail = readEml(t.outbox().at(-1)!);
    expect(mail.subject).toBe("Invitation to Municipal Waste");
    expect(mail.text).toContain("The link is valid for 72 hours");
  });

  it("the e-mail is required (422); the password fields are not part of it", async () => {
    const res = await t.call("POST", "/user/register-by-email", { as: "admin", json: inviteForm({ email: "" }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: ["Vyplňte toto pole."] });
  });

  it("the manager rules hold here too; another municipality or an admin role is refused", async () => {
    let res = await t.call("POST", "/user/register-by-email", { as: "manager", json: inviteForm({ roleId: 5 }) });
    expect(res.status).toBe(422);
    expect(res.body.errors.roleId).toBeDefined();
    res = await t.call("POST", "/user/register-by-email", { as: "manager", json: inviteForm({ municipalityId: B }) });
    expect(res.status).toBe(422);
    expect(res.body.errors.municipalityId).toBeDefined();
  });

  it("spec 000 §6: a role outside the e-mail registration roles cannot invite even with user.aAdd (403)", async () => {
    // OPERATOR granted user.aAdd in this file's database: neither a password (administrators and managers only)
    // nor an e-mail invitation (spec 000 §6 roles only) is allowed.
    const [operator] = await t.db.select().from(role).where(eq(role.name, "OPERATOR"));
    const [perm] = await t.db.select().from(permission).where(eq(permission.value, "user.aAdd"));
    await t.db.insert(rolePermission).values({ roleId: operator!.id, permissionId: perm!.id });
    const [op] = await t.db
      .insert(user)
      .values({
        userName: "t.operator",
        firstName: "Operator",
        lastName: "Testovací",
        roleId: operator!.id,
        municipalityId: A,
      })
      .returning({ id: user.id });
    const token = await t.signToken({ sub: String(op!.id), preferred_username: "t.operator" });
    expect((await t.call("POST", "/user/register", { token, json: form() })).status).toBe(403);
    const res = await t.call("POST", "/user/register-by-email", { token, json: inviteForm() });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ Message: "Přístup byl odepřen" });
    expect(
      (await t.call("PATCH", "/user/resend-registration-email", { token, query: { userId: invitedId } })).status,
    ).toBe(403);
  });

  it("spec 000 §6: a municipality worker invites colleagues by e-mail, but sets no password and creates no manager", async () => {
    const invited = await t.call("POST", "/user/register-by-email", {
      as: "worker",
      json: inviteForm({ userName: "kolega.obce", email: "kolega@obec.example" }),
    });
    expect(invited.status).toBe(201);
    expect(
      (
        await t.call("POST", "/user/register", {
          as: "worker",
          json: form({ userName: "heslo.obce", email: "heslo@obec.example" }),
        })
      ).status,
    ).toBe(403);
    const manager = await t.call("POST", "/user/register-by-email", {
      as: "worker",
      json: inviteForm({ userName: "novy.spravce", email: "spravce@obec.example", roleId: 1 }),
    });
    expect(manager.status).toBe(422);
    expect(manager.body.errors.roleId).toEqual(["Tuto roli nemůžete přidělit: dává oprávnění, která sami nemáte."]);
  });

  it("decision 0014: a manager cannot give a role with rights they lack (yard manager); nothing is written", async () => {
    const res = await t.call("POST", "/user/register", {
      as: "manager",
      json: form({ roleId: 9, userName: "dvur.spravce" }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ roleId: ["Tuto roli nemůžete přidělit: dává oprávnění, která sami nemáte."] });
    expect(await t.db.select().from(user).where(eq(user.userName, "dvur.spravce"))).toEqual([]);
    const driver = await t.call("POST", "/user/register", {
      as: "manager",
      json: form({ roleId: 19, userName: "ridic.obce" }),
    });
    expect(driver.status).toBe(201);
  });

  it("resend: a new link in a new e-mail; the old link stops working", async () => {
    expect(await findRegistrationToken(t.db, firstToken)).not.toBeNull();
    const before = t.outbox().length;
    const res = await t.call("PATCH", "/user/resend-registration-email", { as: "admin", query: { userId: invitedId } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userId: invitedId, expiresAt: expect.any(String), mailSent: true });
    expect(t.outbox()).toHaveLength(before + 1);
    const mail = readEml(t.outbox().at(-1)!);
    expect(mail.to).toBe("zofie@obec.example");
    const newToken = invitationLink(mail).searchParams.get("token")!;
    expect(newToken).not.toBe(firstToken);
    expect(await findRegistrationToken(t.db, firstToken)).toBeNull();
    expect(await findRegistrationToken(t.db, newToken)).toMatchObject({ userId: invitedId });
    const unused = await t.db
      .select()
      .from(registrationToken)
      .where(and(eq(registrationToken.userId, invitedId), isNull(registrationToken.usedAt)));
    expect(unused).toHaveLength(1);
  });

  it("resend: 404 for another municipality's user, 409 once the password is set, 422 without userId", async () => {
    const b = await t.call("POST", "/user/register-by-email", { as: "admin", json: inviteForm({ municipalityId: B }) });
    let res = await t.call("PATCH", "/user/resend-registration-email", { as: "manager", query: { userId: b.body.id } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ Message: USER_NOT_FOUND });
    const withPassword = await t.call("POST", "/user/register", { as: "admin", json: form() });
    res = await t.call("PATCH", "/user/resend-registration-email", {
      as: "admin",
      query: { userId: withPassword.body.id },
    });
    expect(res.status).toBe(409);
    expect(res.body.Message).toBe("Uživatel už registraci dokončil a má nastavené heslo.");
    res = await t.call("PATCH", "/user/resend-registration-email", { as: "admin" });
    expect(res.status).toBe(422);
    expect(res.body.errors.userId).toBeDefined();
  });
});

describe("registration link housekeeping", () => {
  it("deletes used links and links of users with a password; keeps an expired unused one as the record", async () => {
    const done = await t.call("POST", "/user/register-by-email", { as: "admin", json: inviteForm() });
    const { token } = await issueRegistrationToken(t.db, done.body.id, null);
    expect(await completeRegistration(t.db, token, STRONG)).toMatchObject({ ok: true });
    const expired = await t.call("POST", "/user/register-by-email", { as: "admin", json: inviteForm() });
    await issueRegistrationToken(
      t.db,
      expired.body.id,
      null,
      new Date(Date.now() - (REGISTRATION_LINK_TTL_HOURS + 1) * 3600_000),
    );
    const withPassword = await t.call("POST", "/user/register", { as: "admin", json: form() });
    await issueRegistrationToken(t.db, withPassword.body.id, null);
    const tokensOf = (userId: number) =>
      t.db.select().from(registrationToken).where(eq(registrationToken.userId, userId));

    expect(await purgeRegistrationTokens(t.db)).toBeGreaterThanOrEqual(2);
    expect(await tokensOf(done.body.id)).toEqual([]);
    expect(await tokensOf(withPassword.body.id)).toEqual([]);
    expect(await tokensOf(expired.body.id)).toHaveLength(1);
    const detail = await t.call("GET", `/user/${expired.body.id}`, { as: "admin" });
    expect(new Date(detail.body.invitationExpiresAt).getTime()).toBeLessThan(Date.now());
  });
});

describe("invitations when the e-mail cannot go out, or the passwords live elsewhere", () => {
  const services = (over: Partial<Services>): Services => ({
    db: t.db,
    config: { publicUrl: PUBLIC_URL, supportEmail: "podpora@test.local", setPasswordUrl: SET_PASSWORD_URL },
    registry: undefined as never,
    secretBox: TEST_SECRET_BOX,
    ...over,
  });
  const failing = { kind: "smtp" as const, send: () => Promise.reject(new Error("SMTP down")) };

  it("a failed send keeps the user (mailSent: false); a failed resend is 502", async () => {
    const auth = (await resolveUser(t.db, { preferred_username: U().admin.userName }))!;
    const created = await registerByEmail(services({ mailer: failing }), auth, inviteForm() as never);
    expect(created).toEqual({ id: expect.any(Number), mailSent: false });
    expect((await userRow(created.id)).passwordHash).toBeNull();
    await expect(resendRegistration(services({ mailer: failing }), auth, created.id)).rejects.toMatchObject({
      status: 502,
    });
    // With a working mailer the invitation can be sent again.
    expect(
      await resendRegistration(
        services({ mailer: { kind: "smtp", send: async () => ({ messageId: "x" }) } }),
        auth,
        created.id,
      ),
    ).toMatchObject({ mailSent: true });
  });

  it("with an external identity provider (no set-password page) registration by e-mail is 409", async () => {
    const auth = (await resolveUser(t.db, { preferred_username: U().admin.userName }))!;
    const config = { publicUrl: PUBLIC_URL, supportEmail: "podpora@test.local" };
    await expect(registerByEmail(services({ config }), auth, inviteForm() as never)).rejects.toMatchObject({
      status: 409,
    });
  });
});

describe("the provider's set-password page (GET/POST /oidc/set-password)", () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    let handle: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_q, s) => s.end();
    server = http.createServer((req, res) => handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const idp = await createIdp({
      db: t.db,
      issuer: `${base}/oidc`,
      publicUrl: PUBLIC_URL,
      clientId: "web",
      clientSecret: "test-secret-of-the-web-client",
      apiAudience: `${PUBLIC_URL}/v1`,
      accessTokenTtl: 60,
      refreshTokenTtl: 3600,
    });
    handle = (req, res) => void idp.handle(req, res);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function invite(over: Record<string, unknown> = {}) {
    const body = inviteForm(over);
    const res = await t.call("POST", "/user/register-by-email", { as: "admin", json: body });
    expect(res.status).toBe(201);
    const link = invitationLink(readEml(t.outbox().at(-1)!));
    // The e-mail names the public address; the test's provider listens on a random port.
    return {
      id: res.body.id as number,
      userName: body.userName,
      url: `${base}${link.pathname}${link.search}`,
      token: link.searchParams.get("token")!,
    };
  }
  const post = (token: string, password: string, confirm = password) =>
    fetch(`${base}/oidc/set-password`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, password, confirm }),
    });

  it("shows the form, checks the rules, sets the password once and links to the product", async () => {
    const inv = await invite();
    let res = await fetch(inv.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    let html = await res.text();
    expect(html).toContain('<html lang="cs">');
    expect(html).toContain("<h1>Nastavení hesla</h1>");
    expect(html).toContain(inv.userName);
    expect(html).toContain('action="/oidc/set-password"');
    expect(html).toContain(`name="token" value="${inv.token}"`);
    expect(html).toContain("alespoň 6 znaků");

    res = await post(inv.token, "slabe");
    expect(res.status).toBe(422);
    html = await res.text();
    expect(html).toContain(
      "Heslo nesplňuje pravidla: alespoň 6 znaků, alespoň jedno velké písmeno, alespoň jednu číslici, alespoň jeden speciální znak.",
    );

    res = await post(inv.token, STRONG, "Jine.Heslo1");
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("Hesla se neshodují.");
    expect((await userRow(inv.id)).passwordHash).toBeNull();

    res = await post(inv.token, STRONG);
    expect(res.status).toBe(200);
    html = await res.text();
    expect(html).toContain("<h1>Heslo je nastaveno</h1>");
    expect(html).toContain(`<a href="${PUBLIC_URL}/">Přejít do aplikace</a>`);
    expect(await verifyPassword(STRONG, (await userRow(inv.id)).passwordHash)).toBe(true);
    const [token] = await t.db.select().from(registrationToken).where(eq(registrationToken.userId, inv.id));
    expect(token!.usedAt).toBeInstanceOf(Date);
    expect((await t.call("GET", `/user/${inv.id}`, { as: "admin" })).body.registrationPending).toBe(false);

    // One use only.
    res = await fetch(inv.url);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain("Odkaz už neplatí");
    res = await post(inv.token, "Jine.Heslo2");
    expect(res.status).toBe(410);
    expect(await verifyPassword(STRONG, (await userRow(inv.id)).passwordHash)).toBe(true);
  });

  it("in the invited user's language", async () => {
    const inv = await invite({ language: "en" });
    const html = await (await fetch(inv.url)).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<h1>Set your password</h1>");
  });

  it("an expired link, a replaced link and an unknown one are refused (410)", async () => {
    const expired = await invite();
    await t.db
      .update(registrationToken)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrationToken.userId, expired.id));
    expect((await fetch(expired.url)).status).toBe(410);
    expect((await post(expired.token, STRONG)).status).toBe(410);
    expect((await userRow(expired.id)).passwordHash).toBeNull();

    const replaced = await invite();
    await t.call("PATCH", "/user/resend-registration-email", { as: "admin", query: { userId: replaced.id } });
    expect((await fetch(replaced.url)).status).toBe(410);
    const fresh = invitationLink(readEml(t.outbox().at(-1)!));
    expect((await fetch(`${base}${fresh.pathname}${fresh.search}`)).status).toBe(200);

    expect((await fetch(`${base}/oidc/set-password?token=nonsense`)).status).toBe(410);
    expect((await fetch(`${base}/oidc/set-password`)).status).toBe(410);
  });
});

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
    await t.db.insert(session).values({ id: `s-${id}`, data: { user: { id }, tokens: { accessToken: "x" } } });
    await t.db
      .insert(oidcPayload)
      .values({ id: `g-${id}`, type: "Grant", payload: { accountId: String(id), kind: "Grant" } });
    const res = await t.call("PUT", `/user/${id}`, {
      as: "admin",
      json: edit({ userName, email, password: "Nove.Heslo2", confirmPassword: "Nove.Heslo2" }),
    });
    expect(res.status).toBe(200);
    expect(await verifyPassword("Nove.Heslo2", (await userRow(id)).passwordHash)).toBe(true);
    expect(
      await t.db
        .select()
        .from(session)
        .where(eq(session.id, `s-${id}`)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(oidcPayload)
        .where(eq(oidcPayload.id, `g-${id}`)),
    ).toEqual([]);
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
    const res = await t.call("PUT", `/user/${me.id}`, {
      as: "manager",
      json: edit({ roleId: 21, userName: me.userName, email: me.email }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ roleId: ["Svou vlastní roli nemůžete změnit."] });
  });

  it("the worker (user.aDetail only) and the read-only administrator cannot edit (403)", async () => {
    for (const as of ["worker", "readonly"] as const) {
      expect((await t.call("PUT", `/user/${U().citizen.id}`, { as, json: edit() })).status, as).toBe(403);
    }
  });
});

describe("PATCH user/activate?isActiveState", () => {
  async function twoUsers() {
    const a = await t.call("POST", "/user/register", { as: "admin", json: form() });
    const b = await t.call("POST", "/user/register", { as: "admin", json: form() });
    return [a.body.id as number, b.body.id as number];
  }

  it("nothing selected → 422 'Vyberte položky.' (spec 001 §5)", async () => {
    for (const json of [{ personIds: [] }, {}, { personIds: "" }]) {
      const res = await t.call("PATCH", "/user/activate", { as: "admin", query: { isActiveState: false }, json });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ personIds: [NOTHING_SELECTED] });
    }
  });

  it("isActiveState must be true or false", async () => {
    const res = await t.call("PATCH", "/user/activate", {
      as: "admin",
      query: { isActiveState: "maybe" },
      json: { personIds: [U().worker.id] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.isActiveState).toBeDefined();
  });

  it("deactivates and activates several users at once; a deactivated user's token stops working", async () => {
    const [x, y] = await twoUsers();
    await t.db.insert(session).values({ id: `s-act-${x}`, data: { user: { id: x } } });
    let res = await t.call("PATCH", "/user/activate", {
      as: "manager",
      query: { isActiveState: false },
      json: { personIds: [x, y, String(x)] },
    });
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

    res = await t.call("PATCH", "/user/activate", {
      as: "manager",
      query: { isActiveState: "true" },
      json: { personIds: [x] },
    });
    expect(res.body).toEqual({ updated: 1, active: true });
    expect((await userRow(x!)).active).toBe(true);
    expect((await t.call("GET", "/user/user-info", { token })).status).toBe(200);
  });

  it("a user cannot deactivate themselves", async () => {
    const res = await t.call("PATCH", "/user/activate", {
      as: "manager",
      query: { isActiveState: false },
      json: { personIds: [U().worker.id, U().manager.id] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ personIds: ["Sami sebe deaktivovat nemůžete."] });
    expect((await userRow(U().worker.id)).active).toBe(true);
  });

  it("another municipality's user in the selection → 404 and nothing changes", async () => {
    const res = await t.call("PATCH", "/user/activate", {
      as: "manager",
      query: { isActiveState: false },
      json: { personIds: [U().worker.id, U().managerB.id] },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ Message: USER_NOT_FOUND });
    expect((await userRow(U().worker.id)).active).toBe(true);
    expect((await userRow(U().managerB.id)).active).toBe(true);
  });

  it("an administrator activates anyone, e.g. the deactivated administrator", async () => {
    const res = await t.call("PATCH", "/user/activate", {
      as: "admin",
      query: { isActiveState: true },
      json: { personIds: [U().inactive.id] },
    });
    expect(res.status).toBe(200);
    expect((await userRow(U().inactive.id)).active).toBe(true);
    await t.db.update(user).set({ active: false }).where(eq(user.id, U().inactive.id));
  });
});
