import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../scripts/lib/chromium";

export const baseUrl = () => inject("baseUrl");

/** Debian's Chromium with the flags this machine needs; Playwright gives every launch a fresh profile. */
export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

/**
 * Every browser test file works with one Chromium: launched before its tests, closed after them. `use` receives it,
 * e.g. `launchForFile((b) => (browser = b))`.
 */
export function launchForFile(use: (browser: Browser) => void): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
    use(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });
}

export async function newContext(
  browser: Browser,
  opts: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: "cs-CZ",
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    ...(opts.viewport && { viewport: opts.viewport }),
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

/**
 * A search in a picker dialog: the term travels in the URL (`param`), so the dialogs work without JavaScript too;
 * waits for the page that answers it.
 */
export async function searchInDialog(dialog: Locator, label: string, term: string, param: string) {
  await dialog.getByLabel(label).fill(term);
  await dialog.getByRole("button", { name: "Hledat" }).click();
  await dialog.page().waitForURL((url) => url.searchParams.get(param) === term);
}

/**
 * A fresh context (its own cookies) with a page signed in as `userName` and come back to `path`: how most browser
 * tests begin. `password` for users a test made itself (the demo accounts' is the default).
 */
export async function signedInPage(
  browser: Browser,
  userName: string,
  path = "/dashboard",
  opts: { javaScriptEnabled?: boolean; password?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, opts);
  const page = await context.newPage();
  await signIn(page, userName, path, opts.password);
  return { context, page };
}
