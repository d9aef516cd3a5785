import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { useScrollToFirstError } from "~/components/field";
import { useSubmitting } from "./use-submitting";

/**
 * What a create or edit form takes from its page: the action's failed reply, the values it starts with, its save
 * button's text and where 'Zrušit' goes.
 */
export type RecordFormProps<Values> = {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue: Values;
  submitLabel: string;
  cancelTo: string;
};

type Options<Shape extends Record<string, any>> = Omit<
  NonNullable<Parameters<typeof useForm<Shape>>[0]>,
  "onValidate" | "shouldRevalidate"
> & {
  /** After a submission comes back with errors, scroll to the first one (a page's form; a dialog does not). */
  scrollToError?: boolean;
};

/**
 * Conform's `useForm` validated in the browser by the contract's zod schema (decision 0008): errors appear after the
 * first submit, then follow the typing. `schema` may depend on what was sent (a helper button validates less).
 */
export function useSchemaForm<Shape extends Record<string, any>>(
  schema: z.ZodType | ((formData: FormData) => z.ZodType),
  { scrollToError = true, ...options }: Options<Shape>,
) {
  const result = useForm<Shape>({
    shouldValidate: "onSubmit",
    ...options,
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const chosen = typeof schema === "function" ? schema(formData) : schema;
      return parseWithZod(formData, { schema: chosen as unknown as z.ZodType<Shape> });
    },
  });
  useScrollToFirstError(result[0], scrollToError);
  return result;
}

/**
 * A form whose search button posts the whole form with `searchIntent` (decision 0011): that post is checked by
 * `searchSchema` (it keeps every value, only the options change), a save by `schema`. The third item is whether a save
 * (not a search) is under way, for the save button's 'Ukládám…'.
 */
export function useSearchableForm<Shape extends Record<string, any>>(
  searchIntent: string,
  searchSchema: z.ZodType,
  schema: z.ZodType,
  options: Options<Shape>,
) {
  const [form, fields] = useSchemaForm<Shape>(
    (formData) => (formData.get("intent") === searchIntent ? searchSchema : schema),
    options,
  );
  const posting = useSubmitting();
  return [form, fields, posting !== null && posting !== searchIntent] as const;
}

/**
 * The form of a dialog: `id` (also the ?dialog=<id> that opens it), the action's failed reply and the values it starts
 * with; it does not scroll to the first error (the open dialog shows it).
 */
export function useDialogForm<Shape extends Record<string, any>>(
  schema: z.ZodType,
  id: string,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue?: Options<Shape>["defaultValue"],
) {
  return useSchemaForm<Shape>(schema, { id, lastResult, defaultValue, scrollToError: false });
}
