/**
 * The expenditure table's dialogs (spec 001 §2 Expenditures: new/edit/delete modal) and the configuration card's
 * form. 'Nový výdaj' opens ?dialog=new; 'Upravit' is a link to ?dialog=edit&expenditureId=<id>, so the loader reads
 * that one expenditure (with its version) and the page renders one edit form — the same with and without
 * JavaScript (decision 0011). A failed save keeps the dialog open with the errors under the fields.
 */
import { Form } from "react-router";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/i18n/use-translation";
import { useDialogForm, useSchemaForm } from "~/lib/use-schema-form";
import {
  EXPENDITURE_SOURCES,
  EXPENDITURE_TYPES,
  expenditureFormSchema,
  expenditureSettingSchema,
  type ExpenditureDetail,
  type ExpenditureSetting,
} from "#contract/expenditure";
import { currencyFor } from "~/lib/format/money";
import { useCountry } from "~/components/money";
import { EnumSelects, FormErrors, InputField, TextareaField } from "~/components/field";
import { ConformDialog, DialogForm, DialogLink, DialogSubmitFooter } from "~/components/form-dialog";
import { Dialog } from "~/components/ui/dialog";
import { Button } from "~/components/ui/button";

/**
 * The version a failed save was sent with: after a 409 the page reloads the record, but the form keeps the version
 * the user's typing started from, so saving again is refused again instead of overwriting (decision 0020).
 */
function sentVersion(lastResult?: SubmissionResult<string[]>): string | undefined {
  const v = (lastResult?.initialValue as Record<string, unknown> | undefined)?.version;
  return typeof v === "string" ? v : undefined;
}

type Values = {
  processedOn: string;
  type: string;
  subType: string;
  source: string;
  description: string;
  amount: string;
  version?: string;
};

function useAmountLabel() {
  const { t } = useTranslation();
  return t("expenditure:field.amountIn", { currency: currencyFor(useCountry()).symbol });
}

function ExpenditureFields({ fields }: { fields: ReturnType<typeof useSchemaForm<Values>>[1] }) {
  const { t } = useTranslation();
  const amount = useAmountLabel();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <InputField meta={fields.processedOn} type="date" label={t("expenditure:field.processedOn")} />
      <InputField meta={fields.amount} label={amount} inputMode="decimal" />
      <EnumSelects
        ns="expenditure"
        fields={fields}
        selects={[
          ["type", "type", EXPENDITURE_TYPES],
          ["source", "source", EXPENDITURE_SOURCES],
        ]}
        emptyOption={t("expenditure:field.choose")}
      />
      <InputField meta={fields.subType} label={t("expenditure:field.subType")} className="sm:col-span-2" />
      <TextareaField meta={fields.description} label={t("expenditure:field.description")} className="sm:col-span-2" />
    </div>
  );
}

/** 'Nový výdaj': the dialog and its trigger; the processed day starts as today. */
export function NewExpenditureDialog({
  today,
  lastResult,
}: {
  today: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useDialogForm<Values>(expenditureFormSchema, "new", lastResult, {
    processedOn: today,
    type: "",
    subType: "",
    source: "",
    description: "",
    amount: "",
  });
  return (
    <ConformDialog form={form} ns="expenditure" texts="new" intent="create" lastResult={lastResult}>
      <ExpenditureFields fields={fields} />
    </ConformDialog>
  );
}

/** The row's 'Upravit': a link that opens the edit dialog through the loader. */
export function EditLink({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <DialogLink name="edit" variant="ghost" size="sm" params={{ expenditureId: String(id) }}>
      {t("common:edit")}
    </DialogLink>
  );
}

/** The edit dialog of the expenditure the URL names, with its version (409 when somebody saved in between). */
export function EditExpenditureDialog({
  expenditure,
  lastResult,
}: {
  expenditure: ExpenditureDetail;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useDialogForm<Values>(expenditureFormSchema, "edit", lastResult, {
    processedOn: expenditure.processedOn,
    type: expenditure.type,
    subType: expenditure.subType ?? "",
    source: expenditure.source,
    description: expenditure.description ?? "",
    amount: expenditure.amount,
    version: String(expenditure.version),
  });
  return (
    <Dialog
      name="edit"
      title={t("expenditure:edit.title")}
      footer={<DialogSubmitFooter form={form.id}>{t("common:save")}</DialogSubmitFooter>}
    >
      <DialogForm
        form={form}
        intent="update"
        fields={{ expenditureId: expenditure.id, version: sentVersion(lastResult) ?? expenditure.version }}
        lastResult={lastResult}
      >
        <ExpenditureFields fields={fields} />
      </DialogForm>
    </Dialog>
  );
}

type SettingValues = { wasteTreatmentFlatRate: string; mixedWasteProcessingPrice: string; version: string };

/** The configuration card's form (intent 'setting'), saved with the version it was loaded with. */
export function SettingForm({
  setting,
  lastResult,
}: {
  setting: ExpenditureSetting;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const currency = currencyFor(useCountry()).symbol;
  const [form, fields] = useSchemaForm<SettingValues>(expenditureSettingSchema, {
    id: "setting",
    lastResult,
    defaultValue: {
      wasteTreatmentFlatRate: setting.wasteTreatmentFlatRate ?? "",
      mixedWasteProcessingPrice: setting.mixedWasteProcessingPrice ?? "",
      version: String(setting.version),
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="setting" />
      <input type="hidden" name="version" value={sentVersion(lastResult) ?? String(setting.version)} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          meta={fields.wasteTreatmentFlatRate}
          label={t("expenditure:field.wasteTreatmentFlatRateIn", { currency })}
          inputMode="decimal"
        />
        <InputField
          meta={fields.mixedWasteProcessingPrice}
          label={t("expenditure:field.mixedWasteProcessingPriceIn", { currency })}
          inputMode="decimal"
        />
      </div>
      <Button type="submit" variant="secondary">
        {t("expenditure:setting.save")}
      </Button>
    </Form>
  );
}
