/**
 * The background-job engine (decision 0028): pg-boss on PostgreSQL with its own pool, and on PGlite through a small
 * adapter over the one embedded connection. Jobs survive a restart (they are rows), several processes sharing a
 * PostgreSQL database share the work (pg-boss fetches with SKIP LOCKED).
 *
 * pg-boss knows a job as queued / active / completed / failed; what a user sees (state, counts, progress, errors)
 * lives in the product's own rows (import_job), keyed by what the job carries.
 */
import PgBoss from "pg-boss";
import type { PGlite } from "@electric-sql/pglite";
import type { Database } from "../db/client";

/** The queues of the product; each has one handler (api/jobs/workers.ts). */
export const QUEUES = [
  "import",
  "fee-calculation",
  "payment-notice",
  "yard-protocol-mail",
  "distribution-report-mail",
] as const;
export type QueueName = (typeof QUEUES)[number];

export interface JobQueue {
  /** Puts a job on a queue; answers pg-boss's job id. `expireInSeconds`: longer work than the default hour. */
  send(name: QueueName, data: object, opts?: { expireInSeconds?: number }): Promise<string>;
  /**
   * Starts taking jobs of a queue in this process (at most `concurrency` at a time). The signal is aborted when
   * the queue stops: a handler hands its job back between two steps and throws, and the job is tried again.
   */
  work<T extends object>(
    name: QueueName,
    handler: (data: T, signal: AbortSignal) => Promise<void>,
    opts?: { concurrency?: number },
  ): Promise<void>;
  /** Is the queue's job still waiting to run (created or waiting for a retry)? */
  isWaiting(name: QueueName, id: string): Promise<boolean>;
  /** Stops taking jobs; running handlers are told to stop and waited for up to `timeoutMs`. */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
}

export interface QueueOptions {
  /** How often an idle worker looks for a job (pg-boss's minimum is 0.5 s). */
  pollSeconds?: number;
  /** Run pg-boss's maintenance (expiring, archiving) in this process; a send-only queue (tests, tools) does not. */
  supervise?: boolean;
}

/**
 * pg-boss runs its migrations and locked blocks as multi-statement strings without parameters, which PGlite's
 * extended-protocol `query` refuses: those go through `exec`. After a failed statement the single connection would
 * stay in an aborted transaction, so the adapter rolls it back.
 */
export function pgliteExecutor(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      try {
        if (values?.length) return await pglite.query(text, values);
        const results = await pglite.exec(text);
        return { rows: results.flatMap((r) => r.rows ?? []) };
      } catch (err) {
        await pglite.exec("rollback").catch(() => undefined);
        throw err;
      }
    },
  };
}

/** A failed attempt is tried again (a process that died mid-job leaves it active until it expires). */
const RETRY = { retryLimit: 3, retryDelay: 5, retryBackoff: true } as const;
/** A job not finished in this time is taken as lost and tried again; the handler itself resumes where it stopped. */
const EXPIRE_SECONDS = 60 * 60;

export async function startQueue(database: Database, opts: QueueOptions = {}): Promise<JobQueue> {
  const supervise = opts.supervise ?? true;
  const boss =
    database.kind === "pglite"
      ? new PgBoss({ db: pgliteExecutor(database.pglite!), supervise, schedule: false })
      : new PgBoss({
          connectionString: database.url,
          max: 4,
          supervise,
          schedule: false,
          application_name: "obec-jobs",
        });
  boss.on("error", (err) => console.error("[jobs]", err.message));
  await boss.start();
  for (const name of QUEUES) {
    // createQueue is idempotent only in effect: a second process may create it between the check and the insert.
    if (!(await boss.getQueue(name)))
      await boss.createQueue(name, { name, ...RETRY, expireInSeconds: EXPIRE_SECONDS }).catch(() => undefined);
  }
  const stopping = new AbortController();
  /** This process's workers by queue: a job sent here wakes them at once instead of at their next poll. */
  const local = new Map<QueueName, string[]>();
  const pollingIntervalSeconds = Math.max(0.5, opts.pollSeconds ?? (database.kind === "pglite" ? 0.5 : 2));
  return {
    async send(name, data, opts) {
      const id = await boss.send(name, data, { ...RETRY, expireInSeconds: opts?.expireInSeconds ?? EXPIRE_SECONDS });
      if (!id) throw new Error(`job not queued on ${name}`);
      for (const worker of local.get(name) ?? []) boss.notifyWorker(worker);
      return id;
    },
    async work(name, handler, { concurrency = 1 } = {}) {
      for (let i = 0; i < concurrency; i++) {
        const worker = await boss.work<object>(name, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
          if (job) await handler(job.data as never, stopping.signal);
        });
        local.set(name, [...(local.get(name) ?? []), worker]);
      }
    },
    async isWaiting(name, id) {
      const job = await boss.getJobById(name, id);
      return job?.state === "created" || job?.state === "retry";
    },
    async stop({ timeoutMs = 10_000 } = {}) {
      stopping.abort(new Error("the job queue is stopping"));
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: database.kind === "postgres" });
    },
  };
}
