import { describe, expect, it } from "vitest";
import type { Browser, Locator } from "playwright-core";
import { errorUnder, launchForFile, newContext, signedInPage } from "./browser";
import { createUser, seen, settle } from "./user-helpers";

let browser: Browser;
launchForFile((b) => (browser = b));


/** Signing in with a password that must be refused: the provider's page stays with its message. */
async function signInRefused(browser: Browser, userName: string, password: string) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto("/dashboard");
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel("Uživatelské jméno nebo e-mail").fill(userName);
  await page.getByLabel("Heslo").fill(password);
  await page.getByRole("button", { name: "Přihlásit se" }).click();
  const message = await page.getByRole("alert").textContent();
  await context.close();
  return message;
}

/** Fills the change-password dialog (the new password typed twice) and submits it: every password test does so. */
async function submitPasswordChange(dialog: Locator, current: string, next: string) {
  await dialog.getByLabel("Současné heslo").fill(current);
  await dialog.getByLabel("Nové heslo", { exact: true }).fill(next);
  await dialog.getByLabel("Nové heslo znovu").fill(next);
  await dialog.getByRole("button", { name: "Změnit heslo" }).click();
}

// Every test works with a user it created, so the demo accounts (and their Demo1234!) stay as they are.
describe("Profile (spec 001 §2 Profile, §5)", () => {
  it("changes the name and the language to English: the header, the navigation and <html lang> follow at once", async () => {
    const u = await createUser(browser);
    const { context, page } = await signedInPage(browser, u.userName, "/dashboard", { password: u.password });
    await page.getByTestId("user-name").click();
    await page.waitForURL("**/profile");
    await settle(page);
    await expect(page.getByLabel("Jméno", { exact: true }).inputValue()).resolves.toBe(u.firstName);

    await page.getByLabel("Jméno", { exact: true }).fill("Kateřina");
    await page.getByLabel("Telefon").fill("+420 603 111 222");
    await page.getByLabel("Jazyk rozhraní").selectOption("en");
    await page.getByRole("button", { name: "Uložit" }).click();
    await expect(seen(page, "Profile saved.")).resolves.toBe(true);
    await expect(page.getByTestId("user-name").textContent()).resolves.toBe(`Kateřina ${u.lastName}`);
    const nav = page.getByRole("complementary", { name: "Navigation" });
    await nav.getByRole("link", { name: "Users" }).waitFor();
    await expect(nav.getByRole("link", { name: "Municipalities" }).isVisible()).resolves.toBe(true);
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("en");
    await expect(page.getByLabel("Interface language").inputValue()).resolves.toBe("en");

    // A fresh page load keeps it: the language is stored on the user.
    await page.goto("/administration/users");
    await page.getByRole("heading", { name: "Users" }).waitFor();
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("en");
    await context.close();
  });

  it("changes the password: a wrong current one is refused under the field, the right one keeps this session and ends the others", async () => {
    const u = await createUser(browser);
    const { context: elsewhere, page: otherPage } = await signedInPage(browser, u.userName, "/dashboard", {
      password: u.password,
    });

    const { context, page } = await signedInPage(browser, u.userName, "/profile", { password: u.password });
    await settle(page);
    await page.getByRole("button", { name: "Změnit heslo" }).click();
    const dialog = page.getByRole("dialog", { name: "Změna hesla" });
    await submitPasswordChange(dialog, "Spatne.Heslo9", "Nove.Heslo22");
    await expect(errorUnder(page, "Současné heslo")).resolves.toBe("Heslo neodpovídá současnému heslu.");
    await expect(dialog.isVisible()).resolves.toBe(true);

    await submitPasswordChange(dialog, u.password, "Nove.Heslo22");
    await expect(seen(page, "Heslo bylo změněno. Ostatní přihlášení byla ukončena.")).resolves.toBe(true);
    await expect(dialog.isVisible()).resolves.toBe(false);
    // This session stays signed in (also past the 6 s access token: the refresh still works).
    await page.waitForTimeout(7_000);
    await page.goto("/administration/users");
    expect(new URL(page.url()).pathname).toBe("/administration/users");
    await context.close();

    // The other session has ended.
    await otherPage.goto("/dashboard");
    await otherPage.waitForURL(/\/oidc\/interaction\//);
    await elsewhere.close();

    // The next sign-in takes the new password, not the old one.
    await expect(signInRefused(browser, u.userName, u.password)).resolves.toContain(
      "Nesprávné uživatelské jméno nebo heslo.",
    );
    const { context: next, page: nextPage } = await signedInPage(browser, u.userName, "/dashboard", {
      password: "Nove.Heslo22",
    });
    await expect(nextPage.getByTestId("user-name").textContent()).resolves.toBe(`${u.firstName} ${u.lastName}`);
    await next.close();
  });

  it("changes the password with JavaScript disabled through ?dialog=password", async () => {
    const u = await createUser(browser);
    const { context, page } = await signedInPage(browser, u.userName, "/profile", {
      javaScriptEnabled: false,
      password: u.password,
    });
    await page.getByRole("button", { name: "Změnit heslo" }).click();
    await page.waitForURL("**/profile?dialog=password");
    const dialog = page.getByRole("dialog", { name: "Změna hesla" });
    await submitPasswordChange(dialog, "Spatne.Heslo9", "slabe");
    // The server's checks: the password rule first (nothing sent to the API yet).
    await expect(errorUnder(page, "Nové heslo")).resolves.toBe("Heslo musí mít alespoň 6 znaků.");
    await submitPasswordChange(dialog, "Spatne.Heslo9", "Nove.Heslo33");
    await expect(errorUnder(page, "Současné heslo")).resolves.toBe("Heslo neodpovídá současnému heslu.");
    await submitPasswordChange(dialog, u.password, "Nove.Heslo33");
    await page.waitForURL((url) => url.pathname === "/profile" && !url.search.includes("dialog"));
    await expect(seen(page, "Heslo bylo změněno. Ostatní přihlášení byla ukončena.")).resolves.toBe(true);
    await context.close();

    // The new password signs in (signedInPage waits until the provider lets the user back to the page).
    const { context: next } = await signedInPage(browser, u.userName, "/dashboard", { password: "Nove.Heslo33" });
    await next.close();
  });
});
