/**
 * The loaders and actions of list screens (issue 12): a municipality's list read with its URL's params, a bulk change
 * of the selected rows ('Vyberte položky.' when none is selected, the call, back to the list as it was with a flash)
 * and the list's URL with a dialog opened or closed.
 */
import { redirect, type AppLoadContext } from "react-router";
import type { TFunction } from "i18next";
import type { ListKeys } from "#contract/lists";
import type { Permission } from "#contract/permissions";
import { readListParams, type AnyListSchema, type ListParams } from "~/lib/list-params";
import { requireMunicipality, requirePermission } from "~/server/guard.server";
import type { ApiClient, ApiResult } from "~/server/api.server";
import type { ActionAnswer } from "~/lib/action-answer";
import type { BulkDialogs } from "~/lib/bulk-dialogs";
import { DIALOG_PARAM } from "~/components/ui/dialog";
import {
  answer,
  apiAnswer,
  backToList,
  formId,
  redirectWithFlash,
  selectedIds,
  type ActionContext,
} from "~/server/action.server";

/**
 * The loader of a list in the active municipality: the permission, the list's params read from the URL with its
 * contract, one page of rows; the params go back with the page for the table. `more` reads what else the screen
 * shows (filter options, a chip's name, a dialog's data) at the same time as the page; its fields join the answer.
 */
export async function loadMunicipalityList<S extends AnyListSchema, Page extends object, More extends object = object>(
  { request, context }: { request: Request; context: AppLoadContext },
  permission: Permission,
  contract: { keys: ListKeys; query: S },
  call: (api: ApiClient) => (query: ListParams<S> & { municipalityId: number }) => Promise<Page>,
  more?: (api: ApiClient, municipalityId: number, params: ListParams<S>) => Promise<More>,
) {
  const { api, municipalityId } = await requireMunicipality(request, context, permission);
  const params = readListParams(contract, request.url);
  const [page, extra] = await Promise.all([
    call(api)({ ...params, municipalityId }),
    more ? more(api, municipalityId, params) : ({} as More),
  ]);
  return { ...page, ...extra, params };
}

/** The loader of a provider-wide list (users, municipalities, devices): as `loadMunicipalityList`, no municipality. */
export async function loadList<S extends AnyListSchema, Page extends object, More extends object = object>(
  { request, context }: { request: Request; context: AppLoadContext },
  permission: Permission,
  contract: { keys: ListKeys; query: S },
  call: (api: ApiClient) => (query: ListParams<S>) => Promise<Page>,
  more?: (api: ApiClient, params: ListParams<S>) => Promise<More>,
) {
  const api = await requirePermission(request, context, permission);
  const params = readListParams(contract, request.url);
  const [page, extra] = await Promise.all([call(api)(params), more ? more(api, params) : ({} as More)]);
  return { ...page, ...extra, params };
}

/** The page's answer to a bulk button pressed with no row selected (also without JavaScript). */
export function nothingSelected<Extra extends object = Record<never, never>>(intent: string, t: TFunction) {
  const value = { intent, message: t("common:dataTable.selectItems"), tone: "warning" } as ActionAnswer<Extra>;
  return answer<Extra>(value);
}

/**
 * A bulk change of the selected rows: nothing selected → 'Vyberte položky.'; the call failed → the API's message
 * about the selection (its field `field`), else its message; done → the list as it was, with the flash `done`.
 */
export async function bulkChange(
  args: ActionContext,
  field: string,
  call: (ids: number[]) => Promise<ApiResult<unknown>>,
  done: string,
) {
  const { request, context, api, t, formData, intent } = args;
  const ids = selectedIds(formData);
  if (ids.length === 0) return nothingSelected(intent, t);
  const res = await call(ids);
  if (!res.ok) return apiAnswer(intent, res, { message: res.problem.errors?.[field]?.[0] ?? res.problem.Message });
  return redirectWithFlash(api, context, backToList(request), done);
}

/** The list as it was (filters, sort, page) without the keys `drop`; `changes` set (an array: one value each). */
export function listUrl(
  request: Request,
  drop: readonly string[],
  changes: Record<string, string | number | readonly number[] | null> = {},
) {
  const url = new URL(request.url);
  for (const key of drop) url.searchParams.delete(key);
  for (const [k, v] of Object.entries(changes)) {
    if (Array.isArray(v)) v.forEach((x) => url.searchParams.append(k, String(x)));
    else if (v !== null) url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search;
}

/** The list as it was with no bulk dialog open (?dialog, its ids and index, and the dialog's own `keys`). */
export function withoutDialog(
  request: Request,
  keys: readonly string[] = [],
  changes: Parameters<typeof listUrl>[2] = {},
) {
  return listUrl(request, [DIALOG_PARAM, "ids", "index", ...keys], changes);
}

/**
 * A bulk button's answer (app/lib/bulk-dialogs.ts): the list as it was with the button's dialog open on the
 * selected rows; null when the intent is not a bulk button's.
 */
export function openBulkDialog(
  request: Request,
  spec: BulkDialogs,
  intent: string,
  ids: readonly number[],
  keys: readonly string[] = [],
) {
  const dialog = spec.dialogOf(intent);
  return dialog ? redirect(withoutDialog(request, keys, { [DIALOG_PARAM]: dialog, ids })) : null;
}

/** The rows an open bulk dialog acts on (`?dialog=…&ids=…`): positive ids, each once, at most a page; none without a dialog. */
export function bulkDialogIds(request: Request) {
  const sp = new URL(request.url).searchParams;
  if (!sp.get(DIALOG_PARAM)) return [];
  return [...new Set(sp.getAll("ids").flatMap((v) => formId(v) ?? []))].slice(0, 200);
}
