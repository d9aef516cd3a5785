import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";

/** Starting the product in a child process: browser tests that need other settings (a proxy, several workers), the load bench. */
const ROOT = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface StartedProduct {
  /** Everything it printed so far. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Starts the product as `npm start` does (production build) with `env` over the test's environment, and waits until
 * `ready(log)` holds or, by default, its /healthz answers on `port`.
 */
export async function startProduct(
  port: number,
  env: Record<string, string>,
  ready?: (log: string) => boolean,
): Promise<StartedProduct> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "--no-build"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const up = () =>
    ready
      ? Promise.resolve(ready(log))
      : fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the product exited:\n${log}`);
    if (await up()) break;
    if (i > 480) throw new Error(`the product did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    log: () => log,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}
