import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import pg from "pg";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import type { TestProject } from "vitest/node";
import { migrateDatabase, MIGRATIONS_DIR, openDatabase } from "../../api/db/client";
import { syncRolesAndPermissions } from "../../api/db/seed";
import { syncCatalogue } from "../../api/db/catalogue";

/**
 * API tests start from one migrated database (ARCHITECTURE.md "Tests", "Toolchain facts"):
 * - PGlite (default): migrated once, dumped to .tmp/, and each test file loads the dump (well under a second on
 *   an idle machine, instead of 3–4 s for a fresh create). The dump is named by a hash of everything that shapes
 *   it (migrations, role/permission seeding, PGlite's version), so a later run reuses it until one of those changes.
 * - PostgreSQL (DATABASE_URL set, as in CI): a template database migrated once; each test file runs
 *   CREATE DATABASE … TEMPLATE it and drops its copy at the end; the template goes at teardown.
 * The signing keys standing in for the identity provider are made here once too (RSA generation is slow).
 */
export type TestDbSource =
  { kind: "pglite"; dumpPath: string } | { kind: "postgres"; adminUrl: string; template: string; prefix: string };

export interface TestKeys {
  /** The key the API trusts (its public half is the JWKS given to createTokenVerifier). */
  privateJwk: JWK;
  publicJwk: JWK;
  /** A key the API does not trust. */
  foreignPrivateJwk: JWK;
}

declare module "vitest" {
  export interface ProvidedContext {
    testDb: TestDbSource;
    testKeys: TestKeys;
  }
}

const ROOT = path.resolve(import.meta.dirname, "../..");
const TMP = path.join(ROOT, ".tmp");
/** Databases this suite creates: obec_tpl_<pid> (template) and obec_t_<pid>_… (one per test file). */
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

/** Drops this suite's databases for which `which(name, pid of the run that made it)` holds. */
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
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

async function preparePostgres(project: TestProject, adminUrl: string) {
  const runPid = process.pid;
  // Leftovers of earlier runs whose process is gone (a killed run cannot drop its own); a run still going
  // (another checkout testing against the same server) keeps its databases.
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
    await syncCatalogue(database.db);
  } finally {
    // CREATE DATABASE … TEMPLATE needs the template free of sessions.
    await database.close();
  }
  project.provide("testDb", { kind: "postgres", adminUrl, template, prefix: `obec_t_${runPid}_` });
  return async () => {
    await dropDatabases(adminUrl, (_name, pid) => pid === runPid);
  };
}

/** Hash of the inputs that decide the migrated database's content. */
function schemaHash(): string {
  const h = createHash("sha256");
  const files = [
    ...fs.readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: "utf8" }).map((f) => path.join(MIGRATIONS_DIR, f)),
    path.join(ROOT, "api/db/seed.ts"),
    path.join(ROOT, "api/db/catalogue.ts"),
    path.join(ROOT, "api/db/client.ts"),
    path.join(ROOT, "contract/roles.ts"),
    path.join(ROOT, "contract/permissions.ts"),
    import.meta.filename,
  ]
    .filter((f) => fs.statSync(f).isFile())
    .sort();
  for (const f of files) h.update(path.relative(ROOT, f)).update("\0").update(fs.readFileSync(f)).update("\0");
  // The dump's format belongs to the PGlite build that wrote it.
  const pgliteEntry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  h.update(fs.readFileSync(pgliteEntry));
  return h.digest("hex").slice(0, 16);
}

async function preparePglite(project: TestProject) {
  fs.mkdirSync(TMP, { recursive: true });
  const dumpPath = path.join(TMP, `api-db-${schemaHash()}.tar`);
  // Dumps of another schema are leftovers once no run can still be loading them (an hour), as are partial
  // writes of a run that died.
  for (const f of fs.readdirSync(TMP)) {
    const file = path.join(TMP, f);
    const partial = /^api-db-.*\.tar\.(\d+)\.partial$/.exec(f);
    const stale = partial
      ? !processAlive(Number(partial[1]))
      : /^api-db-.*\.tar$/.test(f) && file !== dumpPath && Date.now() - fs.statSync(file).mtimeMs > 3600_000;
    if (stale) fs.rmSync(file, { force: true });
  }
  if (!fs.existsSync(dumpPath)) {
    const database = await openDatabase({});
    try {
      await migrateDatabase(database);
      await syncRolesAndPermissions(database.db);
      await syncCatalogue(database.db);
      const dump = await database.pglite!.dumpDataDir("none");
      // Write then rename: a run started alongside never reads half a file.
      const partial = `${dumpPath}.${process.pid}.partial`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, dumpPath);
    } finally {
      await database.close();
    }
  }
  project.provide("testDb", { kind: "pglite", dumpPath });
}

async function makeKeys(): Promise<TestKeys> {
  const [own, foreign] = await Promise.all([
    generateKeyPair("RS256", { extractable: true }),
    generateKeyPair("RS256", { extractable: true }),
  ]);
  return {
    privateJwk: await exportJWK(own.privateKey),
    publicJwk: await exportJWK(own.publicKey),
    foreignPrivateJwk: await exportJWK(foreign.privateKey),
  };
}

export default async function setup(project: TestProject) {
  project.provide("testKeys", await makeKeys());
  const url = process.env.DATABASE_URL;
  if (url) return preparePostgres(project, url);
  await preparePglite(project);
}
