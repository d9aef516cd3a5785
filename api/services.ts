import type { Db } from "./db/client";
import type { RegistryClient } from "./modules/registry/service";

export interface ApiConfig {
  publicUrl: string;
  supportEmail: string;
}

/** What route handlers may use; built once by server.ts (or by a test) and handed to createApi. */
export interface Services {
  db: Db;
  config: ApiConfig;
  registry: RegistryClient;
}
