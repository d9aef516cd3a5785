import type { Db } from "./db/client";
import type { Mailer } from "./lib/mail";
import type { JobQueue } from "./jobs/queue";
import type { RegistryClient } from "./modules/registry/service";
import type { SecretBox } from "./lib/secret-box";

export interface ApiConfig {
  publicUrl: string;
  supportEmail: string;
  /**
   * The built-in provider's set-password page (e.g. http://localhost:3000/oidc/set-password) that invitation
   * links point to; absent when an external provider (OIDC_ISSUER) keeps the passwords, and then
   * registration by e-mail is not offered.
   */
  setPasswordUrl?: string;
  /**
   * The API trusts the built-in provider (no OIDC_ISSUER): its access tokens name their grant, and a token of a
   * revoked grant (logout) is refused at once (api/lib/auth.ts authenticate).
   */
  builtInIdp?: boolean;
  /** The label-printer handler (PRINTER_HANDLER_URL); without one, printing answers HandlerNotRunning. */
  printerHandlerUrl?: string;
}

/** What route handlers may use; built once by server.ts (or by a test) and handed to createApi. */
export interface Services {
  db: Db;
  config: ApiConfig;
  registry: RegistryClient;
  /** Seals stored secrets the product reads back (external-account passwords; decision 0015). */
  secretBox: SecretBox;
  /**
   * E-mail: SMTP (SMTP_URL) or the outbox directory of .eml files (api/lib/mail.ts). server.ts always sets it;
   * without one (a tool that needs no mail) an invitation counts as not sent.
   */
  mailer?: Mailer;
  /** The background-job queue (api/jobs/queue.ts): imports are sent to it and run by a worker. */
  jobs: JobQueue;
}
