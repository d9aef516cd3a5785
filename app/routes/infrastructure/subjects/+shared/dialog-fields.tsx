/**
 * The fields of the detail's hand-written dialogs (members, parent, collection frequency): after a refused
 * submission the action's answer gives each field its errors and what was typed, otherwise it shows its default.
 * The two picker dialogs (parent, existing fee payer) share PickerDialog.
 */
import type { ComponentProps, ReactNode } from "react";
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

function fieldOf({ answer, id, name, label, description, initial }: Common) {
  const errors = answer?.errors?.[name];
  return {
    field: { id, errors, label, description },
    control: { name, defaultValue: answer?.values?.[name] ?? initial, ...fieldAria(id, errors, Boolean(description)) },
  };
}

export function AnswerInput(props: Common & Omit<ComponentProps<typeof Input>, "id" | "name" | "defaultValue">) {
  const { answer, id, name, label, description, initial, ...input } = props;
  const { field, control } = fieldOf({ answer, id, name, label, description, initial });
  return (
    <Field {...field}>
      <Input {...input} {...control} />
    </Field>
  );
}

export function AnswerSelect(props: Common & Omit<ComponentProps<typeof Select>, "id" | "name" | "defaultValue">) {
  const { answer, id, name, label, description, initial, ...select } = props;
  const { field, control } = fieldOf({ answer, id, name, label, description, initial });
  return (
    <Field {...field}>
      <Select {...select} {...control} />
    </Field>
  );
}

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
