/**
 * The load scenario's client (issue 11 'Speed'), run in its own process so that it does not share the server's
 * event loop: `connections` keep-alive connections, each sending its next request as soon as the last answer is
 * read (a closed loop, as autocannon does), for a fixed time after a warm-up. Every latency is kept, so the
 * percentiles are exact, not read off a histogram; a non-2xx answer or a socket error counts as an error.
 *
 * Input: one JSON argument (LoadJob); output: one JSON line (LoadFigures) on stdout.
 */
import http from "node:http";

export interface LoadJob {
  /** Absolute URLs, taken in turn (a detail page over many records). */
  urls: string[];
  headers: Record<string, string>;
  connections: number;
  warmupMs: number;
  durationMs: number;
}

export interface LoadFigures {
  connections: number;
  requests: number;
  errors: number;
  /** Answers per second over the timed part. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The first error seen, to tell what went wrong. */
  firstError?: string;
}

function once(agent: http.Agent, url: string, headers: Record<string, string>): Promise<{ ok: boolean; what: string }> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on("end", () => {
        const ok = (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300;
        resolve({ ok, what: `${res.statusCode} ${url}` });
      });
      res.on("error", (err) => resolve({ ok: false, what: `${err.message} ${url}` }));
    });
    req.on("error", (err) => resolve({ ok: false, what: `${err.message} ${url}` }));
  });
}

export async function runLoad(job: LoadJob): Promise<LoadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let next = 0;
  const started = performance.now();
  const timedFrom = started + job.warmupMs;
  const end = timedFrom + job.durationMs;

  async function connection() {
    while (performance.now() < end) {
      const url = job.urls[next++ % job.urls.length]!;
      const t0 = performance.now();
      const { ok, what } = await once(agent, url, job.headers);
      const t1 = performance.now();
      if (t0 < timedFrom || t1 > end) continue; // only requests wholly inside the timed window count
      latencies.push(t1 - t0);
      if (!ok) {
        errors++;
        firstError ??= what;
      }
    }
  }
  await Promise.all(Array.from({ length: job.connections }, connection));
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? NaN;
  return {
    connections: job.connections,
    requests: latencies.length,
    errors,
    rps: latencies.length / (job.durationMs / 1000),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: latencies[latencies.length - 1] ?? NaN,
    ...(firstError ? { firstError } : {}),
  };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const job = JSON.parse(process.argv[2] ?? "{}") as LoadJob;
  process.stdout.write(`${JSON.stringify(await runLoad(job))}\n`);
}
