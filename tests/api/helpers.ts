import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { expect, inject } from "vitest";
import { importJWK, SignJWT, type CryptoKey, type JSONWebKeySet, type JWTPayload } from "jose";
import { createApi, type ApiApp, type VerifyToken } from "../../api/app";
import type { ApiConfig } from "../../api/services";
import { createTokenVerifier } from "../../api/lib/auth";
import { createRegistryClient } from "../../api/modules/registry/service";
import { createMailer } from "../../api/lib/mail";
import { createSecretBox } from "../../api/lib/secret-box";
import { openDatabase, type Database, type Db } from "../../api/db/client";
import { startQueue, type JobQueue } from "../../api/jobs/queue";
import { workImports } from "../../api/jobs/imports";
import { workNoticeJobs } from "../../api/jobs/payment-notice";
import { workFeeCalculations } from "../../api/jobs/fee-calculation";
import { workYardProtocolMails } from "../../api/jobs/yard-protocol-mail";
import { workDistributionReportMails } from "../../api/jobs/distribution-report-mail";
import { feePayer, municipality, oidcPayload, role, session, user, userMunicipality } from "../../api/db/schema";
import { today } from "../../api/modules/subject/membership";
import type { RoleName } from "#contract/roles";
import { ARES_URL, RPO_URL } from "../mocks/registry";
import { dbUrl } from "./global-setup";

export const PUBLIC_URL = "http://test.local";
export const ISSUER = `${PUBLIC_URL}/oidc`;
export const AUDIENCE = `${PUBLIC_URL}/v1`;
/** The built-in provider's set-password page that invitation links point to. */
export const SET_PASSWORD_URL = `${ISSUER}/set-password`;
/** The API under test seals external-account passwords with this key; tests open them with it. */
export const TEST_SECRET_BOX = createSecretBox("the test suite's encryption key");

/** The fixture users every API test file starts with. */
export const PERSONAS = {
  admin: { role: "ADMIN", municipality: null, active: true },
  readonly: { role: "ADMIN_READ_ONLY", municipality: null, active: true },
  manager: { role: "MUNICIPALITY_MANAGER", municipality: "a", active: true },
  worker: { role: "MUNICIPALITY_WORKER", municipality: "a", active: true },
  managerB: { role: "MUNICIPALITY_MANAGER", municipality: "b", active: true },
  citizen: { role: "CITIZEN", municipality: "a", active: true },
  /** An administrator whose account was deactivated: a valid token must not open anything. */
  inactive: { role: "ADMIN", municipality: null, active: false },
} as const satisfies Record<string, { role: RoleName; municipality: "a" | "b" | null; active: boolean }>;
export type Persona = keyof typeof PERSONAS;

/** wasteCompanyBranchId of the manager's user_municipality row (managed-municipalities answer). */
export const MANAGER_BRANCH_ID = 7;

export interface CallOptions {
  /** Sign in as a fixture user (a fresh valid token). */
  as?: Persona;
  /** A raw bearer token (wins over `as`). */
  token?: string;
  json?: unknown;
  /** A raw body (FormData for uploads, a string...). */
  body?: BodyInit;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Fixtures {
  municipalities: { a: { id: number; name: string }; b: { id: number; name: string } };
  users: Record<Persona, { id: number; userName: string; email: string }>;
}

export interface TestApi {
  app: ApiApp;
  db: Db;
  database: Database;
  /** The file's job queue (pg-boss on its database) with an import worker, as in a running server. */
  jobs: JobQueue;
  fixtures: Fixtures;
  /** This file's e-mail outbox (a temporary directory): every message sent is an .eml file here. */
  outboxDir: string;
  /** The .eml files in the outbox, oldest first (full paths). */
  outbox(): string[];
  call<T = any>(method: string, path: string, opts?: CallOptions): Promise<CallResult<T>>;
  /** A valid signed access token of a fixture user. */
  token(as: Persona): Promise<string>;
  /** Sign any claims with the test issuer's key (iss, aud, iat and a 10-minute exp are filled in unless given). */
  signToken(claims: JWTPayload, opts?: { expiresIn?: string | number | null; key?: CryptoKey }): Promise<string>;
  /** Expired an hour ago, otherwise valid. */
  expiredToken(as: Persona): Promise<string>;
  /** Signed by the right key but issued by another issuer. */
  wrongIssuerToken(as: Persona): Promise<string>;
  /** Issued for another audience. */
  wrongAudienceToken(as: Persona): Promise<string>;
  /** Right claims, signed by a key the API does not trust. */
  foreignKeyToken(as: Persona): Promise<string>;
  close(): Promise<void>;
}

/** A copy of the migrated database with roles, permissions and the catalogue, and nothing else (no fixtures). */
export async function cloneDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const source = inject("testDb");
  if (source.kind === "pglite") {
    const dump = new Blob([fs.readFileSync(source.dumpPath)]);
    const database = await openDatabase({ loadDataDir: dump });
    return { database, drop: async () => undefined };
  }
  const name = `${source.prefix}${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: source.adminUrl });
  await admin.connect();
  try {
    // Copies of one template made at the same moment may collide on the template's lock: retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${source.template}"`);
        break;
      } catch (err) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: dbUrl(source.adminUrl, name) });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: source.adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * A sign-in of the user as the web and the provider keep it: a web session `sessionId` and a provider grant
 * `grantId` (what ending a user's sessions must remove).
 */
export async function insertSignIn(db: Db, userId: number, sessionId: string, grantId: string): Promise<void> {
  await db.insert(session).values({ id: sessionId, data: { user: { id: userId }, tokens: { accessToken: "x" } } });
  await db
    .insert(oidcPayload)
    .values({ id: grantId, type: "Grant", payload: { accountId: String(userId), kind: "Grant" } });
}

/** Which of the sign-in's rows are still there: none once the user's sessions have ended. */
export async function signInRowsLeft(db: Db, sessionId: string, grantId: string): Promise<string[]> {
  const [web, grant] = await Promise.all([
    db.select({ id: session.id }).from(session).where(eq(session.id, sessionId)),
    db.select({ id: oidcPayload.id }).from(oidcPayload).where(eq(oidcPayload.id, grantId)),
  ]);
  return [...web, ...grant].map((r) => r.id);
}

/**
 * The version an edit saw (decision 0020), spread first into a form body: a row not edited before is at 0; POST
 * ignores it.
 */
export const UNEDITED = { version: 0 } as const;

/** A municipality of a test's own (so that its totals are exact): Czech, named `name`; its id. */
export async function newMunicipality(db: Db, name: string): Promise<number> {
  const [row] = await db.insert(municipality).values({ name, country: "CZ" }).returning({ id: municipality.id });
  return row!.id;
}

/**
 * A resident fee payer of the municipality straight into the table (Jan Novák, active since 2020 unless `over` says
 * otherwise); its id. The fixture of every test that needs a payer without going through the API.
 */
export async function insertResident(
  db: Db,
  municipalityId: number,
  over: Partial<typeof feePayer.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(feePayer)
    .values({
      municipalityId,
      type: "Resident",
      firstName: "Jan",
      lastName: "Novák",
      activeFrom: "2020-01-01",
      ...over,
    })
    .returning({ id: feePayer.id });
  return row!.id;
}

async function seedFixtures(db: Db): Promise<Fixtures> {
  const [a] = await db
    .insert(municipality)
    .values({
      name: "Třebíč",
      shortName: "Třebíč",
      type: "Municipality",
      kind: "Large",
      district: "Třebíč",
      country: "CZ",
      identificationNumber: "00290629",
      city: "Třebíč",
      zipCode: "67401",
    })
    .returning({ id: municipality.id, name: municipality.name });
  const [b] = await db
    .insert(municipality)
    .values({
      name: "Petržalka",
      shortName: "Petržalka",
      type: "Municipality",
      kind: "Large",
      district: "Bratislava V",
      country: "SK",
      identificationNumber: "00603201",
      city: "Bratislava",
      zipCode: "85101",
    })
    .returning({ id: municipality.id, name: municipality.name });
  const roles = new Map((await db.select({ id: role.id, name: role.name }).from(role)).map((r) => [r.name, r.id]));
  const users = {} as Fixtures["users"];
  for (const [persona, p] of Object.entries(PERSONAS) as [Persona, (typeof PERSONAS)[Persona]][]) {
    const roleId = roles.get(p.role);
    if (!roleId) throw new Error(`role ${p.role} is not seeded`);
    const municipalityId = p.municipality === "a" ? a!.id : p.municipality === "b" ? b!.id : null;
    const userName = `t.${persona.toLowerCase()}`;
    const email = `${persona.toLowerCase()}@test.local`;
    const [u] = await db
      .insert(user)
      .values({
        userName,
        firstName: persona[0]!.toUpperCase() + persona.slice(1),
        lastName: "Testovací",
        email,
        roleId,
        municipalityId,
        active: p.active,
      })
      .returning({ id: user.id });
    if (municipalityId) {
      await db.insert(userMunicipality).values({
        userId: u!.id,
        municipalityId,
        wasteCompanyBranchId: persona === "manager" ? MANAGER_BRANCH_ID : null,
      });
    }
    users[persona] = { id: u!.id, userName, email };
  }
  return { municipalities: { a: a!, b: b! }, users };
}

export interface SetupOptions {
  /** The API's token verifier; default: trust the test issuer's key (ISSUER, AUDIENCE). */
  verifyToken?: VerifyToken;
  /** Settings beyond the defaults (e.g. printerHandlerUrl, a msw-mocked service outside the product). */
  config?: Partial<ApiConfig>;
}

/**
 * A fresh API for one test file: its own copy of the migrated database, fixtures (municipalities A and B, a
 * user per persona), an RS256 key pair standing in for the identity provider, and a `call` helper that goes
 * through the real Hono app (auth middleware, permissions, tenancy, validation) without a socket.
 */
export async function setupApi(opts: SetupOptions = {}): Promise<TestApi> {
  const { database, drop } = await cloneDatabase();
  const { db } = database;
  const fixtures = await seedFixtures(db);

  // The key pair is made once per run by global-setup.ts (RSA generation is slow); the API trusts its public half.
  const keys = inject("testKeys");
  const privateKey = (await importJWK(keys.privateJwk, "RS256")) as CryptoKey;
  const foreignKey = (await importJWK(keys.foreignPrivateJwk, "RS256")) as CryptoKey;
  const jwks: JSONWebKeySet = { keys: [{ ...keys.publicJwk, kid: "test-key", alg: "RS256", use: "sig" }] };

  // The queue's schema comes with the cloned database (global-setup.ts); maintenance is not needed here.
  const jobs = await startQueue(database, { supervise: false });
  await workImports(db, jobs);
  await workFeeCalculations(db, jobs, { progressOutsideTransaction: database.kind === "postgres" });

  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "obec-outbox-"));
  const mailer = createMailer({ from: "Odpady obce <noreply@test.local>", outboxDir });
  await workNoticeJobs(db, jobs, mailer);
  await workYardProtocolMails(db, jobs, mailer);
  await workDistributionReportMails(db, jobs, mailer);
  const app = createApi({
    services: {
      db,
      jobs,
      config: {
        publicUrl: PUBLIC_URL,
        supportEmail: "podpora@test.local",
        setPasswordUrl: SET_PASSWORD_URL,
        ...opts.config,
      },
      registry: createRegistryClient({ db, aresUrl: ARES_URL, rpoUrl: RPO_URL }),
      secretBox: TEST_SECRET_BOX,
      mailer,
    },
    verifyToken: opts.verifyToken ?? createTokenVerifier({ issuer: ISSUER, jwks, audience: AUDIENCE }),
  });

  const signToken: TestApi["signToken"] = async (claims, opts = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ scope: "openid profile email api_obec.read offline_access", ...claims })
      .setProtectedHeader({ alg: "RS256", kid: "test-key", typ: "at+jwt" })
      .setIssuedAt(claims.iat ?? now)
      .setIssuer(claims.iss ?? ISSUER)
      .setAudience(claims.aud ?? AUDIENCE);
    // expiresIn: null leaves exp out.
    if (opts.expiresIn !== null) jwt.setExpirationTime(claims.exp ?? opts.expiresIn ?? "10m");
    if (claims.sub) jwt.setSubject(claims.sub);
    return jwt.sign(opts.key ?? privateKey);
  };
  const claimsOf = (as: Persona) => {
    const u = fixtures.users[as];
    return { sub: String(u.id), preferred_username: u.userName, email: u.email };
  };
  const tokens = new Map<Persona, string>();
  const token = async (as: Persona) => {
    let t = tokens.get(as);
    if (!t) tokens.set(as, (t = await signToken(claimsOf(as))));
    return t;
  };

  const call: TestApi["call"] = async (method, path, opts = {}) => {
    const url = new URL(path.startsWith("/v1") ? path : `/v1${path.startsWith("/") ? "" : "/"}${path}`, PUBLIC_URL);
    for (const [k, v] of Object.entries(opts.query ?? {}))
      if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    const headers = new Headers({ Accept: "application/json", ...opts.headers });
    const bearer = opts.token ?? (opts.as ? await token(opts.as) : undefined);
    if (bearer) headers.set("Authorization", `Bearer ${bearer}`);
    let body = opts.body;
    if (opts.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(opts.json);
    }
    const res = await app.request(url.toString(), { method: method.toUpperCase(), headers, body });
    const type = res.headers.get("content-type") ?? "";
    const raw = new Uint8Array(await res.arrayBuffer());
    let parsed: unknown = raw.length ? raw : null;
    if (raw.length && type.includes("json")) parsed = JSON.parse(new TextDecoder().decode(raw));
    else if (raw.length && type.startsWith("text/")) parsed = new TextDecoder().decode(raw);
    return { status: res.status, body: parsed as never, headers: res.headers };
  };

  return {
    app,
    db,
    database,
    jobs,
    fixtures,
    outboxDir,
    outbox: () =>
      fs.existsSync(outboxDir)
        ? fs
            .readdirSync(outboxDir)
            .filter((f) => f.endsWith(".eml"))
            .sort()
            .map((f) => path.join(outboxDir, f))
        : [],
    call,
    token,
    signToken,
    expiredToken: (as) => {
      const now = Math.floor(Date.now() / 1000);
      return signToken({ ...claimsOf(as), iat: now - 7200, exp: now - 3600 });
    },
    wrongIssuerToken: (as) => signToken({ ...claimsOf(as), iss: "http://evil.local/oidc" }),
    wrongAudienceToken: (as) => signToken({ ...claimsOf(as), aud: "http://other.local/v1" }),
    foreignKeyToken: (as) => signToken(claimsOf(as), { key: foreignKey }),
    async close() {
      await jobs.stop({ timeoutMs: 2_000 });
      await database.close();
      await drop();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

/**
 * The day `n` days from today in the product's calendar (negative: in the past), YYYY-MM-DD: validity and membership
 * dates of many test files, all counted from the API's own `today()`.
 */
export function inDays(n: number): string {
  const d = new Date(`${today()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * setupApi with the ids of the fixture municipalities A and B, which most test files keep as `A` and `B`: their
 * one-line setup is `beforeAll(async () => ({ t, A, B } = await setupApiWithIds()))`.
 */
export async function setupApiWithIds(opts: SetupOptions = {}): Promise<{ t: TestApi; A: number; B: number }> {
  const t = await setupApi(opts);
  return { t, A: t.fixtures.municipalities.a.id, B: t.fixtures.municipalities.b.id };
}

/** The id a POST answered for the record it created; fails, showing the answer, unless it was a 201. */
/**
 * The call is refused with 422 and these messages under these fields (the API's per-field Czech messages):
 * exactly these fields, or with `including` at least these.
 */
export async function expectRefused(
  call: Promise<CallResult>,
  errors: Record<string, string[]>,
  match: "exactly" | "including" = "exactly",
): Promise<void> {
  const res = await call;
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  if (match === "exactly") expect(res.body.errors).toEqual(errors);
  else expect(res.body.errors).toMatchObject(errors);
}

export function createdId(res: CallResult): number {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

/**
 * The text of a PDF the API answered (pdftotext of poppler-utils; `layout` keeps the page's columns); null where the
 * tool is missing, so a test reads the text only where it can.
 */
export function pdfText(bytes: Uint8Array, opts: { layout?: boolean } = {}): string | null {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
  } catch {
    return null;
  }
  const file = path.join(os.tmpdir(), `pdf-${process.pid}-${randomBytes(4).toString("hex")}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync("pdftotext", [...(opts.layout ? ["-layout"] : []), file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** The Response a web loader or action threw (a redirect, an error page); fails when it did not throw one. */
export async function thrownResponse(p: Promise<unknown>): Promise<Response> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
  throw new Error("expected a thrown response");
}

/**
 * The version a record has now (decision 0020): what an edit form would have loaded. For PUTs of tests that are not
 * about concurrency; tests/api/edit-versions.test.ts is.
 */
export async function versionOf(db: Db, table: { id: PgColumn; version: PgColumn }, id: number): Promise<number> {
  const [row] = await db
    .select({ v: table.version })
    .from(table as unknown as PgTable)
    .where(eq(table.id, id));
  if (!row) throw new Error(`versionOf: no row ${id}`);
  return row.v as number;
}

/**
 * An import (or a fee calculation) is answered at once (202) and runs as a background job: reads the job at `jobPath`
 * as its page does, until it is no longer in one of the `running` states, and answers the finished job (a test that
 * cannot see it finish fails after 30 s).
 */
export async function finishedJob<T extends { state: string }>(
  t: TestApi,
  jobPath: string,
  as: Persona = "admin",
  running: readonly string[] = ["unprocessed", "processing"],
): Promise<T> {
  const until = Date.now() + 30_000;
  for (;;) {
    const res = await t.call<T>("GET", jobPath, { as });
    if (res.status !== 200) throw new Error(`${jobPath}: ${res.status} ${JSON.stringify(res.body)}`);
    if (!running.includes(res.body.state)) return res.body;
    if (Date.now() > until) throw new Error(`${jobPath} did not finish: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A fee calculation or simulation once it is Done or Failed (issue 14: a job on the 'fee-calculation' queue). */
export const finishedCalculation = (t: TestApi, municipalityId: number, id: number) =>
  finishedJob<any>(t, `/municipality/${municipalityId}/fee/calculation/${id}`, "admin", ["Queued", "Running"]);
