import type { FormEvent, ReactNode } from "react";
import { Form } from "react-router";
import { getFormProps, type FormMetadata } from "@conform-to/react";
import { FormErrors, VersionField } from "./field";
import { DefaultSubmit } from "./form-actions";

export type EntityFormProps = {
  form: FormMetadata<any, any>;
  className?: string;
  /** Adding or removing a list row (Conform's `__intent__` buttons) goes through the action, the same path as
   * without JavaScript (decision 0005): Conform's client-side list intents did not re-render with React 19. */
  listIntentsThroughAction?: boolean;
  /** Replaces Conform's submit handler (it gets it to call when the form should be checked and sent). */
  onSubmit?: (event: FormEvent<HTMLFormElement>, conformSubmit: (event: FormEvent<HTMLFormElement>) => void) => void;
  children: ReactNode;
};

/**
 * The frame of a create/edit form (and of a page's one-form screen): a plain POST that works without JavaScript,
 * the invisible default save button, the form-level errors and the record's version.
 */
export function EntityForm({
  form,
  className = "space-y-4",
  listIntentsThroughAction,
  onSubmit,
  children,
}: EntityFormProps) {
  const props = getFormProps(form);
  const submit = onSubmit
    ? (event: FormEvent<HTMLFormElement>) => onSubmit(event, props.onSubmit)
    : listIntentsThroughAction
      ? (event: FormEvent<HTMLFormElement>) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if (submitter?.name === "__intent__") return;
          props.onSubmit(event);
        }
      : props.onSubmit;
  return (
    <Form
      method="post"
      {...props}
      onSubmit={submit}
      className={className}
      encType={listIntentsThroughAction ? "application/x-www-form-urlencoded" : undefined}
    >
      <DefaultSubmit />
      <FormErrors errors={form.errors} id={form.errorId} />
      <VersionField form={form} />
      {children}
    </Form>
  );
}
