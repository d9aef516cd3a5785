/**
 * Spec 001 §2 Expenditures → overview: a year's total (year switch, the current year by default), by type and by
 * source (tables with shares), by month (the repo's bar chart and its table), and the configuration card's values.
 * The sums are the API's exact decimals; only the chart's bar heights are numbers.
 */
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/overview";
import { yearField } from "#contract/common";
import { formatCurrency } from "~/lib/format";
import { requireMunicipality } from "~/server/guard.server";
import { useCan } from "~/lib/permissions";
import { pageTitle } from "~/components/page-title";
import { PageHeader } from "~/components/page-header";
import { SectionCard } from "~/components/section-card";
import { RowsTable, figureHeading } from "~/components/rows-table";
import { BarChart, ChartTable } from "~/components/bar-chart";
import { Money, useCountry, MoneyCell } from "~/components/money";
import { Button } from "~/components/ui/button";
import { TD, TR } from "~/components/ui/table";
import {
  EXPENDITURES_EDIT_PATH,
  EXPENDITURES_PATH,
  SettingFacts,
  SourceLabel,
  TypeLabel,
  YearSwitch,
} from "./+shared/ui";

export const handle = pageTitle("expenditure:overview.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "expenditure.aDetail");
  const asked = yearField.safeParse(new URL(request.url).searchParams.get("year") ?? undefined);
  const summary = await api.expenditure.summary({ municipalityId, year: asked.success ? asked.data : undefined });
  return { summary };
}

/** A part's share of the total in whole percent (for reading, not for money). */
const share = (part: string, total: string) =>
  Number(total) > 0 ? Math.round((Number(part) / Number(total)) * 100) : 0;

export default function ExpenditureOverview({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const country = useCountry();
  const { summary } = loaderData;
  const canEdit = useCan("aEdit", "expenditure");
  const months = summary.byMonth.map((m) =>
    new Intl.DateTimeFormat(i18n.language, { month: "long" }).format(new Date(Date.UTC(summary.year, m.month - 1, 15))),
  );
  const money = (v: number | string) => formatCurrency(v, country);
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("expenditure:overview.title")}
        actions={
          <Button to={`${EXPENDITURES_EDIT_PATH}?year=${summary.year}`}>
            {canEdit ? t("expenditure:overview.edit") : t("expenditure:overview.records")}
          </Button>
        }
      />
      <YearSwitch years={summary.years} year={summary.year} path={EXPENDITURES_PATH} />
      <div className="grid gap-4 md:grid-cols-3">
        <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <p className="text-sm text-slate-600">{t("expenditure:overview.total", { year: summary.year })}</p>
          <p className="mt-1 text-3xl font-semibold tabular-nums" data-testid="expenditure-total">
            <Money value={summary.total} />
          </p>
          <p className="mt-1 text-sm text-slate-600">{t("expenditure:overview.count", { n: summary.count })}</p>
        </div>
        <div className="md:col-span-2">
          <BarChart
            title={t("expenditure:overview.byMonth")}
            labels={summary.byMonth.map((m) => String(m.month))}
            names={months}
            values={summary.byMonth.map((m) => Number(m.total))}
            format={money}
            headline={money(summary.total)}
            summary={t("expenditure:overview.chartSummary", { total: money(summary.total), year: summary.year })}
            tone="rose"
          />
        </div>
      </div>
      {summary.count === 0 && <p className="text-sm text-slate-600">{t("expenditure:overview.empty")}</p>}
      <ChartTable
        caption={t("expenditure:overview.byMonth")}
        toggle={t("expenditure:overview.showTable")}
        categoryLabel={t("expenditure:overview.month")}
        categories={months}
        totalLabel={t("expenditure:overview.sum")}
        columns={[
          {
            label: t("expenditure:field.amount"),
            values: summary.byMonth.map((m) => money(m.total)),
            total: money(summary.total),
          },
        ]}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <ShareTable
          title={t("expenditure:overview.byType")}
          label={t("expenditure:field.type")}
          total={summary.total}
          rows={summary.byType.map((r) => ({ key: r.type, name: <TypeLabel type={r.type} />, total: r.total }))}
        />
        <ShareTable
          title={t("expenditure:overview.bySource")}
          label={t("expenditure:field.source")}
          total={summary.total}
          rows={summary.bySource.map((r) => ({
            key: r.source,
            name: <SourceLabel source={r.source} />,
            total: r.total,
          }))}
        />
      </div>
      <SectionCard title={t("expenditure:setting.title")}>
        <SettingFacts setting={summary.setting} />
      </SectionCard>
    </div>
  );
}

/** The year's expenditures split one way (by type, by source): each part's amount and its share of the total. */
function ShareTable(props: {
  title: string;
  label: string;
  total: string;
  rows: { key: string; name: ReactNode; total: string }[];
}) {
  const { t } = useTranslation();
  return (
    <SectionCard title={props.title}>
      <RowsTable
        rows={props.rows}
        empty={t("expenditure:overview.empty")}
        head={[
          props.label,
          figureHeading(t("expenditure:field.amount")),
          figureHeading(t("expenditure:overview.share")),
        ]}
      >
        {(r) => (
          <TR key={r.key}>
            <TD>{r.name}</TD>
            <MoneyCell value={r.total} />
            <TD className="text-right tabular-nums">{share(r.total, props.total)} %</TD>
          </TR>
        )}
      </RowsTable>
    </SectionCard>
  );
}
