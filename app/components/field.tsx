/**
 * Labelled form fields for Conform (@conform-to/react): label, control, description and the FIRST error message.
 * Conform's ids are used: error `${id}-error`, description `${id}-description`; the control gets aria-invalid and
 * aria-describedby from getInputProps/getSelectProps/getTextareaProps.
 */
import { useEffect, type ComponentProps, type ReactNode } from "react";
import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { useLocation, useNavigation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { enumOptions, type EnumLabelKey } from "~/lib/enum-options";
import { useMessage } from "~/lib/messages";
import { Alert } from "./ui/alert";
import { Checkbox } from "./ui/checkbox";
import { cn } from "./ui/cn";
import { Input } from "./ui/input";
import { Label } from "./ui/label";
import { Select, type SelectOption } from "./ui/select";
import { Textarea } from "./ui/textarea";

// Any field of any form; errors are message lists (what submission.reply({ fieldErrors }) produces).
type Meta = FieldMetadata<any, any, string[]>;

export type FieldProps = {
  /** Conform field metadata; or give `id` and `errors` for a field outside Conform. */
  meta?: Meta;
  id?: string;
  errors?: string[];
  label: ReactNode;
  description?: ReactNode;
  /** Shows the required mark; defaults to the field's constraint. */
  required?: boolean;
  /** Checkbox layout: control first, label beside it. */
  inline?: boolean;
  className?: string;
  children: ReactNode;
};

export function Field({
  meta,
  id: idProp,
  errors,
  label,
  description,
  required,
  inline,
  className,
  children,
}: FieldProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const id = meta?.id ?? idProp ?? "";
  // Schemas and the API write Czech; shown in the user's language (spec 000 §1).
  const error = message((meta?.errors ?? errors)?.[0]);
  const isRequired = required ?? meta?.required ?? false;
  const labelEl = (
    <Label htmlFor={id}>
      {label}
      {isRequired && (
        <>
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
          <span className="sr-only"> ({t("common:field.required")})</span>
        </>
      )}
    </Label>
  );
  return (
    <div className={cn("space-y-1", className)}>
      {inline ? (
        <div className="flex items-center gap-2">
          {children}
          {labelEl}
        </div>
      ) : (
        <>
          {labelEl}
          {children}
        </>
      )}
      {description && (
        <p id={`${id}-description`} className={cn("text-xs text-slate-500", inline && "pl-6")}>
          {description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={cn("text-xs font-medium text-red-700", inline && "pl-6")}>
          {error}
        </p>
      )}
    </div>
  );
}

/** aria attributes for a control used with <Field id errors> outside Conform. */
export function fieldAria(id: string, errors?: string[], hasDescription = false) {
  const invalid = Boolean(errors?.length);
  const describedBy = [invalid && `${id}-error`, hasDescription && `${id}-description`].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy || undefined,
  };
}

type Common = {
  meta: Meta;
  label: ReactNode;
  description?: ReactNode;
  className?: string;
};
type Reserved = "id" | "name" | "form" | "defaultValue" | "defaultChecked" | "type" | "children";

export type InputFieldProps = Common &
  Omit<ComponentProps<"input">, Reserved | "className"> & {
    type?: Exclude<Parameters<typeof getInputProps>[1]["type"], "checkbox" | "radio">;
    inputClassName?: string;
  };

export function InputField({
  meta,
  label,
  description,
  className,
  type = "text",
  inputClassName,
  ...rest
}: InputFieldProps) {
  const { key, ...props } = getInputProps(meta, {
    type,
    ariaDescribedBy: description ? meta.descriptionId : undefined,
  });
  return (
    <Field meta={meta} label={label} description={description} className={className}>
      <Input key={key} {...rest} {...props} className={inputClassName} />
    </Field>
  );
}

export type SelectFieldProps = Common &
  Omit<ComponentProps<"select">, Reserved | "className"> & {
    options: SelectOption[];
    /** Label of a first option with the empty value, e.g. '– vyberte –'. */
    emptyOption?: string;
    selectClassName?: string;
  };

export function SelectField({
  meta,
  label,
  description,
  className,
  options,
  emptyOption,
  selectClassName,
  ...rest
}: SelectFieldProps) {
  const { key, ...props } = getSelectProps(meta, {
    ariaDescribedBy: description ? meta.descriptionId : undefined,
  });
  return (
    <Field meta={meta} label={label} description={description} className={className}>
      <Select key={key} {...rest} {...props} options={options} emptyOption={emptyOption} className={selectClassName} />
    </Field>
  );
}

export type EnumSelectFieldProps = Omit<SelectFieldProps, "options"> & {
  /** The enum's values, in the order shown. */
  values: readonly string[];
  /** The translation key of a value: a prefix ("device:type" → "device:type.<value>") or a function. */
  labels: EnumLabelKey;
};

/** A select over an enum's values, each labelled by its translation (see `enumOptions`). */
export function EnumSelectField({ values, labels, ...rest }: EnumSelectFieldProps) {
  const { t } = useTranslation();
  return <SelectField {...rest} options={enumOptions(t, labels, values)} />;
}

/** One of a form's enum selects: the field's name, the translations' group of its values, the values. */
export type EnumSelect<Name extends string> = readonly [name: Name, group: string, values: readonly string[]];

/**
 * Enum selects of a form, each labelled `<ns>:field.<name>`, its values `<ns>:<group>.<value>`:
 * `<EnumSelects ns="subject" fields={fields} selects={[["type", "type", SUBJECT_TYPES]]} />`.
 */
export function EnumSelects<Name extends string>({
  ns,
  fields,
  selects,
  emptyOption,
  className,
}: {
  ns: string;
  fields: { [K in Name]: Meta };
  selects: readonly EnumSelect<Name>[];
  /** The first option with the empty value of every select (e.g. '– vyberte –'). */
  emptyOption?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return selects.map(([name, group, values]) => (
    <EnumSelectField
      key={name}
      emptyOption={emptyOption}
      className={className}
      meta={fields[name]}
      label={t(`${ns}:field.${name}`)}
      labels={`${ns}:${group}`}
      values={values}
    />
  ));
}

/**
 * The city and its postcode of an address (a municipality's company, a payer and their addresses, a yard): the labels
 * are `<labels>.city` and `<labels>.zipCode`, e.g. labels="feePayer:field".
 */
export function CityAndZipFields({ fields, labels }: { fields: { city: Meta; zipCode: Meta }; labels: string }) {
  const { t } = useTranslation();
  return (
    <>
      <InputField meta={fields.city} label={t(`${labels}.city`)} />
      <InputField meta={fields.zipCode} label={t(`${labels}.zipCode`)} inputMode="numeric" />
    </>
  );
}

/** A validity's first and last day (`<labels>.validFrom`, `<labels>.validTo`), as the record's `validity` columns. */
export function ValidityFields({ fields, labels }: { fields: { validFrom: Meta; validTo: Meta }; labels: string }) {
  const { t } = useTranslation();
  return (
    <>
      <InputField meta={fields.validFrom} type="date" label={t(`${labels}.validFrom`)} />
      <InputField meta={fields.validTo} type="date" label={t(`${labels}.validTo`)} />
    </>
  );
}

export type TextareaFieldProps = Common &
  Omit<ComponentProps<"textarea">, Reserved | "className"> & {
    textareaClassName?: string;
  };

export function TextareaField({ meta, label, description, className, textareaClassName, ...rest }: TextareaFieldProps) {
  const { key, ...props } = getTextareaProps(meta, {
    ariaDescribedBy: description ? meta.descriptionId : undefined,
  });
  return (
    <Field meta={meta} label={label} description={description} className={className}>
      <Textarea key={key} {...rest} {...props} className={textareaClassName} />
    </Field>
  );
}

export type CheckboxFieldProps = Common &
  Omit<ComponentProps<"input">, Reserved | "className" | "value"> & {
    value?: string;
  };

export function CheckboxField({ meta, label, description, className, value, ...rest }: CheckboxFieldProps) {
  const { key, ...props } = getInputProps(meta, {
    type: "checkbox",
    value: value ?? "on",
    ariaDescribedBy: description ? meta.descriptionId : undefined,
  });
  return (
    <Field meta={meta} label={label} description={description} className={className} inline>
      <Checkbox key={key} {...rest} {...props} />
    </Field>
  );
}

/** A field chosen by a group of radio buttons or checkboxes: the legend, the choices, the first error under them. */
export function ChoiceFieldset({
  meta,
  legend,
  className,
  children,
}: {
  meta: Meta;
  legend: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const message = useMessage();
  return (
    <fieldset className={className} aria-describedby={meta.errors ? meta.errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {children}
      {meta.errors && (
        <p id={meta.errorId} className="text-xs font-medium text-red-700">
          {message(meta.errors[0])}
        </p>
      )}
    </fieldset>
  );
}

export type FormErrorsProps = {
  /** Conform form metadata: shows form.errors under form.errorId. */
  form?: FormMetadata<any, string[]>;
  errors?: string[];
  id?: string;
  title?: ReactNode;
  className?: string;
};

/** Form-level errors (not tied to a field), e.g. the API's general messages. */
export function FormErrors({ form, errors, id, title, className }: FormErrorsProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const list = (errors ?? form?.errors ?? []).filter(Boolean).map((e) => message(e));
  if (list.length === 0) return null;
  return (
    <Alert
      id={id ?? form?.errorId}
      tabIndex={-1}
      tone="error"
      className={cn("focus-visible:outline-2 focus-visible:outline-red-600", className)}
      title={title ?? t("common:formErrors.title")}
    >
      {list.length === 1 ? (
        <p>{list[0]}</p>
      ) : (
        <ul className="list-disc pl-5">
          {list.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

/** Focuses and scrolls to the first invalid control of `formEl`, else to the form-level error box. */
export function scrollToFirstError(formEl: HTMLFormElement, formErrorId?: string): boolean {
  const invalid = Array.from(formEl.elements).find(
    (el): el is HTMLElement => el instanceof HTMLElement && el.getAttribute("aria-invalid") === "true",
  );
  const target = invalid ?? (formErrorId ? document.getElementById(formErrorId) : null);
  if (!target) return false;
  const smooth = !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  target.focus({ preventScroll: true });
  target.scrollIntoView({
    block: "center",
    behavior: smooth ? "smooth" : "auto",
  });
  return true;
}

/**
 * Spec 000 §5 / §8 (422): after a submission comes back with errors, scroll to and focus the first invalid field
 * (or the form-level error box). Also runs after hydration for errors rendered by the server.
 */
export function useScrollToFirstError(form: Pick<FormMetadata<any, any>, "id" | "errorId">, enabled = true) {
  const navigation = useNavigation();
  const location = useLocation(); // every finished submission or navigation is a new location
  const { id, errorId } = form;
  useEffect(() => {
    if (!enabled || navigation.state !== "idle") return;
    // Conform applies the server result in its own effects; look once the DOM shows it.
    let inner = 0;
    const outer = requestAnimationFrame(() => {
      inner = requestAnimationFrame(() => {
        const el = document.getElementById(id);
        if (el instanceof HTMLFormElement) scrollToFirstError(el, errorId);
      });
    });
    return () => {
      cancelAnimationFrame(outer);
      cancelAnimationFrame(inner);
    };
  }, [enabled, navigation.state, location.key, id, errorId]);
}

/**
 * The record's version the edit form was loaded with (decision 20), from the form's default value: sent back with the
 * save so that a save over somebody else's change answers 409 instead of overwriting it. A 409 keeps the page with
 * what the user typed (and this same old version). Create forms have no version and render nothing.
 */
export function VersionField({ form }: { form: { initialValue?: unknown } }) {
  const v = (form.initialValue as Record<string, unknown> | undefined)?.version;
  return typeof v === "string" || typeof v === "number" ? (
    <input type="hidden" name="version" value={String(v)} />
  ) : null;
}
