/**
 * Dialog building blocks of detail pages: a dialog holding one intent's form (opened by ?dialog=<name> without
 * JavaScript), a URL-opened trigger and a search inside a dialog.
 */
import type { ReactNode } from "react";
import { Form, useLocation, useSearchParams } from "react-router";
import { getFormProps, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import { withSearchParams, toSearch } from "~/lib/list";
import { Alert } from "~/components/ui/alert";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Button, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import { DIALOG_PARAM, Dialog, DialogClose, DialogTrigger } from "~/components/ui/dialog";
import { FormErrors } from "./field";
import { useDetailAnswer, type DetailAnswer } from "~/lib/action-answer";

export type FormDialogProps = {
  /** Unique on the page; also the ?dialog=<name> that opens it without JavaScript. */
  name: string;
  intent: string;
  /**
   * The texts by the translations' convention: `<ns>:<name>.title`, `.submit` and, when `described`,
   * `.description`, each with `values` (and `n`, the number of `ids`); a text given below wins.
   */
  ns?: string;
  described?: boolean;
  values?: Record<string, string | number>;
  /** The selected rows a bulk dialog acts on (hidden fields). */
  ids?: number[];
  title?: ReactNode;
  description?: ReactNode;
  /** Hidden fields, e.g. { membershipId: 12 }. */
  fields?: Record<string, string | number>;
  /** The row the answer must be about (membership or card id). */
  target?: string;
  submitLabel?: ReactNode;
  tone?: "primary" | "danger";
  size?: "sm" | "md" | "lg";
  /** The dialog's fields; they get the failed answer to show its errors and restore what was typed. */
  children: (answer: DetailAnswer | undefined) => ReactNode;
  /** Content above the form (e.g. a search form of its own, which must not be nested in this one). */
  before?: ReactNode;
};

/**
 * A dialog whose form posts one intent. A failed answer keeps it open (also with JavaScript: the message carries
 * data-keep-dialog-open) and remounts the form with the values that were sent.
 */
export function FormDialog({
  name,
  intent,
  ns,
  described,
  values,
  ids,
  title,
  description,
  fields,
  target = "",
  submitLabel,
  tone = "primary",
  size,
  children,
  before,
}: FormDialogProps) {
  const { t } = useTranslation();
  const answer = useDetailAnswer(intent, target);
  const shown = useMessage();
  const formId = `form-${name}`;
  const text = (key: string) => t(`${ns}:${name}.${key}`, ids ? { ...values, n: ids.length } : values);
  if (ns) {
    title ??= text("title");
    submitLabel ??= text("submit");
    if (described) description ??= text("description");
  }
  return (
    <Dialog
      name={name}
      title={title}
      description={description}
      size={size}
      footer={
        <DialogSubmitFooter form={formId} variant={tone === "danger" ? "danger" : "primary"}>
          {submitLabel}
        </DialogSubmitFooter>
      }
    >
      <div className="space-y-3">
        {answer && (
          <Alert tone="error" data-keep-dialog-open="">
            {shown(answer.message)}
          </Alert>
        )}
        {before}
        <Form
          method="post"
          id={formId}
          className="space-y-3"
          key={answer ? JSON.stringify(answer.values ?? {}) : "initial"}
        >
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields ?? {}).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          {ids && <SelectedIds ids={ids} />}
          {children(answer)}
        </Form>
      </div>
    </Dialog>
  );
}

/**
 * Opens a dialog whose content the loader fetches (pickers, the hierarchy): a link to ?dialog=<name>, so the
 * loader runs and the dialog opens from the URL — the same with and without JavaScript.
 */
export function DialogLink(props: {
  name: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  params?: Record<string, string | null>;
}) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // A picker starts without the search of an earlier dialog.
  const search = toSearch(
    withSearchParams(searchParams, {
      payerSearch: null,
      parentSearch: null,
      ...props.params,
      [DIALOG_PARAM]: props.name,
    }),
  );
  return (
    <Button
      to={{ pathname: location.pathname, search }}
      preventScrollReset
      variant={props.variant ?? "secondary"}
      size={props.size}
      aria-haspopup="dialog"
    >
      {props.children}
    </Button>
  );
}

/**
 * A GET search inside a URL-opened dialog: keeps the other params (and the dialog open) and sets `param`.
 * Marked to keep the dialog open after its navigation.
 */
export function DialogSearch(props: {
  dialog: string;
  param: string;
  value: string;
  label: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = `${props.dialog}-${props.param}`;
  const kept = [...searchParams].filter(([k]) => k !== props.param && k !== DIALOG_PARAM);
  return (
    <Form method="get" preventScrollReset replace className="flex items-end gap-2" data-keep-dialog-open="">
      {kept.map(([k, v]) => (
        <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
      ))}
      <input type="hidden" name={DIALOG_PARAM} value={props.dialog} />
      <div className="flex-1 space-y-1">
        <Label htmlFor={id}>{props.label}</Label>
        <Input id={id} name={props.param} type="search" defaultValue={props.value} placeholder={props.placeholder} />
      </div>
      <Button type="submit" variant="secondary">
        {t("subject:action.search")}
      </Button>
    </Form>
  );
}

/** A dialog's footer: 'Zrušit' and the button that submits the dialog's form (`form` is the form's id). */
export function DialogSubmitFooter({
  form,
  variant,
  children,
}: {
  form: string;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DialogClose variant="secondary">{t("common:cancel")}</DialogClose>
      <Button type="submit" form={form} variant={variant}>
        {children}
      </Button>
    </>
  );
}

type ConformFormProps = {
  form: FormMetadata<any, string[]>;
  /** Value of the hidden `intent` field. */
  intent: string;
  /** Extra hidden fields, e.g. { assignmentId: 42 }. */
  fields?: Record<string, string | number>;
  /** The action's reply: a failed one keeps the dialog open. */
  lastResult?: SubmissionResult<string[]>;
  children: ReactNode;
};

/**
 * The Conform form inside a dialog (a page's dialog validated by the contract's schema): posts one intent, a failed
 * reply keeps the dialog open, the form's errors above the fields.
 */
export function DialogForm({ form, intent, fields, lastResult, children }: ConformFormProps) {
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      {/* Keeps the dialog open when the answer has errors (see Dialog's closeAfterSubmit). */}
      {lastResult?.error && <span hidden data-keep-dialog-open />}
      <input type="hidden" name="intent" value={intent} />
      {fields &&
        Object.entries(fields).map(([key, value]) => <input key={key} type="hidden" name={key} value={value} />)}
      <FormErrors errors={form.errors} id={form.errorId} />
      {children}
    </Form>
  );
}

/** A dialog's texts given in full, or by the translations' convention (`ns`; see ConformDialog). */
type DialogTexts =
  | {
      ns?: undefined;
      texts?: undefined;
      described?: undefined;
      label: ReactNode;
      title: ReactNode;
      description?: ReactNode;
    }
  | { ns: string; texts?: string; described?: boolean; label?: ReactNode; title?: undefined; description?: undefined };

/**
 * A small dialog around a DialogForm, named after the form (?dialog=<form id> without JavaScript): its trigger button
 * and its submit button carry the same label (e.g. 'Ukončit'). With `ns` its texts are `<ns>:action.<texts>` (the
 * label, unless given), `<ns>:<texts>.title` and, when `described`, `<ns>:<texts>.description`; `texts` defaults to
 * the intent.
 */
export function ConformDialog({
  ns,
  texts,
  described,
  label: labelProp,
  title: titleProp,
  description: descriptionProp,
  submitVariant,
  triggerSize,
  size = "sm",
  ...formProps
}: ConformFormProps &
  DialogTexts & {
    submitVariant?: ButtonVariant;
    triggerSize?: ButtonSize;
    size?: "sm" | "md" | "lg";
  }) {
  const { t } = useTranslation();
  const key = `${ns}:${texts ?? formProps.intent}`;
  const label = labelProp ?? t(`${ns}:action.${texts ?? formProps.intent}`);
  const title = ns ? t(`${key}.title`) : titleProp;
  const description = described ? t(`${key}.description`) : descriptionProp;
  const name = formProps.form.id;
  return (
    <>
      <DialogTrigger name={name} variant="secondary" size={triggerSize}>
        {label}
      </DialogTrigger>
      <Dialog
        name={name}
        size={size}
        title={title}
        description={description}
        footer={
          <DialogSubmitFooter form={name} variant={submitVariant}>
            {label}
          </DialogSubmitFooter>
        }
      >
        <DialogForm {...formProps} />
      </Dialog>
    </>
  );
}

/** The rows a list's bulk dialog acts on, as hidden fields of its form (the selection travels in the URL). */
export function SelectedIds({ ids }: { ids: number[] }) {
  return (
    <>
      {ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
    </>
  );
}

/**
 * A list's bulk removal, confirmed: intent `confirmRemove`, texts `<ns>:remove.title|message|submit` (the message
 * gets the number of selected rows as `n`).
 */
export function BulkRemoveDialog({ ns, ids }: { ns: string; ids: number[] }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      name="remove"
      intent="confirmRemove"
      size="sm"
      tone="danger"
      title={t(`${ns}:remove.title`)}
      submitLabel={t(`${ns}:remove.submit`)}
      ids={ids}
    >
      {() => <p>{t(`${ns}:remove.message`, { n: ids.length, count: ids.length })}</p>}
    </FormDialog>
  );
}
