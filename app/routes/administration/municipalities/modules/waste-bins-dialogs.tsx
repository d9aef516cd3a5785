/**
 * The add/edit dialogs of the waste and bin types settings (spec 001 §2, §3 'Bin type / waste configuration').
 * Each opens through ?dialog=<name> without JavaScript and posts a plain form; a failed post (Conform's reply, whose
 * initialValue names the intent and row) re-renders its dialog open with the errors under the fields.
 */
import type { ReactNode } from "react";
import { Form, useLocation, useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { BIN_CATEGORIES, BIN_KINDS, type BinCategory, type BinKind } from "#contract/waste-evidence-header";
import {
  binTypeFormSchema,
  wasteTypeFormSchema,
  type BinTypeItem,
  type WasteTypeItem,
} from "#contract/waste-settings";
import { formatNumber } from "~/lib/format";
import { CheckboxField, FormErrors, InputField, SelectField, VersionField } from "~/components/field";
import { Button } from "~/components/ui/button";
import { DIALOG_PARAM, Dialog, DialogClose } from "~/components/ui/dialog";

/** What the page's action answers when it stays on the page. */
export type SettingsAnswer = {
  /** A row action's failure (deactivate, delete): its intent, row and message. */
  intent?: string;
  target?: string;
  message?: string;
  /** A dialog's failure: Conform's reply. */
  result?: SubmissionResult<string[]>;
};

/** Czech defaults of spec 001 §9 bin types. */
const CATEGORY_LABELS: Record<BinCategory, string> = {
  bag: "Pytel",
  bin: "Popelnice",
  container: "Kontejner",
  wasteBucket: "Odpadkový koš",
  other: "Jiná nádoba",
  wastePrefix: "Předpona odpadu",
  car: "Vozidlo",
};
const KIND_LABELS: Record<BinKind, string> = { fixed: "Trvalá", disposable: "Jednorázová" };

export function CategoryLabel({ category }: { category: BinCategory }) {
  const { t } = useTranslation();
  return <>{t(`wasteSettings:category.${category}`, CATEGORY_LABELS[category])}</>;
}

export function KindLabel({ kind }: { kind: BinKind }) {
  const { t } = useTranslation();
  return <>{t(`wasteSettings:kind.${kind}`, KIND_LABELS[kind])}</>;
}

/** The answer's reply when it belongs to this dialog (its intent and row). */
function dialogResult(answer: SettingsAnswer | undefined, intent: string, typeId: number | undefined) {
  const sent = answer?.result?.initialValue as Record<string, unknown> | undefined;
  if (!sent || sent.intent !== intent || String(sent.typeId ?? "") !== String(typeId ?? "")) return undefined;
  return answer!.result;
}

/**
 * The dialog around one form. The form inside is remounted on every navigation, so after a save it starts again
 * from the loader's (new) values, and after a failure from the reply.
 */
function SettingsDialog({
  name,
  formId,
  title,
  submitLabel,
  failed,
  children,
}: {
  name: string;
  formId: string;
  title: ReactNode;
  submitLabel: ReactNode;
  failed: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <Dialog
      name={name}
      title={title}
      open={searchParams.get(DIALOG_PARAM) === name || failed}
      footer={
        <>
          <DialogClose variant="secondary">{t("common:cancel", "Zrušit")}</DialogClose>
          <Button type="submit" form={formId} variant="primary">
            {submitLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

type WasteTypeShape = z.input<typeof wasteTypeFormSchema> & { version?: string };

export function WasteTypeDialog({ row, answer }: { row?: WasteTypeItem; answer?: SettingsAnswer }) {
  const { t } = useTranslation();
  const location = useLocation();
  const name = row ? `edit-waste-type-${row.id}` : "add-waste-type";
  const intent = row ? "updateWasteType" : "createWasteType";
  const lastResult = dialogResult(answer, intent, row?.id);
  return (
    <SettingsDialog
      name={name}
      formId={`${name}-form`}
      failed={Boolean(lastResult?.error)}
      title={
        row
          ? t("wasteSettings:dialog.editWasteType", "Upravit typ odpadu")
          : t("wasteSettings:dialog.addWasteType", "Nový typ odpadu")
      }
      submitLabel={row ? t("wasteSettings:action.save", "Uložit") : t("wasteSettings:action.add", "Přidat")}
    >
      <WasteTypeForm key={location.key} formId={`${name}-form`} intent={intent} row={row} lastResult={lastResult} />
    </SettingsDialog>
  );
}

function WasteTypeForm({
  formId,
  intent,
  row,
  lastResult,
}: {
  formId: string;
  intent: string;
  row?: WasteTypeItem;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm<WasteTypeShape>({
    id: formId,
    lastResult,
    defaultValue: row
      ? {
          version: String(row.version),
          name: row.name,
          catalogCode: row.catalogCode ?? "",
          coefficient: formatNumber(row.coefficient, { maxDecimals: 4 }),
          sorted: row.sorted ? "on" : null,
        }
      : { sorted: "on" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: wasteTypeFormSchema });
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      {/* Keeps the dialog open when the answer has errors (see Dialog's closeAfterSubmit). */}
      {lastResult?.error && <span hidden data-keep-dialog-open />}
      <input type="hidden" name="intent" value={intent} />
      {row && <input type="hidden" name="typeId" value={row.id} />}
      <FormErrors errors={form.errors} id={form.errorId} />
      <VersionField form={form} />
      <InputField meta={fields.name} label={t("wasteSettings:field.name", "Název")} />
      <InputField
        meta={fields.catalogCode}
        label={t("wasteSettings:field.catalogCode", "Kód katalogu odpadů")}
        inputMode="numeric"
        description={t("wasteSettings:field.catalogCodeHelp", "Šest číslic podle vyhlášky 8/2021 Sb., např. 200301.")}
      />
      <InputField
        meta={fields.coefficient}
        label={t("wasteSettings:field.coefficient", "Koeficient (kg na litr)")}
        inputMode="decimal"
        description={t("wasteSettings:field.coefficientHelp", "Hmotnost litru plné nádoby, 0 až 2, např. 0,12.")}
      />
      <CheckboxField meta={fields.sorted} label={t("wasteSettings:field.sorted", "Tříděný odpad")} />
    </Form>
  );
}

type BinTypeShape = z.input<typeof binTypeFormSchema> & { version?: string };

export function BinTypeDialog({
  row,
  answer,
  wasteTypes,
}: {
  row?: BinTypeItem;
  answer?: SettingsAnswer;
  /** The waste types offered: the active ones (and the row's current one). */
  wasteTypes: WasteTypeItem[];
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const name = row ? `edit-bin-type-${row.id}` : "add-bin-type";
  const intent = row ? "updateBinType" : "createBinType";
  const lastResult = dialogResult(answer, intent, row?.id);
  return (
    <SettingsDialog
      name={name}
      formId={`${name}-form`}
      failed={Boolean(lastResult?.error)}
      title={
        row
          ? t("wasteSettings:dialog.editBinType", "Upravit typ nádoby")
          : t("wasteSettings:dialog.addBinType", "Nový typ nádoby")
      }
      submitLabel={row ? t("wasteSettings:action.save", "Uložit") : t("wasteSettings:action.add", "Přidat")}
    >
      <BinTypeForm
        key={location.key}
        formId={`${name}-form`}
        intent={intent}
        row={row}
        lastResult={lastResult}
        wasteTypes={wasteTypes}
      />
    </SettingsDialog>
  );
}

function BinTypeForm({
  formId,
  intent,
  row,
  lastResult,
  wasteTypes,
}: {
  formId: string;
  intent: string;
  row?: BinTypeItem;
  lastResult?: SubmissionResult<string[]>;
  wasteTypes: WasteTypeItem[];
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm<BinTypeShape>({
    id: formId,
    lastResult,
    defaultValue: row
      ? {
          version: String(row.version),
          name: row.name,
          category: row.category,
          kind: row.kind,
          capacity: String(row.capacity),
          allowExact: row.allowExact ? "on" : null,
          wasteTypeId: row.wasteTypeId ? String(row.wasteTypeId) : "",
        }
      : { category: "bin", kind: "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: binTypeFormSchema });
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      {lastResult?.error && <span hidden data-keep-dialog-open />}
      <input type="hidden" name="intent" value={intent} />
      {row && <input type="hidden" name="typeId" value={row.id} />}
      <FormErrors errors={form.errors} id={form.errorId} />
      <VersionField form={form} />
      <InputField meta={fields.name} label={t("wasteSettings:field.name", "Název")} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          meta={fields.category}
          label={t("wasteSettings:field.category", "Druh nádoby")}
          options={BIN_CATEGORIES.map((c) => ({ value: c, label: t(`wasteSettings:category.${c}`, CATEGORY_LABELS[c]) }))}
        />
        <SelectField
          meta={fields.kind}
          label={t("wasteSettings:field.kind", "Použití")}
          emptyOption={t("wasteSettings:kind.auto", "Podle druhu (pytel jednorázový)")}
          options={BIN_KINDS.map((k) => ({ value: k, label: t(`wasteSettings:kind.${k}`, KIND_LABELS[k]) }))}
        />
      </div>
      <InputField
        meta={fields.capacity}
        label={t("wasteSettings:field.capacity", "Objem (l)")}
        inputMode="numeric"
        description={t("wasteSettings:field.capacityHelp", "1 až 19 000 litrů.")}
      />
      <SelectField
        meta={fields.wasteTypeId}
        label={t("wasteSettings:field.wasteType", "Obvyklý typ odpadu")}
        emptyOption={t("wasteSettings:field.noWasteType", "– bez určení –")}
        options={wasteTypes.map((w) => ({
          value: String(w.id),
          label: w.catalogCode ? `${w.name} (${w.catalogCode})` : w.name,
        }))}
      />
      <CheckboxField
        meta={fields.allowExact}
        label={t("wasteSettings:field.allowExact", "Vážená: lze zadat přesné množství")}
      />
    </Form>
  );
}
