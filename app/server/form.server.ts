import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { ApiResult } from "./api.server";

/** API error paths 'contacts.0.email' → Conform names 'contacts[0].email'. */
export function toConformErrors(errors: Record<string, string[]> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const name = key === "_" ? "" : key.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
    out[name] = messages;
  }
  return out;
}

/**
 * The action side of every form (ARCHITECTURE.md 'Web conventions'): validate with the shared zod schema,
 * call the API, and turn a 422 into field errors under the fields; never throw validation failures.
 */
export async function submitForm<S extends z.ZodType, T>(
  formData: FormData,
  schema: S,
  send: (value: z.output<S>) => Promise<ApiResult<T>>,
  /** hideFields: values never sent back to the page (passwords). */
  options: { hideFields?: string[] } = {},
) {
  const { hideFields } = options;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return { ok: false as const, response: data({ result: submission.reply({ hideFields }) }, { status: 422 }) };
  }
  const res = await send(submission.value as z.output<S>);
  if (res.ok) return { ok: true as const, data: res.data, submission };
  const status = res.status === 422 ? 422 : res.status;
  return {
    ok: false as const,
    response: data(
      {
        result: submission.reply({
          fieldErrors: res.status === 422 ? toConformErrors(res.problem.errors) : undefined,
          formErrors: [res.problem.Message],
          hideFields,
        }),
      },
      { status },
    ),
  };
}
