import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "./product";

/** Starts the real product (server.ts on the production build, PGlite, built-in provider) for the browser tests. */
export const ACCESS_TOKEN_TTL = 6;
let child: ChildProcess | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, "../..");
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("Run `react-router build` first (npm run test:e2e does).");
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "obec-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      DEMO_DATA: "true",
      NODE_ENV: "production",
      // Short-lived access tokens: every longer test also exercises the refresh (spec 000 §4).
      ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`Server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide("baseUrl", baseUrl);
  // E-mail goes to <DATA_DIR>/outbox as .eml files on the embedded default: tests read the real messages there.
  project.provide("dataDir", dataDir);
}

export async function teardown() {
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((r) => child!.once("exit", r));
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
