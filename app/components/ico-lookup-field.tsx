import type { FieldMetadata } from "@conform-to/react";
import { InputField } from "./field";
import { Button } from "./ui/button";

/**
 * The IČO field with its registry lookup button beside it (spec 001 §5): the button posts `intent=lookup`, which
 * validates only the number and fills the company fields from the registry, with or without JavaScript.
 */
export function IcoLookupField({
  meta,
  label,
  description,
  buttonLabel,
}: {
  meta: FieldMetadata<any, any, string[]>;
  label: string;
  description: string;
  buttonLabel: string;
}) {
  return (
    <div className="flex items-end gap-2">
      <InputField meta={meta} label={label} className="flex-1" inputMode="numeric" description={description} />
      <Button type="submit" name="intent" value="lookup" variant="secondary" formNoValidate className="mb-6">
        {buttonLabel}
      </Button>
    </div>
  );
}
