import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch } from "./browser";
import { freePort, startProduct, type StartedProduct } from "./product";

/**
 * Issue 11 security 1: the product behind a real TLS-terminating proxy (a node:https server with a self-signed
 * certificate that forwards to it with X-Forwarded-Proto/-Host, as nginx or a load balancer does). With
 * TRUST_PROXY=true sign-in, a form post without JavaScript and the logout all work over https, and the session
 * cookie is Secure. Without it every form post answered 400.
 */
let dir: string;
let product: StartedProduct | undefined;
let proxy: https.Server | undefined;
let publicUrl: string;
let browser: Browser;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "obec-proxy-"));
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
    "-addext", "subjectAltName=DNS:localhost", "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem"),
  ], { stdio: "ignore" });
  const [productPort, proxyPort] = [await freePort(), await freePort()];
  publicUrl = `https://localhost:${proxyPort}`;

  proxy = https.createServer({ key: fs.readFileSync(path.join(dir, "key.pem")), cert: fs.readFileSync(path.join(dir, "cert.pem")) }, (req, res) => {
    const upstream = http.request(
      { host: "127.0.0.1", port: productPort, method: req.method, path: req.url, headers: { ...req.headers, "x-forwarded-proto": "https", "x-forwarded-host": req.headers.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy!.listen(proxyPort, "127.0.0.1", resolve));

  product = await startProduct(productPort, {
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: "true",
    DATA_DIR: path.join(dir, "data"),
    DATABASE_URL: "",
    DEMO_DATA: "true",
    // The product calls its own provider through the public https address: it must trust the test certificate.
    NODE_EXTRA_CA_CERTS: path.join(dir, "cert.pem"),
  });
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await new Promise((r) => (proxy ? proxy.close(r) : r(null)));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("behind a TLS-terminating proxy (issue 11 security 1)", () => {
  it("signs in over https, saves a form without JavaScript, logs out; the session cookie is Secure", async () => {
    const context = await browser.newContext({ baseURL: publicUrl, locale: "cs-CZ", ignoreHTTPSErrors: true, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/profile");
    await page.waitForURL(/\/oidc\/interaction\//);
    expect(page.url().startsWith(`${publicUrl}/oidc/`)).toBe(true);
    await page.getByLabel("Uživatelské jméno nebo e-mail").fill("worker");
    await page.getByLabel("Heslo").fill("Demo1234!");
    await page.getByRole("button", { name: "Přihlásit se" }).click();
    await page.waitForURL(`${publicUrl}/profile`);
    const session = (await context.cookies()).find((c) => c.name === "auth.session");
    expect(session?.secure).toBe(true);

    // A plain form post: React Router compares its Origin with the request URL, which must be https here.
    await page.getByLabel("Telefon").fill("+420 777 123 456");
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Uložit" }).click(),
    ]);
    expect(answer.status()).toBeLessThan(400);
    await page.getByText("Profil uložen.").waitFor();
    await page.reload();
    await expect(page.getByLabel("Telefon").inputValue()).resolves.toBe("+420 777 123 456");

    await page.getByRole("button", { name: "Odhlásit" }).click();
    // The product's session is ended; the provider asks to end its own (a form, since JavaScript is off here).
    await page.waitForURL((url) => url.href.startsWith(`${publicUrl}/oidc/session/end`));
    expect((await context.cookies()).some((c) => c.name === "auth.session")).toBe(false);
    await context.close();
  });
});
