import { z } from "zod";

/**
 * The one place that reads process.env (ARCHITECTURE.md). Every value has an embedded default so that
 * `npm start` works on a bare machine; production overrides them by configuration alone.
 */
const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("data"),
  DATABASE_URL: z.string().optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().default("web"),
  OIDC_CLIENT_SECRET: z.string().optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  /** The key that seals stored external-account passwords (decision 0015); unset = generated and kept in the database. */
  ENCRYPTION_KEY: z.string().min(16).optional(),
  API_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Odpady <noreply@localhost>"),
  SUPPORT_EMAIL: z.string().email().default("podpora@odpady-obce.cz"),
  ARES_URL: z.string().url().default("https://ares.gov.cz/ekonomicke-subjekty-v-be/rest"),
  RPO_URL: z.string().url().default("https://api.statistics.sk/rpo/v1"),
  /** The label-printer handler next to the printer (outside the product); unset = printing on it is unavailable. */
  PRINTER_HANDLER_URL: z.string().url().optional(),
  /** Map tiles of the bin location maps (Leaflet URL template); the attribution its provider requires. */
  MAP_TILE_URL: z.string().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  DEMO_DATA: boolish.default(true),
  /** Web processes (node:cluster workers sharing the port); more than one needs PostgreSQL (DATABASE_URL). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Behind a TLS-terminating proxy: take the request's scheme and host from X-Forwarded-Proto/-Host (first value). */
  TRUST_PROXY: boolish.default(false),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(1800),
  REFRESH_TOKEN_TTL: z.coerce.number().int().positive().default(30 * 24 * 3600),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  NODE_ENV: z.string().default("production"),
});

export type RawConfig = z.infer<typeof schema>;
export type Config = RawConfig & { publicUrl: string; issuer: string; builtInIdp: boolean };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const raw = parsed.data;
  if (raw.WEB_CONCURRENCY > 1 && !raw.DATABASE_URL) {
    throw new Error(
      "Invalid configuration:\n  WEB_CONCURRENCY: more than one process needs PostgreSQL (DATABASE_URL); the embedded PGlite database serves one process.",
    );
  }
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, "");
  const builtInIdp = !raw.OIDC_ISSUER;
  return { ...raw, publicUrl, issuer: raw.OIDC_ISSUER ?? `${publicUrl}/oidc`, builtInIdp };
}
