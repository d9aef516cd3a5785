import path from "node:path";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
// Both drivers share the PostgreSQL dialect; code is written against this common type.

export type Db = PgDatabase<PgQueryResultHKT, Schema, any>;

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "migrations");

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** The PGlite instance when embedded (tests dump and clone it). */
  pglite?: PGlite;
}

export interface OpenOptions {
  /** postgres://... ; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  /** A PGlite dump (dumpDataDir) to start from, used by tests to clone a migrated database. */
  loadDataDir?: Blob;
}

const UNUSABLE_REASON: Record<string, string> = {
  EROFS: "souborový systém je jen pro čtení",
  EACCES: "tento proces do něj nesmí zapisovat",
  EPERM: "tento proces do něj nesmí zapisovat",
  ENOSPC: "na disku není místo",
  EDQUOT: "je vyčerpána kvóta disku",
  ENOTDIR: "v cestě je soubor, ne adresář",
  EEXIST: "v cestě je soubor, ne adresář",
};

/**
 * Makes sure `dir` exists and takes a write (a small file, written, synced and removed), so that a read-only, full
 * or misconfigured DATA_DIR stops the start with a message naming the directory and what to do, instead of a
 * driver error later (issue 11). Throws an Error whose message is meant for the operator.
 */
export function ensureWritableDir(dir: string, what = "DATA_DIR"): void {
  const abs = path.resolve(dir);
  const probe = path.join(abs, `.write-test-${process.pid}`);
  try {
    fs.mkdirSync(abs, { recursive: true });
    const fd = fs.openSync(probe, "w");
    try {
      fs.writeSync(fd, Buffer.alloc(4096));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
      fs.rmSync(probe, { force: true });
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "UNKNOWN";
    const reason = UNUSABLE_REASON[code] ?? (err as Error).message;
    throw new Error(
      `Adresář ${abs} (${what}) nelze použít pro zápis: ${reason} (${code}).\n` +
        `Nastavte DATA_DIR na adresář, do kterého tento proces smí zapisovat a kde je volné místo, ` +
        `nebo opravte oprávnění či uvolněte místo a spusťte server znovu.\n` +
        `(The directory ${abs} (${what}) is not writable: ${code}. Point DATA_DIR at a writable directory with free space.)`,
    );
  }
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    // Connections are kept while idle (pg's default drops them after 10 s, and the first request after a pause paid
    // for new ones, issue 11); a server-side end of one is handled below.
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, idleTimeoutMillis: 0 });
    // An idle connection the server ends (a restart, a failover, DROP … WITH (FORCE)) is dropped from the pool; without
    // a listener pg's 'error' event would end the whole process.
    pool.on("error", (err) => console.error("[db] idle connection closed by the server:", err.message));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: "postgres", close: () => pool.end() };
  }
  if (opts.dataDir) ensureWritableDir(opts.dataDir, "DATA_DIR, PGlite");
  const client = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    // Contrib extensions the migrations create (PostgreSQL has them from its contrib package).
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: "pglite", pglite: client, close: () => client.close() };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    await migratePg(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
  }
}
