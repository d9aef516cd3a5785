/**
 * User API tests: registration link housekeeping; invitations when the e-mail cannot go out, or the passwords live
 * elsewhere; the provider's set-password page (GET/POST /oidc/set-password). Shared setup in ./users-fixtures.ts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { registrationToken } from "../../api/db/schema";
import { verifyPassword } from "../../api/lib/password-hash";
import {
  completeRegistration,
  issueRegistrationToken,
  purgeRegistrationTokens,
} from "../../api/modules/user/registration";
import { registerByEmail, resendRegistration } from "../../api/modules/user/service";
import { resolveUser } from "../../api/lib/auth";
import type { Services } from "../../api/services";
import { createIdp } from "../../idp/provider";
import { REGISTRATION_LINK_TTL_HOURS } from "#contract/user";
import { invitationLink, readEml } from "./eml";
import { PUBLIC_URL, SET_PASSWORD_URL, TEST_SECRET_BOX } from "./helpers";
import { t, U, STRONG, form, inviteForm, userRow, setupUsersTests } from "./users-fixtures";

setupUsersTests();

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
    jobs: t.jobs,
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
