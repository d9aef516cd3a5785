/**
 * The create and edit pages of a record kept under one of a municipality's modules (a collection yard, a
 * distribution centre): the same loader and action, told the record's entity, the id in its URL, its calls and where
 * it is shown. The page component stays in the route module; it only differs by its form. A record's detail action
 * starts alike too (`moduleDetailAction`).
 */
import type { AppLoadContext } from "react-router";
import type { z } from "zod";
import type { Entity } from "#contract/permissions";
import type { ListKeys } from "#contract/lists";
import { readListParams, type AnyListSchema, type ListParams } from "~/lib/list-params";
import { requireId } from "~/lib/route-checks";
import type { ApiClient, ApiResult } from "~/server/api.server";
import { afterCall, readIntent } from "~/server/action.server";
import { detailPermission, requirePermission } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { saveForm } from "~/server/save-form.server";

type PageArgs = { request: Request; context: AppLoadContext; params: Record<string, string | undefined> };

/** The municipality of the URL and the API client of a user holding `<entity>.<right>`. */
async function modulePage({ request, context, params }: PageArgs, entity: Entity, right: "aAdd" | "aEdit") {
  const municipalityId = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, `${entity}.${right}`);
  return { municipalityId, api };
}

/**
 * The list of a module's records in the municipality of the URL: one page of rows (each with the municipality's id,
 * for the links of its columns) and the list's params; `more` reads what else the page shows at the same time.
 */
export async function loadModuleList<S extends AnyListSchema, Item extends object, More extends object = object>(
  args: PageArgs,
  entity: Entity,
  contract: { keys: ListKeys; query: S },
  call: (
    api: ApiClient,
  ) => (query: ListParams<S> & { municipalityId: number }) => Promise<{ items: Item[]; total: number }>,
  more?: (api: ApiClient, municipalityId: number) => Promise<More>,
) {
  const municipalityId = requireId(args.params.municipalityId, args.request);
  const api = await requirePermission(args.request, args.context, `${entity}.aDetail`);
  const params = readListParams(contract, args.request.url);
  const [page, extra] = await Promise.all([
    call(api)({ ...params, municipalityId }),
    more ? more(api, municipalityId) : ({} as More),
  ]);
  return { ...page, ...extra, items: page.items.map((i) => ({ ...i, municipalityId })), params, municipalityId };
}

/** A create page: the loader checks `<entity>.aAdd`, the action saves and shows the new record with `<entity>:flash.created`. */
export function moduleCreatePage<S extends z.ZodType>(spec: {
  entity: Entity;
  schema: S;
  create: (api: ApiClient, municipalityId: number, value: z.output<S>) => Promise<ApiResult<{ id: number }>>;
  /** The saved record's page. */
  path: (municipalityId: number, id: number) => string;
}) {
  return {
    loader: async (args: PageArgs) => {
      const { municipalityId } = await modulePage(args, spec.entity, "aAdd");
      return { municipalityId };
    },
    action: async (args: PageArgs) => {
      const { municipalityId, api } = await modulePage(args, spec.entity, "aAdd");
      return saveForm(
        { ...args, api },
        spec.schema,
        (value) => spec.create(api, municipalityId, value),
        (saved, t) => ({ to: spec.path(municipalityId, saved.id), text: t(`${spec.entity}:flash.created`) }),
      );
    },
  };
}

/**
 * An edit page: the loader checks `<entity>.aEdit` and reads the record, the action saves it (a save over somebody
 * else's answers 409 and keeps what was typed) and shows it with `<entity>:flash.saved`.
 */
export function moduleEditPage<S extends z.ZodType, R>(spec: {
  entity: Entity;
  /** The record's id in the URL (`yardId`, `distributionId`). */
  idParam: string;
  schema: S;
  detail: (api: ApiClient, municipalityId: number, id: number) => Promise<R>;
  update: (api: ApiClient, municipalityId: number, id: number, value: z.output<S>) => Promise<ApiResult<unknown>>;
  path: (municipalityId: number, id: number) => string;
}) {
  const open = async (args: PageArgs) => {
    const id = requireId(args.params[spec.idParam], args.request);
    return { id, ...(await modulePage(args, spec.entity, "aEdit")) };
  };
  return {
    loader: async (args: PageArgs) => {
      const { municipalityId, id, api } = await open(args);
      return { municipalityId, record: await spec.detail(api, municipalityId, id) };
    },
    action: async (args: PageArgs) => {
      const { municipalityId, id, api } = await open(args);
      return saveForm(
        { ...args, api },
        spec.schema,
        (value) => spec.update(api, municipalityId, id, value),
        (_, t) => ({ to: spec.path(municipalityId, id), text: t(`${spec.entity}:flash.saved`) }),
      );
    },
  };
}

/** A module record's detail page: the municipality and the record's id (`idParam`) of the URL, for `<entity>.aDetail`. */
export async function moduleDetailPage({ request, context, params }: PageArgs, entity: Entity, idParam: string) {
  const municipalityId = requireId(params.municipalityId, request);
  const id = requireId(params[idParam], request);
  const api = await requirePermission(request, context, `${entity}.aDetail`);
  return { municipalityId, id, api };
}

/**
 * The start of a module record's detail action: the municipality and the record's id (`idParam`) of the URL, the
 * posted intent and the permission it needs (delete: `<entity>.aRemove`, the rest aEdit), the user's texts, `done`
 * (afterCall) and `deleted`: the answer to the record's removal, back to `list` with `<entity>:flash.deleted`.
 */
export async function moduleDetailAction(args: PageArgs, entity: Entity, idParam: string) {
  const { request, context, params } = args;
  const municipalityId = requireId(params.municipalityId, request);
  const id = requireId(params[idParam], request);
  const { formData, intent } = await readIntent(request);
  const api = await requirePermission(request, context, detailPermission(entity, intent));
  const t = await userT(api.session);
  const done = afterCall(api, context, intent);
  const deleted = (res: ApiResult<unknown>, list: string) => done(res, list, t(`${entity}:flash.deleted`));
  return { municipalityId, id, formData, intent, api, t, done, deleted };
}
