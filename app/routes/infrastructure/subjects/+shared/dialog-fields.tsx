/**
 * The fields of the detail's hand-written dialogs (members, parent, collection frequency): after a refused
 * submission the action's answer gives each field its errors and what was typed, otherwise it shows its default.
 * The two picker dialogs (parent, existing fee payer) share PickerDialog.
 */
import type { ComponentProps, ComponentType, ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { ActionAnswer } from "~/lib/action-answer";
import { Field, fieldAria } from "~/components/field";
import { DialogSearch, FormDialog } from "~/components/form-dialog";
import { Input } from "~/components/ui/input";
import { Select, type SelectOption } from "~/components/ui/select";

type Common = {
  answer: ActionAnswer | undefined;
  id: string;
  name: string;
  label: ReactNode;
  description?: ReactNode;
  /** The value before any answer. */
  initial: string | number;
};

/** A control (an input, a select) in its Field: after a refused submission its errors and what was typed. */
function withAnswer<C extends typeof Input | typeof Select>(Control: C) {
  return function Answered(props: Common & Omit<ComponentProps<C>, "id" | "name" | "defaultValue">) {
    const { answer, id, name, label, description, initial, ...rest } = props;
    const errors = answer?.errors?.[name];
    const control = {
      name,
      defaultValue: answer?.values?.[name] ?? initial,
      ...fieldAria(id, errors, Boolean(description)),
    };
    const Shown = Control as ComponentType<Record<string, unknown>>;
    return (
      <Field id={id} errors={errors} label={label} description={description}>
        <Shown {...rest} {...control} />
      </Field>
    );
  };
}

export const AnswerInput = withAnswer(Input);
export const AnswerSelect = withAnswer(Select);

/**
 * A dialog that picks one record (a parent, a fee payer) from at most 20 found by its own search (decision 0011):
 * the search above the form, the choice below it with what the search found, then the dialog's other fields.
 */
export function PickerDialog(props: {
  name: string;
  intent: string;
  title: string;
  submitLabel: string;
  search: { param: string; value: string; label: string; placeholder?: string };
  pick: {
    name: string;
    label: string;
    choices: SelectOption[];
    /** The search found nothing: said under the choice instead of the help. */
    nothingFound: boolean;
    help: string;
    emptyOption: string;
    initial: string;
  };
  children?: (answer: ActionAnswer | undefined) => ReactNode;
}) {
  const { name, intent, title, submitLabel, search, pick, children } = props;
  const { t } = useTranslation();
  return (
    <FormDialog
      name={name}
      intent={intent}
      title={title}
      submitLabel={submitLabel}
      before={<DialogSearch dialog={name} {...search} />}
    >
      {(answer) => (
        <>
          <AnswerSelect
            answer={answer}
            id={`${name}-${pick.name}`}
            name={pick.name}
            label={pick.label}
            description={pick.nothingFound ? t("subject:members.noOptions") : pick.help}
            initial={pick.initial}
            required
            emptyOption={pick.emptyOption}
            options={pick.choices}
          />
          {children?.(answer)}
        </>
      )}
    </FormDialog>
  );
}
