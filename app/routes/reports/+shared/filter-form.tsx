/**
 * The report's filter (spec 001 §2 'Reports'): a GET form, so it works without JavaScript and the report can be
 * bookmarked. 'Zobrazit záznamy' shows the rows below; 'Exportovat' sends the same fields to the CSV download. The
 * period's quick links (spec 000 §9) are submit buttons: the report of that period with the filters as on screen.
 */
import { cloneElement, type ReactElement } from "react";
import { Form, useSearchParams } from "react-router";
import { dateRangeQuickLinks } from "#contract/calendar";
import type { ReportSource, ReportType } from "#contract/report";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { cn } from "~/components/ui/cn";
import { REPORT_EXPORT_PATH, REPORTS_PATH, type ReportFilterKey, type ReportFilterValues } from "./filters";

type Props = {
  values: ReportFilterValues;
  districts: string[];
  errors: Partial<Record<string, string[]>> | null;
  /** The types and sources the role may read (reportRights): only those are offered. */
  rights: { types: ReportType[]; sources: ReportSource[] };
};

const FORM_ID = "report-filter";

export function ReportFilterForm({ values, districts, errors, rights }: Props) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const yesNo = [
    { value: "true", label: t("common:dataTable.yes") },
    { value: "false", label: t("common:dataTable.no") },
  ];
  const sort = searchParams.get("sort");
  return (
    <Form
      method="get"
      action={REPORTS_PATH}
      id={FORM_ID}
      reloadDocument
      aria-label={t("report:filter.label")}
      className="grid gap-4"
    >
      {/* The table's sort goes along with the export and a new report. */}
      {sort && <input type="hidden" name="sort" value={sort} />}
      <div className="flex flex-wrap items-start gap-4">
        <Control name="type" label={t("report:filter.type")} errors={errors}>
          <Select
            defaultValue={values.type || rights.types[0]}
            options={rights.types.map((v) => ({ value: v, label: t(`report:type.${v}`) }))}
          />
        </Control>
        <Control name="dateFrom" label={t("report:filter.dateFrom")} errors={errors}>
          <Input type="date" defaultValue={values.dateFrom} className="w-40" />
        </Control>
        <Control name="dateTo" label={t("report:filter.dateTo")} errors={errors}>
          <Input type="date" defaultValue={values.dateTo} className="w-40" />
        </Control>
        <Control name="district" label={t("report:filter.district")} errors={errors}>
          <Select
            defaultValue={values.district}
            emptyOption={t("report:filter.allDistricts")}
            options={[...new Set([...districts, ...(values.district ? [values.district] : [])])].map((d) => ({
              value: d,
              label: d,
            }))}
          />
        </Control>
        <Control name="source" label={t("report:filter.source")} errors={errors}>
          <Select
            defaultValue={values.source || rights.sources[0]}
            options={rights.sources.map((v) => ({ value: v, label: t(`report:source.${v}`) }))}
          />
        </Control>
        <Control name="records" label={t("report:filter.records")} errors={errors}>
          <Select defaultValue={values.records || "true"} options={yesNo} />
        </Control>
        <Control name="weight" label={t("report:filter.weight")} errors={errors}>
          <Select defaultValue={values.weight || "true"} options={yesNo} />
        </Control>
      </div>
      <div className="order-2 flex flex-wrap gap-2">
        <Button type="submit">{t("report:filter.show")}</Button>
        <Button type="submit" variant="secondary" formAction={REPORT_EXPORT_PATH}>
          {t("report:filter.export")}
        </Button>
      </div>
      {/* After the buttons in the page's order, so Enter in a field shows the records; shown above them. */}
      <div
        role="group"
        aria-label={t("report:filter.period")}
        className="order-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm"
      >
        <span className="text-slate-600">{t("report:filter.period")}:</span>
        {dateRangeQuickLinks().map((q) => (
          <button
            key={q.key}
            type="submit"
            name="quick"
            value={q.key}
            className="text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
          >
            {t(`report:quick.${q.key}`)}
          </button>
        ))}
      </div>
    </Form>
  );
}

/** A labelled control with the API's messages under it (the control gets its name, id and aria attributes). */
function Control({
  name,
  label,
  errors,
  children,
}: {
  name: ReportFilterKey;
  label: string;
  errors: Props["errors"];
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = `${FORM_ID}-${name}`;
  const messages = errors?.[name] ?? [];
  const errorId = `${id}-error`;
  const control = cloneElement(children, {
    id,
    name,
    "aria-invalid": messages.length ? true : undefined,
    "aria-describedby": messages.length ? errorId : undefined,
  });
  return (
    <div className="grid gap-1 text-sm">
      <label htmlFor={id} className={cn("text-xs text-slate-600", messages.length > 0 && "text-red-700")}>
        {label}
      </label>
      {control}
      {messages.length > 0 && (
        <p id={errorId} className="max-w-64 text-xs text-red-700">
          {messages[0]}
        </p>
      )}
    </div>
  );
}
