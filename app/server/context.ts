import type { Session, SessionStorage } from "react-router";

/** What the web part knows about its surroundings; handed in by server.ts through the load context. */
export interface WebConfig {
  publicUrl: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  builtInIdp: boolean;
  supportEmail: string;
  /** Leaflet tile URL template and its attribution (HTML) of the maps (MAP_TILE_URL, MAP_TILE_ATTRIBUTION);
   * unset: OpenStreetMap (app/components/map.tsx). */
  mapTileUrl?: string;
  mapTileAttribution?: string;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
  /** epoch ms */
  expiresAt: number;
  /** epoch ms; the refresh token's own end when known */
  refreshExpiresAt: number;
}

export interface SessionUser {
  id: number;
  fullName: string;
  userName: string;
  email: string | null;
  roles: string[];
  language: string;
  municipalityId: number | null;
}

export interface FlashMessage {
  type: "success" | "error" | "warning" | "info";
  text: string;
}

export interface SessionData {
  tokens: SessionTokens;
  user: SessionUser;
  /** Spec 000 §4: loaded once after sign-in and kept. */
  permissions: string[];
  activeMunicipalityId: number | null;
  /** Spec 000 §6: a 403 is remembered (path, timestamp, '403'). */
  forbidden: { path: string; timestamp: string; status: "403" };
}

export interface SessionFlash {
  flash: FlashMessage[];
}

export type WebSessionStorage = SessionStorage<SessionData, SessionFlash>;

export interface WebContext {
  config: WebConfig;
  sessionStorage: WebSessionStorage;
  /** Calls the /v1 API: in process (Hono's fetch) or over HTTP when API_URL is set. */
  apiFetch: (request: Request) => Promise<Response>;
  /** API origin used to build request URLs. */
  apiBase: string;
  /** Version of the running web build (spec 000 §7 builds/latest.json). */
  buildId: string;
  /** This request's Content-Security-Policy nonce (server.ts makes one per request; app/server/csp.server.ts). */
  cspNonce?: string;
  /** This request's sessions by cookie: the root, layout and page loaders read the row once (server.ts, per request). */
  sessionMemo?: Map<string, Promise<Session<SessionData, SessionFlash>>>;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebContext {}
}
