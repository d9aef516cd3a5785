import { describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { baseUrl, launchForFile, newContext, signedInPage, signIn } from "./browser";

let browser: Browser;
launchForFile((b) => (browser = b));

describe("sign-in and session (spec 000 §4)", () => {
  it("sends a signed-out user to the provider with PKCE S256 and back to the page asked for", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const authorizeUrls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/oidc/auth")) authorizeUrls.push(r.url());
    });
    await signIn(page, "admin", "/administration/municipalities");
    expect(new URL(page.url()).pathname).toBe("/administration/municipalities");
    const authorize = new URL(authorizeUrls[0]!);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get("state")).toHaveLength(10);
    expect(authorize.searchParams.get("scope")).toBe("openid profile email api_obec.read offline_access");
    // The session cookie holds only an id, httpOnly and sameSite lax.
    const cookie = (await context.cookies()).find((c) => c.name === "auth.session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie!.value.length).toBeLessThan(120);
    await expect(page.getByTestId("user-name").textContent()).resolves.toBe("Alena Správcová");
    await context.close();
  });

  it("refreshes an expired access token with the refresh token and carries on", async () => {
    const { context, page } = await signedInPage(browser, "worker", "/dashboard");
    // The e2e server issues access tokens for 6 s (global-setup.ts); wait past the expiry.
    await page.waitForTimeout(7_000);
    const res = await page.goto("/administration/municipalities");
    expect(res?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/administration/municipalities");
    await page.getByRole("link", { name: "Třebíč" }).waitFor();
    await context.close();
  });

  it("serves builds/latest.json with the build the page runs (spec 000 §7)", async () => {
    const { context, page } = await signedInPage(browser, "worker", "/dashboard");
    const pageBuild = await page.evaluate(() => (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version);
    const res = await page.request.get("/builds/latest.json");
    expect(res.headers()["cache-control"]).toBe("no-store");
    expect(((await res.json()) as { buildId: string }).buildId).toBe(pageBuild);
    await context.close();
  });

  it("refuses a wrong password with a Czech message", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/dashboard");
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByLabel("Uživatelské jméno nebo e-mail").fill("worker");
    await page.getByLabel("Heslo").fill("wrong-password");
    await page.getByRole("button", { name: "Přihlásit se" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("Nesprávné uživatelské jméno nebo heslo.");
    await context.close();
  });

  it("logs out through the provider's end-session endpoint back to the sign-in", async () => {
    const { context, page } = await signedInPage(browser, "manager");
    const endSession: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/oidc/session/end")) endSession.push(r.url());
    });
    await page.getByRole("button", { name: "Odhlásit" }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    const end = new URL(endSession[0]!);
    expect(end.searchParams.get("id_token_hint")).toBeTruthy();
    expect(end.searchParams.get("post_logout_redirect_uri")).toBe(`${baseUrl()}/`);
    await page.goto("/dashboard");
    await page.waitForURL(/\/oidc\/interaction\//);
    await context.close();
  });

  it("shows the 404 page for an unknown path and for a malformed id", async () => {
    const { context, page } = await signedInPage(browser, "admin");
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await page.getByRole("heading", { name: "Něco se pokazilo." }).waitFor();
    await page.getByText("Page not found: /no-such-page").waitFor();
    expect(await page.getByRole("link", { name: "úvodní stránku" }).first().getAttribute("href")).toBe("/dashboard");
    // An unknown page keeps the navigation too; a missing build file is a plain 404, not a sign-in redirect.
    await page.getByRole("complementary", { name: "Navigace" }).getByRole("link", { name: "Obce" }).waitFor();
    const asset = await page.request.get("/assets/no-such-chunk.js", { maxRedirects: 0 });
    expect(asset.status()).toBe(404);
    const bad = await page.goto("/administration/municipalities/abc");
    expect(bad?.status()).toBe(404);
    await page.getByText("Page Not Found: /administration/municipalities/abc").waitFor();
    // A screen's error is shown inside the layout: the navigation and the signed-in user stay (issue 12).
    await page.getByRole("complementary", { name: "Navigace" }).getByRole("link", { name: "Obce" }).waitFor();
    await page.getByTestId("user-name").waitFor();
    const missing = await page.goto("/infrastructure/subjects/999999");
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { name: "Něco se pokazilo." }).waitFor();
    await page.getByRole("complementary", { name: "Navigace" }).waitFor();
    await context.close();
  });

  it("sends a user without the permission to /error/403", async () => {
    const { context, page } = await signedInPage(browser, "worker");
    await page.goto("/administration/municipalities/create");
    expect(new URL(page.url()).pathname).toBe("/error/403");
    await page.getByRole("heading", { name: "Přístup byl odepřen" }).waitFor();
    await context.close();
  });
});
