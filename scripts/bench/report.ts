/** Markdown of a bench run, and docs/benchmarks.md kept up to date section by section. */
import fs from "node:fs";
import os from "node:os";
import type { DbKind, GenerationStat, Timing } from "./harness";
import type { LoadRow } from "./load";

export interface KindResult {
  kind: DbKind;
  label: string;
  date: Date;
  iterations: number;
  warmup: number;
  scale: number;
  sizes: Record<string, number>;
  /** 1-minute load average when the kind's run started and ended (other work on the machine skews figures). */
  load: [number, number];
  phases: { name: string; ms: number }[];
  generation: GenerationStat[];
  timings: Timing[];
  /** The load scenario over HTTP (empty with --no-load). */
  loadRows: LoadRow[];
}

const n = (v: number) => v.toLocaleString("en-US");
const ms = (v: number) => (v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0));
const s = (v: number) => (v / 1000).toFixed(2);

export function machineNote(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim().replace(/\s+/g, " ") ?? "unknown CPU";
  return `${cpus.length} cores (${model}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, ${os.platform()} ${os.arch()}`;
}

export const KIND_TITLE: Record<DbKind, string> = { pglite: "PGlite", postgres: "PostgreSQL" };

export function kindSection(r: KindResult): string {
  const lines: string[] = [];
  lines.push(`### ${KIND_TITLE[r.kind]}`, "");
  lines.push(`- Run: ${r.date.toISOString().slice(0, 16).replace("T", " ")} UTC on ${machineNote()}`);
  lines.push(`- Database: ${r.label}`);
  lines.push(`- Machine load (1-min load average) at start / end: ${r.load[0].toFixed(1)} / ${r.load[1].toFixed(1)}`);
  lines.push(
    `- Data set${r.scale !== 1 ? ` (scale ${r.scale})` : ""}: ${Object.entries(r.sizes)
      .map(([k, v]) => `${n(v)} ${k}`)
      .join(", ")}`,
  );
  lines.push(`- Setup: ${r.phases.map((p) => `${p.name} ${s(p.ms)} s`).join(", ")}`);
  lines.push(
    `- Requests: ${r.warmup} warm-up, then ${r.iterations} timed, one at a time; server time of \`api.fetch\` with the body read`,
  );
  lines.push("");
  const rows = r.generation.reduce((a, g) => a + g.rows, 0);
  const genMs = r.generation.reduce((a, g) => a + g.ms, 0);
  lines.push("| generated table | rows | s | rows/s |", "|---|---:|---:|---:|");
  for (const g of r.generation)
    lines.push(`| ${g.table} | ${n(g.rows)} | ${s(g.ms)} | ${n(Math.round(g.rows / (g.ms / 1000)))} |`);
  lines.push(`| **all** | **${n(rows)}** | **${s(genMs)}** | **${n(Math.round(rows / (genMs / 1000)))}** |`, "");
  lines.push("| request | p50 ms | p95 ms | max ms | p95 budget |", "|---|---:|---:|---:|:---:|");
  for (const t of r.timings) {
    lines.push(
      `| ${t.name} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.max)} | ${t.p95 < t.budgetMs ? "✓" : "✗"} < ${t.budgetMs} ms |`,
    );
  }
  if (r.loadRows.length) {
    lines.push(
      "",
      "Load (scripts/bench/load.ts): the product as `npm start` serves it, over HTTP on this machine, signed in through",
      "its provider; a closed-loop client in its own process keeps N keep-alive connections busy (br/gzip accepted);",
      "latency per answer, body read; errors are non-2xx answers or socket errors. 1 connection is the unloaded figure.",
      "",
      "| load | workers | connections | answers/s | p50 ms | p95 ms | p99 ms | errors |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
    );
    for (const l of r.loadRows) {
      lines.push(
        `| ${l.target} | ${l.workers} | ${l.connections} | ${l.rps.toFixed(1)} | ${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.p99)} | ${l.errors} |`,
      );
    }
  }
  return lines.join("\n");
}

const START = (k: DbKind) => `<!-- bench:${k}:start -->`;
const END = (k: DbKind) => `<!-- bench:${k}:end -->`;
const NOTES = "<!-- bench:notes -->";

const HEADER = `# Benchmarks

Server-side figures of the /v1 API on a large synthetic data set, written by \`npm run bench\` (scripts/bench.ts;
the areas' generators and requests are in scripts/bench/areas/). Each database section is replaced when that
database is measured again; the notes after the results are kept.

\`\`\`sh
npm run bench                                 # PGlite, then PostgreSQL when reachable
npm run bench -- --only=pglite                # or --only=postgres
npm run bench -- --iterations=500 --warmup=50 # more samples
npm run bench -- --pg-url=postgres://user@host:5432/postgres  # admin URL; the run creates and drops obec_bench
npm run bench -- --scale=0.1                  # a smaller data set for a quick look (does not write this file)
\`\`\`

Budget (from the issues): API p95 < 50 ms on PostgreSQL, a whole server-rendered page < 150 ms. PGlite rows are
marked against the same figures for comparison. API figures are the time of \`api.fetch(new Request(…))\` in
process, body read: JWT verification, the user lookup, permission and tenancy checks, validation, the queries and
JSON — no socket. "page …" rows are a document request to the production build's request handler with a signed-in
session: every loader's /v1 calls and the React render to HTML (no browser, no socket).
`;

const DEFAULT_NOTES = `${NOTES}

## Notes

Changes that moved a figure are recorded here (what, why, before → after).
`;

/** Replaces the sections of the measured kinds in docs/benchmarks.md, keeping the others and the notes. */
export function writeBenchmarksDoc(file: string, results: KindResult[]): void {
  const old = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const section = (k: DbKind) => {
    const fresh = results.find((r) => r.kind === k);
    if (fresh) return `${START(k)}\n${kindSection(fresh)}\n${END(k)}`;
    const i = old.indexOf(START(k));
    const j = old.indexOf(END(k));
    if (i >= 0 && j > i) return old.slice(i, j + END(k).length);
    return `${START(k)}\n### ${KIND_TITLE[k]}\n\nNot measured yet.\n${END(k)}`;
  };
  const notesAt = old.indexOf(NOTES);
  const notes = notesAt >= 0 ? old.slice(notesAt).trimEnd() + "\n" : DEFAULT_NOTES;
  fs.writeFileSync(file, `${HEADER}\n## Results\n\n${section("pglite")}\n\n${section("postgres")}\n\n${notes}`);
}
