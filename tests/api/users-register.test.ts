/**
 * User API tests: POST user/register; POST user/register-by-email and PATCH user/resend-registration-email. Shared
 * setup in ./users-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { permission, registrationToken, role, rolePermission, user, userMunicipality } from "../../api/db/schema";
import { verifyPassword } from "../../api/lib/password-hash";
import { findRegistrationToken, hashToken } from "../../api/modules/user/registration";
import { USER_NOT_FOUND } from "../../api/modules/user/service";
import { REGISTRATION_LINK_TTL_HOURS } from "#contract/user";
import { PASSWORD_REQUIREMENT_TEXTS } from "#contract/password";
import { invitationLink, readEml } from "./eml";
import { SET_PASSWORD_URL, expectRefused } from "./helpers";
import { t, A, B, U, STRONG, form, inviteForm, userRow, setupUsersTests } from "./users-fixtures";

setupUsersTests();

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
    await expectRefused(
      t.call("POST", "/user/register", {
        as: "admin",
        json: form({ userName: first.userName.toUpperCase(), email: first.email.toUpperCase() }),
      }),
      {
        userName: ["Uživatelské jméno už používá jiný uživatel."],
        email: ["Tento e-mail už používá jiný uživatel."],
      },
    );
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
    await expectRefused(t.call("POST", "/user/register", { as: "manager", json: form({ municipalityId: B }) }), {
      municipalityId: ["Vyberte obec, kterou spravujete."],
    });
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
    await expectRefused(t.call("POST", "/user/register-by-email", { as: "admin", json: inviteForm({ email: "" }) }), {
      email: ["Vyplňte toto pole."],
    });
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

  it("decision 0014: a manager gives the roles whose rights they have (a yard manager, a driver), never an admin role; nothing is written", async () => {
    // Managers run their municipality's collection-yard module (issue 15), so a yard manager is theirs to appoint;
    // the worker's refusal of a manager role above is the 'rights they lack' case.
    await expectRefused(
      t.call("POST", "/user/register", { as: "manager", json: form({ roleId: 5, userName: "spravce.jrk" }) }),
      { roleId: ["Tuto roli může přidělit jen správce JRK."] },
    );
    expect(await t.db.select().from(user).where(eq(user.userName, "spravce.jrk"))).toEqual([]);
    for (const [roleId, userName] of [
      [9, "dvur.spravce"],
      [19, "ridic.obce"],
    ] as const) {
      const res = await t.call("POST", "/user/register", { as: "manager", json: form({ roleId, userName }) });
      expect(res.status).toBe(201);
    }
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
