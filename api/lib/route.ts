import type { Context } from "hono";
import type { z } from "zod";
import type { Permission } from "#contract/permissions";
import type { AuthContext } from "./auth";
import type { Services } from "../services";

export type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * Tenancy rule of a route (ARCHITECTURE.md): 'none' for the user's own data, 'global' for provider-wide
 * data (the permission decides), or the name of the path parameter that holds a municipality id.
 */
export type Tenancy = "none" | "global" | { municipalityParam: string };

export interface HandlerArgs<P, Q, B> {
  c: Context;
  auth: AuthContext;
  params: P;
  query: Q;
  body: B;
  services: Services;
}

export interface RouteDef<P = unknown, Q = unknown, B = unknown> {
  method: Method;
  /** Hono path below /v1, e.g. '/municipality/:municipalityId'. */
  path: string;
  summary: string;
  permission: Permission | "authenticated";
  tenancy: Tenancy;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** multipart bodies are read by the handler itself (uploads). */
  bodyKind?: "json" | "multipart";
  /** Success status of a JSON answer; default 201 for POST (a record created), else 200. */
  status?: 200 | 201 | 202;
  /** The answer's schema, for the OpenAPI document. */
  response?: z.ZodType;
  handler: (args: HandlerArgs<P, Q, B>) => Promise<Response | object | null>;
}

/** Identity helper that keeps the generic types of one route together. */
export function route<P, Q, B>(def: RouteDef<P, Q, B>): RouteDef<P, Q, B> {
  return def;
}

 
export type AnyRoute = RouteDef<any, any, any>;
