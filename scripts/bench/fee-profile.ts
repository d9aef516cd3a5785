/**
 * `npx tsx scripts/bench/fee-profile.ts [--url=…/obec_bench | --pglite=dir] [--runs=3] [--explain] [--rollback] [--clear]
 *   [--change=base] [--engine=old] [--save]`
 *
 * The fee engine of the large city (issue 14 part 8) timed statement by statement, on a database the bench kept
 * (`npm run bench -- --only=postgres --keep`; the fees area has set last year's base fee and SortRatio). Each run is
 * one engine run in its transaction, as the job runs it; `--explain` prints EXPLAIN (ANALYZE, BUFFERS) of every
 * statement instead of only its time; `--rollback` undoes each run (a first run can then be repeated on the same
 * data after `--clear`, which deletes the year's fees first); `--change=base` raises the base fee by 1 before each run
 * (every fee changes, as after a saved base fee). Prints the machine's load average with each run.
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { openDatabase, type Db } from "../../api/db/client";
import { runEngine as newEngine } from "../../api/modules/fee-calculation/engine";


const { values: args } = parseArgs({
  options: {
    url: { type: "string", default: "postgres://postgres@127.0.0.1:5432/obec_bench" },
    /** A PGlite data dir instead (a kept bench's …/pglite). */
    pglite: { type: "string" },
    runs: { type: "string", default: "3" },
    explain: { type: "boolean", default: false },
    rollback: { type: "boolean", default: false },
    clear: { type: "boolean", default: false },
    change: { type: "string" },
    engine: { type: "string", default: "new" },
    save: { type: "boolean", default: false },
  },
  strict: true,
});


// --engine=old: a copy of the engine before a change, kept uncommitted beside it, for interleaved before/after runs.
const runEngine =
  args.engine === "old"
    ? ((await import("../../api/modules/fee-calculation/engine-old" as string)) as { runEngine: typeof newEngine }).runEngine
    : newEngine;

const database = await openDatabase(args.pglite ? { dataDir: args.pglite } : { url: args.url });
const { db } = database;
const dialect = new PgDialect();
const one = async <T>(q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows[0]!;
const { municipality_id: M, year: Y } = await one<{ municipality_id: number; year: number }>(
  sql`select b.municipality_id, b.year from base_fee_setting b
    join motivation_activation a on a.municipality_id = b.municipality_id and a.year = b.year
    order by (select count(*) from fee_payer p where p.municipality_id = b.municipality_id) desc limit 1`,
);
console.log(`municipality ${M}, year ${Y}`);

/** A transaction whose execute() is timed (and explained) statement by statement. */
function profiled(tx: Db, times: { label: string; ms: number }[]): Db {
  return new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop !== "execute") return Reflect.get(target, prop, receiver);
      return async (query: SQL) => {
        const text = dialect.sqlToQuery(query).sql.replace(/\s+/g, " ").trim();
        const label = text.slice(0, 90);
        const explainable = /^(create temp table|insert|update|delete)/i.test(text);
        const started = performance.now();
        let res;
        if (args.explain && explainable) {
          res = await target.execute(sql`explain (analyze, buffers) ${query}`);
          const plan = (res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]);
          console.log(`\n--- ${label}\n${plan.join("\n")}`);
        } else res = await target.execute(query);
        times.push({ label, ms: performance.now() - started });
        return res;
      };
    },
  });
}

for (let i = 0; i < Number(args.runs); i++) {
  if (args.clear) await db.execute(sql`delete from fee where municipality_id = ${M} and year = ${Y}`);
  if (args.change === "base")
    await db.execute(sql`update base_fee_setting set base_fee = base_fee + 1 where municipality_id = ${M} and year = ${Y}`);
  const times: { label: string; ms: number }[] = [];
  const load = os.loadavg()[0]!.toFixed(1);
  const started = performance.now();
  let outcome;
  try {
    await db.transaction(async (tx) => {
      outcome = await runEngine(profiled(tx as unknown as Db, times), { calculationId: 0, municipalityId: M, year: Y });
      // --save: the run's temporary tables kept as prof_* tables, to try statements on them in psql.
      if (args.save)
        for (const t of ["fe_setting", "fe_row", "fe_sv", "fe_fee"])
          await tx.execute(sql.raw(`drop table if exists prof_${t}; create table prof_${t} as select * from ${t}`));
      if (args.rollback) tx.rollback();
    });
  } catch (err) {
    if (!args.rollback) throw err;
  }
  const total = performance.now() - started;
  console.log(`\nrun ${i + 1}: ${(total / 1000).toFixed(2)} s (load ${load}) ${JSON.stringify(outcome)}`);
  for (const t of times.filter((x) => x.ms >= 20)) console.log(`  ${t.ms.toFixed(0).padStart(6)} ms  ${t.label}`);
}
await database.close();
