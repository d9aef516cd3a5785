/** Cards of the bin detail (spec 001 §2): the dispose count card with its modal, and the bin history. */
import { RefLink } from "~/components/record-link";
import type { ReactNode } from "react";
import { PillLink } from "~/components/pill-link";
import { RowsTable } from "~/components/rows-table";
import { SectionCard } from "~/components/section-card";
import { Form, Link, useLocation, useSearchParams, useSubmit } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { BIN_STATES, type DisposeCounts, type WehHistoryRow } from "#contract/waste-evidence-header";
import { formatDateTime, yearOptions } from "#contract/calendar";
import { toSearch, withSearchParams } from "~/lib/list";
import { Field, fieldAria } from "~/components/field";
import { Button } from "~/components/ui/button";
import { DetailFact } from "~/components/detail-row";
import { DialogTrigger } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { TBody, TD, TH, THead, TR, Table } from "~/components/ui/table";
import { FormDialog } from "~/components/form-dialog";
import { subjectPath } from "~/routes/infrastructure/subjects/+shared/ui";
import { useFrequencyText } from "./ui";
import type { DisposeView } from "./detail.server";

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** 'leden' … 'prosinec' in the page's language. */
function useMonthName() {
  const { i18n } = useTranslation();
  const locale = i18n.language === "en" ? "en-GB" : i18n.language === "sk" ? "sk-SK" : "cs-CZ";
  const format = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" });
  return (month: number) => format.format(new Date(Date.UTC(2000, month - 1, 15)));
}

/**
 * Ordered versus actual collections of the bin (spec 001 §2 dispose count card): a year month by month, or the
 * year's totals; the modal sets a month's counts (PUT dispose-counts).
 */
export function DisposeCountCard({
  counts,
  view,
  canEdit,
}: {
  counts: DisposeCounts;
  view: DisposeView;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const submit = useSubmit();
  const monthName = useMonthName();
  const href = (changes: Record<string, string | null>) =>
    `${location.pathname}${toSearch(withSearchParams(searchParams, { ...changes, dialog: null }))}`;
  const kept = [...searchParams].filter(([k]) => !["disposeYear", "dialog", "transferSearch"].includes(k));
  const years = yearOptions();
  if (!years.includes(counts.year)) years.unshift(counts.year);
  const yearId = "dispose-year";
  const frequency = useFrequencyText()(counts.period, counts.orderedDisposeCount);

  return (
    <SectionCard
      title={t("wasteEvidenceHeader:dispose.title")}
      titleId="weh-dispose"
      contentClassName="p-0"
      after={canEdit && <DisposeCountDialog counts={counts} />}
      actions={
        <div className="flex flex-wrap items-center gap-3">
          <nav className="flex items-center gap-1" aria-label={t("wasteEvidenceHeader:dispose.view")}>
            <PillLink to={href({ disposeView: null })} current={view === "monthly"}>
              {t("wasteEvidenceHeader:dispose.monthly")}
            </PillLink>
            <PillLink to={href({ disposeView: "yearly" })} current={view === "yearly"}>
              {t("wasteEvidenceHeader:dispose.yearly")}
            </PillLink>
          </nav>
          <Form method="get" preventScrollReset className="flex items-center gap-2">
            {kept.map(([k, v], i) => (
              <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
            ))}
            <Label htmlFor={yearId}>{t("wasteEvidenceHeader:dispose.year")}</Label>
            <Select
              id={yearId}
              name="disposeYear"
              className="h-8 w-28"
              defaultValue={String(counts.year)}
              key={counts.year}
              options={years.map((y) => ({ value: String(y), label: String(y) }))}
              onChange={(e) => void submit(e.currentTarget.form, { preventScrollReset: true, replace: true })}
            />
            <noscript>
              <Button type="submit" size="sm" variant="secondary">
                {t("wasteEvidenceHeader:dispose.show")}
              </Button>
            </noscript>
          </Form>
          {canEdit && (
            <DialogTrigger name="dispose-count" size="sm">
              {t("wasteEvidenceHeader:dispose.edit")}
            </DialogTrigger>
          )}
        </div>
      }
    >
      {view === "monthly" ? (
        <Table>
          <caption className="sr-only">{t("wasteEvidenceHeader:dispose.caption", { year: counts.year })}</caption>
          <THead>
            <tr>
              <TH>{t("wasteEvidenceHeader:dispose.month")}</TH>
              <TH className="text-right">{t("wasteEvidenceHeader:dispose.ordered")}</TH>
              <TH className="text-right">{t("wasteEvidenceHeader:dispose.actual")}</TH>
            </tr>
          </THead>
          <TBody>
            {MONTHS.map((m) => {
              const row = counts.months.find((x) => x.month === m);
              return (
                <TR key={m}>
                  <TD>{monthName(m)}</TD>
                  <TD className="text-right tabular-nums">{row?.orderedCount ?? "–"}</TD>
                  <TD className="text-right tabular-nums">{row?.actualCount ?? 0}</TD>
                </TR>
              );
            })}
            <TR className="font-semibold">
              <TD>{t("wasteEvidenceHeader:dispose.total")}</TD>
              <TD className="text-right tabular-nums">{counts.totals.ordered}</TD>
              <TD className="text-right tabular-nums">{counts.totals.actual}</TD>
            </TR>
          </TBody>
        </Table>
      ) : (
        <dl className="grid gap-3 px-4 py-4 text-sm sm:grid-cols-3">
          <DetailFact label={t("wasteEvidenceHeader:dispose.frequency")}>{frequency}</DetailFact>
          {(["ordered", "actual"] as const).map((kind) => (
            <DetailFact
              key={kind}
              label={t(`wasteEvidenceHeader:dispose.${kind}Year`, { year: counts.year })}
              className="font-medium tabular-nums"
              testId={`dispose-${kind}-total`}
            >
              {counts.totals[kind]}
            </DetailFact>
          ))}
        </dl>
      )}
    </SectionCard>
  );
}

/** The modal of the dispose count card: month, ordered count, actual count of the shown year. */
function DisposeCountDialog({ counts }: { counts: DisposeCounts }) {
  const { t } = useTranslation();
  const monthName = useMonthName();
  const ids = { month: "dispose-count-month", ordered: "dispose-count-ordered", actual: "dispose-count-actual" };
  const current = new Date();
  const startMonth = counts.year === current.getFullYear() ? current.getMonth() + 1 : 1;
  const of = (m: number) => counts.months.find((x) => x.month === m);
  return (
    <FormDialog
      name="dispose-count"
      intent="disposeCount"
      size="sm"
      fields={{ year: counts.year }}
      title={t("wasteEvidenceHeader:dispose.dialogTitle", { year: counts.year })}
      submitLabel={t("common:save")}
    >
      {(answer) => {
        const month = Number(answer?.values?.month ?? startMonth);
        return (
          <>
            <Field id={ids.month} errors={answer?.errors?.month} label={t("wasteEvidenceHeader:dispose.month")}>
              <Select
                name="month"
                defaultValue={String(month)}
                options={MONTHS.map((m) => ({ value: String(m), label: monthName(m) }))}
                onChange={(e) => {
                  // The chosen month's saved counts, to change rather than retype.
                  const row = of(Number(e.currentTarget.value));
                  const form = e.currentTarget.form;
                  const set = (name: string, v: string) => {
                    const el = form?.elements.namedItem(name);
                    if (el instanceof HTMLInputElement) el.value = v;
                  };
                  set("orderedCount", row?.orderedCount == null ? "" : String(row.orderedCount));
                  set("actualCount", String(row?.actualCount ?? 0));
                }}
                {...fieldAria(ids.month, answer?.errors?.month)}
              />
            </Field>
            {(
              [
                { id: ids.ordered, name: "orderedCount", empty: "" },
                { id: ids.actual, name: "actualCount", empty: 0 },
              ] as const
            ).map(({ id, name, empty }) => (
              <Field
                key={name}
                id={id}
                errors={answer?.errors?.[name]}
                label={t(`wasteEvidenceHeader:dispose.${name}`)}
              >
                <Input
                  type="number"
                  name={name}
                  min={0}
                  max={100}
                  step={1}
                  required={name === "actualCount"}
                  defaultValue={answer?.values?.[name] ?? of(month)?.[name] ?? empty}
                  {...fieldAria(id, answer?.errors?.[name])}
                />
              </Field>
            ))}
          </>
        );
      }}
    </FormDialog>
  );
}

/**
 * One entry of a history row's details as the API writes them: a change is [before, after], subject ids link to the
 * subject, states and periods are named, flags read yes/no.
 */
function DetailValue({ name, value }: { name: string; value: unknown }) {
  const { t } = useTranslation();
  const one = (v: unknown): ReactNode => {
    if (v === null || v === undefined || v === "") return "–";
    if (typeof v === "boolean") return v ? t("wasteEvidenceHeader:yes") : t("wasteEvidenceHeader:no");
    if (typeof v === "number" && /subjectId$/i.test(name))
      return (
        <Link className="text-emerald-800 hover:underline" to={subjectPath(v)}>
          #{v}
        </Link>
      );
    if (typeof v === "string" && /state$/i.test(name) && (BIN_STATES as readonly string[]).includes(v))
      return t(`wasteEvidenceHeader:state.${v}`);
    if (name === "disposePeriod" && (v === "Month" || v === "Year"))
      return v === "Month" ? t("wasteEvidenceHeader:frequency.Month") : t("wasteEvidenceHeader:frequency.Year");
    if (Array.isArray(v)) return v.map((x) => String(x)).join(", ");
    if (typeof v === "object") return JSON.stringify(v);
    return String(v);
  };
  if (Array.isArray(value) && value.length === 2)
    return (
      <>
        {one(value[0])} → {one(value[1])}
      </>
    );
  return <>{one(value)}</>;
}

/** Spec 001 §4 bin history: created, assigned, transferred, discarded, reactivated, configuration changed, … */
export function HistoryCard({ rows }: { rows: WehHistoryRow[] }) {
  const { t, i18n } = useTranslation();
  return (
    <SectionCard title={t("wasteEvidenceHeader:history.title")} titleId="weh-history" contentClassName="p-0">
      <RowsTable
        rows={rows}
        empty={t("wasteEvidenceHeader:history.empty")}
        emptyClassName="px-4 py-6 text-sm text-slate-600"
        plainHeadRow
        aria-labelledby="weh-history"
        head={[
          t("wasteEvidenceHeader:history.event"),
          t("wasteEvidenceHeader:history.at"),
          t("wasteEvidenceHeader:field.subject"),
          t("wasteEvidenceHeader:history.user"),
          t("wasteEvidenceHeader:history.details"),
        ]}
      >
        {(r) => (
          <TR key={r.id}>
            <TD className="font-medium">{t(`wasteEvidenceHeader:event.${r.event}`)}</TD>
            <TD className="whitespace-nowrap tabular-nums">{formatDateTime(r.at, i18n.language)}</TD>
            <TD>
              <RefLink id={r.subjectId} name={r.subjectName} to={subjectPath} none="–" />
            </TD>
            <TD>{r.userName ?? "–"}</TD>
            <TD className="text-slate-600">
              {r.details && Object.keys(r.details).length > 0 ? (
                <ul className="space-y-0.5">
                  {Object.entries(r.details).map(([k, v]) => (
                    <li key={k}>
                      {t(`wasteEvidenceHeader:historyDetail.${k}`)}: <DetailValue name={k} value={v} />
                    </li>
                  ))}
                </ul>
              ) : (
                "–"
              )}
            </TD>
          </TR>
        )}
      </RowsTable>
    </SectionCard>
  );
}
