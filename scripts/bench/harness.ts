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
import { getTableColumns, getTableName, sql, type Column, type Table } from "drizzle-orm";
import type { Database, Db } from "../../api/db/client";
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
  /** The database itself (the API and its job queue run on it). */
  database: Database;
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
  /** A server-rendered page of the web part (path below /) instead of a /v1 call. */
  web?: boolean;
  /** p95 budget in ms; default 50 (the API budget of the issues; 150 for a whole page). */
  budgetMs?: number;
  /** Also loaded over HTTP by the load scenario (scripts/bench/load.ts) under this name. */
  load?: string;
}

export interface Area {
  name: string;
  generate(ctx: GenerateContext): Promise<void>;
  scenarios(ctx: { state: Record<string, unknown> }): Scenario[];
}

/**
 * An area whose scenarios read back what its generate() kept in `ctx.state[key]` (a run generates every area first,
 * then builds the scenarios from that state).
 */
export function stateArea<S>(
  name: string,
  key: string,
  generate: Area["generate"],
  scenarios: (state: S) => Scenario[],
): Area {
  return { name, generate, scenarios: ({ state }) => scenarios(state[key] as S) };
}

/** A date as its day (YYYY-MM-DD, UTC), as the generated rows store dates. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * About `count` items spread evenly over the list (every step-th one): detail scenarios rotate over these, so they
 * read rows from the whole id range rather than its first pages.
 */
export function spread<T>(items: readonly T[], count = 100): T[] {
  const step = Math.max(1, Math.floor(items.length / count));
  return items.filter((_, i) => i % step === 0);
}

/** Rows per INSERT … SELECT FROM unnest(…): one array parameter per column, so the batch size is free. */
const BATCH = 5_000;

/** The array type of a column's values (serial columns take plain integers). */
const arrayType = (c: Column) =>
  `${({ serial: "integer", bigserial: "bigint", smallserial: "smallint" } as Record<string, string>)[c.getSQLType()] ?? c.getSQLType()}[]`;

/**
 * `insert into t (cols) select * from unnest($1::type[], …) [returning col]`: one bound array per column instead of
 * one parameter per value, which keeps both the SQL text and the driver's work tiny (a VALUES list of 2,000 rows
 * costs drizzle ~0.5 s to build alone). Rows are inserted, and RETURNING answers, in array order.
 */
async function insertBatch(
  db: Db,
  table: Table,
  rows: Record<string, unknown>[],
  returning?: Column,
): Promise<unknown[]> {
  // Rows that leave different columns out (to their defaults) go in separate statements.
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const r of rows) {
    const key = Object.keys(r)
      .filter((k) => r[k] !== undefined)
      .sort()
      .join(",");
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(r);
  }
  if (groups.size > 1) {
    // RETURNING must still answer in the rows' order.
    const out = new Map<Record<string, unknown>, unknown>();
    for (const group of groups.values()) {
      const values = await insertBatch(db, table, group, returning);
      group.forEach((r, i) => out.set(r, values[i]));
    }
    return returning ? rows.map((r) => out.get(r)) : [];
  }
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(rows[0]!).filter((k) => rows[0]![k] !== undefined);
  const targets = keys.map((k) => {
    const column = columns[k];
    if (!column) throw new Error(`${getTableName(table)} has no column ${k}`);
    return column;
  });
  const arrays = targets.map((column, i) =>
    rows.map((r) => {
      const v = r[keys[i]!];
      return v === undefined || v === null ? null : column.mapToDriverValue(v);
    }),
  );
  const query = sql`insert into ${table} (${sql.join(
    targets.map((c) => sql.identifier(c.name)),
    sql`, `,
  )}) select * from unnest(${sql.join(
    targets.map((c, i) => sql`${sql.param(arrays[i])}::${sql.raw(arrayType(c))}`),
    sql`, `,
  )})${returning ? sql` returning ${sql.identifier(returning.name)} as v` : sql``}`;
  let res: { rows: { v: unknown }[] };
  try {
    res = (await db.execute(query)) as unknown as { rows: { v: unknown }[] };
  } catch (err) {
    // The driver's error carries every bound array: keep the report readable.
    const cause = (err as { cause?: unknown }).cause ?? err;
    throw new Error(
      `insert into ${getTableName(table)} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
  return returning ? res.rows.map((r) => r.v) : [];
}

export function createGenerateContext(
  base: Omit<GenerateContext, "insertMany" | "persona" | "stats" | "sizes" | "state">,
  personas: Map<string, Persona>,
): GenerateContext {
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
      const started = performance.now();
      await base.db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += BATCH) {
          const chunk = rows.slice(i, i + BATCH) as Record<string, unknown>[];
          out.push(...(await insertBatch(tx as unknown as Db, table, chunk, opts.returning)));
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
