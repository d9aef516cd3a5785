import type { Context } from "hono";
import type { z } from "zod";
import type { EndpointDef, Method, Tenancy } from "#contract/endpoint";
import type { Permission } from "#contract/permissions";
import type { AuthContext } from "./auth";
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
