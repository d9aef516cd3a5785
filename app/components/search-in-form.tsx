import type { FieldMetadata } from "@conform-to/react";
import { Field, SelectField } from "./field";
import type { SelectOption } from "./ui/select";
import { Button } from "./ui/button";
import { Input } from "./ui/input";

/**
 * A search field with its own 'Hledat' button inside a bigger form (the subject pickers, decision 11): the button
 * posts the whole form with `intent`, so nothing typed is lost and it works without JavaScript; Enter in the field
 * searches instead of submitting the form's main action.
 */
export function SearchInForm(props: {
  id: string;
  name: string;
  intent: string;
  defaultValue?: string;
  label: string;
}) {
  const { id, name, intent, defaultValue, label } = props;
  return (
    <div className="flex gap-2">
      <Input
        id={id}
        name={name}
        type="search"
        defaultValue={defaultValue ?? ""}
        aria-describedby={`${id}-description`}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            document.getElementById(`${id}-button`)?.click();
          }
        }}
      />
      <Button id={`${id}-button`} type="submit" name="intent" value={intent} variant="secondary" formNoValidate>
        {label}
      </Button>
    </div>
  );
}

/**
 * A select with a search under it (the municipality and subject pickers, decision 11): the search posts the form
 * with `intent` and the loader narrows the select's options to what it found.
 */
export function PickerField(props: {
  meta: FieldMetadata<any, any, string[]>;
  label: string;
  options: SelectOption[];
  emptyOption: string;
  /** The search field's id, name and the intent its button posts. */
  searchId: string;
  searchName: string;
  intent: string;
  search?: string;
  searchLabel: string;
  searchHelp: string;
  buttonLabel: string;
  className?: string;
}) {
  const { searchId } = props;
  return (
    <div className={props.className ?? "space-y-2"}>
      <SelectField meta={props.meta} label={props.label} options={props.options} emptyOption={props.emptyOption} />
      <Field id={searchId} label={props.searchLabel} description={props.searchHelp}>
        <SearchInForm
          id={searchId}
          name={props.searchName}
          intent={props.intent}
          defaultValue={props.search ?? ""}
          label={props.buttonLabel}
        />
      </Field>
    </div>
  );
}
