import { data, redirect, type AppLoadContext } from "react-router";
import { BOTH_EXPIRED_MESSAGE, refreshTokens, SessionExpiredError, tokenState } from "./auth.server";
import { commit, getSession, redirectToSignIn, type WebSession } from "./session.server";
import type { SessionTokens } from "./context";
import { endpoints, type Endpoints } from "#contract/endpoints/index";
import {
  endpointUrl,
  type EndpointAnswer,
  type EndpointBody,
  type EndpointDef,
  type EndpointInput,
} from "#contract/endpoint";

/** Spec 000 §9: the server-side client times out after 10 s and retries once, for GET/HEAD only. */
export const SERVER_TIMEOUT_MS = 10_000;

/** An upload's token must outlive the way to the API's check by this much (a JSON call just refreshes after a 401). */
export const UPLOAD_TOKEN_MARGIN_MS = 10_000;

export interface ApiProblem {
  Message: string;
  errors?: Record<string, string[]>;
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; problem: ApiProblem };

export type Query = Record<string, string | number | boolean | null | undefined>;

interface RequestOptions {
  query?: Query | URLSearchParams;
  json?: unknown;
  formData?: FormData;
}

function toSearch(query: RequestOptions["query"]): string {
  if (!query) return "";
  const params = query instanceof URLSearchParams ? query : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

async function fetchWithRetry(context: AppLoadContext, build: () => Request): Promise<Response> {
  const attempt = async () => {
    const req = build();
    const timeout = AbortSignal.timeout(SERVER_TIMEOUT_MS);
    return Promise.race([
      context.apiFetch(new Request(req, { signal: timeout })),
      new Promise<never>((_, reject) =>
        timeout.addEventListener("abort", () => reject(new Error("API timeout")), { once: true }),
      ),
    ]);
  };
  const method = build().method;
  try {
    return await attempt();
  } catch (err) {
    if (method !== "GET" && method !== "HEAD") throw err;
    return attempt();
  }
}

/** Typed /v1 client of one web request: bearer token from the session, refresh, 401/403 handling (spec 000 §4, §8). */
// The typed calls api.<domain>.<call> are defined on the prototype at the end of this module (one getter per domain).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface ApiClient extends Calls<"call"> {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ApiClient {
  private tokensChanged = false;
  private bound = new Map<string, Record<string, Record<string, unknown>>>();

  /** The typed calls of one kind, bound once per client on first use. */
  calls(make: "call" | "result" | "file" | "upload") {
    let calls = this.bound.get(make);
    if (!calls) this.bound.set(make, (calls = this.bind(make)));
    return calls;
  }

  /** One function per endpoint (the typed calls above), sending through the private path-level methods. */
  private bind(make: "call" | "result" | "file" | "upload"): Record<string, Record<string, unknown>> {
    const out: Record<string, Record<string, unknown>> = {};
    for (const [domain, calls] of Object.entries(endpoints)) {
      const bound: Record<string, unknown> = (out[domain] = {});
      for (const [name, def] of Object.entries(calls as Record<string, EndpointDef>)) {
        bound[name] = (
          input: Record<string, unknown> | undefined,
          body?: unknown,
          type?: { contentType: string; contentLength?: string | null },
        ) => {
          const { path, query } = endpointUrl(def, input);
          const method = def.method.toUpperCase();
          if (make === "file") return this.rawPath(path + toSearch(query), { method, json: body });
          if (make === "upload") return this.uploadPath(path, body as ReadableStream<Uint8Array> | null, type!, method);
          if (make === "call" && def.method === "get") return this.get(path, query);
          return this.request(method, path, { query, json: body });
        };
      }
    }
    return out;
  }

  /** api.result.<domain>.<call>: always the ApiResult. */
  get result(): Calls<"result"> {
    return this.calls("result") as unknown as Calls<"result">;
  }

  /** api.file.<domain>.<call>: the raw Response of a binary answer. */
  get file(): Calls<"file"> {
    return this.calls("file") as unknown as Calls<"file">;
  }

  /** api.upload.<domain>.<call>: a streamed upload. */
  get upload(): Calls<"upload"> {
    return this.calls("upload") as unknown as Calls<"upload">;
  }

  constructor(
    private incoming: Request,
    private context: AppLoadContext,
    public session: WebSession,
  ) {}

  private async signOut(): Promise<never> {
    throw redirect("/login", {
      headers: { "Set-Cookie": await this.context.sessionStorage.destroySession(this.session) },
    });
  }

  private async validTokens(force = false, margin?: number): Promise<SessionTokens> {
    const tokens = this.session.get("tokens");
    if (!tokens) return this.signOut();
    if (!force && tokenState(tokens.expiresAt, Date.now(), margin) === "valid") return tokens;
    try {
      const fresh = await refreshTokens(this.context.config, tokens);
      this.session.set("tokens", fresh);
      this.tokensChanged = true;
      await commit(this.context, this.session);
      return fresh;
    } catch (err) {
      if (err instanceof SessionExpiredError) {
        // Silent for the user (spec 000 §4): the session is reset and the request aborted.
        console.warn(BOTH_EXPIRED_MESSAGE);
        return this.signOut();
      }
      throw err;
    }
  }

  private async request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
    const url = `${this.context.apiBase}/v1${path}${toSearch(opts.query)}`;
    const send = (token: string) =>
      fetchWithRetry(this.context, () => {
        const headers = new Headers({ Authorization: `Bearer ${token}`, Accept: "application/json" });
        let body: BodyInit | undefined;
        if (opts.json !== undefined) {
          headers.set("Content-Type", "application/json");
          body = JSON.stringify(opts.json);
        } else if (opts.formData) body = opts.formData;
        return new Request(url, { method, headers, body });
      });

    return this.answer<T>(await this.authorized(send));
  }

  /**
   * Sends with the session's access token; on a 401 refreshes once and sends again, then logs out to /login
   * (spec 000 §4). A token judged valid here can still expire before the API checks it, so every call needs this.
   */
  private async authorized(send: (token: string) => Promise<Response>): Promise<Response> {
    const res = await send((await this.validTokens()).accessToken);
    if (res.status !== 401) return res;
    const again = await send((await this.validTokens(true)).accessToken);
    return again.status === 401 ? this.signOut() : again;
  }

  /**
   * Streams an upload (a CSV import) to the API as it arrives, so the web tier never holds the file. A stream is
   * read once: it is sent once (the token refreshed before, a 401 signs out) and without the 10 s timeout, since a
   * large import takes longer.
   */
  private async uploadPath<T>(
    path: string,
    body: ReadableStream<Uint8Array> | null,
    type: { contentType: string; contentLength?: string | null },
    method = "POST",
  ): Promise<ApiResult<T>> {
    // Refreshed first when it would expire within UPLOAD_TOKEN_MARGIN_MS: the stream cannot be sent again after a 401.
    const token = (await this.validTokens(false, UPLOAD_TOKEN_MARGIN_MS)).accessToken;
    const headers = new Headers({ Authorization: `Bearer ${token}`, Accept: "application/json" });
    headers.set("Content-Type", type.contentType);
    if (type.contentLength) headers.set("Content-Length", type.contentLength);
    const init = { method, headers, body, duplex: "half" } as RequestInit;
    const res = await this.context.apiFetch(new Request(`${this.context.apiBase}/v1${path}`, init));
    if (res.status === 401) return this.signOut();
    return this.answer<T>(res);
  }

  /** The answer of a /v1 call: 403 → the error page (spec 000 §8), JSON parsed, problems as { Message, errors }. */
  private async answer<T>(res: Response): Promise<ApiResult<T>> {
    if (res.status === 403) return this.forbidden();
    if (res.status === 204) return { ok: true, status: 204, data: null as T };
    const type = res.headers.get("content-type") ?? "";
    const payload = type.includes("json") ? await res.json() : null;
    if (res.ok) return { ok: true, status: res.status, data: payload as T };
    return {
      ok: false,
      status: res.status,
      problem: { Message: payload?.Message ?? `HTTP ${res.status}`, errors: payload?.errors },
    };
  }

  /** A 403 is remembered for the error page, which it leads to (spec 000 §8). */
  private async forbidden(): Promise<never> {
    const url = new URL(this.incoming.url);
    this.session.set("forbidden", {
      path: url.pathname + url.search,
      timestamp: new Date().toISOString(),
      status: "403",
    });
    throw redirect("/error/403", { headers: { "Set-Cookie": await commit(this.context, this.session) } });
  }

  /** For binary answers (logos, PDFs): the raw response after the same token and 403 handling; `init` for a POST. */
  private async rawPath(path: string, init: { method?: string; json?: unknown } = {}): Promise<Response> {
    const body = init.json !== undefined ? JSON.stringify(init.json) : undefined;
    const res = await this.authorized((token) =>
      fetchWithRetry(this.context, () => {
        const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
        if (body !== undefined) headers["Content-Type"] = "application/json";
        return new Request(`${this.context.apiBase}/v1${path}`, { method: init.method ?? "GET", headers, body });
      }),
    );
    return res.status === 403 ? this.forbidden() : res;
  }

  /** GET for loaders: any failure becomes the error page with the response's Message (spec 000 §8). */
  private async get<T>(path: string, query?: RequestOptions["query"]): Promise<T> {
    const result = await this.request<T>("GET", path, { query });
    if (result.ok) return result.data;
    throw data({ message: result.problem.Message }, { status: result.status });
  }
}

/**
 * The typed client (issue 12, decision 0027): one function per endpoint of contract/endpoints/, named by domain and
 * call, e.g. api.device.list({ search: "x", page: 2 }) or api.device.update({ deviceId }, body). The path params
 * fill the path and the rest of the first argument is the query; the answer has the endpoint's response type.
 * - api.<domain>.<call>: a GET answers its data (a failure becomes the error page, spec 000 §8); other methods
 *   answer an ApiResult, so a form can show a 422's field errors;
 * - api.result.<domain>.<call>: always the ApiResult (a loader that tolerates a missing record);
 * - api.file.<domain>.<call>: the raw Response (PDF, image, CSV);
 * - api.upload.<domain>.<call>(input, stream, type): a streamed upload (a CSV import).
 */
type Args<D extends EndpointDef> = "body" extends keyof D
  ? [input: EndpointInput<D>, body: EndpointBody<D>]
  : Record<never, never> extends EndpointInput<D>
    ? [input?: EndpointInput<D>]
    : [input: EndpointInput<D>];

type Calls<Make> = {
  [Domain in keyof Endpoints]: {
    [Call in keyof Endpoints[Domain]]: Make extends "call"
      ? DefaultCall<Endpoints[Domain][Call]>
      : Make extends "result"
        ? ResultCall<Endpoints[Domain][Call]>
        : Make extends "file"
          ? FileCall<Endpoints[Domain][Call]>
          : UploadCall<Endpoints[Domain][Call]>;
  };
};
type DefaultCall<D> = D extends EndpointDef
  ? D["method"] extends "get"
    ? (...args: Args<D>) => Promise<EndpointAnswer<D>>
    : (...args: Args<D>) => Promise<ApiResult<EndpointAnswer<D>>>
  : never;
type ResultCall<D> = D extends EndpointDef ? (...args: Args<D>) => Promise<ApiResult<EndpointAnswer<D>>> : never;
type FileCall<D> = D extends EndpointDef ? (...args: Args<D>) => Promise<Response> : never;
type UploadCall<D> = D extends EndpointDef
  ? (
      input: EndpointInput<D>,
      body: ReadableStream<Uint8Array> | null,
      type: { contentType: string; contentLength?: string | null },
    ) => Promise<ApiResult<EndpointAnswer<D>>>
  : never;

export async function apiFor(request: Request, context: AppLoadContext): Promise<ApiClient> {
  const session = await getSession(request, context);
  if (!session.get("tokens")) return redirectToSignIn(request, context);
  return new ApiClient(request, context, session);
}

// api.<domain>: the default calls of each domain, bound once per client on first use.
for (const domain of Object.keys(endpoints)) {
  Object.defineProperty(ApiClient.prototype, domain, {
    get(this: ApiClient & { calls(make: string): Record<string, unknown> }) {
      return this.calls("call")[domain];
    },
  });
}
