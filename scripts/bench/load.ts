/**
 * The load scenario (issue 11 'Speed'): the real product (`npm start`'s production server, scripts/start.ts) on the
 * bench's data set, over real HTTP, signed in through its own provider; each target loaded by a closed-loop client
 * in its own process (load-client.ts) at 1 connection (unloaded), 20 and 50, with one worker and, on PostgreSQL,
 * two (WEB_CONCURRENCY).
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { freePort, startProduct } from "../lib/product";
import type { LoadFigures, LoadJob } from "./load-client";
import { apiToken, webSession } from "./sign-in";

const CLIENT = path.join(import.meta.dirname, "load-client.ts");

export interface LoadTarget {
  name: string;
  /** Paths below / for a page, below /v1 for an API call; taken in turn. */
  paths: string[];
  api: boolean;
}

export interface LoadRow extends LoadFigures {
  target: string;
  workers: number;
}

export interface LoadPlan {
  /** How the product opens the bench's database (DATABASE_URL, or DATA_DIR for PGlite). */
  env: Record<string, string>;
  workers: number[];
  targets: LoadTarget[];
  user: { userName: string; password: string };
  connections?: number[];
  warmupMs?: number;
  durationMs?: number;
  onRow?: (row: LoadRow) => void;
}

function runClient(job: LoadJob): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CLIENT, JSON.stringify(job)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`the load client exited with ${code}`));
      try {
        resolve(JSON.parse(out) as LoadFigures);
      } catch {
        reject(new Error(`the load client answered: ${out}`));
      }
    });
  });
}

export async function runLoad(plan: LoadPlan): Promise<LoadRow[]> {
  const rows: LoadRow[] = [];
  const connections = plan.connections ?? [1, 20, 50];
  for (const workers of plan.workers) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const client = { id: "web", secret: crypto.randomBytes(24).toString("base64url") };
    const product = await startProduct(port, {
      ...plan.env,
      PUBLIC_URL: base,
      DEMO_DATA: "false",
      WEB_CONCURRENCY: String(workers),
      OIDC_CLIENT_ID: client.id,
      OIDC_CLIENT_SECRET: client.secret,
    });
    try {
      const cookie = await webSession(base, plan.user.userName, plan.user.password);
      const token = await apiToken(base, client, plan.user.userName, plan.user.password);
      for (const target of plan.targets) {
        const urls = target.paths.map((p) => `${base}${target.api ? "/v1" : ""}${p}`);
        const headers: Record<string, string> = target.api
          ? { Authorization: `Bearer ${token}`, Accept: "application/json" }
          : { Cookie: cookie, Accept: "text/html" };
        // As a browser asks: the server compresses what it sends (its cost is part of the figure).
        headers["Accept-Encoding"] = "br, gzip";
        for (const c of connections) {
          const figures = await runClient({
            urls,
            headers,
            connections: c,
            warmupMs: plan.warmupMs ?? 2000,
            durationMs: (plan.durationMs ?? 10_000) / (c === 1 ? 2 : 1),
          });
          const row = { target: target.name, workers, ...figures };
          rows.push(row);
          plan.onRow?.(row);
        }
      }
    } finally {
      await product.stop();
    }
  }
  return rows;
}
