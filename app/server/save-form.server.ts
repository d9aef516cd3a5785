/**
 * A form page's action from the post to the next page (the kit, issue 12): the form checked against its schema, the
 * API called, a failure answered under the fields (the page stays and keeps what was typed), a success redirected
 * with its flash message.
 */
import type { AppLoadContext } from "react-router";
import type { TFunction } from "i18next";
import type { z } from "zod";
import type { ApiClient, ApiResult } from "./api.server";
import { formAnswer, readIntent, redirectWithFlash } from "./action.server";
import { submitForm } from "./form.server";
import { userT } from "./i18n.server";

export async function saveForm<S extends z.ZodType, T>(
  {
    request,
    context,
    api,
    posted,
  }: {
    request: Request;
    context: AppLoadContext;
    api: ApiClient;
    /** The post when the action has read it already (to answer a search of the form first). */
    posted?: { formData: FormData; intent: string };
  },
  schema: S,
  send: (value: z.output<S>) => Promise<ApiResult<T>>,
  /** Where the saved record is shown and what the flash says. */
  saved: (data: T, t: TFunction) => { to: string; text: string },
) {
  const { formData, intent } = posted ?? (await readIntent(request));
  const outcome = await submitForm(formData, schema, send);
  if (!outcome.ok) return formAnswer(intent, outcome);
  const next = saved(outcome.data, await userT(api.session));
  return redirectWithFlash(api, context, next.to, next.text);
}
