import cluster from "node:cluster";
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { Hono } from "hono";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { loadConfig, type Config } from "./config";
import { compressResponse } from "./serving/compress";
import { createStaticFiles } from "./serving/static";
import { createDbSessionStorage } from "./serving/sessions";
import { bodyLimitFor, limitBody, tooLarge } from "./serving/body-limit";
import { forwardedRequest } from "./serving/forwarded";
import { contextForRequest } from "./serving/request-context";
import { ensureWritableDir, migrateDatabase, openDatabase, type Database } from "./api/db/client";
import { sealExternalAccountPasswords } from "./api/modules/municipality/service";
import { createSecretBox } from "./api/lib/secret-box";
import { syncRolesAndPermissions } from "./api/db/seed";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "./api/demo";
import { syncCatalogue } from "./api/db/catalogue";
import { createApi } from "./api/app";
import { createTokenVerifier } from "./api/lib/auth";
import { createMailer } from "./api/lib/mail";
import { createRegistryClient } from "./api/modules/registry/service";
import { createIdp } from "./idp/provider";
import { purgeExpired } from "./idp/adapter";
import { startHousekeeping } from "./api/jobs/housekeeping";
import { startQueue } from "./api/jobs/queue";
import { workImports } from "./api/jobs/imports";
import { workNoticeJobs } from "./api/jobs/payment-notice";
import { workFeeCalculations } from "./api/jobs/fee-calculation";
import { workYardProtocolMails } from "./api/jobs/yard-protocol-mail";
import { workDistributionReportMails } from "./api/jobs/distribution-report-mail";
import { persistentSecret, randomSecret } from "./idp/secrets";
import type { WebContext } from "./app/server/context";

const ROOT = import.meta.dirname;

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** The composition root (ARCHITECTURE.md): config → database → provider → API → web, on one port. */
function openConfigured(config: Config) {
  // DATA_DIR holds PGlite's files (no DATABASE_URL) and the e-mail outbox (no SMTP_URL): an unusable one stops the
  // start here with a message naming it (issue 11), not with a driver error.
  if (!config.DATABASE_URL || !config.SMTP_URL) ensureWritableDir(config.DATA_DIR, "DATA_DIR");
  if (!config.SMTP_URL) ensureWritableDir(path.resolve(config.DATA_DIR, "outbox"), "DATA_DIR, e-mail outbox");
  return openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.resolve(config.DATA_DIR, "pglite") },
  );
}

// Without ENCRYPTION_KEY the key lives beside the data it protects: fine for the embedded default, not for
// production, where a copy of the database should not open the external-account passwords (decision 0015).
const secretBoxFor = async (config: Config, db: Database["db"]) =>
  createSecretBox(config.ENCRYPTION_KEY ?? (await persistentSecret(db, "encryption_key", randomSecret)));

/** What runs once per start, before any request: migrations, roles, catalogue, demo data, sealing old passwords. */
async function prepareDatabase(config: Config, database: Database): Promise<{ seeded: boolean }> {
  await migrateDatabase(database);
  const { db } = database;
  await syncRolesAndPermissions(db);
  await syncCatalogue(db);
  // Demo data (api/demo/) after the base seed: it writes through the services, which need the roles and catalogue.
  const seeded = config.DEMO_DATA ? await seedDemoData(db) : false;
  const sealed = await sealExternalAccountPasswords(db, await secretBoxFor(config, db));
  if (sealed) console.log(`Sealed ${sealed} stored external-account password(s).`);
  return { seeded };
}

export async function startServer(
  config: Config,
  opts: {
    fetchForRegistry?: typeof fetch;
    /** the primary of a cluster prepared the database */ prepared?: boolean;
  } = {},
): Promise<RunningServer> {
  const database = await openConfigured(config);
  const { seeded } = opts.prepared ? { seeded: false } : await prepareDatabase(config, database);
  const { db } = database;
  const secretBox = await secretBoxFor(config, db);

  const apiAudience = `${config.publicUrl}/v1`;
  const clientSecret =
    config.OIDC_CLIENT_SECRET ??
    (config.builtInIdp ? await persistentSecret(db, "oidc_client_secret", randomSecret) : null);
  const idp = config.builtInIdp
    ? await createIdp({
        db,
        issuer: config.issuer,
        publicUrl: config.publicUrl,
        trustProxy: config.TRUST_PROXY,
        clientId: config.OIDC_CLIENT_ID,
        clientSecret: clientSecret!,
        apiAudience,
        accessTokenTtl: config.ACCESS_TOKEN_TTL,
        refreshTokenTtl: config.REFRESH_TOKEN_TTL,
      })
    : null;

  const verifyToken = createTokenVerifier({
    issuer: config.issuer,
    jwks: idp?.publicJwks,
    // External providers differ in the audience they put into access tokens; the issuer and signature decide.
    audience: idp ? apiAudience : undefined,
  });
  // The job queue and this process's workers (decision 0028): imports run here or in any other process.
  const jobs = await startQueue(database);
  await workImports(db, jobs);
  await workFeeCalculations(db, jobs, { progressOutsideTransaction: database.kind === "postgres" });
  // SMTP_URL, else every message becomes an .eml file in <DATA_DIR>/outbox.
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.resolve(config.DATA_DIR, "outbox"),
  });
  await workNoticeJobs(db, jobs, mailer);
  await workYardProtocolMails(db, jobs, mailer);
  await workDistributionReportMails(db, jobs, mailer);

  const api = createApi({
    services: {
      db,
      jobs,
      config: {
        publicUrl: config.publicUrl,
        supportEmail: config.SUPPORT_EMAIL,
        setPasswordUrl: idp ? `${config.issuer}/set-password` : undefined,
        builtInIdp: !!idp,
        printerHandlerUrl: config.PRINTER_HANDLER_URL,
      },
      registry: createRegistryClient({
        db,
        aresUrl: config.ARES_URL,
        rpoUrl: config.RPO_URL,
        fetch: opts.fetchForRegistry,
      }),
      secretBox,
      mailer,
    },
    verifyToken,
  });

  // Web sessions live in the database; the cookie holds only the id (serving/sessions.ts).
  const sessionSecret = config.SESSION_SECRET ?? (await persistentSecret(db, "session_secret", randomSecret));
  const sessionStorage = createDbSessionStorage({
    db,
    secret: sessionSecret,
    secure: config.publicUrl.startsWith("https://"),
  });

  const buildPath = path.join(ROOT, "build/server/index.js");
  if (!fs.existsSync(buildPath)) throw new Error("The web part is not built: run `npm run build` (npm start does it).");
  const build = (await import(buildPath)) as ServerBuild;

  const apiBase = config.API_URL?.replace(/\/$/, "") ?? config.publicUrl;
  const webContext: WebContext = {
    config: {
      publicUrl: config.publicUrl,
      issuer: config.issuer,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret,
      builtInIdp: config.builtInIdp,
      supportEmail: config.SUPPORT_EMAIL,
      mapTileUrl: config.MAP_TILE_URL,
      mapTileAttribution: config.MAP_TILE_ATTRIBUTION,
    },
    sessionStorage,
    apiBase,
    buildId: build.assets.version,
    // No API_URL: the web part calls the in-process Hono app (no socket), through the same auth middleware.
    apiFetch: config.API_URL ? (req) => fetch(req) : (req) => Promise.resolve(api.fetch(req)),
  };

  const handleWeb = createRequestHandler(build, "production");

  const app = new Hono();
  app.get("/healthz", async (c) => {
    try {
      await db.execute("select 1");
      // Under WEB_CONCURRENCY the answering worker's number, for the load balancer's and the operator's eyes.
      return c.json(cluster.isWorker ? { status: "ok", worker: cluster.worker?.id } : { status: "ok" });
    } catch {
      return c.json({ status: "database unavailable" }, 503);
    }
  });
  app.all("/v1/*", (c) => api.fetch(c.req.raw));
  const staticFile = createStaticFiles(path.join(ROOT, "build/client"));
  app.all("*", async (c) => {
    const file = staticFile(c.req.raw);
    if (file) return file;
    // Each page gets its own CSP nonce (app/server/csp.server.ts); pages hold personal data: never stored.
    // One CSP nonce, one session read and one auth lookup per token for the whole page (serving/request-context.ts).
    const context = contextForRequest(webContext, config.API_URL ? undefined : api);
    const res = await handleWeb(c.req.raw, context as unknown as AppLoadContext);
    if (!res.headers.has("Cache-Control")) res.headers.set("Cache-Control", "no-store");
    return res;
  });
  const hsts = config.publicUrl.startsWith("https://");
  // Everything the product writes leaves compressed when the browser takes it (serving/compress.ts).
  const listener = getRequestListener(
    async (received) => {
      const incoming = config.TRUST_PROXY ? forwardedRequest(received) : received;
      // Bodies are limited before anything reads them (serving/body-limit.ts).
      const limited = limitBody(incoming);
      if (limited instanceof Response) return limited;
      const { request } = limited;
      let answer = await app.fetch(request);
      if (limited.exceeded()) {
        const { pathname } = new URL(request.url);
        answer = tooLarge(pathname, bodyLimitFor(pathname));
      }
      const res = compressResponse(answer, request.headers.get("Accept-Encoding"));
      if (hsts) res.headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
      return res;
    },
    { overrideGlobalObjects: false },
  );

  const server = http.createServer((req, res) => {
    if (idp && (req.url === idp.mountPath || req.url?.startsWith(`${idp.mountPath}/`))) {
      void idp.handle(req, res);
      return;
    }
    void listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;

  const housekeeping = startHousekeeping(db, jobs, {
    extraHourly: [purgeExpired],
    soleProcess: database.kind === "pglite",
  });

  if (seeded) console.log("Demo data created.");
  return {
    url: config.PUBLIC_URL ? config.publicUrl : `http://localhost:${port}`,
    async close() {
      housekeeping.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      // Running imports hand their jobs back between two batches; the next start (or another process) resumes them.
      await jobs.stop();
      await database.close();
    },
  };
}

export async function main() {
  const config = loadConfig();
  if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) return runPrimary(config);
  const running = await startServer(config, { prepared: cluster.isWorker });
  if (cluster.isWorker) {
    console.log(`  worker ${cluster.worker?.id} (pid ${process.pid}) serves ${running.url}`);
  } else {
    console.log(`\nOdpady obce běží na ${running.url}`);
    printSetup(config);
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!cluster.isWorker) console.log(`${signal}: closing…`);
    await running.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

function printSetup(config: Config) {
  console.log(
    `  database: ${config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.DATA_DIR}/pglite`}`,
  );
  console.log(`  identity provider: ${config.issuer}${config.builtInIdp ? " (built in)" : ""}`);
  if (config.DEMO_DATA && config.builtInIdp) {
    console.log(`  demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) console.log(`    ${a.userName.padEnd(9)} ${a.role}`);
  }
}

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only, config.ts): this process prepares the database once, then forks the
 * workers, which share the port (node:cluster) and keep sessions, throttles and jobs in PostgreSQL. A worker that
 * dies is replaced; SIGTERM stops them all. Housekeeping runs in every worker: each task is idempotent.
 */
async function runPrimary(config: Config) {
  const database = await openConfigured(config);
  const { seeded } = await prepareDatabase(config, database);
  await database.close();
  if (seeded) console.log("Demo data created.");
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.error(`worker ${worker.id} ended (${signal ?? code}); starting another`);
    fork();
  });
  console.log(`\nOdpady obce běží na ${config.publicUrl} (${config.WEB_CONCURRENCY} workers)`);
  printSetup(config);
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing the workers…`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    const left = () => Object.keys(cluster.workers ?? {}).length;
    const check = setInterval(() => {
      if (left() === 0) {
        clearInterval(check);
        process.exit(0);
      }
    }, 100);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
