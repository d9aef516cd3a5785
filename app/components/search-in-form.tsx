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
