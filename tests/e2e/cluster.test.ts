import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch, signIn } from "./browser";
import { freePort, startProduct, type StartedProduct } from "./product";

/**
 * Issue 11 'Several processes': with DATABASE_URL, WEB_CONCURRENCY=2 runs two workers on one port (node:cluster);
 * the database is prepared once, and a session made through one worker is honoured by the other (sessions live in
 * PostgreSQL). Needs the PostgreSQL server of the machine (CI has it); without one this file says so and skips.
 */
const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DB = `obec_cluster_${process.pid}`;
const dbUrl = () => Object.assign(new URL(ADMIN_URL), { pathname: `/${DB}` }).toString();

async function pgReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
const available = await pgReachable();
if (!available) console.warn(`[cluster.test] no PostgreSQL at ${ADMIN_URL}: the several-process test is skipped`);

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A GET on a new connection each time, so the cluster hands it to the next worker. */
function get(base: string, p: string, cookie = ""): Promise<{ status: number; body: string; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(p, base), { headers: { Connection: "close", Cookie: cookie }, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, location: res.headers.location }));
    });
    req.on("error", reject);
  });
}

let product: StartedProduct | undefined;
let base: string;
let browser: Browser;

describe.skipIf(!available)("several processes (issue 11, WEB_CONCURRENCY)", () => {
  beforeAll(async () => {
    await admin(`drop database if exists ${DB}`);
    await admin(`create database ${DB}`);
    const port = await freePort();
    base = `http://localhost:${port}`;
    product = await startProduct(
      port,
      { PUBLIC_URL: base, DATABASE_URL: dbUrl(), WEB_CONCURRENCY: "2", DEMO_DATA: "true" },
      (log) => (log.match(/worker \d+ \(pid \d+\) serves/g) ?? []).length === 2,
    );
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await admin(`drop database if exists ${DB} with (force)`);
  });

  it("two workers answer on one port and share the signed-in session", async () => {
    // The database was prepared once: one 'Demo data created.' from the primary, none from the workers.
    expect(product!.log().match(/Demo data created\./g)?.length).toBe(1);
    const workers = new Set<number>();
    for (let i = 0; i < 8; i++) workers.add((JSON.parse((await get(base, "/healthz")).body) as { worker: number }).worker);
    expect([...workers].sort()).toEqual([1, 2]);

    const context = await browser.newContext({ baseURL: base, locale: "cs-CZ" });
    const page = await context.newPage();
    await signIn(page, "manager", "/infrastructure/subjects");
    const cookie = (await context.cookies()).filter((c) => c.name === "auth.session").map((c) => `${c.name}=${c.value}`).join("; ");
    // Each request on a new connection: the workers take turns, and both know the session.
    for (let i = 0; i < 6; i++) {
      const res = await get(base, "/infrastructure/subjects", cookie);
      expect(res.status, res.location).toBe(200);
      expect(res.body).toContain("Odběrná místa");
    }
    await context.close();
  });
});
