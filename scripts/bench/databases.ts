/** The databases a bench run measures: PGlite in a fresh temp dir, and PostgreSQL in its own `obec_bench`. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database } from "../../api/db/client";
import type { DbKind } from "./harness";

export const DEFAULT_PG_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";
/** Another name (BENCH_PG_DATABASE) keeps two engineers' bench runs on one server apart. */
export const PG_BENCH_DATABASE = process.env.BENCH_PG_DATABASE ?? "obec_bench";

export interface BenchDatabase {
  kind: DbKind;
  database: Database;
  /** "PGlite 0.5.16 (PostgreSQL 18…)", "PostgreSQL 15.20" */
  label: string;
  openMs: number;
  /**
   * How the product opens the same database for the load scenario, and whether the bench must close its own handle
   * first (PGlite's files belong to one process).
   */
  product: { env: Record<string, string>; exclusive: boolean };
  /** Closes the database and removes what the run created (temp dir, obec_bench). */
  dispose(): Promise<void>;
}

async function serverVersion(database: Database): Promise<string> {
  // Both drivers answer execute() with { rows }.
  const res = (await database.db.execute("show server_version")) as unknown as { rows: { server_version: string }[] };
  return res.rows[0]?.server_version.split(" ")[0] ?? "?";
}

export async function openPglite(pgliteVersion: string, keep = false): Promise<BenchDatabase> {
  // Laid out as the product's DATA_DIR (its PGlite files in DATA_DIR/pglite), so the load scenario can start it here.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "obec-bench-"));
  const started = performance.now();
  let database: Database;
  try {
    database = await openDatabase({ dataDir: path.join(dir, "pglite") });
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const openMs = performance.now() - started;
  return {
    kind: "pglite",
    database,
    label: `PGlite ${pgliteVersion} (PostgreSQL ${await serverVersion(database)}), data dir on disk`,
    openMs,
    product: { env: { DATA_DIR: dir, DATABASE_URL: "" }, exclusive: true },
    async dispose() {
      await database.close().catch(() => undefined);
      if (keep) console.log(`  kept the PGlite data dir ${path.join(dir, "pglite")}`);
      else fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** `{ skipped: reason }` when the server cannot be reached. */
export async function openPostgres(adminUrl: string, keep = false): Promise<BenchDatabase | { skipped: string }> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    await admin.end().catch(() => undefined);
    return { skipped: `cannot reach ${adminUrl} (${err instanceof Error ? err.message || err.name : String(err)})` };
  }
  const started = performance.now();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${PG_BENCH_DATABASE}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${PG_BENCH_DATABASE}"`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: withDatabase(adminUrl, PG_BENCH_DATABASE) });
  const openMs = performance.now() - started;
  return {
    kind: "postgres",
    database,
    label: `PostgreSQL ${await serverVersion(database)}`,
    openMs,
    product: { env: { DATABASE_URL: withDatabase(adminUrl, PG_BENCH_DATABASE) }, exclusive: false },
    async dispose() {
      await database.close().catch(() => undefined);
      if (keep) {
        console.log(`  kept the database ${withDatabase(adminUrl, PG_BENCH_DATABASE)}`);
        return;
      }
      const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${PG_BENCH_DATABASE}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
