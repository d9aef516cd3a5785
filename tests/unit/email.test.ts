/**
 * E-mail texts (locales/{cs,sk,en}/email.json) and the invitation of POST user/register-by-email; the
 * set-password page texts (locales/{cs,sk,en}/idp.json); the user contract's password and selection rules.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EMAIL_TEXTS, emailLanguage, formatDateTime, interpolate, invitationMail } from "../../api/lib/email-templates";
import { userNameBase } from "../../api/modules/user/service";
import {
  activateUsersBody,
  changePasswordSchema,
  NOTHING_SELECTED,
  registerByEmailSchema,
  registerUserSchema,
  userCreateFormSchema,
} from "#contract/user";
import { PASSWORD_REQUIREMENT_TEXTS } from "#contract/password";

const root = path.resolve(import.meta.dirname, "../../locales");
const read = (lang: string, ns: string) => JSON.parse(fs.readFileSync(path.join(root, lang, `${ns}.json`), "utf8"));

/** key → the sorted {{placeholders}} of its text. */
function placeholders(obj: Record<string, unknown>, prefix = ""): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === "object") Object.assign(out, placeholders(v as Record<string, unknown>, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = [...String(v).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();
  }
  return out;
}

describe("translation files of e-mails and of the provider's pages", () => {
  for (const ns of ["email", "idp"]) {
    it(`${ns}.json: cs, sk and en have the same keys, each with the same placeholders`, () => {
      const cs = placeholders(read("cs", ns));
      expect(Object.keys(cs).length).toBeGreaterThan(5);
      for (const lang of ["sk", "en"]) expect(placeholders(read(lang, ns))).toEqual(cs);
    });
  }
});

describe("the invitation e-mail", () => {
  const values = {
    to: "zofie@obec.example",
    name: "Žofie Škaloudová",
    userName: "zofie.skaloudova",
    inviter: "Marie Nováková",
    link: "https://odpady.example/oidc/set-password?token=abc-DEF_123",
    // 23:30 UTC on 31 January is 0:30 on 1 February in Prague.
    expiresAt: new Date("2025-01-31T23:30:00Z"),
    hours: 72,
  };

  it.each([
    ["cs", "Pozvánka do aplikace Odpady obce", "Marie Nováková vám založil(a) účet v aplikaci Odpady obce.", "Odkaz platí 72 hodin, do 1. 2. 2025 0:30"],
    ["sk", "Pozvánka do aplikácie Odpady obce", "Marie Nováková vám založil(a) účet v aplikácii Odpady obce.", "Odkaz platí 72 hodín, do 1. 2. 2025 0:30"],
    ["en", "Invitation to Municipal Waste", "Marie Nováková has created an account for you in Municipal Waste.", "valid for 72 hours, until 01/02/2025, 0:30"],
  ])("in %s: subject, who invited, the user name, the link and its expiry (Prague time)", (language, subject, intro, expiry) => {
    const mail = invitationMail({ ...values, language });
    expect(mail.to).toBe(values.to);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(intro);
    expect(mail.text).toContain("zofie.skaloudova");
    expect(mail.text).toContain(values.link);
    expect(mail.text).toContain(expiry);
    expect(mail.html).toContain(`href="${values.link}"`);
    expect(mail.html).toContain(`lang="${language}"`);
    for (const part of [mail.subject, mail.text, mail.html!]) expect(part).not.toMatch(/\{\{|\}\}/);
  });

  it("escapes names in the HTML part", () => {
    const mail = invitationMail({ ...values, language: "cs", inviter: "<b>Zlý</b> & spol." });
    expect(mail.html).toContain("&lt;b&gt;Zlý&lt;/b&gt; &amp; spol.");
    expect(mail.html).not.toContain("<b>Zlý</b>");
    expect(mail.text).toContain("<b>Zlý</b> & spol.");
  });

  it("an unknown language falls back to Czech", () => {
    expect(emailLanguage("de")).toBe("cs");
    expect(emailLanguage(null)).toBe("cs");
    expect(invitationMail({ ...values, language: "de" }).subject).toBe(interpolate(EMAIL_TEXTS.cs.invitation.subject, { product: "Odpady obce" }));
    expect(formatDateTime(new Date("2025-07-01T10:05:00Z"), "cs")).toBe("1. 7. 2025 12:05");
  });
});

describe("user contract (spec 001 §5)", () => {
  it("user names are built from the names without diacritics", () => {
    expect(userNameBase("Žofie", "Škaloudová")).toBe("zofie.skaloudova");
    expect(userNameBase("Jan", "Novák")).toBe("jan.novak");
    expect(userNameBase("Ľudmila", "Ďurišová-Šťastná")).toBe("ludmila.durisova-stastna");
    expect(userNameBase("Łucja", "Groß")).toBe("lucja.gross");
    expect(userNameBase("李", "王")).toBe("user.user");
  });

  it("a new password follows the strong rule with one message per unmet requirement", () => {
    const base = { roleId: 5, firstName: "A", lastName: "B", userName: "a.b" };
    const r = registerUserSchema.safeParse({ ...base, password: "aaaaaa", confirmPassword: "aaaaaa" });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual([
      PASSWORD_REQUIREMENT_TEXTS["password.upperCase"],
      PASSWORD_REQUIREMENT_TEXTS["password.digit"],
      PASSWORD_REQUIREMENT_TEXTS["password.special"],
    ]);
    expect(registerUserSchema.safeParse({ ...base, password: "Aa1!aa", confirmPassword: "Aa1!aa" }).success).toBe(true);
    // Spaces are kept: a password is never trimmed.
    const spaced = registerUserSchema.parse({ ...base, password: " Aa1!aa ", confirmPassword: " Aa1!aa " });
    expect(spaced.password).toBe(" Aa1!aa ");
  });

  it("every role but the admin roles needs a municipality", () => {
    const base = { firstName: "A", lastName: "B", userName: "a.b", email: "a@b.cz" };
    expect(registerByEmailSchema.safeParse({ ...base, roleId: "5" }).success).toBe(true);
    expect(registerByEmailSchema.safeParse({ ...base, roleId: "11", municipalityId: "" }).success).toBe(true);
    const r = registerByEmailSchema.safeParse({ ...base, roleId: "21", municipalityId: "" });
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: ["municipalityId"], message: "Vyberte obec." })]);
  });

  it("the create form picks its rules by the registration method", () => {
    const base = { roleId: "1", firstName: "A", lastName: "B", userName: "a.b", municipalityId: "3" };
    expect(userCreateFormSchema.safeParse({ ...base, registration: "email", email: "a@b.cz" }).success).toBe(true);
    const noPassword = userCreateFormSchema.safeParse({ ...base, registration: "password" });
    expect(noPassword.error?.issues.map((i) => i.path.join("."))).toEqual(["password"]);
    const noEmail = userCreateFormSchema.safeParse({ ...base, registration: "email" });
    expect(noEmail.error?.issues.map((i) => i.path.join("."))).toEqual(["email"]);
    // The cross-field rules of both variants hold inside the union too.
    const noMunicipality = userCreateFormSchema.safeParse({ ...base, municipalityId: "", registration: "email", email: "a@b.cz" });
    expect(noMunicipality.error?.issues.map((i) => i.message)).toEqual(["Vyberte obec."]);
    const mismatch = userCreateFormSchema.safeParse({ ...base, registration: "password", password: "Aa1!aa", confirmPassword: "x" });
    expect(mismatch.error?.issues.map((i) => i.message)).toEqual(["Hesla se neshodují."]);
  });

  it("change password: confirmation and a new value required", () => {
    const r = changePasswordSchema.safeParse({ currentPassword: "x", newPassword: "Aa1!aa", confirmPassword: "Aa1!ab" });
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: ["confirmPassword"], message: "Hesla se neshodují." })]);
  });

  it("bulk selection: one id, many ids, or none ('Vyberte položky.')", () => {
    expect(activateUsersBody.parse({ personIds: "4" })).toEqual({ personIds: [4] });
    expect(activateUsersBody.parse({ personIds: ["4", 5] })).toEqual({ personIds: [4, 5] });
    for (const body of [{}, { personIds: [] }, { personIds: "" }]) {
      expect(activateUsersBody.safeParse(body).error?.issues.map((i) => i.message)).toEqual([NOTHING_SELECTED]);
    }
  });
});
