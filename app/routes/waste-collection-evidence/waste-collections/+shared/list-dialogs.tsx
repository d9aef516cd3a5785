/**
 * The dialogs of the collection list's bulk actions (spec 001 §2: set invoice price, merge with a new name, delete).
 * Each is opened through the URL (?dialog=…&ids=…), so they work the same with and without JavaScript.
 */
import { useTranslation } from "~/i18n/use-translation";
import { Field, fieldAria } from "~/components/field";
import { Input } from "~/components/ui/input";
import { FormDialog } from "~/components/form-dialog";
import { AmountField } from "./detail-dialogs";

/**
 * The invoice value of the selected collections (the list's bulk action) or of one (the detail, `current` its value
 * and unit): the value with its price unit (spec 001 §2 'invoice value (with price unit)').
 */
export function PriceDialog({
  ids,
  current,
}: {
  ids: number[];
  current?: { value: string | null; unit: string | null };
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      name="price"
      intent="setPrice"
      size="sm"
      ns="wasteCollection"
      described={!current}
      ids={ids}
      submitLabel={current ? t("common:save") : undefined}
    >
      {(answer) => (
        <>
          <AmountField
            id="price-value"
            name="invoiceValue"
            unitName="priceUnit"
            label={t("wasteCollection:field.invoiceValue")}
            units={["CZK", "EUR"]}
            value={answer?.values?.invoiceValue ?? (current?.value ?? "").replace(".", ",")}
            unit={answer?.values?.priceUnit ?? current?.unit ?? "CZK"}
            errors={answer?.errors?.invoiceValue}
          />
        </>
      )}
    </FormDialog>
  );
}

export function MergeDialog({ ids }: { ids: number[] }) {
  const { t } = useTranslation();
  return (
    <FormDialog name="merge" intent="merge" size="sm" ns="wasteCollection" described ids={ids}>
      {(answer) => (
        <>
          <Field
            id="merge-name"
            label={t("wasteCollection:merge.name")}
            errors={answer?.errors?.name ?? answer?.errors?.ids}
            required
          >
            <Input
              name="name"
              maxLength={200}
              required
              defaultValue={answer?.values?.name ?? ""}
              {...fieldAria("merge-name", answer?.errors?.name ?? answer?.errors?.ids)}
            />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
