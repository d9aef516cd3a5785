/**
 * The dialogs of the collection list's bulk actions (spec 001 §2: set invoice price, merge with a new name, delete).
 * Each is opened through the URL (?dialog=…&ids=…), so they work the same with and without JavaScript.
 */
import { useTranslation } from "~/i18n/use-translation";
import { Field, fieldAria } from "~/components/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { FormDialog, SelectedIds } from "~/components/form-dialog";

export function PriceDialog({ ids }: { ids: number[] }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      name="price"
      intent="setPrice"
      size="sm"
      title={t("wasteCollection:price.title")}
      description={t("wasteCollection:price.description", { n: ids.length })}
      submitLabel={t("wasteCollection:price.submit")}
    >
      {(answer) => (
        <>
          <SelectedIds ids={ids} />
          <div className="flex items-end gap-2">
            <Field
              id="price-value"
              label={t("wasteCollection:field.invoiceValue")}
              errors={answer?.errors?.invoiceValue}
              required
              className="flex-1"
            >
              <Input
                name="invoiceValue"
                inputMode="decimal"
                required
                defaultValue={answer?.values?.invoiceValue ?? ""}
                {...fieldAria("price-value", answer?.errors?.invoiceValue)}
              />
            </Field>
            <Field id="price-unit" label={t("wasteCollection:price.unit")}>
              <Select name="priceUnit" defaultValue={answer?.values?.priceUnit ?? "CZK"} {...fieldAria("price-unit")}>
                <option value="CZK">CZK</option>
                <option value="EUR">EUR</option>
              </Select>
            </Field>
          </div>
        </>
      )}
    </FormDialog>
  );
}

export function MergeDialog({ ids }: { ids: number[] }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      name="merge"
      intent="merge"
      size="sm"
      title={t("wasteCollection:merge.title")}
      description={t("wasteCollection:merge.description", { n: ids.length })}
      submitLabel={t("wasteCollection:merge.submit")}
    >
      {(answer) => (
        <>
          <SelectedIds ids={ids} />
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
