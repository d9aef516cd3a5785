import type { Context } from "hono";
import type { z } from "zod";
import type { EndpointDef, Method, Tenancy } from "#contract/endpoint";
import type { Permission } from "#contract/permissions";
import type { AuthContext } from "./auth";
import type { Db } from "../db/client";
import type { Services } from "../services";

export type { Method, Tenancy };

export interface HandlerArgs<P, Q, B> {
  c: Context;
  auth: AuthContext;
  params: P;
  query: Q;
  body: B;
  services: Services;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A handler's answer: the JSON answer, a ready Response (files, streams) or null (204). */
export type HandlerResult = Promise<Response | object | null>;

/** What a handler may answer: its endpoint's response (so the typed client's answer type is true), a Response or null. */
type Answer<D extends EndpointDef> = "response" extends keyof D
  ? D["response"] extends z.ZodType
    ? z.input<D["response"]>
    : object
  : object;

export type Handler<D extends EndpointDef> = (
  args: HandlerArgs<Out<D["params"]>, Out<D["query"]>, Out<D["body"]>>,
) => Promise<Response | null | Answer<D>>;

/** A /v1 route: the contract's endpoint (contract/endpoints/) with the API's handler bound to it. */
export interface RouteDef<P = unknown, Q = unknown, B = unknown> extends EndpointDef {
  permission: Permission | "authenticated";
  handler: (args: HandlerArgs<P, Q, B>) => HandlerResult;
}

/** Binds the handler to its endpoint; params, query and body arrive parsed by the endpoint's schemas (api/app.ts). */
export function route<const D extends EndpointDef>(endpoint: D, handler: Handler<D>): AnyRoute {
  return { ...endpoint, handler } as AnyRoute;
}

export type AnyRoute = RouteDef<any, any, any>;

/** The answer of a call that only acts (a delete): 204 once the action is done. */
export async function noContent(action: Promise<unknown>): Promise<null> {
  await action;
  return null;
}

type InMunicipality = EndpointDef & { params: z.ZodType<{ municipalityId: number }> };
type MunicipalityService<D extends EndpointDef, Rest extends unknown[] = []> = (
  db: Db,
  municipalityId: number,
  ...rest: Rest
) => ReturnType<Handler<D>>;
const municipalityOf = (params: unknown) => (params as { municipalityId: number }).municipalityId;

/**
 * The handlers of the calls below a municipality (`…/:municipalityId/<thing>`, a list, its options, a create) that
 * hand the service just the database and the municipality's id (and the query or the body), e.g.
 * `municipalityCall.query(ep.list, svc.listFeePayers)`; the calls on one record are `recordRoutes`.
 */
export const municipalityCall = {
  /** service(db, municipalityId): its answer. */
  read: <const D extends InMunicipality>(endpoint: D, service: MunicipalityService<D>) =>
    route(endpoint, ({ services, params }) => service(services.db, municipalityOf(params))),
  /** service(db, municipalityId, query): its answer. */
  query: <const D extends InMunicipality>(endpoint: D, service: MunicipalityService<D, [query: Out<D["query"]>]>) =>
    route(endpoint, ({ services, params, query }) => service(services.db, municipalityOf(params), query)),
  /** service(db, municipalityId, body): its answer. */
  write: <const D extends InMunicipality>(endpoint: D, service: MunicipalityService<D, [body: Out<D["body"]>]>) =>
    route(endpoint, ({ services, params, body }) => service(services.db, municipalityOf(params), body)),
};

/** The path params of a call on one record of a municipality: the municipality's id and the record's (`idParam`). */
type RecordParams<K extends string> = { municipalityId: number } & { [P in K]: number };
type OnRecord<K extends string> = EndpointDef & { params: z.ZodType<RecordParams<K>> };
type RecordService<D extends EndpointDef, Rest extends unknown[] = []> = (
  db: Db,
  municipalityId: number,
  id: number,
  ...rest: Rest
) => ReturnType<Handler<D>>;

/**
 * The handlers of the calls on one record of a municipality (`…/:municipalityId/<thing>/:<idParam>`) that hand the
 * service just the database, the municipality's id and the record's id (and a write its body), e.g.
 * `const payer = recordRoutes("feePayerId")`, then `payer.read(ep.detail, svc.getFeePayer)`. A call that needs more
 * (the user, the query) is an ordinary route().
 */
export function recordRoutes<const K extends string>(idParam: K) {
  const ids = (params: unknown) => {
    const p = params as RecordParams<K>;
    return [p.municipalityId, p[idParam]] as const;
  };
  return {
    /** service(db, municipalityId, id): its answer. */
    read: <const D extends OnRecord<K>>(endpoint: D, service: RecordService<D>) =>
      route(endpoint, ({ services, params }) => service(services.db, ...ids(params))),
    /** service(db, municipalityId, id, body): its answer. */
    write: <const D extends OnRecord<K>>(endpoint: D, service: RecordService<D, [body: Out<D["body"]>]>) =>
      route(endpoint, ({ services, params, body }) => service(services.db, ...ids(params), body)),
    /** service(db, municipalityId, id, query): its answer. */
    query: <const D extends OnRecord<K>>(endpoint: D, service: RecordService<D, [query: Out<D["query"]>]>) =>
      route(endpoint, ({ services, params, query }) => service(services.db, ...ids(params), query)),
    /** service(db, municipalityId, id) removes the record: 204. */
    remove: <const D extends OnRecord<K>>(
      endpoint: D,
      service: (db: Db, municipalityId: number, id: number) => Promise<unknown>,
    ) => route(endpoint, ({ services, params }) => noContent(service(services.db, ...ids(params)))),
  };
}
