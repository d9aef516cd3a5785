/**
 * One answer of every action that keeps the page (issue 12 'one action toolkit'): which intent (and row) it was
 * about, its message and tone, a form's Conform reply, a hand-written dialog's errors and typed values, and a bulk
 * action's partial result. Actions build it with app/server/action.server.ts; pages read it from `actionData`
 * (Route.ComponentProps) or, in shared dialogs, with useActionAnswer.
 */
import { useActionData } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { toIsoDate } from "#contract/calendar";

export type AnswerTone = "error" | "warning" | "info";

export type ActionAnswer<Extra extends object = Record<never, never>> = {
  intent: string;
  /** The row the intent was about (a membership, a card, an assignment); '' or absent for the page's record. */
  target?: string;
  message?: string;
  tone?: AnswerTone;
  /** A Conform form's reply: field errors under the fields, what was typed kept. */
  result?: SubmissionResult<string[]>;
  /** A hand-written dialog's field errors and typed values. */
  errors?: Record<string, string[]>;
  values?: Record<string, string>;
  /** A bulk action done for some of the selected: how many, and each failure with its reason. */
  partial?: { done: number; failed: { id: number; label?: string; message: string }[] };
} & Extra;

/** The detail pages' name for the same answer. */
export type DetailAnswer = ActionAnswer;

/** True for an action's answer (not a loader's data or a redirect's nothing). */
export function isActionAnswer(value: unknown): value is ActionAnswer {
  return typeof value === "object" && value !== null && typeof (value as { intent?: unknown }).intent === "string";
}

/**
 * The answer with its extra fields when it carries `key` (an action that answers a search of its form as well as the
 * save: the search's options). Checked at run time: the route's union of answers is reduced by TypeScript to the
 * plain answer, so `key in actionData` alone does not narrow it.
 */
export function answerWith<Extra extends object>(
  value: unknown,
  key: keyof Extra & string,
): ActionAnswer<Extra> | undefined {
  return isActionAnswer(value) && key in value ? (value as ActionAnswer<Extra>) : undefined;
}

/** The page's action answer, when it belongs to this intent (and row). */
export function useActionAnswer(intent: string | string[], target = ""): ActionAnswer | undefined {
  const answer = useActionData();
  const intents = Array.isArray(intent) ? intent : [intent];
  if (!isActionAnswer(answer) || !intents.includes(answer.intent) || (target && answer.target !== target))
    return undefined;
  return answer;
}

/** The detail pages' name for useActionAnswer. */
export const useDetailAnswer = useActionAnswer;

/** Today in Europe/Prague as YYYY-MM-DD (the default day of membership changes and similar dialogs). */
export function useToday(): string {
  return toIsoDate(new Date());
}
