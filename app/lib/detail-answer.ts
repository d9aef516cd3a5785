import { useActionData } from "react-router";
import { toIsoDate } from "#contract/calendar";

/** What a detail page's action answers when the page stays: the failed intent, its row, message, field errors, input. */
export type DetailAnswer = {
  intent: string;
  /** The membership or card the intent was about ('' for the subject itself). */
  target: string;
  message: string;
  errors?: Record<string, string[]>;
  values?: Record<string, string>;
};

/** The detail action's answer, when it belongs to this intent (and row). */
export function useDetailAnswer(intent: string | string[], target = ""): DetailAnswer | undefined {
  const answer = useActionData() as DetailAnswer | undefined;
  const intents = Array.isArray(intent) ? intent : [intent];
  if (!answer || !intents.includes(answer.intent) || (target && answer.target !== target)) return undefined;
  return answer;
}

/** Today in Europe/Prague as YYYY-MM-DD (the default day of membership changes and similar dialogs). */
export function useToday(): string {
  return toIsoDate(new Date());
}
