import { describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseUrl, launchForFile, newContext, signedInPage, signIn } from "./browser";

/**
 * Issue 11 security 10 (decision 0018): every page carries a Content-Security-Policy whose nonce is the one on the
 * page's inline scripts, pages and /v1 answers are never stored, /v1 is never sniffed, /error/403 answers 403 — and
 * the screens still hydrate with no CSP violation: a list, a detail with a dialog, and the bin edit page's map.
 */
let browser: Browser;
launchForFile((b) => (browser = b));

function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => violations.push(`${page.url()}: ${e.message}`));
  return violations;
}

describe("security headers (issue 11 security 10)", () => {
  it("a page has a nonce CSP matching its inline scripts and is not stored; /v1 is no-store and nosniff", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/infrastructure/subjects");
    const res = await page.goto("/infrastructure/subjects");
    const headers = res!.headers();
    const csp = headers["content-security-policy"]!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers["cache-control"]).toBe("no-store");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const html = await res!.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    // A second request gets another nonce.
    const again = await page.goto("/infrastructure/subjects");
    expect(again!.headers()["content-security-policy"]).not.toContain(nonce);

    const api = await fetch(`${baseUrl()}/v1/user/user-info`);
    expect(api.status).toBe(401);
    expect(api.headers.get("cache-control")).toBe("no-store");
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    await context.close();
  });

  it("the provider's pages carry a CSP too: sign-in and sign-out run under it without a violation", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const violations = watchCsp(page);
    const signInPage = page.waitForResponse((r) => /\/oidc\/interaction\/[\w-]+$/.test(new URL(r.url()).pathname));
    await signIn(page, "manager", "/dashboard");
    const csp = (await signInPage).headers()["content-security-policy"]!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The sign-out page submits itself by a script that carries the page's nonce.
    const signOutPage = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith("/session/end"));
    await page.getByRole("button", { name: "Odhlásit" }).click();
    expect((await signOutPage).headers()["content-security-policy"]).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{20,}'/);
    await page.waitForURL(/\/oidc\/interaction\//);
    expect(violations).toEqual([]);
    await context.close();
  });

  it("/error/403 answers with status 403 and still shows the page", async () => {
    const { context, page } = await signedInPage(browser, "worker", "/dashboard");
    const res = await page.goto("/administration/municipalities/create");
    expect(new URL(page.url()).pathname).toBe("/error/403");
    expect(res!.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBeTruthy();
    await context.close();
  });

  it("screens hydrate without a CSP violation: a list, a dialog, the bin map", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const violations = watchCsp(page);
    await signIn(page, "manager", "/infrastructure/waste-evidence-headers");
    await page.waitForLoadState("networkidle");
    const bin = await page
      .locator('table a[href^="/infrastructure/waste-evidence-headers/"]')
      .first()
      .getAttribute("href");
    expect(bin).toBeTruthy();
    await page.goto(`${bin}/edit`);
    await page.locator(".leaflet-container").waitFor();
    await page.goto("/infrastructure/subjects");
    await page.waitForLoadState("networkidle");
    await page.locator('table a[href^="/infrastructure/subjects/"]').first().click();
    await page.waitForURL(/\/infrastructure\/subjects\/\d+$/);
    await page.waitForLoadState("networkidle");
    // The dialog opens in place (not as the ?dialog= page) only once React has hydrated under the policy.
    await page.getByRole("link", { name: "Přidat poplatníka" }).click();
    await page.getByRole("dialog").waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });
});
