/**
 * The record form of create and edit (spec 001 §2 'Waste evidence records', §5 fullness, §9 nonconforming states):
 * the bin's code, the time, the waste, fullness in percent with a warning above 100, the weight and the
 * nonconforming states as checkboxes with their severity. A plain POST; create has 'save and add another'.
 */
import { useState } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { getCollectionProps, getInputProps } from "@conform-to/react";
import { useTranslation } from "~/i18n/use-translation";
import { NONCONFORMING_STATE_IDS, FULLNESS_FULL, FULLNESS_MAX } from "#contract/collection-import";
import { toPragueLocal } from "#contract/calendar";
import { evidenceCreateSchema, evidenceEditSchema, type EvidenceDetail } from "#contract/waste-evidence";
import type { WasteTypeItem } from "#contract/waste-settings";
import { useMessage } from "~/lib/messages";
import { idOptions } from "~/lib/list-filters";
import { useSchemaForm, type RecordFormProps } from "~/lib/use-schema-form";
import { EntityForm } from "~/components/entity-form";
import { InputField, SelectField } from "~/components/field";
import { SectionCard } from "~/components/section-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { useStateLabel } from "./ui";

/** Form values are strings (and the states a list of strings): as Conform sends and restores them. */
export type EvidenceFormValues = Partial<
  Record<Exclude<keyof z.input<typeof evidenceCreateSchema>, "nonconformingStateIds"> | "version", string>
> & { nonconformingStateIds?: string[] };

export function toFormValues(r: EvidenceDetail): EvidenceFormValues {
  return {
    code: r.code ?? r.rfid ?? "",
    collectedAt: toPragueLocal(r.collectedAt),
    wasteTypeId: r.wasteTypeId ? String(r.wasteTypeId) : "",
    fullness: r.fullness === null ? "" : String(r.fullness),
    weightKg: r.weightKg ?? "",
    nonconformingStateIds: r.nonconformingStateIds.map(String),
    version: String(r.version),
  };
}

type Props = RecordFormProps<EvidenceFormValues> & {
  wasteTypes: WasteTypeItem[];
  /** Create: the intents 'save' and 'saveAndAdd'; edit: 'save' only. */
  mode: "create" | "edit";
};

export function EvidenceForm({ lastResult, defaultValue, wasteTypes, mode, submitLabel, cancelTo }: Props) {
  const { t } = useTranslation();
  const shown = useMessage();
  const stateLabel = useStateLabel();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm<EvidenceFormValues>(
    mode === "create" ? evidenceCreateSchema : evidenceEditSchema,
    { id: `evidence-${mode}`, lastResult, defaultValue },
  );
  const initialFullness = Number(fields.fullness.initialValue ?? defaultValue.fullness ?? "");
  const [fullness, setFullness] = useState(Number.isFinite(initialFullness) ? initialFullness : 0);
  const stateInputs = getCollectionProps(fields.nonconformingStateIds, {
    type: "checkbox",
    options: NONCONFORMING_STATE_IDS.map(String),
  });
  const wasteOptions = idOptions(wasteTypes.filter((w) => w.active || String(w.id) === defaultValue.wasteTypeId));

  return (
    <EntityForm form={form}>
      {mode === "create" && defaultValue.wasteCollectionId && (
        <>
          <input {...getInputProps(fields.wasteCollectionId, { type: "hidden" })} key={fields.wasteCollectionId.key} />
          <p className="text-sm text-slate-600">
            {t("wasteEvidence:create.inCollection", { id: defaultValue.wasteCollectionId })}
          </p>
        </>
      )}
      <SectionCard title={t("wasteEvidence:section.record")} contentClassName="grid gap-4 md:grid-cols-2">
        <InputField
          meta={fields.code}
          label={t("wasteEvidence:field.code")}
          description={t("wasteEvidence:code.help")}
          autoComplete="off"
          autoFocus={mode === "create"}
        />
        <InputField meta={fields.collectedAt} type="datetime-local" label={t("wasteEvidence:field.collectedAt")} />
        <SelectField
          meta={fields.wasteTypeId}
          label={t("wasteEvidence:field.wasteType")}
          options={wasteOptions}
          emptyOption={t("wasteEvidence:field.wasteTypeDefault")}
        />
        <div className="space-y-2">
          <InputField
            meta={fields.fullness}
            type="number"
            min={0}
            max={FULLNESS_MAX}
            step={1}
            inputMode="numeric"
            label={t("wasteEvidence:field.fullness")}
            description={t("wasteEvidence:fullness.help")}
            onInput={(e) => setFullness(Number(e.currentTarget.value))}
          />
          {fullness > FULLNESS_FULL && fullness <= FULLNESS_MAX && (
            <Alert tone="warning" data-testid="overfilled-warning">
              {t("wasteEvidence:fullness.overfilled")}
            </Alert>
          )}
        </div>
        <InputField
          meta={fields.weightKg}
          inputMode="decimal"
          label={t("wasteEvidence:field.weightKg")}
          description={t("wasteEvidence:weight.help")}
          autoComplete="off"
        />
      </SectionCard>

      <SectionCard title={t("wasteEvidence:section.states")}>
        <fieldset className="space-y-2" aria-describedby={fields.nonconformingStateIds.errorId}>
          <legend className="sr-only">{t("wasteEvidence:field.nonconformingStates")}</legend>
          {stateInputs.map(({ key, ...props }, i) => (
            <div key={key} className="flex items-center gap-2">
              <Checkbox {...props} />
              <label htmlFor={props.id} className="text-sm">
                {stateLabel(NONCONFORMING_STATE_IDS[i]!)}
              </label>
            </div>
          ))}
          {fields.nonconformingStateIds.errors?.[0] && (
            <p id={fields.nonconformingStateIds.errorId} className="text-xs font-medium text-red-700">
              {shown(fields.nonconformingStateIds.errors[0])}
            </p>
          )}
        </fieldset>
      </SectionCard>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {busy ? t("common:saving") : submitLabel}
        </Button>
        {mode === "create" && (
          <Button type="submit" name="intent" value="saveAndAdd" variant="secondary" disabled={busy}>
            {t("wasteEvidence:create.submitAndAdd")}
          </Button>
        )}
        <Button to={cancelTo} variant="secondary">
          {t("common:cancel")}
        </Button>
      </div>
    </EntityForm>
  );
}
