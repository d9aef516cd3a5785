/**
 * The Custom discount distribution's discounts (spec 001 §9 'custom'): a percent of the base fee per collection point
 * and year. The year is chosen by a GET form, a point through the subject picker dialog (?dialog=custom-discount, its
 * search through the loader, decision 0011); removing one is confirmed.
 */
import { Form, useSearchParams } from "react-router";
import { DialogLink, DialogSearch, FormDialog } from "~/components/form-dialog";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Field, fieldAria } from "~/components/field";
import { SectionCard } from "~/components/section-card";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { TBody, TD, TH, THead, TR, Table } from "~/components/ui/table";
import { useTranslation } from "~/i18n/use-translation";
import { formatNumber } from "~/lib/format";
import type { CustomDiscountItem } from "#contract/motivation-programme";
import type { SubjectOption } from "#contract/subject";
import { trimZeros } from "./forms";

export const CUSTOM_DIALOG = "custom-discount";
export const CUSTOM_SEARCH = "subjectSearch";

export function CustomDiscountsCard({
  year,
  years,
  items,
  options,
  canEdit,
  active,
}: {
  year: number;
  years: number[];
  items: CustomDiscountItem[];
  /** The picker's found collection points (null while the dialog is closed). */
  options: SubjectOption[] | null;
  canEdit: boolean;
  /** The stored distribution is Custom (otherwise the discounts are kept but not applied). */
  active: boolean;
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const kept = [...searchParams].filter(([k]) => k !== "year" && k !== "dialog" && k !== CUSTOM_SEARCH);
  return (
    <SectionCard
      title={t("motivationProgramme:custom.title")}
      titleId="custom-title"
      contentClassName="space-y-3"
      actions={
        canEdit ? (
          <DialogLink name={CUSTOM_DIALOG} size="sm" params={{ [CUSTOM_SEARCH]: null }}>
            {t("motivationProgramme:custom.add")}
          </DialogLink>
        ) : undefined
      }
    >
      <p className="text-sm text-slate-600">{t("motivationProgramme:custom.intro")}</p>
      {!active && <p className="text-sm text-amber-800">{t("motivationProgramme:custom.notStored")}</p>}
      <Form method="get" className="flex items-end gap-2">
        {kept.map(([k, v]) => (
          <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
        ))}
        <div className="space-y-1">
          <Label htmlFor="custom-year">{t("motivationProgramme:field.year")}</Label>
          <Select
            id="custom-year"
            name="year"
            defaultValue={String(year)}
            options={years.map((y) => ({ value: String(y), label: String(y) }))}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t("motivationProgramme:custom.show")}
        </Button>
      </Form>
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">{t("motivationProgramme:custom.empty", { year })}</p>
      ) : (
        <Table>
          <THead>
            <tr>
              <TH>{t("motivationProgramme:field.subject")}</TH>
              <TH className="text-right">{t("motivationProgramme:field.discountPercent")}</TH>
              {canEdit && (
                <TH>
                  <span className="sr-only">{t("motivationProgramme:custom.remove")}</span>
                </TH>
              )}
            </tr>
          </THead>
          <TBody>
            {items.map((i) => (
              <TR key={i.subjectId}>
                <TD>
                  <span className="font-medium">{i.subjectName}</span>
                  {i.address && <span className="block text-xs text-slate-600">{i.address}</span>}
                </TD>
                <TD className="text-right tabular-nums">
                  {formatNumber(trimZeros(i.discountPercent), { maxDecimals: 2 })} %
                </TD>
                {canEdit && (
                  <TD className="text-right">
                    <ConfirmDialog
                      name={`remove-custom-${i.subjectId}`}
                      intent="removeCustomDiscount"
                      fields={{ subjectId: i.subjectId, year }}
                      trigger={t("motivationProgramme:custom.remove")}
                      forRow={i.subjectName}
                      title={t("motivationProgramme:custom.removeTitle", { name: i.subjectName })}
                      message={t("motivationProgramme:custom.removeMessage", { name: i.subjectName, year })}
                      confirmLabel={t("motivationProgramme:custom.remove")}
                    />
                  </TD>
                )}
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      {canEdit && <CustomDiscountDialog year={year} options={options} />}
    </SectionCard>
  );
}

function CustomDiscountDialog({ year, options }: { year: number; options: SubjectOption[] | null }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <FormDialog
      name={CUSTOM_DIALOG}
      intent="setCustomDiscount"
      target="custom"
      fields={{ year }}
      title={t("motivationProgramme:custom.addTitle")}
      submitLabel={t("motivationProgramme:action.save")}
      before={
        <DialogSearch
          dialog={CUSTOM_DIALOG}
          param={CUSTOM_SEARCH}
          value={searchParams.get(CUSTOM_SEARCH) ?? ""}
          label={t("motivationProgramme:custom.search")}
        />
      }
    >
      {(answer) => (
        <>
          <Field
            id="custom-subjectId"
            errors={answer?.errors?.subjectId}
            label={t("motivationProgramme:field.subject")}
            description={options && options.length === 0 ? t("motivationProgramme:custom.noOptions") : undefined}
          >
            <Select
              name="subjectId"
              required
              defaultValue={answer?.values?.subjectId ?? ""}
              emptyOption={t("motivationProgramme:custom.chooseSubject")}
              options={(options ?? []).map((o) => ({ value: String(o.id), label: `${o.name} · ${o.address}` }))}
              {...fieldAria("custom-subjectId", answer?.errors?.subjectId, !!options && options.length === 0)}
            />
          </Field>
          <Field
            id="custom-discountPercent"
            errors={answer?.errors?.discountPercent}
            label={t("motivationProgramme:field.discountPercent")}
          >
            <Input
              name="discountPercent"
              inputMode="decimal"
              required
              defaultValue={answer?.values?.discountPercent ?? ""}
              {...fieldAria("custom-discountPercent", answer?.errors?.discountPercent)}
            />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
