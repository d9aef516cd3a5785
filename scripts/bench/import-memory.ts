/**
 * `npx tsx scripts/bench/import-memory.ts [--url=…/obec_bench] [--rows=50000,200000,500000] [--runs=1]`
 *
 * The collection import's throughput and the SERVER's memory alone (issue 13 part 7 'memory flat whatever the file
 * size'): the API and its import worker run in a process of their own (import-server.ts); a Universal file is written
 * to disk row by row (never held whole) and uploaded over HTTP from there; the server's resident memory is read from
 * /proc every 50 ms from the upload to the job's end. Runs on a database the bench kept (`npm run bench --
 * --only=postgres --keep`): the large city's bins, the file of scripts/bench/areas/collections.ts (each bin once a
 * day, 1 code in 97 unknown). What the import made is deleted after each run, so runs can be repeated.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import pg from "pg";

const { values: args } = parseArgs({
  options: {
    url: { type: "string", default: "postgres://postgres@127.0.0.1:5432/obec_bench" },
    rows: { type: "string", default: "50000,200000,500000" },
    runs: { type: "string", default: "1" },
  },
  strict: true,
});
const sizes = args.rows.split(",").map(Number);
const runs = Number(args.runs);
const HERE = import.meta.dirname;

const client = new pg.Client({ connectionString: args.url });
await client.connect();
const { rows: top } = await client.query<{ id: number }>(
  `select municipality_id as id from waste_evidence_header group by 1 order by count(*) desc limit 1`,
);
const municipalityId = top[0]!.id;
const { rows: bins } = await client.query<{ barcode: string; capacity: number }>(
  `select h.barcode, bt.capacity from waste_evidence_header h join bin_type bt on bt.id = h.bin_type_id
   join waste_type w on w.id = h.waste_type_id
   where h.municipality_id = $1 and h.state = 'Assigned' and h.subject_id is not null and w.catalog_code = '200301'
   order by h.id`,
  [municipalityId],
);

/** The bench's file (scripts/bench/areas/collections.ts), written to disk a line at a time. */
async function writeFile(rows: number): Promise<string> {
  const file = path.join(os.tmpdir(), `svoz-${rows}-${process.pid}.csv`);
  const out = fs.createWriteStream(file);
  const day = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1, 5, 0);
  out.write("time;code;rfid;waste;binVolume;fullness;weight;latitude;longitude;licencePlate;device;nonconformingStates\n");
  for (let i = 0; i < rows; i++) {
    const bin = bins[i % bins.length]!;
    const at = new Date(day + Math.floor(i / bins.length) * 86_400_000 + (i % bins.length) * 1_000).toISOString();
    const code = i % 97 === 0 ? `99${i}` : bin.barcode;
    const line = `${at};${code};;200301;${bin.capacity};100;${(bin.capacity * 0.12).toFixed(1)};49.21;15.88;9T9 9999;;\n`;
    if (!out.write(line)) await new Promise<void>((r) => out.once("drain", () => r()));
  }
  await new Promise<void>((r, j) => out.end((err?: Error | null) => (err ? j(err) : r())));
  return file;
}

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : 0;
};

const server = spawn(process.execPath, ["--import", "tsx", path.join(HERE, "import-server.ts"), args.url], {
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, NODE_ENV: "production" },
});
const lines = readline.createInterface({ input: server.stdout! });
const first = await new Promise<string>((resolve) => lines.once("line", resolve));
lines.on("line", (line) => console.log(`  [server] ${line}`));
const { port, token } = JSON.parse(first) as { port: number; token: string };
const base = `http://127.0.0.1:${port}/v1/municipality/${municipalityId}/waste-collection/import`;
const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };

interface Job {
  id: number;
  state: string;
  totalRows: number;
  acceptedRows: number;
  errorRows: number;
}

console.log(`server pid ${server.pid}, municipality ${municipalityId}, ${bins.length} bins; ${os.loadavg()[0]!.toFixed(2)} load`);
for (const rows of sizes) {
  const file = await writeFile(rows);
  const mb = fs.statSync(file).size / 2 ** 20;
  for (let r = 0; r < runs; r++) {
    await new Promise((res) => setTimeout(res, 1000));
    const baseRss = rssMb(server.pid!);
    let peak = baseRss;
    const watch = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 50);
    const started = performance.now();
    const body = new FormData();
    body.set("format", "Universal");
    body.set("file", await fs.openAsBlob(file, { type: "text/csv" }), "svoz.csv");
    const res = await fetch(base, { method: "POST", headers, body });
    let job = (await res.json()) as Job;
    if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${JSON.stringify(job)}`);
    const uploadMs = performance.now() - started;
    while (job.state === "unprocessed" || job.state === "processing") {
      await new Promise((res) => setTimeout(res, 100));
      job = (await (await fetch(`${base}/${job.id}`, { headers })).json()) as Job;
    }
    const ms = performance.now() - started;
    clearInterval(watch);
    if (job.totalRows !== rows) throw new Error(`import: ${JSON.stringify(job)}`);
    console.log(
      `${rows.toLocaleString("en-US")} rows (${mb.toFixed(1)} MB): ${(ms / 1000).toFixed(2)} s (upload ${(uploadMs / 1000).toFixed(2)} s) = ${Math.round(rows / (ms / 1000)).toLocaleString("en-US")} rows/s; ${job.acceptedRows} accepted, ${job.errorRows} rejected; server RSS ${Math.round(baseRss)} → peak ${Math.round(peak)} MB (+${Math.round(peak - baseRss)})`,
    );
    // Back to the bench's data set (the job's log first: each record deleted looks for the log entries naming it).
    await client.query(`delete from waste_collection_log where import_job_id = $1`, [job.id]);
    await client.query(`vacuum waste_collection_log`);
    await client.query(`delete from waste_collection where import_job_id = $1`, [job.id]);
    await client.query(`delete from import_job where id = $1`, [job.id]);
  }
  fs.rmSync(file);
}
server.kill("SIGTERM");
await client.end();
