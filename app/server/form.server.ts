import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { SubmissionResult } from "@conform-to/react";
import type { ApiProblem, ApiResult } from "./api.server";

/** API error paths 'contacts.0.email' → Conform names 'contacts[0].email'. */
export function toConformErrors(errors: Record<string, string[]> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const name = key === "_" ? "" : key.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
    out[name] = messages;
  }
  return out;
}

/** A form that did not go through: Conform's reply (field and form errors, what was typed) and the status. */
export type FormFailure = { ok: false; status: number; result: SubmissionResult<string[]> };

/** The Conform reply of a submission that the API refused: its 422 field errors under the fields, its Message above. */
export function replyWithProblem(
  submission: {
    reply: (options?: {
      fieldErrors?: Record<string, string[]>;
      formErrors?: string[];
      hideFields?: string[];
    }) => SubmissionResult<string[]>;
  },
  failure: { status: number; problem: ApiProblem },
  hideFields?: string[],
): SubmissionResult<string[]> {
  return submission.reply({
    fieldErrors: failure.status === 422 ? toConformErrors(failure.problem.errors) : undefined,
    formErrors: [failure.problem.Message],
    hideFields,
  });
}

/**
 * The action side of every form (ARCHITECTURE.md 'Web conventions'): validate with the shared zod schema,
 * call the API, and turn a 422 into field errors under the fields; never throw validation failures. A failure is
 * answered with formAnswer (app/server/action.server.ts).
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
    const result = submission.reply({ hideFields });
    return { ok: false as const, status: 422, result };
  }
  const res = await send(submission.value as z.output<S>);
  if (res.ok) return { ok: true as const, data: res.data, submission };
  const result = replyWithProblem(submission, res, hideFields);
  return { ok: false as const, status: res.status, result };
}
