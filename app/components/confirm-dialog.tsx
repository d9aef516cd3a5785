/**
 * A confirmation dialog whose confirm button posts a react-router <Form> with a hidden `intent`.
 * Optional `confirmWord`: the user types it into the field "confirmation" first. With JavaScript the confirm button
 * stays disabled until it matches; without JavaScript the action must check it (use `confirmWordMatches`).
 */
import { useState, type ReactNode } from "react";
import { Form } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { Button, type ButtonSize, type ButtonVariant } from "./ui/button";
import { Dialog, DialogClose, DialogTrigger, useHydrated } from "./ui/dialog";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

/** Server-side check of the typed confirmation word (trimmed, case-insensitive). */
export function confirmWordMatches(value: unknown, word: string): boolean {
  return typeof value === "string" && value.trim().toLocaleLowerCase() === word.trim().toLocaleLowerCase();
}

export type ConfirmDialogProps = {
  /** Unique on the page; also the ?dialog=<name> value that opens it without JavaScript. */
  name: string;
  /**
   * The texts by the translations' convention: `<ns>:action.<intent>` (the trigger and the confirm button),
   * `<ns>:<intent>.title` and `.message`, each with `values`; a text given below wins.
   */
  ns?: string;
  values?: Record<string, string | number>;
  /** The text of both the trigger and the confirm button (e.g. 'Přepočítat'). */
  label?: ReactNode;
  title?: ReactNode;
  message?: ReactNode;
  /** Value of the hidden `intent` field. */
  intent: string;
  /** Extra hidden fields, e.g. { id: "42" }; a list is one field per value (a selection's ids). */
  fields?: Record<string, string | number | readonly (string | number)[]>;
  /** Form action; defaults to the current route. */
  action?: string;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Word the user must type before confirming, e.g. the municipality's name or 'SMAZAT'. */
  confirmWord?: string;
  tone?: "danger" | "primary";
  /** When given, a trigger button with this content is rendered in place. */
  trigger?: ReactNode;
  triggerVariant?: ButtonVariant;
  triggerSize?: ButtonSize;
  /**
   * The table row the trigger acts on (a name, a code): read after the trigger's label by screen readers only. The
   * trigger is then a row's small ghost button.
   */
  forRow?: ReactNode;
  /** Controlled open state; defaults to ?dialog=<name> in the URL. */
  open?: boolean;
};

export function ConfirmDialog({
  name,
  ns,
  values,
  label,
  title,
  message,
  intent,
  fields,
  action,
  confirmLabel,
  cancelLabel,
  confirmWord,
  tone = "danger",
  trigger,
  triggerVariant,
  triggerSize,
  forRow,
  open,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  if (ns) {
    label ??= t(`${ns}:action.${intent}`, values);
    title ??= t(`${ns}:${intent}.title`, values);
    message ??= t(`${ns}:${intent}.message`, values);
  }
  trigger ??= label;
  confirmLabel ??= label;
  const hydrated = useHydrated();
  const [typed, setTyped] = useState("");
  const formId = `confirm-${name}`;
  const inputId = `${formId}-confirmation`;
  const blocked = hydrated && confirmWord !== undefined && !confirmWordMatches(typed, confirmWord);

  return (
    <>
      {trigger !== undefined && (
        <DialogTrigger
          name={name}
          variant={triggerVariant ?? (forRow !== undefined ? "ghost" : tone === "danger" ? "danger" : "secondary")}
          size={triggerSize ?? (forRow !== undefined ? "sm" : undefined)}
        >
          {trigger}
          {forRow !== undefined && <span className="sr-only"> {forRow}</span>}
        </DialogTrigger>
      )}
      <Dialog
        name={name}
        open={open}
        size="sm"
        title={title}
        onClose={() => setTyped("")}
        footer={
          <>
            <DialogClose variant="secondary">{cancelLabel ?? t("common:confirmDialog.cancel")}</DialogClose>
            <Button type="submit" form={formId} variant={tone === "danger" ? "danger" : "primary"} disabled={blocked}>
              {confirmLabel ?? t("common:confirmDialog.confirm")}
            </Button>
          </>
        }
      >
        <Form method="post" id={formId} action={action} className="space-y-3">
          <input type="hidden" name="intent" value={intent} />
          {fields &&
            Object.entries(fields).flatMap(([key, value]) =>
              (Array.isArray(value) ? value : [value]).map((v, i) => (
                <input key={`${key}-${i}`} type="hidden" name={key} value={v} />
              )),
            )}
          <div className="text-slate-700">{message}</div>
          {confirmWord !== undefined && (
            <div className="space-y-1">
              <Label htmlFor={inputId}>{t("common:confirmDialog.typeWord", { word: confirmWord })}</Label>
              <Input
                id={inputId}
                name="confirmation"
                autoComplete="off"
                required
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
            </div>
          )}
        </Form>
      </Dialog>
    </>
  );
}

type DeleteProps = { ns: string; values?: Record<string, string | number> };

/** The texts of an entity's delete: `<ns>:action.delete` (trigger and confirm), `<ns>:delete.title|message`. */
function useDeleteTexts({ ns, values }: DeleteProps) {
  const { t } = useTranslation();
  const label = t(`${ns}:action.delete`);
  return {
    trigger: label,
    title: t(`${ns}:delete.title`),
    message: t(`${ns}:delete.message`, values ?? {}),
    confirmLabel: label,
  };
}

/**
 * A detail page's delete (issue 12): the confirm dialog posting `intent=delete` with the entity's delete texts.
 * After a failed delete without JavaScript the URL still names the dialog: it stays shut so the page's alert is seen.
 */
export function DeleteDialog({
  answer,
  ...texts
}: DeleteProps & {
  /** The page's action answer (its `intent` says whether the delete failed). */
  answer?: { intent?: string } | null;
}) {
  return (
    <ConfirmDialog
      name="delete"
      intent="delete"
      open={answer?.intent === "delete" ? false : undefined}
      {...useDeleteTexts(texts)}
    />
  );
}

/** A list row's delete: `?dialog=delete-<id>` without JavaScript, the row's id posted as `id`. */
export function RowDeleteDialog({ id, ...texts }: DeleteProps & { id: number }) {
  return (
    <ConfirmDialog
      name={`delete-${id}`}
      intent="delete"
      fields={{ id }}
      triggerVariant="ghost"
      triggerSize="sm"
      {...useDeleteTexts(texts)}
    />
  );
}
