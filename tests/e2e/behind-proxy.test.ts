import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch } from "./browser";

/**
 * Issue 11 security 1: the product behind a real TLS-terminating proxy (a node:https server with a self-signed
 * certificate that forwards to it with X-Forwarded-Proto/-Host, as nginx or a load balancer does). With
 * TRUST_PROXY=true sign-in, a form post without JavaScript and the logout all work over https, and the session
 * cookie is Secure. Without it every form post answered 400.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
let dir: string;
let product: ChildProcess | undefined;
let proxy: https.Server | undefined;
let publicUrl: string;
let browser: Browser;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

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

  product = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "--no-build"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(productPort),
      HOST: "127.0.0.1",
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: "true",
      DATA_DIR: path.join(dir, "data"),
      DATABASE_URL: "",
      DEMO_DATA: "true",
      // The product calls its own provider through the public https address: it must trust the test certificate.
      NODE_EXTRA_CA_CERTS: path.join(dir, "cert.pem"),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  product.stderr?.on("data", (d) => (log += d));
  for (let i = 0; ; i++) {
    if (product.exitCode !== null) throw new Error(`the product exited:\n${log}`);
    const up = await fetch(`http://127.0.0.1:${productPort}/healthz`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 360) throw new Error(`the product did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  if (product && product.exitCode === null) {
    product.kill("SIGTERM");
    await new Promise((r) => product!.once("exit", r));
  }
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
