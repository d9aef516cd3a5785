import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import type { Browser, Page } from "playwright-core";
import { signedInPage } from "./browser";

/** The e2e server's DATA_DIR (a temp dir): e-mail lands in <DATA_DIR>/outbox as .eml files. */
export const outboxDir = () => path.join(inject("dataDir"), "outbox");

/** The .eml files in the outbox whose text contains `needle` (an address, a user name). */
export function outboxMessages(needle: string): string[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .filter((text) => text.includes(needle));
}

/** Waits until the page has loaded its scripts and hydrated: controls changed before hydration would be reset. */
export const settle = (page: Page) => page.waitForLoadState("networkidle");

/** Waits until the text is visible (true) or 5 s have passed (false). */
export const seen = (page: Page, s: string | RegExp) =>
  page
    .getByText(s)
    .first()
    .waitFor({ state: "visible", timeout: 5000 })
    .then(() => true)
    .catch(() => false);

/** A short unique suffix: tests create their own users and never depend on each other's data. */
export const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

export const STRONG_PASSWORD = "Tajne.Heslo1";

export interface CreatedUser {
  userName: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Fills the users form (create) with JavaScript on: role, municipality, names, user name, e-mail, password. */
export async function fillUserForm(
  page: Page,
  u: {
    role: string;
    municipality?: string;
    firstName: string;
    lastName: string;
    userName?: string;
    email?: string;
    phone?: string;
  },
) {
  // A select changed before hydration is reset by React when it hydrates: wait for the page to settle first.
  await settle(page);
  await page.getByLabel("Role").selectOption({ label: u.role });
  if (u.municipality) await page.getByLabel("Obec", { exact: true }).selectOption({ label: u.municipality });
  await page.getByLabel("Jméno", { exact: true }).fill(u.firstName);
  await page.getByLabel("Příjmení").fill(u.lastName);
  if (u.userName) await page.getByLabel("Uživatelské jméno").fill(u.userName);
  if (u.phone) await page.getByLabel("Telefon").fill(u.phone);
  if (u.email) await page.getByLabel("E-mail", { exact: true }).fill(u.email);
}

/** The administrator creates a municipality worker of Třebíč with a password (through the screens). */
export async function createUser(browser: Browser, overrides: Partial<CreatedUser> = {}): Promise<CreatedUser> {
  const id = uid();
  const u: CreatedUser = {
    userName: `e2e.${id}`,
    password: STRONG_PASSWORD,
    firstName: "Tereza",
    lastName: `Testová ${id}`,
    email: `e2e.${id}@odpady.example`,
    ...overrides,
  };
  const { context, page } = await signedInPage(browser, "admin", "/administration/users/create");
  await fillUserForm(page, { role: "Pracovník obce", municipality: "Třebíč", ...u });
  await page.getByLabel("Heslo", { exact: true }).fill(u.password);
  await page.getByLabel("Heslo znovu").fill(u.password);
  await page.getByRole("button", { name: "Vytvořit uživatele" }).click();
  await page.waitForURL((url) => url.pathname === "/administration/users");
  await context.close();
  return u;
}
