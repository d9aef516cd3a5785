/**
 * Pieces every bin screen shares (spec 001 §2 'Waste bins / waste evidence headers'): paths, the state badge, the
 * history event names, the bin/waste type options and the transfer dialog (list bulk action and detail).
 */
import { useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { BinState } from "#contract/waste-evidence-header";
import type { DisposeFrequencyPeriod } from "#contract/subject";
import type { SubjectOption } from "#contract/subject";
import type { BinTypeItem, WasteTypeItem } from "#contract/waste-settings";
import { Field, SelectField, fieldAria, type SelectFieldProps } from "~/components/field";
import type { BadgeTone } from "~/components/ui/badge";
import { stateBadge } from "~/components/state-badge";
import { idOptions } from "~/lib/list-filters";
import { Checkbox } from "~/components/ui/checkbox";
import { Select } from "~/components/ui/select";
import { DialogSearch, FormDialog } from "~/components/form-dialog";
import { optionLabel } from "~/routes/infrastructure/subjects/+shared/form";

export const WEH_PATH = "/infrastructure/waste-evidence-headers";
export const wehPath = (id: number) => `${WEH_PATH}/${id}`;
/** The resource route streaming a copy of the bin's label (GET …/label.pdf of the API). */
export const labelPath = (id: number) => `${wehPath(id)}/label.pdf`;

const STATE_TONES: Record<BinState, BadgeTone> = {
  Free: "blue",
  Assigned: "green",
  Used: "amber",
  Discarded: "red",
  NoBin: "gray",
  Undefined: "gray",
};

export const BinStateBadge = stateBadge("wasteEvidenceHeader:state", STATE_TONES);

/** 'Popelnice 120 l' — the bin type's name, with the capacity when the name does not say it. */
export function binLabel(h: { binName: string | null; capacity: number | null }): string | null {
  if (!h.binName) return null;
  return h.capacity && !h.binName.includes(String(h.capacity)) ? `${h.binName} (${h.capacity} l)` : h.binName;
}

/** The bin and waste types the selects offer (GET bin-type / waste-type of docs/api-bins.md). */
export type TypeOptions = { binTypes: BinTypeItem[]; wasteTypes: WasteTypeItem[] };

/** 'n svozů za měsíc / za rok' of a bin, or 'Nenastaveno'. */
export function useFrequencyText() {
  const { t } = useTranslation();
  return (period: DisposeFrequencyPeriod | null, count: number | null) =>
    period && count !== null
      ? t(period === "Month" ? "wasteEvidenceHeader:frequency.perMonth" : "wasteEvidenceHeader:frequency.perYear", {
          count,
        })
      : t("wasteEvidenceHeader:frequency.notSet");
}

/**
 * The bin type and waste type selects of the assign and edit forms: the active types, plus the bin's own ones
 * (`current`) when they are no longer active; `emptyOption` says what no choice means there.
 */
export function TypeSelectFields(props: {
  fields: { binTypeId: SelectFieldProps["meta"]; wasteTypeId: SelectFieldProps["meta"] };
  types: TypeOptions;
  current?: { binTypeId: number | null; wasteTypeId: number | null };
  emptyOption: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SelectField
        meta={props.fields.binTypeId}
        label={t("wasteEvidenceHeader:field.binType")}
        options={typeSelectOptions(props.types.binTypes, props.current?.binTypeId)}
        emptyOption={props.emptyOption}
      />
      <SelectField
        meta={props.fields.wasteTypeId}
        label={t("wasteEvidenceHeader:field.wasteType")}
        options={typeSelectOptions(props.types.wasteTypes, props.current?.wasteTypeId)}
        emptyOption={props.emptyOption}
      />
    </>
  );
}

/** Select options of the active types; an inactive one stays when it is the current value. */
export function typeSelectOptions<T extends { id: number; name: string; active: boolean }>(
  items: T[],
  current?: number | null,
) {
  return idOptions(items.filter((i) => i.active || i.id === current));
}

/**
 * Transfer to another subject (spec 001 §2/§4, with the 'move evidence records' choice): opened through the URL
 * (?dialog=transfer, decision 0011) because its subject picker searches (transferSearch) through the loader.
 * `ids`: the bins to move (the list's selection travels in the URL; the detail's own id).
 */
export function TransferDialog({ ids, options }: { ids: number[]; options: SubjectOption[] | null }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const fieldId = "transfer-subjectId";
  const moveId = "transfer-moveEvidences";
  return (
    <FormDialog
      name="transfer"
      intent="transfer"
      title={t("wasteEvidenceHeader:transfer.title")}
      description={t("wasteEvidenceHeader:transfer.count", {
        count: ids.length,
        defaultValue: "Nádob k přesunu: {{count}}",
      })}
      submitLabel={t("wasteEvidenceHeader:transfer.submit")}
      before={
        <DialogSearch
          dialog="transfer"
          param="transferSearch"
          value={searchParams.get("transferSearch") ?? ""}
          label={t("wasteEvidenceHeader:picker.searchSubject")}
        />
      }
    >
      {(answer) => (
        <>
          {ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          <Field
            id={fieldId}
            errors={answer?.errors?.subjectId}
            label={t("wasteEvidenceHeader:field.subject")}
            description={
              options && options.length === 0
                ? t("wasteEvidenceHeader:picker.none")
                : t("wasteEvidenceHeader:picker.help")
            }
          >
            <Select
              name="subjectId"
              required
              defaultValue={answer?.values?.subjectId ?? ""}
              emptyOption={t("wasteEvidenceHeader:picker.chooseSubject")}
              options={(options ?? []).map((o) => ({ value: String(o.id), label: optionLabel(o) }))}
              {...fieldAria(fieldId, answer?.errors?.subjectId, true)}
            />
          </Field>
          <Field id={moveId} inline label={t("wasteEvidenceHeader:field.moveEvidences")}>
            <Checkbox id={moveId} name="moveEvidences" defaultChecked={answer?.values?.moveEvidences === "on"} />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
