/**
 * Fee payer API tests: PATCH fee-payer/register; POST fee-payer/{id}/generate-login. Shared setup in ./fee-payer-
 * fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { feePayer, registrationToken, user, userMunicipality } from "../../api/db/schema";
import { findRegistrationToken } from "../../api/modules/user/registration";
import { generateLogin, LOGIN_UNAVAILABLE } from "../../api/modules/fee-payer/service";
import { generatePassword } from "../../api/modules/fee-payer/login-letter";
import { verifyPassword } from "../../api/lib/password-hash";
import { isStrongPassword } from "#contract/password";
import type { Services } from "../../api/services";
import { invitationLink, readEml } from "./eml";
import { PUBLIC_URL, SET_PASSWORD_URL, pdfText } from "./helpers";
import { t, A, B, url, newPayer, payerRow, setupFeePayerTests } from "./fee-payer-fixtures";

setupFeePayerTests();

describe("PATCH fee-payer/register", () => {
  it("registers the municipality's payers only and answers how many", async () => {
    const p1 = await newPayer(A, { lastName: "Registrovaný1" });
    const p2 = await newPayer(A, { lastName: "Registrovaný2" });
    const foreign = await newPayer(B, { lastName: "Cizinec" });
    const res = await t.call("PATCH", url(A, "/register"), { as: "worker", json: { feePayerIds: [p1, p2, foreign] } });
    expect(res).toMatchObject({ status: 200, body: { updated: 2 } });
    const rows = await t.db
      .select()
      .from(feePayer)
      .where(inArray(feePayer.id, [p1, p2, foreign]))
      .orderBy(asc(feePayer.id));
    expect(rows.map((r) => r.registered)).toEqual([true, true, false]);
    expect(rows[0]!.registeredAt).toBeInstanceOf(Date);
    expect(rows[2]!.registeredAt).toBeNull();

    const off = await t.call("PATCH", url(A, "/register"), {
      as: "worker",
      json: { feePayerIds: [p1], registered: false },
    });
    expect(off.body).toEqual({ updated: 1 });
    expect(await payerRow(p1)).toMatchObject({ registered: false, registeredAt: null });
  });

  it("nothing selected → 422 'Vyberte položky.'", async () => {
    const res = await t.call("PATCH", url(A, "/register"), { as: "worker", json: { feePayerIds: [] } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ feePayerIds: ["Vyberte položky."] });
  });
});

describe("POST fee-payer/{id}/generate-login", () => {
  it("by e-mail: 422 without an e-mail; a taken e-mail is refused", async () => {
    const id = await newPayer(A, { firstName: "Bez", lastName: "Mailu" });
    const res = await t.call("POST", url(A, `/${id}/generate-login`), { as: "manager", json: { method: "email" } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: ["Zadejte e-mail."] });
    const taken = await t.call("POST", url(A, `/${id}/generate-login`), {
      as: "manager",
      json: { method: "email", email: t.fixtures.users.worker.email },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ["Tento e-mail už používá jiný uživatel."] });
    expect(await payerRow(id)).toMatchObject({ userId: null, email: null });
    const noMethod = await t.call("POST", url(A, `/${id}/generate-login`), { as: "manager", json: {} });
    expect(noMethod.body.errors).toEqual({ method: ["Vyberte hodnotu."] });
  });

  it("by e-mail: a CITIZEN user of the municipality, linked to the payer, invited with a set-password link; again re-issues it", async () => {
    const id = await newPayer(A, { firstName: "Žofie", lastName: "Škaloudová" });
    const before = t.outbox().length;
    const res = await t.call("POST", url(A, `/${id}/generate-login`), {
      as: "manager",
      json: { method: "email", email: "zofie@example.cz" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ userId: expect.any(Number), userName: "zofie.skaloudova", sentTo: "zofie@example.cz" });
    const userId = res.body.userId as number;
    const [u] = await t.db.select().from(user).where(eq(user.id, userId));
    expect(u).toMatchObject({
      userName: "zofie.skaloudova",
      firstName: "Žofie",
      lastName: "Škaloudová",
      email: "zofie@example.cz",
      roleId: 4,
      municipalityId: A,
      passwordHash: null,
      active: true,
      language: "cs",
    });
    expect(await t.db.select().from(userMunicipality).where(eq(userMunicipality.userId, userId))).toMatchObject([
      { municipalityId: A },
    ]);
    // The payer had no e-mail: it keeps the one given.
    expect(await payerRow(id)).toMatchObject({ userId, email: "zofie@example.cz" });

    const files = t.outbox();
    expect(files).toHaveLength(before + 1);
    const mail = readEml(files.at(-1)!);
    expect(mail.to).toContain("zofie@example.cz");
    expect(mail.text).toContain("zofie.skaloudova");
    const link = invitationLink(mail);
    expect(`${link.origin}${link.pathname}`).toBe(SET_PASSWORD_URL);
    const first = link.searchParams.get("token")!;
    expect(await findRegistrationToken(t.db, first)).toMatchObject({ userId, userName: "zofie.skaloudova" });

    const detail = await t.call("GET", url(A, `/${id}`), { as: "manager" });
    expect(detail.body.login).toEqual({ userId, userName: "zofie.skaloudova", active: true });

    // Again: the same user, a new link; the first one stops working.
    const again = await t.call("POST", url(A, `/${id}/generate-login`), { as: "manager", json: { method: "email" } });
    expect(again.body).toEqual({ userId, userName: "zofie.skaloudova", sentTo: "zofie@example.cz" });
    expect(await t.db.select().from(user).where(eq(user.email, "zofie@example.cz"))).toHaveLength(1);
    expect(t.outbox()).toHaveLength(before + 2);
    const second = invitationLink(readEml(t.outbox().at(-1)!)).searchParams.get("token")!;
    expect(second).not.toBe(first);
    expect(await findRegistrationToken(t.db, first)).toBeNull();
    expect(await findRegistrationToken(t.db, second)).toMatchObject({ userId });
  });

  it("by PDF: an A4 letter with the user name and a strong password that signs in; again re-issues the password", async () => {
    // A namesake already has the plain user name: the unique-user-name rule picks the next one.
    const namesake = await newPayer(A, { firstName: "Pavel", lastName: "Dopisový", email: "pavel@example.cz" });
    await t.call("POST", url(A, `/${namesake}/generate-login`), { as: "manager", json: { method: "pdf" } });
    const id = await newPayer(A, {
      firstName: "Pavel",
      lastName: "Dopisový",
      streetAddress: "Hasskova 12",
      city: "Třebíč",
      zipCode: "67401",
    });
    const res = await t.call("POST", url(A, `/${id}/generate-login`), { as: "manager", json: { method: "pdf" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`prihlaseni-${id}.pdf`);
    const bytes = res.body as Uint8Array;
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");

    const row = await payerRow(id);
    const [u] = await t.db.select().from(user).where(eq(user.id, row!.userId!));
    expect(u).toMatchObject({ userName: "pavel.dopisovy2", roleId: 4, municipalityId: A, email: null });
    expect(u!.passwordHash).toMatch(/^scrypt\$/);
    expect((await t.db.select().from(user).where(eq(user.email, "pavel@example.cz")))[0]!.userName).toBe(
      "pavel.dopisovy",
    );

    const text = pdfText(bytes, { layout: true });
    if (text !== null) {
      expect(text).toContain("Třebíč");
      expect(text).toContain("Pavel Dopisový");
      expect(text).toContain("674 01 Třebíč");
      expect(text).toContain("pavel.dopisovy2");
      expect(text).toContain(PUBLIC_URL);
      expect(text).toContain("heslo změňte");
      const password = /Heslo:\s+(\S+)/.exec(text)?.[1];
      expect(password).toBeDefined();
      expect(isStrongPassword(password)).toBe(true);
      expect(await verifyPassword(password!, u!.passwordHash)).toBe(true);
    }

    // Re-issue: the same user, a new password; pending links stop working.
    await t.db
      .insert(registrationToken)
      .values({ userId: u!.id, tokenHash: "x".repeat(64), expiresAt: new Date(Date.now() + 3600_000) });
    const again = await t.call("POST", url(A, `/${id}/generate-login`), { as: "manager", json: { method: "pdf" } });
    expect(again.status).toBe(200);
    expect((await payerRow(id))!.userId).toBe(u!.id);
    const [after] = await t.db.select().from(user).where(eq(user.id, u!.id));
    expect(after!.passwordHash).not.toBe(u!.passwordHash);
    expect(
      await t.db
        .select()
        .from(registrationToken)
        .where(and(eq(registrationToken.userId, u!.id), isNull(registrationToken.usedAt))),
    ).toEqual([]);

    const listed = await t.call("GET", url(A), { as: "manager", query: { search: "dopisovy" } });
    expect(listed.body.items.map((i: { hasLogin: boolean }) => i.hasLogin)).toEqual([true, true]);
  });

  it("a company's login is named after the company", async () => {
    const id = await newPayer(A, { type: "Company", firstName: null, lastName: null, companyName: "Kovo Třebíč a.s." });
    const res = await t.call("POST", url(A, `/${id}/generate-login`), {
      as: "manager",
      json: { method: "email", email: "kovo@example.cz" },
    });
    expect(res.status).toBe(200);
    expect(res.body.userName).toBe("kovo-trebic-a-s");
  });

  it("without the built-in provider's set-password page (external identity provider) → 422", async () => {
    const id = await newPayer(A, { lastName: "Externí", email: "externi@example.cz" });
    const services = {
      db: t.db,
      config: { publicUrl: PUBLIC_URL, supportEmail: "x@test.local" },
    } as unknown as Services;
    const auth = { user: { id: t.fixtures.users.manager.id, userName: "t.manager", fullName: "Manager" } } as never;
    for (const method of ["email", "pdf"] as const) {
      await expect(generateLogin(services, auth, A, id, { method })).rejects.toMatchObject({
        status: 422,
        message: LOGIN_UNAVAILABLE,
        errors: { method: [LOGIN_UNAVAILABLE] },
      });
    }
    expect(await payerRow(id)).toMatchObject({ userId: null });
  });

  it("generated passwords meet the strong rule", () => {
    for (let i = 0; i < 200; i++) expect(isStrongPassword(generatePassword())).toBe(true);
  });
});
