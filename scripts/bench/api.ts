/**
 * The real /v1 API in process, trusting a freshly generated RS256 key (as tests/api/helpers.ts does, without
 * vitest): tokens are signed here and verified by the product's own verifier, so every timed request pays for the
 * signature check and the user lookup exactly as in production.
 */
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JSONWebKeySet } from "jose";
import { createApi, type AuthMemo } from "../../api/app";
import { createTokenVerifier } from "../../api/lib/auth";
import { createRegistryClient } from "../../api/modules/registry/service";
import { createSecretBox } from "../../api/lib/secret-box";
import type { Database } from "../../api/db/client";
import { startQueue, type JobQueue } from "../../api/jobs/queue";
import { workImports } from "../../api/jobs/imports";
import { summarise, type Persona, type Scenario, type Timing } from "./harness";
import type { BenchWeb } from "./web";

const PUBLIC_URL = "http://bench.local";
const ISSUER = `${PUBLIC_URL}/oidc`;
const AUDIENCE = `${PUBLIC_URL}/v1`;

export interface BenchApi {
  publicUrl: string;
  /** The app's own fetch (what the web part's in-process client calls). */
  fetch(request: Request, env?: { authMemo?: AuthMemo }): Promise<Response>;
  /** One request, body consumed; returns status and server time in ms. */
  request(path: string, token: string): Promise<{ status: number; ms: number; body: string }>;
  token(persona: Persona): Promise<string>;
  /** The job queue with this process's import worker (an import answers at once and runs here). */
  jobs: JobQueue;
}

/** One API (and job queue) per database for the whole run. */
const apis = new WeakMap<Database, Promise<BenchApi>>();

export function createBenchApi(database: Database): Promise<BenchApi> {
  let api = apis.get(database);
  if (!api) apis.set(database, (api = makeBenchApi(database)));
  return api;
}

/** Stops the job queue of the database's bench API, if one was made (its workers would keep the process alive). */
export async function stopBenchApi(database: Database): Promise<void> {
  const api = apis.get(database);
  if (api) await (await api).jobs.stop();
}

async function makeBenchApi(database: Database): Promise<BenchApi> {
  const { db } = database;
  const jobs = await startQueue(database);
  await workImports(db, jobs);
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const jwks: JSONWebKeySet = { keys: [{ ...(await exportJWK(publicKey)), kid: "bench", alg: "RS256", use: "sig" }] };
  const api = createApi({
    services: {
      db,
      jobs,
      config: { publicUrl: PUBLIC_URL, supportEmail: "podpora@bench.local" },
      // The scenarios never reach the registries; the addresses are never called.
      registry: createRegistryClient({ db, aresUrl: "http://ares.invalid", rpoUrl: "http://rpo.invalid" }),
      secretBox: createSecretBox("the bench's key, never used for real data"),
    },
    verifyToken: createTokenVerifier({ issuer: ISSUER, jwks, audience: AUDIENCE }),
  });
  return {
    jobs,
    publicUrl: PUBLIC_URL,
    fetch: async (request, env) => api.fetch(request, env),
    async request(path, token) {
      const url = `${PUBLIC_URL}/v1${path}`;
      const started = performance.now();
      const res = await api.fetch(
        new Request(url, { headers: { Accept: "application/json", Authorization: `Bearer ${token}` } }),
      );
      const body = await res.text();
      const ms = performance.now() - started;
      return { status: res.status, ms, body };
    },
    token(p) {
      return new SignJWT({ scope: "openid profile email", preferred_username: p.userName, email: p.email })
        .setProtectedHeader({ alg: "RS256", kid: "bench", typ: "at+jwt" })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(p.userName)
        .setIssuedAt()
        .setExpirationTime("2h")
        .sign(privateKey as CryptoKey);
    },
  };
}

export interface RunOptions {
  /** Renders the page scenarios (`web: true`); without it they are skipped with a note. */
  web?: BenchWeb | null;
  iterations: number;
  warmup: number;
  onResult?: (t: Timing) => void;
}

/** Warm-up, then `iterations` sequential requests per scenario; a non-200 answer stops the run (no bogus figures). */
export async function runScenarios(
  api: BenchApi,
  personas: Map<string, Persona>,
  scenarios: Scenario[],
  opts: RunOptions,
): Promise<Timing[]> {
  const tokens = new Map<string, string>();
  const results: Timing[] = [];
  for (const s of scenarios) {
    const persona = personas.get(s.as);
    if (!persona) throw new Error(`scenario "${s.name}": no persona "${s.as}"`);
    if (s.web && !opts.web) {
      console.log(`  – ${s.name}: skipped (no production build; run npm run build first)`);
      continue;
    }
    let token = tokens.get(s.as);
    if (!token) tokens.set(s.as, (token = await api.token(persona)));
    const send = s.web ? (p: string) => opts.web!.request(p, persona) : (p: string) => api.request(p, token);
    const pathOf = (i: number) => (typeof s.path === "function" ? s.path(i) : s.path);
    for (let i = 0; i < opts.warmup; i++) {
      const r = await send(pathOf(i));
      if (r.status !== 200)
        throw new Error(`scenario "${s.name}": ${pathOf(i)} answered ${r.status} ${r.body.slice(0, 200)}`);
    }
    const samples: number[] = [];
    for (let i = 0; i < opts.iterations; i++) {
      const r = await send(pathOf(i));
      if (r.status !== 200)
        throw new Error(`scenario "${s.name}": ${pathOf(i)} answered ${r.status} ${r.body.slice(0, 200)}`);
      samples.push(r.ms);
    }
    const t = summarise(s.name, samples, s.budgetMs ?? 50);
    results.push(t);
    opts.onResult?.(t);
  }
  return results;
}

export type BenchJob = { id: number; state: string; totalRows: number; acceptedRows: number; errorRows: number };

/**
 * An import as the upload form does it: the multipart POST to `<area>/import` of the municipality, then the job read
 * as its page does until it is finished (the job runs in the background). Answers the finished job.
 */
export async function importAndFollow(
  api: BenchApi,
  token: string,
  municipalityId: number,
  area: string,
  body: FormData,
) {
  const base = `/municipality/${municipalityId}/${area}/import`;
  const res = await api.fetch(
    new Request(`${api.publicUrl}/v1${base}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
      body,
    }),
  );
  let job = (await res.json()) as BenchJob;
  if (res.status !== 202)
    throw new Error(`${area} import answered ${res.status}: ${JSON.stringify(job).slice(0, 300)}`);
  while (job.state === "unprocessed" || job.state === "processing") {
    await new Promise((r) => setTimeout(r, 100));
    job = JSON.parse((await api.request(`${base}/${job.id}`, token)).body) as BenchJob;
  }
  return job;
}
