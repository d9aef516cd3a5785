import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase } from "../../api/db/client";
import { syncRolesAndPermissions } from "../../api/db/seed";

/**
 * API tests start from one migrated database (ARCHITECTURE.md "Tests", "Toolchain facts"):
 * - PGlite (default): migrated once here, dumped to .tmp/, and each test file loads the dump (~0.6 s instead of
 *   a 3–4 s fresh create);
 * - PostgreSQL (DATABASE_URL set, as in CI): a template database migrated once; each test file runs
 *   CREATE DATABASE … TEMPLATE it and drops its copy at the end.
 */
export type TestDbSource =
  | { kind: "pglite"; dumpPath: string }
  | { kind: "postgres"; adminUrl: string; template: string; prefix: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDb: TestDbSource;
  }
}

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Databases this suite creates: obec_tpl_<pid> (template) and obec_t_<pid>_<file> (one per test file). */
const NAME_RE = /^obec_(?:tpl|t)_(\d+)(?:_|$)/;

export function dbUrl(adminUrl: string, database: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function dropDatabases(adminUrl: string, which: (name: string, pid: number) => boolean) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'obec\\_%'",
    );
    for (const { datname } of rows) {
      const m = NAME_RE.exec(datname);
      if (!m || !which(datname, Number(m[1]))) continue;
      await client.query(`ALTER DATABASE "${datname}" IS_TEMPLATE false`).catch(() => undefined);
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

async function preparePostgres(project: TestProject, adminUrl: string) {
  const runPid = process.pid;
  // Leftovers of earlier runs whose process is gone (a killed run cannot drop its own); a run still going keeps its.
  await dropDatabases(adminUrl, (_name, pid) => pid === runPid || !processAlive(pid));
  const template = `obec_tpl_${runPid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${template}"`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: dbUrl(adminUrl, template) });
  try {
    await migrateDatabase(database);
    await syncRolesAndPermissions(database.db);
  } finally {
    // No session may stay connected to a template while copies are made.
    await database.close();
  }
  project.provide("testDb", { kind: "postgres", adminUrl, template, prefix: `obec_t_${runPid}_` });
  return async () => {
    await dropDatabases(adminUrl, (_name, pid) => pid === runPid);
  };
}

async function preparePglite(project: TestProject) {
  const dir = path.join(ROOT, ".tmp");
  fs.mkdirSync(dir, { recursive: true });
  // Dumps of earlier runs are leftovers: one file per run, named by its pid.
  for (const f of fs.readdirSync(dir)) {
    const m = /^api-db-(\d+)\.tar$/.exec(f);
    if (m && (Number(m[1]) === process.pid || !processAlive(Number(m[1])))) fs.rmSync(path.join(dir, f), { force: true });
  }
  const database = await openDatabase({});
  let dumpPath: string;
  try {
    await migrateDatabase(database);
    await syncRolesAndPermissions(database.db);
    const dump = await database.pglite!.dumpDataDir("none");
    dumpPath = path.join(dir, `api-db-${process.pid}.tar`);
    fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("testDb", { kind: "pglite", dumpPath });
  return async () => {
    fs.rmSync(dumpPath, { force: true });
  };
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  return url ? preparePostgres(project, url) : preparePglite(project);
}
