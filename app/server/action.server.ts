/**
 * The action toolkit (issue 12): what every mutating route does the same way: read the intent and the selected
 * ids, go back to the list as it was, redirect with a flash message, and answer one ActionAnswer
 * (app/lib/action-answer.ts) when the page stays.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import type { TFunction } from "i18next";
import { z } from "zod";
import type { FlashMessage } from "./context";
import type { ApiClient, ApiProblem, ApiResult } from "./api.server";
import { addFlash, commit } from "./session.server";
import type { ActionAnswer } from "~/lib/action-answer";
import type { FormFailure } from "./form.server";

/** What a route's action hands a shared action helper: its request and context, the user's API client and texts, the post. */
export type ActionContext = {
  request: Request;
  context: AppLoadContext;
  api: ApiClient;
  t: TFunction;
  formData: FormData;
  intent: string;
};

export type { ActionAnswer };

/** The posted form and its `intent` (the button that sent it). */
export async function readIntent(request: Request): Promise<{ formData: FormData; intent: string }> {
  const formData = await request.formData();
  return { formData, intent: String(formData.get("intent") ?? "") };
}

/** A positive whole id from a form field, or null. */
export function formId(value: FormDataEntryValue | null | undefined): number | null {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The selected ids of a bulk form: checkboxes named `ids`, or one comma-separated value (a confirmation dialog
 * carries the selection on). Unique, positive, in the order given.
 */
export function selectedIds(formData: FormData, name = "ids"): number[] {
  const ids = formData
    .getAll(name)
    .flatMap((v) => String(v).split(","))
    .map((v) => formId(v.trim()))
    .filter((n): n is number => n !== null);
  return [...new Set(ids)];
}

/** The text fields a form sent (not its intent nor the selection), given back so that a failed dialog keeps them. */
export function textValues(formData: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of formData) if (typeof v === "string" && k !== "intent" && k !== "ids") out[k] = v;
  return out;
}

/** The list the action was posted from, as it was (filters, sort, page), without the dialog and the index marker. */
export function backToList(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("dialog");
  return url.pathname + url.search;
}

/** Redirect after a change, with its message shown once on the next page (spec 000 §5). */
export async function redirectWithFlash(
  api: ApiClient,
  context: AppLoadContext,
  to: string,
  text: string,
  type: FlashMessage["type"] = "success",
): Promise<Response> {
  addFlash(api.session, { type, text });
  return redirect(to, { headers: { "Set-Cookie": await commit(context, api.session) } });
}

/** The page stays and shows the answer; 422 unless told otherwise. */
export function answer<Extra extends object = Record<never, never>>(value: ActionAnswer<Extra>, status = 422) {
  return data<ActionAnswer<Extra>>(value, { status });
}

/** A Conform form that failed (its own validation or the API's 422): the reply with the field errors. */
export function formAnswer<Extra extends object = Record<never, never>>(
  intent: string,
  failure: FormFailure,
  extra?: Omit<ActionAnswer<Extra>, "intent" | "result">,
) {
  return answer<Extra>({ intent, result: failure.result, ...extra } as ActionAnswer<Extra>, failure.status);
}

/** An API call that failed: its message (and field errors), with the API's status. */
export function apiAnswer<Extra extends object = Record<never, never>>(
  intent: string,
  failure: { status: number; problem: ApiProblem },
  extra?: Omit<ActionAnswer<Extra>, "intent">,
) {
  return answer<Extra>(
    { intent, message: failure.problem.Message, errors: failure.problem.errors, ...extra } as ActionAnswer<Extra>,
    failure.status,
  );
}

/**
 * The answer to one API call, the usual end of an action's case: on success a redirect to `to` with the flash `text`,
 * else the call's failure on the page (`extra`: the row it names, the values kept). Made once in an action:
 * `const done = afterCall(api, context, intent)`, then `return done(await api.result.thing.remove(ids), LIST, text)`.
 */
export function afterCall(api: ApiClient, context: AppLoadContext, intent: string) {
  return (res: ApiResult<unknown>, to: string, text: string, extra?: Omit<ActionAnswer, "intent">) =>
    res.ok ? redirectWithFlash(api, context, to, text) : apiAnswer(intent, res, extra);
}

/**
 * Values the contract's schema refused (a dialog's fields): each field's messages under it, and above them `message`
 * (by default the first field's first message).
 */
export function invalidAnswer<Extra extends object = Record<never, never>>(
  intent: string,
  error: z.ZodError,
  extra?: Omit<ActionAnswer<Extra>, "intent" | "errors">,
) {
  const errors = z.flattenError(error).fieldErrors as Record<string, string[]>;
  return answer<Extra>({ intent, message: Object.values(errors)[0]?.[0], errors, ...extra } as ActionAnswer<Extra>);
}

/** A form posted with an intent the page does not know. */
export function unknownIntent(intent: string, t: TFunction) {
  return answer({ intent, message: t("common:unknownAction"), tone: "error" }, 400);
}
