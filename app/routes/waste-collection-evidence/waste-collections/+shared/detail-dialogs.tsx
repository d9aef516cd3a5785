/**
 * The collection detail's dialogs (spec 001 §2: 'set weight'; an exceptional collection's modals for weight with unit
 * and invoice value with price unit) and the fix of an unknown RFID tag. Opened through the URL, no JavaScript needed.
 */
import { useSearchParams } from "react-router";
import type { CollectionDetail } from "#contract/collection";
import { useTranslation } from "~/i18n/use-translation";
import { Field, fieldAria } from "~/components/field";
import { FormDialog } from "~/components/form-dialog";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";

/** A number and its unit side by side. */
export function AmountField(props: {
  id: string;
  name: string;
  unitName: string;
  label: string;
  units: readonly string[];
  value: string;
  unit: string;
  errors?: string[];
}) {
  const { t } = useTranslation();
  return (
    <Field id={props.id} label={props.label} errors={props.errors} required>
      <span className="flex gap-2">
        <Input
          name={props.name}
          inputMode="decimal"
          required
          defaultValue={props.value}
          {...fieldAria(props.id, props.errors)}
        />
        <Select
          name={props.unitName}
          defaultValue={props.unit}
          aria-label={t("wasteCollection:detail.unit")}
          className="w-24"
        >
          {props.units.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </Select>
      </span>
    </Field>
  );
}

export function SetWeightDialog({ collection: c }: { collection: CollectionDetail }) {
  const { t } = useTranslation();
  const unit = c.weightUnit === "kg" ? "kg" : "t";
  const shown = c.weightKg === null ? "" : unit === "kg" ? c.weightKg : String(Number(c.weightKg) / 1000);
  return (
    <FormDialog
      name="weight"
      intent="setWeight"
      size="sm"
      ns="wasteCollection"
      described
      submitLabel={t("common:save")}
      fields={{ version: c.version }}
    >
      {(answer) => (
        <AmountField
          id="weight-value"
          name="weight"
          unitName="weightUnit"
          label={t("wasteCollection:field.weight")}
          units={["t", "kg"]}
          value={answer?.values?.weight ?? shown.replace(".", ",")}
          unit={answer?.values?.weightUnit ?? unit}
          errors={answer?.errors?.weight}
        />
      )}
    </FormDialog>
  );
}

/** An unknown RFID tag given to a bin by its barcode or plain code (the errors table's fix). */
export function AssignCodeDialog() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const logId = searchParams.get("logId") ?? "";
  const code = searchParams.get("code") ?? "";
  return (
    <FormDialog
      name="assign"
      intent="assignCode"
      size="sm"
      ns="wasteCollection"
      described
      values={{ code }}
      fields={{ logId }}
    >
      {(answer) => (
        <Field id="assign-bin" label={t("wasteCollection:assign.bin")} errors={answer?.errors?.bin} required>
          <Input
            name="bin"
            required
            maxLength={40}
            defaultValue={answer?.values?.bin ?? ""}
            {...fieldAria("assign-bin", answer?.errors?.bin)}
          />
        </Field>
      )}
    </FormDialog>
  );
}
