/**
 * Server-rendered pages in process: the production build's request handler (build/server/index.js) with a signed-in
 * session, calling the same in-process API as the API scenarios. A page's time is the whole server work of a
 * document request: session, every loader's /v1 calls and the React render to HTML (no browser, no network).
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  createCookie,
  createMemorySessionStorage,
  createRequestHandler,
  type AppLoadContext,
  type ServerBuild,
} from "react-router";
import type { SessionData, SessionFlash, SessionUser, WebContext } from "../../app/server/context";
import type { BenchApi } from "./api";
import { contextForRequest } from "../../serving/request-context";
import type { Persona } from "./harness";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BUILD = path.join(ROOT, "build/server/index.js");

export interface BenchWeb {
  /** One document request as the persona; returns status and server time in ms. */
  request(pagePath: string, persona: Persona): Promise<{ status: number; ms: number; body: string }>;
}

/** null when there is no production build (`npm run build`); the page scenarios are then skipped. */
export async function createBenchWeb(api: BenchApi): Promise<BenchWeb | null> {
  if (!fs.existsSync(BUILD)) return null;
  const build = (await import(pathToFileURL(BUILD).href)) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  const sessionStorage = createMemorySessionStorage<SessionData, SessionFlash>({
    cookie: createCookie("auth.session", { httpOnly: true, sameSite: "lax", path: "/", secrets: ["bench"] }),
  });
  const context: WebContext = {
    config: {
      publicUrl: api.publicUrl,
      issuer: `${api.publicUrl}/oidc`,
      clientId: "bench",
      clientSecret: null,
      builtInIdp: true,
      supportEmail: "podpora@bench.local",
    },
    sessionStorage,
    apiBase: api.publicUrl,
    buildId: build.assets.version,
    apiFetch: (req) => api.fetch(req),
  };
  const cookies = new Map<string, string>();

  /** Signs the persona in as /login does after the code exchange: tokens, user, permissions, municipality. */
  async function cookieFor(p: Persona): Promise<string> {
    const known = cookies.get(p.userName);
    if (known) return known;
    const token = await api.token(p);
    const get = async <T>(apiPath: string): Promise<T> => {
      const res = await api.request(apiPath, token);
      if (res.status !== 200) throw new Error(`${apiPath} answered ${res.status}`);
      return JSON.parse(res.body) as T;
    };
    const info = await get<{
      id: number;
      fullName: string;
      userName: string;
      email: string | null;
      roles: { name: string }[];
      language: string;
      municipality: { id: number } | null;
    }>("/user/user-info");
    const permissions = await get<{ value: string }[]>("/user/user-info/permissions");
    const session = await sessionStorage.getSession();
    const far = Date.now() + 3 * 3600_000;
    session.set("tokens", {
      accessToken: token,
      refreshToken: null,
      idToken: null,
      expiresAt: far,
      refreshExpiresAt: far,
    });
    const user: SessionUser = {
      id: info.id,
      fullName: info.fullName,
      userName: info.userName,
      email: info.email,
      roles: info.roles.map((r) => r.name),
      language: info.language,
      municipalityId: info.municipality?.id ?? null,
    };
    session.set("user", user);
    session.set(
      "permissions",
      permissions.map((x) => x.value),
    );
    session.set("activeMunicipalityId", user.municipalityId);
    const cookie = (await sessionStorage.commitSession(session)).split(";")[0]!;
    cookies.set(p.userName, cookie);
    return cookie;
  }

  return {
    async request(pagePath, persona) {
      const cookie = await cookieFor(persona);
      const started = performance.now();
      const res = await handler(
        new Request(`${api.publicUrl}${pagePath}`, { headers: { Cookie: cookie, Accept: "text/html" } }),
        // Per request, as server.ts does: one session read and one token lookup for the page.
        contextForRequest(context, api) as unknown as AppLoadContext,
      );
      const body = await res.text();
      return { status: res.status, ms: performance.now() - started, body };
    },
  };
}
