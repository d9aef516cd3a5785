/** The bulk-action bar: a POST form whose submit buttons send `intent`; the selected rows' `ids` join it. */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { Alert } from "../ui/alert";
import { Button, type ButtonVariant } from "../ui/button";
import { useHydrated } from "../ui/dialog";
import type { RowSelection } from "./row-selection";

export type BulkAction = {
  intent: string;
  label: ReactNode;
  variant?: ButtonVariant;
};

type BulkFormProps = {
  id: string;
  selection: RowSelection;
  actions: BulkAction[];
  /** Extra hidden fields or controls inside the bulk form. */
  fields?: Record<string, string>;
  extra?: ReactNode;
  /** Form action; defaults to the current route. */
  action?: string;
};

export function BulkForm({ id, selection, actions, fields, extra, action }: BulkFormProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const count = selection.selected.size;
  return (
    <Form
      method="post"
      id={id}
      action={action}
      className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-2"
      onSubmit={(e) => {
        if (hydrated && count === 0) {
          e.preventDefault();
          selection.setAskToSelect(true);
        }
      }}
    >
      {Object.entries(fields ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <span className="mr-2 text-sm text-slate-600" aria-live="polite">
        {hydrated
          ? t("common:dataTable.selected", {
              n: count,
            })
          : t("common:dataTable.bulkActions")}
      </span>
      {extra}
      {actions.map((a) => (
        <Button
          key={a.intent}
          type="submit"
          name="intent"
          value={a.intent}
          size="sm"
          variant={a.variant ?? "secondary"}
        >
          {a.label}
        </Button>
      ))}
      {selection.askToSelect && count === 0 && (
        <Alert tone="warning" className="py-1">
          {t("common:dataTable.selectItems")}
        </Alert>
      )}
    </Form>
  );
}
