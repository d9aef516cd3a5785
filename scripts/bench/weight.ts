/**
 * `npm run bench:weight` — what a browser downloads for the main pages (issue 11 'Weight', docs/benchmarks.md).
 *
 * Starts the product as `npm start` does (production build, NODE_ENV=production) on a temporary PGlite with the
 * demo data, signs in as the demo manager through the built-in provider, then for each page, in a fresh browser
 * profile (nothing cached): the requests, the JavaScript (gzip -9 of what was received, the measure), and
 * all bytes on the wire (headers and compressed bodies); then Lighthouse (desktop preset) performance and
 * accessibility. Needs a build (`npm run build`) and Debian's Chromium (CHROMIUM_PATH).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS as FLAGS, CHROMIUM_PATH as CHROMIUM } from "../lib/chromium";
import { freePort } from "../lib/product";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PAGES = [
  "/infrastructure/subjects",
  "/infrastructure/fee-payers",
  "/infrastructure/subjects/1",
  "/infrastructure/waste-evidence-headers",
];

if (!fs.existsSync(path.join(ROOT, "build/server/index.js")))
  spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
const port = await freePort();
const base = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "obec-weight-"));
const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "--no-build"], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    DEMO_DATA: "true",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 240) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 250));
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  const signedIn = await browser.newContext({ baseURL: base, locale: "cs-CZ" });
  const page = await signedIn.newPage();
  await page.goto(PAGES[0]!);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel("Uživatelské jméno nebo e-mail").fill("manager");
  await page.getByLabel("Heslo").fill("Demo1234!");
  await page.getByRole("button", { name: "Přihlásit se" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/oidc") && !u.pathname.startsWith("/login"));
  const state = await signedIn.storageState();
  const cookie = state.cookies
    .filter((c) => c.name === "auth.session")
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");

  const rows: string[] = [];
  for (const pathname of PAGES) {
    const fresh = await browser.newContext({ baseURL: base, locale: "cs-CZ", storageState: state });
    const tab = await fresh.newPage();
    let requests = 0;
    let scripts = 0;
    let jsGz = 0;
    let wire = 0;
    const pending: Promise<void>[] = [];
    tab.on("requestfinished", (req) =>
      pending.push(
        (async () => {
          const sizes = await req.sizes();
          requests++;
          wire += sizes.responseBodySize + sizes.responseHeadersSize;
          if (req.resourceType() === "script") {
            scripts++;
            // Read the body first: `jsGz += await …` would add to the value read before the await.
            const body = await (await req.response())!.body();
            jsGz += zlib.gzipSync(body, { level: 9 }).length;
          }
        })(),
      ),
    );
    await tab.goto(pathname, { waitUntil: "networkidle" });
    await Promise.all(pending);
    await fresh.close();

    const out = path.join(dataDir, "lighthouse.json");
    const lh = spawnSync(
      path.join(ROOT, "node_modules/.bin/lighthouse"),
      [
        `${base}${pathname}`,
        "--preset=desktop",
        "--only-categories=performance,accessibility",
        `--chrome-flags=--headless ${FLAGS.join(" ")}`,
        `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: "ignore" },
    );
    let scores = "– | –";
    if (lh.status === 0) {
      const report = JSON.parse(fs.readFileSync(out, "utf8")) as { categories: Record<string, { score: number }> };
      scores = `${report.categories.performance!.score.toFixed(2)} | ${report.categories.accessibility!.score.toFixed(2)}`;
    }
    rows.push(
      `| ${pathname} | ${requests} | ${scripts} | ${(jsGz / 1024).toFixed(1)} | ${(wire / 1024).toFixed(1)} | ${scores} |`,
    );
  }
  await browser.close();
  console.log(
    `\nPage weight, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, demo data, signed in as manager:\n`,
  );
  console.log(
    "| page | requests | scripts | JS kB (gzip -9) | on the wire kB | Lighthouse performance | accessibility |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const row of rows) console.log(row);
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
