/**
 * The server half of scripts/bench/import-memory.ts: the product's /v1 API and its import worker (as the bench runs
 * them) in a process of its own, over HTTP, so that its memory is the server's alone. Prints one JSON line
 * `{ port, token }` (a token of the bench manager) and serves until it is killed.
 */
import { serve } from "@hono/node-server";
import { openDatabase } from "../../api/db/client";
import { createBenchApi } from "./api";
import { BENCH_MANAGER } from "./areas/users";

const url = process.argv[2];
if (!url) throw new Error("usage: import-server.ts <database url>");
const database = await openDatabase({ url });
const api = await createBenchApi(database);
const token = await api.token(BENCH_MANAGER);
const server = serve({ fetch: (req) => api.fetch(req), port: 0, hostname: "127.0.0.1" }, (info) => {
  console.log(JSON.stringify({ port: info.port, token }));
});
const stop = () => {
  server.close();
  void api.jobs.stop().finally(() => database.close().finally(() => process.exit(0)));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
