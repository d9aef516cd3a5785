import { randomBytes } from "node:crypto";
import type { AuthMemo } from "../api/app";
import type { WebContext } from "../app/server/context";

/** The in-process API as the web part calls it: Hono's fetch with the request's auth memo as its env. */
export interface InProcessApi {
  fetch(request: Request, env?: { authMemo?: AuthMemo }): Response | Promise<Response>;
}

/**
 * The load context of one web request (decisions 0018, 0022): its own CSP nonce, a session memo (the loaders read
 * the session row once) and, when the API runs in this process, an auth memo (the page's /v1 calls look up their
 * token once). Nothing in it outlives the request.
 */
export function contextForRequest(base: WebContext, inProcessApi?: InProcessApi): WebContext {
  const authMemo: AuthMemo = new Map();
  return {
    ...base,
    cspNonce: randomBytes(16).toString("base64"),
    sessionMemo: new Map(),
    apiFetch: inProcessApi ? (req) => Promise.resolve(inProcessApi.fetch(req, { authMemo })) : base.apiFetch,
  };
}
