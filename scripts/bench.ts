/**
 * `npm run bench` — the performance harness (ARCHITECTURE.md "Performance").
 *
 * For each database kind (PGlite in a fresh temp dir; PostgreSQL in its own obec_bench database when the server
 * answers): open, migrate, sync roles and permissions, generate every area's data set, ANALYZE, then time each
 * area's requests through the real in-process API. Prints Markdown tables and updates docs/benchmarks.md.
 *
 * A new area adds scripts/bench/areas/<area>.ts (an `Area`) and lists it in AREAS below, after the areas whose
 * data it builds on.
 */
import fs from "node:fs";
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { parseArgs } from "node:util";
import { migrateDatabase } from "../api/db/client";
import { syncRolesAndPermissions } from "../api/db/seed";
import { syncCatalogue } from "../api/db/catalogue";
import { createBenchApi, runScenarios, stopBenchApi } from "./bench/api";
import { DEFAULT_PG_ADMIN_URL, openPglite, openPostgres, type BenchDatabase } from "./bench/databases";
import { createGenerateContext, type Area, type DbKind, type Persona, type Scenario } from "./bench/harness";
import { Random } from "./bench/random";
import { kindSection, writeBenchmarksDoc, type KindResult } from "./bench/report";
import { municipalitiesArea } from "./bench/areas/municipalities";
import { collectionsArea } from "./bench/areas/collections";
import { feesArea } from "./bench/areas/fees";
import { usersArea } from "./bench/areas/users";
import { subjectsArea } from "./bench/areas/subjects";
import { wasteCardsArea } from "./bench/areas/waste-cards";
import { createBenchWeb } from "./bench/web";
import { binsArea } from "./bench/areas/bins";
import { yardsArea } from "./bench/areas/yards";
import { BENCH_PASSWORD } from "./bench/areas/users";
import { runLoad, type LoadTarget } from "./bench/load";

/** In data order: an area may use what the ones before it generated. */
const ALL_AREAS: Area[] = [
  municipalitiesArea,
  usersArea,
  subjectsArea,
  wasteCardsArea,
  binsArea,
  collectionsArea,
  feesArea,
  yardsArea,
];

const ROOT = path.resolve(import.meta.dirname, "..");
const DOC = path.join(ROOT, "docs/benchmarks.md");
const SEED = 20_240_601;

const { values: args } = parseArgs({
  options: {
    only: { type: "string" },
    iterations: { type: "string", default: "200" },
    warmup: { type: "string" },
    scale: { type: "string", default: "1" },
    "pg-url": { type: "string", default: DEFAULT_PG_ADMIN_URL },
    "no-write": { type: "boolean", default: false },
    "no-load": { type: "boolean", default: false },
    "load-seconds": { type: "string", default: "10" },
    keep: { type: "boolean", default: false },
    areas: { type: "string" },
    time: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
  strict: true,
});

if (args.help) {
  console.log(
    `npm run bench -- [--only=pglite|postgres] [--iterations=200] [--warmup=N] [--scale=1] [--pg-url=${DEFAULT_PG_ADMIN_URL}] [--no-write] [--keep] [--no-load] [--load-seconds=10]`,
  );
  console.log("  --no-load skips the load scenario (the product over HTTP at 1, 20 and 50 connections).");
  console.log(
    "  --areas=municipalities,users,subjects,yards runs only these areas (with those they build on); docs/benchmarks.md is not written.",
  );
  console.log("  --time=yards times only these areas' requests (the others only generate their data).");
  console.log("  --keep leaves the generated database (obec_bench, or the PGlite dir) for EXPLAIN ANALYZE.");
  process.exit(0);
}

const positive = (name: string, v: string | undefined, fallback: number) => {
  const x = v === undefined ? fallback : Number(v);
  if (!Number.isFinite(x) || x <= 0) throw new Error(`--${name} must be a positive number, got ${v}`);
  return x;
};
const iterations = Math.round(positive("iterations", args.iterations, 200));
const warmup = Math.round(positive("warmup", args.warmup, Math.max(10, Math.round(iterations / 10))));
const scale = positive("scale", args.scale, 1);
const loadSeconds = positive("load-seconds", args["load-seconds"], 10);
if (args.only && args.only !== "pglite" && args.only !== "postgres")
  throw new Error("--only must be pglite or postgres");
// A subset of the areas (an area's own figures on a shared machine, in minutes instead of an hour): the named ones,
// which must include the areas they build on; a partial data set never replaces the documented results.
const AREAS = args.areas
  ? args.areas.split(",").map((name) => {
      const area = ALL_AREAS.find((a) => a.name.split(" ")[0] === name.trim()); // its first word
      if (!area) throw new Error(`--areas: no area '${name}' (${ALL_AREAS.map((a) => a.name).join(", ")})`);
      return area;
    })
  : ALL_AREAS;
const kinds: DbKind[] = args.only ? [args.only as DbKind] : ["pglite", "postgres"];

const pgliteVersion = (() => {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve("@electric-sql/pglite"));
  while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;
})();

async function timed<T>(phases: { name: string; ms: number }[], name: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const out = await fn();
  phases.push({ name, ms: performance.now() - started });
  return out;
}

async function benchOne(bench: BenchDatabase): Promise<KindResult> {
  const { database } = bench;
  const loadAtStart = os.loadavg()[0]!;
  const phases = [{ name: "open", ms: bench.openMs }];
  await timed(phases, "migrate", () => migrateDatabase(database));
  await timed(phases, "roles", () => syncRolesAndPermissions(database.db));
  await timed(phases, "catalogue", () => syncCatalogue(database.db));

  const personas = new Map<string, Persona>();
  const ctx = createGenerateContext(
    { db: database.db, database, kind: bench.kind, rnd: new Random(SEED), scale },
    personas,
  );
  await timed(phases, "generate", async () => {
    for (const area of AREAS) {
      const started = performance.now();
      await area.generate(ctx);
      console.log(`  generated ${area.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  });
  // Statistics and the visibility map as autovacuum leaves them after a load on PostgreSQL. PGlite runs no
  // autovacuum: there only an explicit VACUUM ANALYZE gives the same (docs/benchmarks.md, notes).
  await timed(phases, "vacuum analyze", () => database.db.execute("vacuum analyze"));

  const api = await createBenchApi(database);
  const web = await createBenchWeb(api);
  const timedAreas = args.time ? args.time.split(",").map((n) => n.trim()) : null;
  const scenarios = AREAS.filter((a) => !timedAreas || timedAreas.includes(a.name.split(" ")[0]!)).flatMap((a) =>
    a.scenarios({ state: ctx.state }),
  );
  const timings = await timed(phases, "requests", () =>
    runScenarios(api, personas, scenarios, {
      web,
      iterations,
      warmup,
      onResult: (t) =>
        console.log(
          `  ${t.p95 < t.budgetMs ? "✓" : "✗"} ${t.name.padEnd(58)} p50 ${t.p50.toFixed(2).padStart(7)}  p95 ${t.p95.toFixed(2).padStart(7)}  max ${t.max.toFixed(1).padStart(6)} ms`,
        ),
    }),
  );
  const loadRows = args["no-load"] ? [] : await timed(phases, "load", () => loadScenario(bench, scenarios, personas));
  return {
    kind: bench.kind,
    label: bench.label,
    date: new Date(),
    iterations,
    warmup,
    scale,
    sizes: ctx.sizes,
    load: [loadAtStart, os.loadavg()[0]!],
    phases,
    generation: ctx.stats,
    timings,
    loadRows,
  };
}

/** The scenarios marked `load`, over HTTP against the real product on this database (scripts/bench/load.ts). */
async function loadScenario(bench: BenchDatabase, scenarios: Scenario[], personas: Map<string, Persona>) {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) return [];
  const marked = scenarios.filter((s) => s.load);
  // A subset of areas (--areas) may have no load scenario at all.
  if (!marked.length) return [];
  const persona = personas.get(marked[0]?.as ?? "");
  if (!persona || marked.some((s) => s.as !== marked[0]!.as)) throw new Error("the load scenarios need one persona");
  const targets: LoadTarget[] = marked.map((s) => ({
    name: s.load!,
    api: !s.web,
    paths:
      typeof s.path === "string"
        ? [s.path]
        : Array.from({ length: 100 }, (_, i) => (s.path as (i: number) => string)(i)),
  }));
  // PGlite's files belong to one process: the product opens them once the bench has let go.
  await stopBenchApi(bench.database);
  if (bench.product.exclusive) await bench.database.close();
  console.log(
    `  load: the product over HTTP, ${targets.length} targets, ${loadSeconds} s each at 20 and 50 connections`,
  );
  return runLoad({
    env: bench.product.env,
    workers: bench.kind === "postgres" ? [1, 2] : [1],
    targets,
    user: { userName: persona.userName, password: BENCH_PASSWORD },
    durationMs: loadSeconds * 1000,
    onRow: (r) =>
      console.log(
        `  ${r.target.padEnd(24)} ${r.workers}w c${String(r.connections).padEnd(3)} ${r.rps.toFixed(1).padStart(7)}/s  p50 ${r.p50.toFixed(1).padStart(7)}  p95 ${r.p95.toFixed(1).padStart(7)}  p99 ${r.p99.toFixed(1).padStart(7)} ms  errors ${r.errors}${r.firstError ? ` (${r.firstError})` : ""}`,
      ),
  });
}

// The page scenarios render the production build: make it when there is none (as npm start does).
if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
  console.log("No production build: running react-router build for the page scenarios …");
  const built = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit" });
  if (built.status !== 0) console.log("The build failed: the page scenarios will be skipped.");
}

const results: KindResult[] = [];
const skipped: string[] = [];
const started = performance.now();
for (const kind of kinds) {
  console.log(`\n== ${kind === "pglite" ? "PGlite" : "PostgreSQL"} ==`);
  let bench: BenchDatabase;
  if (kind === "pglite") bench = await openPglite(pgliteVersion, args.keep);
  else {
    const opened = await openPostgres(args["pg-url"], args.keep);
    if ("skipped" in opened) {
      const line = `PostgreSQL skipped: ${opened.skipped}`;
      console.log(line);
      skipped.push(line);
      continue;
    }
    bench = opened;
  }
  // Ctrl-C still removes the temp dir / obec_bench.
  const interrupted = () => void bench.dispose().finally(() => process.exit(130));
  process.once("SIGINT", interrupted);
  try {
    results.push(await benchOne(bench));
  } finally {
    process.off("SIGINT", interrupted);
    await stopBenchApi(bench.database);
    await bench.dispose();
  }
}

console.log("");
for (const r of results) console.log(`${kindSection(r)}\n`);
if (results.length) for (const line of skipped) console.log(line);
const write = !args["no-write"] && !args.areas && !args.time && scale === 1 && results.length > 0;
if (write) {
  writeBenchmarksDoc(DOC, results);
  console.log(`Written to ${path.relative(process.cwd(), DOC)}.`);
} else if (results.length) {
  console.log(
    `docs/benchmarks.md not written${scale !== 1 ? ` (scale ${scale})` : args.areas ? " (some areas only)" : ""}.`,
  );
}
console.log(`Bench finished in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
const missed = results.flatMap((r) =>
  r.timings.filter((t) => r.kind === "postgres" && t.p95 >= t.budgetMs).map((t) => t.name),
);
if (missed.length) console.log(`Over budget on PostgreSQL: ${missed.join("; ")}`);
