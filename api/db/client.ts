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

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection the server ends (a restart, a failover, DROP … WITH (FORCE)) is dropped from the pool; without
    // a listener pg's 'error' event would end the whole process.
    pool.on("error", (err) => console.error("[db] idle connection closed by the server:", err.message));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: "postgres", close: () => pool.end() };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
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
