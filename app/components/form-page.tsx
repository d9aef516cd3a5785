/**
 * The frame of a create or edit screen (issue 12): the page head with its way back, then the form (and any notes
 * before it). `CreatePage` and `EditPage` give the head every area words alike.
 */
import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { RecordFormProps } from "~/lib/use-schema-form";
import { PageHeader } from "./page-header";

export function FormPage({
  back,
  title,
  subtitle,
  className = "space-y-4",
  children,
}: {
  back?: { to: string; label: ReactNode };
  title: ReactNode;
  subtitle?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <PageHeader back={back} title={title} subtitle={subtitle} />
      {children}
    </div>
  );
}

/** A create screen: back to the list (`<ns>:list.title`, or `back`), the heading `<ns>:create.title`. */
export function CreatePage({
  ns,
  list,
  back,
  children,
}: {
  ns: string;
  /** The list's path. */
  list: string;
  /** Another way back (e.g. the parent record the new one is made under). */
  back?: { to: string; label: ReactNode };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormPage back={back ?? { to: list, label: t(`${ns}:list.title`) }} title={t(`${ns}:create.title`)}>
      {children}
    </FormPage>
  );
}

/** An edit screen: back to the record under its name, the heading `<ns>:edit.title: <name>`. */
export function EditPage({ ns, to, name, children }: { ns: string; to: string; name: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <FormPage back={{ to, label: name }} title={`${t(`${ns}:edit.title`)}: ${name}`}>
      {children}
    </FormPage>
  );
}

/** A record's form that needs nothing but its values, the action's answer and its two buttons. */
type RecordForm<Values> = {
  Form: ComponentType<RecordFormProps<Values>>;
  defaultValue: Values;
  lastResult?: RecordFormProps<Values>["lastResult"];
};

/** A create screen that is only the record's form: saved with `<ns>:create.submit`, cancelled back to the list. */
export function CreateFormPage<Values>({
  ns,
  list,
  Form,
  defaultValue,
  lastResult,
}: RecordForm<Values> & { ns: string; list: string }) {
  const { t } = useTranslation();
  return (
    <CreatePage ns={ns} list={list}>
      <Form
        lastResult={lastResult}
        defaultValue={defaultValue}
        submitLabel={t(`${ns}:create.submit`)}
        cancelTo={list}
      />
    </CreatePage>
  );
}

/** An edit screen that is only the record's form: saved with 'Uložit', cancelled back to the record. */
export function EditFormPage<Values>({
  ns,
  to,
  name,
  Form,
  defaultValue,
  lastResult,
}: RecordForm<Values> & { ns: string; to: string; name: string }) {
  const { t } = useTranslation();
  return (
    <EditPage ns={ns} to={to} name={name}>
      <Form lastResult={lastResult} defaultValue={defaultValue} submitLabel={t("common:save")} cancelTo={to} />
    </EditPage>
  );
}
