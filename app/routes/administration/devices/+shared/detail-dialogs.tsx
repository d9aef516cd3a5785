/**
 * The device detail's dialogs (spec 001 §2 Devices 'pair-device'): pair with a municipality and end the pairing.
 * Both work without JavaScript (decision 0011): 'Spárovat zařízení' is a link to ?dialog=pair, so the loader fetches
 * the municipality picker's options, and its search is a GET form inside the dialog; a failed post re-renders the
 * dialog open with the errors under the fields.
 */
import { useDialogForm } from "~/lib/use-schema-form";
import { useTranslation } from "~/i18n/use-translation";
import type { SubmissionResult } from "@conform-to/react";
import { assignmentBody, endAssignmentBody } from "#contract/device";
import { InputField, SelectField, ValidityFields } from "~/components/field";
import { Dialog } from "~/components/ui/dialog";
import { ConformDialog, DialogForm, DialogLink, DialogSearch, DialogSubmitFooter } from "~/components/form-dialog";
import type { MunicipalityOption } from "./ui";
import { idOptions } from "~/lib/list-filters";

type PairValues = { municipalityId: string; validFrom: string; validTo: string };

export function PairDialog({
  today,
  municipalities,
  search,
  lastResult,
}: {
  today: string;
  municipalities: MunicipalityOption[];
  search: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useDialogForm<PairValues>(assignmentBody, "pair", lastResult, {
    municipalityId: "",
    validFrom: today,
    validTo: "",
  });
  const label = t("device:action.pair");
  return (
    <>
      <DialogLink name="pair" params={{ municipalitySearch: null }}>
        {label}
      </DialogLink>
      <Dialog
        name="pair"
        title={label}
        description={t("device:pair.description")}
        footer={<DialogSubmitFooter form={form.id}>{t("device:pair.submit")}</DialogSubmitFooter>}
      >
        <div className="space-y-3">
          <DialogSearch
            dialog="pair"
            param="municipalitySearch"
            value={search}
            label={t("device:field.municipalitySearch")}
          />
          <DialogForm form={form} intent="pair" lastResult={lastResult}>
            <SelectField
              meta={fields.municipalityId}
              label={t("device:field.municipality")}
              options={idOptions(municipalities)}
              emptyOption={t("device:field.chooseMunicipality")}
              description={t("device:field.municipalitySearchHelp")}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <ValidityFields fields={fields} labels="device:field" />
            </div>
          </DialogForm>
        </div>
      </Dialog>
    </>
  );
}

type EndValues = { validTo: string };

/**
 * Ends one pairing: today's (the header button, dialog 'end') or a planned one from the history table (dialog
 * 'end-{id}', its first day offered as the last, so it serves that one day at least).
 */
export function EndDialog({
  assignmentId,
  name = "end",
  defaultValidTo,
  compact = false,
  lastResult,
}: {
  assignmentId: number;
  name?: string;
  defaultValidTo: string;
  compact?: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useDialogForm<EndValues>(endAssignmentBody, name, lastResult, { validTo: defaultValidTo });
  return (
    <ConformDialog
      form={form}
      ns="device"
      intent="end"
      described
      fields={{ assignmentId }}
      lastResult={lastResult}
      submitVariant="danger"
      triggerSize={compact ? "sm" : undefined}
    >
      <InputField meta={fields.validTo} type="date" label={t("device:field.lastDay")} />
    </ConformDialog>
  );
}
