import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { inject } from "vitest";

export const baseUrl = () => inject("baseUrl");

/** Debian's Chromium with the flags this machine needs; Playwright gives every launch a fresh profile. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export async function newContext(browser: Browser, opts: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: "cs-CZ",
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
  });
  context.setDefaultTimeout(10_000);
  return context;
}

/** Opens `path`, is sent to the provider's sign-in page, signs in and comes back to `path`. */
export async function signIn(page: Page, userName: string, path = "/dashboard", password = "Demo1234!") {
  await page.goto(path);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel("Uživatelské jméno nebo e-mail").fill(userName);
  await page.getByLabel("Heslo").fill(password);
  await page.getByRole("button", { name: "Přihlásit se" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/oidc") && !url.pathname.startsWith("/login"));
}

/** The first error shown under a labelled field (Conform's `${id}-error`), once it appears. */
export async function errorUnder(page: Page, label: string) {
  const id = await page.getByLabel(label, { exact: true }).getAttribute("id");
  const el = page.locator(`[id="${id}-error"]`);
  await el.waitFor();
  return el.textContent();
}
