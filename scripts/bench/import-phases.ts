/**
 * `npx tsx scripts/bench/import-phases.ts [--url=…/obec_bench | --pglite=<data dir>] [--rows=100000] [--runs=3]`
 *
 * The collection import alone, in this process, for finding where its time goes (issue 13 part 7): the bench's
 * Universal file (scripts/bench/areas/collections.ts: each bin once a day, 1 code in 97 unknown) is stored as an
 * upload would store it and run with runImportJob — no HTTP, no queue — on a database the bench kept (`npm run bench
 * -- --only=postgres --keep`, or a PGlite data dir kept by `--only=pglite --keep`). Besides the wall time it reports the CPU time of this process (Node: reading,
 * parsing, deciding) and of its PostgreSQL backends (read from /proc: the server must be local), the WAL written
 * and the time per phase (COLLECTION_IMPORT_PROFILE). CPU times hardly move with the machine's load, wall times
 * do: on a shared machine compare CPU times, and runs interleaved. What the import made is deleted after each run.
 */
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import path from "node:path";
import { Session } from "node:inspector/promises";
import { openDatabase } from "../../api/db/client";
import { storeUpload } from "../../api/modules/import/store";
import { runImportJob } from "../../api/modules/import/runner";
import { IMPORTERS } from "../../api/modules/import/importers";

const { values: args } = parseArgs({
  options: {
    url: { type: "string", default: "postgres://postgres@127.0.0.1:5432/obec_bench" },
    pglite: { type: "string" },
    rows: { type: "string", default: "100000" },
    runs: { type: "string", default: "3" },
    /** Writes a CPU profile of this process during each run (Chrome DevTools' format) to this directory. */
    "cpu-prof": { type: "string" },
  },
  strict: true,
});
const rows = Number(args.rows);
process.env.COLLECTION_IMPORT_PROFILE = "1";

const APP = "import-phases";
const url = new URL(args.url);
url.searchParams.set("application_name", APP);
const database = await openDatabase(args.pglite ? { dataDir: args.pglite } : { url: url.toString() });
const query = async <T>(text: string): Promise<T[]> =>
  ((await database.db.execute(text)) as unknown as { rows: T[] }).rows;

const [top] = await query<{ id: number }>(
  `select municipality_id as id from waste_evidence_header group by 1 order by count(*) desc limit 1`,
);
const municipalityId = top!.id;
const users = await query<{ id: number }>(`select id from "user" where user_name = 'bench.manager'`);
const bins = await query<{ barcode: string; capacity: number }>(
  `select h.barcode, bt.capacity from waste_evidence_header h join bin_type bt on bt.id = h.bin_type_id
   join waste_type w on w.id = h.waste_type_id
   where h.municipality_id = ${municipalityId} and h.state = 'Assigned' and h.subject_id is not null
     and w.catalog_code = '200301'
   order by h.id`,
);

/** The bench's file, as chunks of the upload. */
async function* file(): AsyncGenerator<Buffer> {
  const day = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1, 5, 0);
  let text =
    "time;code;rfid;waste;binVolume;fullness;weight;latitude;longitude;licencePlate;device;nonconformingStates\n";
  for (let i = 0; i < rows; i++) {
    const bin = bins[i % bins.length]!;
    const at = new Date(day + Math.floor(i / bins.length) * 86_400_000 + (i % bins.length) * 1_000).toISOString();
    const code = i % 97 === 0 ? `99${i}` : bin.barcode;
    text += `${at};${code};;200301;${bin.capacity};100;${(bin.capacity * 0.12).toFixed(1)};49.21;15.88;9T9 9999;;\n`;
    if (text.length > 1 << 20) {
      yield Buffer.from(text);
      text = "";
    }
  }
  yield Buffer.from(text);
}

const TICK = 100; // /proc/<pid>/stat counts in clock ticks (USER_HZ, 100 on Linux)
/** CPU time of this process's PostgreSQL backends (none on PGlite: it runs in this process). */
async function backendCpuMs(): Promise<number> {
  if (args.pglite) return 0;
  const pids = await query<{ pid: number }>(`select pid from pg_stat_activity where application_name = '${APP}'`);
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(f[11]) + Number(f[12]); // utime, stime
    } catch {
      // the backend ended
    }
  }
  return (ticks * 1000) / TICK;
}
const walBytes = async () =>
  Number((await query<{ b: string }>(`select pg_current_wal_lsn() - '0/0'::pg_lsn as b`))[0]!.b);

const log = console.log;
const lines: string[] = [];
console.log = (...a: unknown[]) => {
  const s = a.map(String).join(" ");
  if (s.startsWith("[collection import]")) lines.push(s);
  else log(...a);
};

log(
  `${args.pglite ? "PGlite" : "PostgreSQL"}, municipality ${municipalityId}, ${bins.length} bins, ${rows.toLocaleString("en-US")} rows; load ${os.loadavg()[0]!.toFixed(1)}`,
);
const never = new AbortController().signal;
for (let r = 0; r < Number(args.runs); r++) {
  // Warm the pool's connections so that their backends are there to be measured.
  await Promise.all(Array.from({ length: 3 }, () => database.db.execute("select 1")));
  const jobId = await storeUpload(
    database.db,
    {
      municipalityId,
      userId: users[0]?.id ?? null,
      type: "wasteCollection",
      format: "Universal",
      maxBytes: 2 ** 31,
      checkHead: () => undefined,
    },
    { fileName: "svoz.csv", chunks: file() },
  );
  const load0 = os.loadavg()[0]!;
  const wal0 = await walBytes();
  const pg0 = await backendCpuMs();
  const cpu0 = process.cpuUsage();
  const profiler = args["cpu-prof"] ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
  }
  const t0 = performance.now();
  await runImportJob(database.db, IMPORTERS, jobId, never);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (profiler) {
    const { profile } = await profiler.post("Profiler.stop");
    fs.mkdirSync(args["cpu-prof"]!, { recursive: true });
    fs.writeFileSync(
      path.join(args["cpu-prof"]!, `import-${process.pid}-${r + 1}.cpuprofile`),
      JSON.stringify(profile),
    );
    profiler.disconnect();
  }
  const pgMs = (await backendCpuMs()) - pg0;
  const wal = (await walBytes()) - wal0;
  const job = await query<Record<string, unknown>>(
    `select state, accepted_rows, error_rows, total_rows from import_job where id = ${jobId}`,
  );
  const nodeMs = (cpu.user + cpu.system) / 1000;
  log(
    `run ${r + 1}: ${(ms / 1000).toFixed(2)} s = ${Math.round(rows / (ms / 1000)).toLocaleString("en-US")} rows/s; ` +
      `CPU node ${(nodeMs / 1000).toFixed(2)} s (${((nodeMs * 1000) / rows).toFixed(1)} µs/row), ` +
      (args.pglite ? "" : `postgres ${(pgMs / 1000).toFixed(2)} s (${((pgMs * 1000) / rows).toFixed(1)} µs/row); `) +
      `WAL ${(wal / 2 ** 20).toFixed(0)} MB; load ${load0.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}; ` +
      `${job[0]!.state}, ${job[0]!.accepted_rows} accepted, ${job[0]!.error_rows} rejected`,
  );
  for (const l of lines.splice(0)) log(`  ${l}`);
  await query(`delete from waste_collection_log where import_job_id = ${jobId}`);
  await query(`delete from waste_collection where import_job_id = ${jobId}`);
  // Records it put into collections an earlier job made (found again by their key) go too: every run starts alike.
  await query(`delete from waste_evidence_record where import_job_id = ${jobId}`);
  await query(`delete from import_job where id = ${jobId}`);
  await query(`vacuum waste_evidence_record, waste_collection_log`);
}
await database.close();
