import { describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { errorUnder, launchForFile, newContext, signedInPage } from "./browser";
import { createUser, fillUserForm, outboxMessages, seen, settle, STRONG_PASSWORD, uid } from "./user-helpers";

let browser: Browser;
launchForFile((b) => (browser = b));

/** The list filtered to one user through the URL (filters live in the search params). */
const listOf = (search: string) => `/administration/users?search=${encodeURIComponent(search)}`;

describe("Users area (spec 001 §2 Users, spec 000 §6)", () => {
  it("creates a user with a password (the rule error under the field first); the new user can sign in", async () => {
    const { context, page } = await signedInPage(browser, "admin", "/administration/users");
    await page.getByRole("link", { name: "Nový uživatel" }).click();
    await page.waitForURL("**/administration/users/create");

    const id = uid();
    const lastName = `Kratochvílová ${id}`;
    await fillUserForm(page, {
      role: "Pracovník obce",
      municipality: "Třebíč",
      firstName: "Žofie",
      lastName,
      email: `zofie.${id}@odpady.example`,
    });
    // The user name is suggested from the names (diacritics removed) as soon as both are filled.
    await page.getByLabel("Telefon").click();
    const userName = page.getByLabel("Uživatelské jméno");
    await expect.poll(() => userName.inputValue(), { timeout: 5000 }).toBe(`zofie.kratochvilova-${id}`);

    // Spec 001 §5: the rules are listed under the field; a weak password is refused under the field.
    await expect(seen(page, "Heslo musí obsahovat alespoň jeden speciální znak.")).resolves.toBe(true);
    await page.getByLabel("Heslo", { exact: true }).fill("slabe1");
    await page.getByLabel("Heslo znovu").fill("slabe1");
    await page.getByRole("button", { name: "Vytvořit uživatele" }).click();
    await expect(errorUnder(page, "Heslo")).resolves.toBe("Heslo musí obsahovat alespoň jedno velké písmeno.");
    expect(new URL(page.url()).pathname).toBe("/administration/users/create");

    await page.getByLabel("Heslo", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel("Heslo znovu").fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Vytvořit uživatele" }).click();
    await page.waitForURL((url) => url.pathname === "/administration/users");
    await expect(seen(page, "Uživatel vytvořen.")).resolves.toBe(true);
    await context.close();

    const { context: other, page: own } = await signedInPage(browser, `zofie.kratochvilova-${id}`, "/dashboard", {
      password: STRONG_PASSWORD,
    });
    await expect(own.getByTestId("user-name").textContent()).resolves.toBe(`Žofie ${lastName}`);
    await other.close();
  });

  it("invites a user by e-mail with JavaScript disabled: 'Navrhnout' fills the user name, the .eml lands in the outbox, resend works", async () => {
    const { context, page } = await signedInPage(browser, "admin", "/administration/users/create", {
      javaScriptEnabled: false,
    });
    const id = uid();
    const email = `pozvanka.${id}@odpady.example`;
    await fillUserForm(page, {
      role: "Pracovník obce",
      municipality: "Třebíč",
      firstName: "Ondřej",
      lastName: `Pozvaný ${id}`,
      email,
    });
    await page.getByRole("button", { name: "Navrhnout" }).click();
    await expect.poll(() => page.getByLabel("Uživatelské jméno").inputValue()).toBe(`ondrej.pozvany-${id}`);
    // The form came back with everything that was filled in.
    await expect(page.getByLabel("E-mail", { exact: true }).inputValue()).resolves.toBe(email);

    await page.getByLabel("Poslat pozvánku e-mailem").check();
    // Password fields are hidden by CSS alone while the invitation is chosen.
    await expect(page.getByLabel("Heslo", { exact: true }).isVisible()).resolves.toBe(false);
    await page.getByRole("button", { name: "Vytvořit uživatele" }).click();
    await page.waitForURL((url) => url.pathname === "/administration/users");
    await expect(seen(page, "Uživatel vytvořen. Pozvánka k nastavení hesla byla odeslána e-mailem.")).resolves.toBe(
      true,
    );

    const messages = outboxMessages(email);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/set-password\?token=/);

    await page.goto(listOf(`Pozvaný ${id}`));
    const row = page.getByRole("row", { name: new RegExp(`Ondřej Pozvaný ${id}`) });
    await expect(row.getByText("Čeká na heslo").isVisible()).resolves.toBe(true);
    await row.getByRole("button", { name: /Poslat pozvánku znovu/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Odeslat" }).click();
    await expect(seen(page, "Registrační e-mail odeslán.")).resolves.toBe(true);
    expect(outboxMessages(email)).toHaveLength(2);
    await context.close();
  });

  it("a worker is offered only the invitation (spec 000 §6), and the invited user is created", async () => {
    const { context, page } = await signedInPage(browser, "worker", "/administration/users/create", {
      javaScriptEnabled: false,
    });
    await expect(page.getByLabel("Heslo zadám teď").count()).resolves.toBe(0);
    await expect(page.getByLabel("Heslo", { exact: true }).count()).resolves.toBe(0);
    await expect(seen(page, /Heslo za něj může zadat jen správce/)).resolves.toBe(true);
    const id = uid();
    const email = `pracovnik.${id}@odpady.example`;
    await fillUserForm(page, {
      role: "Pracovník obce",
      firstName: "Eva",
      lastName: `Pozvaná ${id}`,
      userName: `eva.${id}`,
      email,
    });
    await page.getByRole("button", { name: "Vytvořit uživatele" }).click();
    await page.waitForURL((url) => url.pathname === "/administration/users");
    await expect(seen(page, "Uživatel vytvořen. Pozvánka k nastavení hesla byla odeslána e-mailem.")).resolves.toBe(
      true,
    );
    expect(outboxMessages(email)).toHaveLength(1);
    await context.close();
  });

  it("bulk deactivate with nothing selected says 'Vyberte položky.' (in the browser and on the server)", async () => {
    const { context, page } = await signedInPage(browser, "admin", "/administration/users");
    await settle(page);
    await page.getByRole("button", { name: "Deaktivovat vybrané" }).click();
    await expect(seen(page, "Vyberte položky.")).resolves.toBe(true);
    // Checked in the browser: nothing was posted.
    expect(new URL(page.url()).search).toBe("");
    await context.close();

    const { context: noJs, page: plain } = await signedInPage(browser, "admin", "/administration/users", {
      javaScriptEnabled: false,
    });
    await plain.getByRole("button", { name: "Deaktivovat vybrané" }).click();
    await expect(seen(plain, "Vyberte položky.")).resolves.toBe(true);
    await noJs.close();
  });

  it("deactivates and activates with a confirmation, in bulk and per row", async () => {
    const u = await createUser(browser);
    const fullName = `${u.firstName} ${u.lastName}`;
    const { context, page } = await signedInPage(browser, "admin", listOf(u.lastName));
    await settle(page);
    const row = page.getByRole("row", { name: new RegExp(fullName) });
    await row.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Deaktivovat vybrané" }).click();
    const dialog = page.getByRole("dialog", { name: "Deaktivovat vybrané uživatele?" });
    await dialog.getByRole("button", { name: "Deaktivovat" }).click();
    await expect(seen(page, "Uživatel deaktivován.")).resolves.toBe(true);
    await row.getByText("Neaktivní").waitFor();

    await row.getByRole("button", { name: `Aktivovat ${fullName}` }).click();
    await page.getByRole("dialog", { name: "Aktivovat uživatele?" }).getByRole("button", { name: "Aktivovat" }).click();
    await expect(seen(page, "Uživatel aktivován.")).resolves.toBe(true);
    await row.getByText("Aktivní", { exact: true }).waitFor();

    await row.getByRole("button", { name: `Deaktivovat ${fullName}` }).click();
    const confirm = page.getByRole("dialog", { name: "Deaktivovat uživatele?" });
    await expect(confirm.getByText(`${fullName} se nebude moci přihlásit`).isVisible()).resolves.toBe(true);
    await confirm.getByRole("button", { name: "Deaktivovat" }).click();
    await expect(seen(page, "Uživatel deaktivován.")).resolves.toBe(true);
    await context.close();

    // A deactivated user cannot sign in.
    const other = await newContext(browser);
    const own = await other.newPage();
    await own.goto("/dashboard");
    await own.waitForURL(/\/oidc\/interaction\//);
    await own.getByLabel("Uživatelské jméno nebo e-mail").fill(u.userName);
    await own.getByLabel("Heslo").fill(u.password);
    await own.getByRole("button", { name: "Přihlásit se" }).click();
    await own.getByRole("alert").waitFor();
    expect(new URL(own.url()).pathname).toMatch(/^\/oidc\//);
    await other.close();
  });

  it("the municipality manager sees only Třebíč users and cannot pick the ADMIN role", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/administration/users");
    await page.getByRole("link", { name: "Václav Dvořák", exact: true }).waitFor();
    await expect(page.getByText("Alena Správcová", { exact: true }).count()).resolves.toBe(0);
    const municipalities = await page.locator("tbody tr td:nth-child(7)").allTextContents();
    expect(municipalities.length).toBeGreaterThan(0);
    expect(new Set(municipalities)).toEqual(new Set(["Třebíč"]));

    await page.getByRole("link", { name: "Nový uživatel" }).click();
    await page.getByRole("heading", { name: "Nový uživatel" }).waitFor();
    const roles = await page.getByLabel("Role").locator("option").allTextContents();
    expect(roles).toContain("Pracovník obce");
    expect(roles).not.toContain("Správce JRK");
    expect(roles).not.toContain("Správce JRK (jen čtení)");
    const options = await page.getByLabel("Obec", { exact: true }).locator("option").allTextContents();
    expect(options.filter((o) => !o.startsWith("–"))).toEqual(["Třebíč"]);
    await context.close();
  });

  it("the read-only administrator sees the list without create, edit or activate actions", async () => {
    const { context, page } = await signedInPage(browser, "readonly", "/administration/users");
    await page.getByText("Václav Dvořák").first().waitFor();
    await expect(page.getByRole("link", { name: "Nový uživatel" }).count()).resolves.toBe(0);
    await expect(page.getByRole("link", { name: "Václav Dvořák", exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: /^Upravit/ }).count()).resolves.toBe(0);
    await expect(page.getByRole("link", { name: /^Upravit/ }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: /^Deaktivovat/ }).count()).resolves.toBe(0);
    await expect(page.getByRole("checkbox").count()).resolves.toBe(0);
    await page.goto("/administration/users/create");
    await page.waitForURL("**/error/403");
    await context.close();
  });

  it("adds and edits a user from the municipality detail, with the municipality fixed", async () => {
    const { context, page } = await signedInPage(browser, "admin", "/administration/municipalities");
    await page.getByRole("link", { name: "Třebíč" }).click();
    await page.waitForURL(/\/administration\/municipalities\/\d+$/);
    const detailUrl = page.url();
    await page.getByRole("link", { name: "Přidat uživatele" }).click();
    await page.waitForURL(/\/users\/create$/);
    await page.getByRole("heading", { name: "Nový uživatel: Třebíč" }).waitFor();
    // The municipality is fixed: no select, and the admin roles are not offered here.
    await expect(page.getByRole("combobox", { name: "Obec" }).count()).resolves.toBe(0);
    const roles = await page.getByLabel("Role").locator("option").allTextContents();
    expect(roles).not.toContain("Správce JRK");

    const id = uid();
    await fillUserForm(page, {
      role: "Správce obce",
      firstName: "Radek",
      lastName: `Obecní ${id}`,
      userName: `radek.${id}`,
    });
    await page.getByLabel("Heslo", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel("Heslo znovu").fill("Jine.Heslo2");
    await page.getByRole("button", { name: "Vytvořit uživatele" }).click();
    await expect(errorUnder(page, "Heslo znovu")).resolves.toBe("Hesla se neshodují.");
    await page.getByLabel("Heslo znovu").fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Vytvořit uživatele" }).click();
    await page.waitForURL(detailUrl);
    await expect(seen(page, "Uživatel vytvořen.")).resolves.toBe(true);

    await page.getByRole("link", { name: `Radek Obecní ${id}` }).click();
    await page.waitForURL(/\/users\/\d+\/edit$/);
    await page.getByRole("heading", { name: `Úprava uživatele: Radek Obecní ${id}` }).waitFor();
    await expect(page.getByTestId("fixed-municipality").textContent()).resolves.toBe("Třebíč");
    await expect(page.getByLabel("Heslo", { exact: true }).count()).resolves.toBe(0);
    await page.getByLabel("Telefon").fill("+420 777 123 456");
    await page.getByRole("button", { name: "Uložit" }).click();
    await page.waitForURL(detailUrl);
    await expect(seen(page, "Změny uloženy.")).resolves.toBe(true);
    await context.close();
  });

  it("shows the API's 422 message under the field (a user name already taken)", async () => {
    const { context, page } = await signedInPage(browser, "admin", "/administration/users/create");
    await fillUserForm(page, {
      role: "Pracovník obce",
      municipality: "Třebíč",
      firstName: "Václav",
      lastName: "Dvořák",
      userName: "worker",
    });
    await page.getByLabel("Heslo", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel("Heslo znovu").fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Vytvořit uživatele" }).click();
    await expect(errorUnder(page, "Uživatelské jméno")).resolves.toBe("Uživatelské jméno už používá jiný uživatel.");
    expect(new URL(page.url()).pathname).toBe("/administration/users/create");
    await context.close();
  });
});
