/**
 * One /v1 call, declared once for both tiers (issue 12, decision 0027): its method and path, the permission and
 * tenancy the API checks, and the zod schemas of its path params, query, body and answer. The API binds a handler
 * to it (api/lib/route.ts); the web's typed client (app/server/api.server.ts) derives its functions and types from
 * it, so a path, a parameter or an answer type is written in one place.
 */
import type { z } from "zod";
import type { Permission } from "./permissions";

export type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * Tenancy rule (ARCHITECTURE.md): 'none' for the user's own data, 'global' for provider-wide data (the permission
 * decides), or the name of the path parameter that holds a municipality id.
 */
export type Tenancy = "none" | "global" | { municipalityParam: string };

export interface EndpointDef {
  method: Method;
  /** Hono path below /v1, e.g. '/municipality/:municipalityId'. */
  path: string;
  summary: string;
  permission: Permission | "authenticated";
  tenancy: Tenancy;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** multipart bodies are read by the handler itself (uploads). */
  bodyKind?: "json" | "multipart";
  /** Success status of a JSON answer; default 201 for POST (a record created), else 200. */
  status?: 200 | 201 | 202;
  /** The answer's schema (OpenAPI and the client's type); absent for 204 and binary answers. */
  response?: z.ZodType;
  /** 'binary' answers (PDF, image, CSV) are read raw by the web; default 'json'. */
  answer?: "json" | "binary";
}

/** Keeps the literal type of one endpoint (its schemas) for the handler's and the client's inference. */
export function endpoint<const D extends EndpointDef>(def: D): D {
  return def;
}

type In<S> = S extends z.ZodType ? z.input<S> : Record<never, never>;
/** A query is sent as text: its raw input, or values a loader already parsed with the same schema (a list's params). */
type QueryIn<S> = S extends z.ZodType ? z.input<S> | z.output<S> : Record<never, never>;

/** What a caller passes: the path params and the query in one object (path params fill the path, the rest is the query). */
export type EndpointInput<D extends EndpointDef> = ("params" extends keyof D ? In<D["params"]> : unknown) &
  ("query" extends keyof D ? QueryIn<D["query"]> : unknown);
/** What a caller sends as the JSON body. */
export type EndpointBody<D extends EndpointDef> = "body" extends keyof D ? In<D["body"]> : never;
/** What the API answers (null for 204). */
export type EndpointAnswer<D extends EndpointDef> = "response" extends keyof D
  ? D["response"] extends z.ZodType
    ? z.output<D["response"]>
    : null
  : null;

/** Hono path parameters: ':name', optionally with a pattern ':name{[0-9]+}'. */
const PATH_PARAM = /:([A-Za-z0-9_]+)(?:\{[^}]*\})?/g;

/** The endpoint's path with its params filled in from `input`, and the rest of `input` as the query (as text). */
export function endpointUrl(
  def: EndpointDef,
  input: Record<string, unknown> = {},
): { path: string; query: URLSearchParams } {
  const used = new Set<string>();
  const path = def.path.replace(PATH_PARAM, (_, name: string) => {
    const value = input[name];
    if (value === undefined || value === null || value === "") {
      throw new Error(`${def.path}: the path param '${name}' is missing`);
    }
    used.add(name);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (used.has(key)) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === undefined || v === null || v === "") continue;
      query.append(key, v instanceof Date ? v.toISOString() : String(v));
    }
  }
  return { path, query };
}
