/**
 * The add/edit dialogs of the waste and bin types settings (spec 001 §2, §3 'Bin type / waste configuration').
 * Each opens through ?dialog=<name> without JavaScript and posts a plain form with its intent (and row, typeId); a
 * failed post (the action's answer for that intent and row) re-renders its dialog open with the errors under the
 * fields. One dialog and one form shell serve both kinds; only the fields differ.
 */
import { Fragment, type ReactNode } from "react";
import { DialogForm, DialogSubmitFooter } from "~/components/form-dialog";
import { useDialogForm, type useSchemaForm } from "~/lib/use-schema-form";
import { useLocation, useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { FieldMetadata, FormMetadata, SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { BIN_CATEGORIES, BIN_KINDS, type BinCategory, type BinKind } from "#contract/waste-evidence-header";
import { binTypeFormSchema, wasteTypeFormSchema, type BinTypeItem, type WasteTypeItem } from "#contract/waste-settings";
import { useActionAnswer } from "~/lib/action-answer";
import { formatNumber } from "~/lib/format";
import { CheckboxField, EnumSelectField, InputField, SelectField, VersionField } from "~/components/field";
import { DIALOG_PARAM, Dialog } from "~/components/ui/dialog";

/** The two kinds of type the page sets: their intents end with the kind ('createWasteType', 'setBinTypeActive'). */
export type TypeKind = "WasteType" | "BinType";
/** The kind in dialog names: 'add-waste-type', 'edit-bin-type-12'. */
export const TYPE_SLUG: Record<TypeKind, string> = { WasteType: "waste-type", BinType: "bin-type" };

export function CategoryLabel({ category }: { category: BinCategory }) {
  const { t } = useTranslation();
  return <>{t(`wasteSettings:category.${category}`)}</>;
}

export function KindLabel({ kind }: { kind: BinKind }) {
  const { t } = useTranslation();
  return <>{t(`wasteSettings:kind.${kind}`)}</>;
}

/** What the dialog hands its form: the form's id, the intent it posts and the action's reply for it. */
type TypeFormProps = { formId: string; intent: string; typeId?: number; lastResult?: SubmissionResult<string[]> };

/**
 * The dialog of one kind, to add a type or edit the row. The form inside is remounted on every navigation, so after
 * a save it starts again from the loader's (new) values, and after a failure from the reply.
 */
function TypeDialog({
  kind,
  row,
  children,
}: {
  kind: TypeKind;
  row?: { id: number };
  children: (form: TypeFormProps) => ReactNode;
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const name = row ? `edit-${TYPE_SLUG[kind]}-${row.id}` : `add-${TYPE_SLUG[kind]}`;
  const formId = `${name}-form`;
  const intent = `${row ? "update" : "create"}${kind}`;
  const lastResult = useActionAnswer(intent, row ? String(row.id) : "")?.result;
  return (
    <Dialog
      name={name}
      title={t(`wasteSettings:dialog.${row ? "edit" : "add"}${kind}`)}
      open={searchParams.get(DIALOG_PARAM) === name || Boolean(lastResult?.error)}
      footer={
        <DialogSubmitFooter form={formId} variant="primary">
          {row ? t("wasteSettings:action.save") : t("wasteSettings:action.add")}
        </DialogSubmitFooter>
      }
    >
      <Fragment key={location.key}>{children({ formId, intent, typeId: row?.id, lastResult })}</Fragment>
    </Dialog>
  );
}

/** The form of a type's dialog: the dialog's form id and reply, checked by the contract's schema. */
function useTypeForm<Shape extends Record<string, unknown>>(
  props: TypeFormProps,
  schema: z.ZodType,
  defaultValue: NonNullable<Parameters<typeof useSchemaForm<Shape>>[1]>["defaultValue"],
) {
  return useDialogForm<Shape>(schema, props.formId, props.lastResult, defaultValue);
}

/** The form around a dialog's fields: its intent and row, the form's errors and the version the user saw. */
function TypeForm<Shape extends Record<string, unknown>>({
  form,
  intent,
  typeId,
  lastResult,
  children,
}: TypeFormProps & { form: FormMetadata<Shape, string[]>; children: ReactNode }) {
  return (
    <DialogForm
      form={form}
      intent={intent}
      fields={typeId === undefined ? undefined : { typeId }}
      lastResult={lastResult}
    >
      <VersionField form={form} />
      {children}
    </DialogForm>
  );
}

type WasteTypeShape = z.input<typeof wasteTypeFormSchema> & { version?: string };

export function WasteTypeDialog({ row }: { row?: WasteTypeItem }) {
  return (
    <TypeDialog kind="WasteType" row={row}>
      {(props) => <WasteTypeForm {...props} row={row} />}
    </TypeDialog>
  );
}

/** The form's values: the row's when it is edited, a new type's otherwise. */
function wasteTypeValues(row?: WasteTypeItem) {
  if (!row) return { sorted: "on" };
  return {
    version: String(row.version),
    name: row.name,
    catalogCode: row.catalogCode ?? "",
    coefficient: formatNumber(row.coefficient, { maxDecimals: 4 }),
    sorted: row.sorted ? "on" : null,
  };
}

function WasteTypeForm({ row, ...props }: TypeFormProps & { row?: WasteTypeItem }) {
  const { t } = useTranslation();
  const [form, fields] = useTypeForm<WasteTypeShape>(props, wasteTypeFormSchema, wasteTypeValues(row));
  return (
    <TypeForm form={form} {...props}>
      <InputField meta={fields.name} label={t("wasteSettings:field.name")} />
      <NumberWithHelp meta={fields.catalogCode} inputMode="numeric" />
      <NumberWithHelp meta={fields.coefficient} inputMode="decimal" />
      <CheckboxField meta={fields.sorted} label={t("wasteSettings:field.sorted")} />
    </TypeForm>
  );
}

type BinTypeShape = z.input<typeof binTypeFormSchema> & { version?: string };

export function BinTypeDialog({
  row,
  wasteTypes,
}: {
  row?: BinTypeItem;
  /** The waste types offered: the active ones (and the row's current one). */
  wasteTypes: WasteTypeItem[];
}) {
  return (
    <TypeDialog kind="BinType" row={row}>
      {(props) => <BinTypeForm {...props} row={row} wasteTypes={wasteTypes} />}
    </TypeDialog>
  );
}

function binTypeValues(row?: BinTypeItem) {
  if (!row) return { category: "bin", kind: "" };
  return {
    version: String(row.version),
    name: row.name,
    category: row.category,
    kind: row.kind,
    capacity: String(row.capacity),
    allowExact: row.allowExact ? "on" : null,
    wasteTypeId: row.wasteTypeId ? String(row.wasteTypeId) : "",
  };
}

function BinTypeForm({
  row,
  wasteTypes,
  ...props
}: TypeFormProps & { row?: BinTypeItem; wasteTypes: WasteTypeItem[] }) {
  const { t } = useTranslation();
  const [form, fields] = useTypeForm<BinTypeShape>(props, binTypeFormSchema, binTypeValues(row));
  return (
    <TypeForm form={form} {...props}>
      <InputField meta={fields.name} label={t("wasteSettings:field.name")} />
      <div className="grid gap-3 sm:grid-cols-2">
        <EnumSelectField
          meta={fields.category}
          label={t("wasteSettings:field.category")}
          labels="wasteSettings:category"
          values={BIN_CATEGORIES}
        />
        <EnumSelectField
          meta={fields.kind}
          label={t("wasteSettings:field.kind")}
          emptyOption={t("wasteSettings:kind.auto")}
          labels="wasteSettings:kind"
          values={BIN_KINDS}
        />
      </div>
      <NumberWithHelp meta={fields.capacity} inputMode="numeric" />
      <SelectField
        meta={fields.wasteTypeId}
        label={t("wasteSettings:field.wasteType")}
        emptyOption={t("wasteSettings:field.noWasteType")}
        options={wasteTypes.map((w) => ({
          value: String(w.id),
          label: w.catalogCode ? `${w.name} (${w.catalogCode})` : w.name,
        }))}
      />
      <CheckboxField meta={fields.allowExact} label={t("wasteSettings:field.allowExact")} />
    </TypeForm>
  );
}

/** A number of a type's form, labelled `wasteSettings:field.<name>` and explained by `…<name>Help`. */
function NumberWithHelp({
  meta,
  inputMode,
}: {
  meta: FieldMetadata<any, any, string[]>;
  inputMode: "numeric" | "decimal";
}) {
  const { t } = useTranslation();
  return (
    <InputField
      meta={meta}
      label={t(`wasteSettings:field.${meta.name}`)}
      inputMode={inputMode}
      description={t(`wasteSettings:field.${meta.name}Help`)}
    />
  );
}
