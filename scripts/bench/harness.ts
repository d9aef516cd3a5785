/**
 * The benchmark harness (ARCHITECTURE.md "Performance"): the pieces every area's benchmark shares.
 *
 * An area (scripts/bench/areas/*.ts) contributes two things:
 * - `generate(ctx)`: its share of the large data set, inserted through `ctx.insertMany` (large multi-row batches in
 *   one transaction per table; the harness reports rows and rows/s per table). Areas run in the order of
 *   scripts/bench.ts and leave what later areas need (ids, sizes) in `ctx.state`; `ctx.persona` registers the
 *   users the scenarios sign in as.
 * - `scenarios(ctx)`: the requests to time. Each is sent through the real Hono app (`api.fetch`, auth middleware,
 *   permissions, tenancy, validation) with a real RS256 token; the harness warms it up, then times N iterations
 *   and reports p50 / p95 / max against the scenario's p95 budget.
 */
import { getTableName, type Column, type Table } from "drizzle-orm";
import type { Db } from "../../api/db/client";
import type { Random } from "./random";

export type DbKind = "pglite" | "postgres";

export interface GenerationStat {
  table: string;
  rows: number;
  ms: number;
}

export interface Persona {
  userName: string;
  email: string;
}

export interface GenerateContext {
  db: Db;
  kind: DbKind;
  rnd: Random;
  /** Multiplies every data set size (1 = the documented figures). */
  scale: number;
  /** Shared between areas: what one generated, later ones use (ids, counts). */
  state: Record<string, unknown>;
  /** Data set sizes for the report ("municipalities": 6000, ...). */
  sizes: Record<string, number>;
  stats: GenerationStat[];
  /** Insert many rows in large multi-row batches inside one transaction; returns `returning` of each row in order. */
  insertMany<T extends Table, R = never>(
    table: T,
    rows: T["$inferInsert"][],
    opts?: { returning?: Column; label?: string },
  ): Promise<R[]>;
  /** A user the scenarios can sign in as (a token carries preferred_username and email). */
  persona(key: string, p: Persona): void;
}

export interface Scenario {
  name: string;
  /** Persona key registered during generation. */
  as: string;
  /** Path below /v1 with its query, e.g. "/municipality?page=2"; a function varies it per iteration. */
  path: string | ((iteration: number) => string);
  /** p95 budget in ms; default 50 (the API budget of the issues). */
  budgetMs?: number;
}

export interface Area {
  name: string;
  generate(ctx: GenerateContext): Promise<void>;
  scenarios(ctx: { state: Record<string, unknown> }): Scenario[];
}

/** Bound parameters per statement stay well under PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;
const MAX_BATCH = 2_000;

export function createGenerateContext(base: Omit<GenerateContext, "insertMany" | "persona" | "stats" | "sizes" | "state">, personas: Map<string, Persona>): GenerateContext {
  const ctx: GenerateContext = {
    ...base,
    state: {},
    sizes: {},
    stats: [],
    persona(key, p) {
      personas.set(key, p);
    },
    async insertMany(table, rows, opts = {}) {
      const out: any[] = [];
      if (!rows.length) return out;
      const width = Math.max(1, Object.keys(rows[0]!).length);
      const batch = Math.max(1, Math.min(MAX_BATCH, Math.floor(MAX_PARAMS / width)));
      const started = performance.now();
      await base.db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += batch) {
          const chunk = rows.slice(i, i + batch);
          if (opts.returning) {
            const res = await tx.insert(table as any).values(chunk).returning({ v: opts.returning });
            for (const r of res as { v: unknown }[]) out.push(r.v);
          } else {
            await tx.insert(table as any).values(chunk);
          }
        }
      });
      const label = opts.label ?? getTableName(table);
      const existing = ctx.stats.find((s) => s.table === label);
      const ms = performance.now() - started;
      if (existing) {
        existing.rows += rows.length;
        existing.ms += ms;
      } else ctx.stats.push({ table: label, rows: rows.length, ms });
      return out;
    },
  };
  return ctx;
}

export interface Timing {
  name: string;
  p50: number;
  p95: number;
  max: number;
  budgetMs: number;
  iterations: number;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarise(name: string, samples: number[], budgetMs: number): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    name,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1] ?? NaN,
    budgetMs,
    iterations: samples.length,
  };
}
