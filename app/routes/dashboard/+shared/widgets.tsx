/**
 * The dashboard's widgets (spec 001 §1 'Dashboard'): figure tiles, the server-drawn bar charts with their tables
 * (BarChart, ChartTable) and small tables. A widget the role may not read came as null and is not drawn. Sums are the
 * API's exact decimals; only the bars' heights are numbers.
 */
import { Form, Link } from "react-router";
import type { ReactNode } from "react";
import { DASHBOARD_MEASURES, DASHBOARD_PERIODS, type Dashboard } from "#contract/dashboard";
import { formatDate, yearOptions } from "#contract/calendar";
import { useTranslation } from "~/i18n/use-translation";
import { formatNumber, formatWeight } from "~/lib/format";
import { BarChart, ChartTable } from "~/components/bar-chart";
import { SectionCard } from "~/components/section-card";
import { figureHeading, RowsTable } from "~/components/rows-table";
import { RecordLink } from "~/components/record-link";
import { Money } from "~/components/money";
import { Select } from "~/components/ui/select";
import { Button } from "~/components/ui/button";
import { TD, TR } from "~/components/ui/table";

const subjectPath = (id: number) => `/infrastructure/subjects/${id}`;
const collectionPath = (id: number) => `/waste-collection-evidence/waste-collections/${id}`;
const COLLECTIONS_PATH = "/waste-collection-evidence/waste-collections";

/** The year, the comparison's period and measure: a GET form (works without JavaScript). */
export function DashboardFilter({ board }: { board: Dashboard }) {
  const { t } = useTranslation();
  const years = yearOptions();
  const selects = [
    {
      name: "year",
      value: String(board.year),
      options: (years.includes(board.year) ? years : [board.year, ...years]).map(String).map((y) => [y, y]),
    },
    { name: "period", value: board.period, options: DASHBOARD_PERIODS.map((p) => [p, t(`dashboard:period.${p}`)]) },
    { name: "measure", value: board.measure, options: DASHBOARD_MEASURES.map((m) => [m, t(`dashboard:measure.${m}`)]) },
  ];
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t("dashboard:filter.label")}>
      {selects.map((s) => (
        <label key={s.name} className="grid gap-1 text-sm">
          {t(`dashboard:filter.${s.name}`)}
          <Select
            name={s.name}
            defaultValue={s.value}
            options={s.options.map(([value, label]) => ({ value: value!, label: label! }))}
          />
        </label>
      ))}
      <Button type="submit" variant="secondary">
        {t("dashboard:filter.show")}
      </Button>
    </Form>
  );
}

/** One figure with its label and an optional line under it. */
function Tile({ label, value, note, to }: { label: string; value: ReactNode; note?: ReactNode; to?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-600">
        {to ? (
          <Link to={to} className="hover:underline">
            {label}
          </Link>
        ) : (
          label
        )}
      </p>
      <p className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{value}</p>
      {note && <p className="mt-1 text-xs text-slate-600">{note}</p>}
    </div>
  );
}

/** A month '2026-06' as its short label under a bar ('6/26') and its full name ('červen 2026'). */
function monthNames(month: string, lang: string) {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const day = new Date(Date.UTC(y, m - 1, 15));
  return {
    label: `${m}/${String(y).slice(2)}`,
    name: new Intl.DateTimeFormat(lang, { month: "long", year: "numeric", timeZone: "UTC" }).format(day),
  };
}

export function DashboardWidgets({ board }: { board: Dashboard }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {board.bins && <BinsTile bins={board.bins} />}
        {board.subjects !== null && (
          <Tile
            label={t("dashboard:tile.subjects")}
            value={formatNumber(board.subjects)}
            to="/infrastructure/subjects"
          />
        )}
        {board.feePayers !== null && (
          <Tile
            label={t("dashboard:tile.feePayers")}
            value={formatNumber(board.feePayers)}
            to="/infrastructure/fee-payers"
          />
        )}
        {board.yards && (
          <Tile
            label={t("dashboard:tile.yards")}
            value={t("dashboard:tile.visits", { count: board.yards.visits })}
            note={t("dashboard:tile.yardsNote", {
              weight: formatWeight(board.yards.weightKg),
              from: formatDate(board.yards.from),
              to: formatDate(board.yards.to),
            })}
            to="/waste-collection-evidence/yard-reports"
          />
        )}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {board.evidenceMonths && <EvidenceMonths months={board.evidenceMonths} />}
        {board.cost && <Cost year={board.year} cost={board.cost} />}
      </div>
      {board.comparison && <Comparison board={board} comparison={board.comparison} />}
      <div className="grid gap-4 lg:grid-cols-2">
        {board.composition && <Composition year={board.year} composition={board.composition} />}
        {board.topProducers && <TopProducers year={board.year} producers={board.topProducers} />}
      </div>
      {board.lastCollections && <LastCollections collections={board.lastCollections} />}
    </>
  );
}

function BinsTile({ bins }: { bins: NonNullable<Dashboard["bins"]> }) {
  const { t } = useTranslation();
  const total = bins.reduce((n, b) => n + b.count, 0);
  const shown = bins.filter((b) => b.count > 0);
  return (
    <Tile
      label={t("dashboard:tile.bins")}
      value={formatNumber(total)}
      to="/infrastructure/waste-evidence-headers"
      note={shown.map((b) => `${t(`wasteEvidenceHeader:state.${b.state}`)} ${formatNumber(b.count)}`).join(" · ")}
    />
  );
}

function EvidenceMonths({ months }: { months: NonNullable<Dashboard["evidenceMonths"]> }) {
  const { t, i18n } = useTranslation();
  const names = months.map((m) => monthNames(m.month, i18n.language));
  const values = months.map((m) => m.records);
  const total = values.reduce((a, b) => a + b, 0);
  const title = t("dashboard:records.title");
  return (
    <div className="space-y-2">
      <BarChart
        title={title}
        labels={names.map((n) => n.label)}
        names={names.map((n) => n.name)}
        values={values}
        format={(n) => formatNumber(n)}
        summary={t("dashboard:records.summary", { count: total })}
      />
      <ChartTable
        caption={title}
        toggle={t("dashboard:showTable")}
        categoryLabel={t("dashboard:records.month")}
        categories={names.map((n) => n.name)}
        totalLabel={t("dashboard:total")}
        columns={[
          {
            label: t("dashboard:records.records"),
            values: values.map((n) => formatNumber(n)),
            total: formatNumber(total),
          },
        ]}
      />
    </div>
  );
}

function Cost({ year, cost }: { year: number; cost: NonNullable<Dashboard["cost"]> }) {
  const { t } = useTranslation();
  // In hundredths, so that the balance is exact.
  const cents = (v: string) => Math.round(Number(v) * 100);
  const balance = (cents(cost.paid) - cents(cost.expenditure)) / 100;
  const rows: [string, ReactNode][] = [
    [t("dashboard:cost.expenditure"), <Money key="e" value={cost.expenditure} />],
    [t("dashboard:cost.prescribed"), <Money key="p" value={cost.prescribed} />],
    [t("dashboard:cost.paid"), <Money key="i" value={cost.paid} />],
    [t("dashboard:cost.balance"), <Money key="b" value={balance.toFixed(2)} />],
  ];
  return (
    <SectionCard title={t("dashboard:cost.title", { year })} titleId="dashboard-cost">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value], i) => (
          <div key={label} className={i === rows.length - 1 ? "contents font-semibold" : "contents"}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        <Link className="text-emerald-800 hover:underline" to={`/fees/fees?year=${year}`}>
          {t("dashboard:cost.fees")}
        </Link>
        {" · "}
        <Link className="text-emerald-800 hover:underline" to={`/fees/expenditures/edit?year=${year}`}>
          {t("dashboard:cost.expenditures")}
        </Link>
      </p>
    </SectionCard>
  );
}

function Comparison({ board, comparison }: { board: Dashboard; comparison: NonNullable<Dashboard["comparison"]> }) {
  const { t, i18n } = useTranslation();
  const weight = board.measure === "weight";
  const names = comparison.map((c) =>
    board.period === "quarter"
      ? { label: `Q${c.bucket}`, name: t("dashboard:comparison.quarter", { n: c.bucket }) }
      : {
          label: String(c.bucket),
          name: new Intl.DateTimeFormat(i18n.language, { month: "long", timeZone: "UTC" }).format(
            new Date(Date.UTC(2000, c.bucket - 1, 15)),
          ),
        },
  );
  const format = (v: string | number) => (weight ? formatWeight(v) : formatNumber(v));
  const series = [
    { year: board.year, values: comparison.map((c) => c.current), tone: "emerald" as const },
    { year: board.year - 1, values: comparison.map((c) => c.previous), tone: "sky" as const },
  ];
  const title = t(`dashboard:comparison.title.${board.measure}`);
  // In grams (or whole records), so that the headline is exact.
  const totalOf = (values: string[]) =>
    weight
      ? values.reduce((g, v) => g + Math.round(Number(v) * 1000), 0) / 1000
      : values.reduce((n, v) => n + Number(v), 0);
  return (
    <SectionCard title={title} titleId="dashboard-comparison" contentClassName="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        {series.map((s) => (
          <BarChart
            key={s.year}
            title={String(s.year)}
            labels={names.map((n) => n.label)}
            names={names.map((n) => n.name)}
            values={s.values.map(Number)}
            format={format}
            headline={format(totalOf(s.values))}
            summary={t("dashboard:comparison.summary", { year: s.year, total: format(totalOf(s.values)) })}
            tone={s.tone}
          />
        ))}
      </div>
      <ChartTable
        caption={title}
        toggle={t("dashboard:showTable")}
        categoryLabel={t(`dashboard:period.${board.period}`)}
        categories={names.map((n) => n.name)}
        totalLabel={t("dashboard:total")}
        columns={series.map((s) => ({
          label: String(s.year),
          values: s.values.map(format),
          total: format(totalOf(s.values)),
        }))}
      />
    </SectionCard>
  );
}

function Composition({ year, composition }: { year: number; composition: NonNullable<Dashboard["composition"]> }) {
  const { t } = useTranslation();
  const grams = composition.wastes.map((w) => Math.round(Number(w.kg) * 1000));
  const total = grams.reduce((a, b) => a + b, 0);
  return (
    <SectionCard
      title={t("dashboard:composition.title", { year })}
      titleId="dashboard-composition"
      actions={
        composition.sortRatio !== null && (
          <span className="text-sm text-slate-700">
            {t("dashboard:composition.sortRatio", { ratio: formatNumber(composition.sortRatio) })}
          </span>
        )
      }
    >
      <RowsTable
        rows={composition.wastes}
        empty={t("dashboard:composition.empty")}
        head={[
          t("dashboard:composition.waste"),
          figureHeading(t("dashboard:composition.weight")),
          figureHeading(t("dashboard:composition.share")),
        ]}
        aria-labelledby="dashboard-composition"
      >
        {(w, i) => (
          <TR key={w.wasteTypeId ?? "none"}>
            <TD>{w.name ?? t("dashboard:composition.unknown")}</TD>
            <TD className="text-right tabular-nums">{formatWeight(w.kg)}</TD>
            <TD className="text-right tabular-nums">{formatNumber((grams[i]! * 100) / total, { maxDecimals: 1 })} %</TD>
          </TR>
        )}
      </RowsTable>
    </SectionCard>
  );
}

function TopProducers({ year, producers }: { year: number; producers: NonNullable<Dashboard["topProducers"]> }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t("dashboard:top.title", { year })} titleId="dashboard-top">
      <RowsTable
        rows={producers}
        empty={t("dashboard:top.empty")}
        head={[
          t("dashboard:top.subject"),
          figureHeading(t("dashboard:top.weight")),
          figureHeading(t("dashboard:top.records")),
        ]}
        aria-labelledby="dashboard-top"
      >
        {(p) => (
          <TR key={p.subjectId}>
            <TD>
              <RecordLink to={subjectPath(p.subjectId)}>{p.name}</RecordLink>
            </TD>
            <TD className="text-right tabular-nums">{formatWeight(p.kg)}</TD>
            <TD className="text-right tabular-nums">{formatNumber(p.records)}</TD>
          </TR>
        )}
      </RowsTable>
    </SectionCard>
  );
}

function LastCollections({ collections }: { collections: NonNullable<Dashboard["lastCollections"]> }) {
  const { t } = useTranslation();
  return (
    <SectionCard
      title={t("dashboard:collections.title")}
      titleId="dashboard-collections"
      actions={
        <Link className="text-sm text-emerald-800 hover:underline" to={COLLECTIONS_PATH}>
          {t("dashboard:collections.all")}
        </Link>
      }
    >
      <RowsTable
        rows={collections}
        empty={t("dashboard:collections.empty")}
        head={[
          t("dashboard:collections.day"),
          t("dashboard:collections.name"),
          t("dashboard:collections.waste"),
          figureHeading(t("dashboard:collections.records")),
          figureHeading(t("dashboard:collections.weight")),
        ]}
        aria-labelledby="dashboard-collections"
      >
        {(c) => (
          <TR key={c.id}>
            <TD className="whitespace-nowrap">{formatDate(c.collectedOn)}</TD>
            <TD>
              <RecordLink to={collectionPath(c.id)}>{c.name}</RecordLink>
            </TD>
            <TD>{c.wasteName ?? "–"}</TD>
            <TD className="text-right tabular-nums">{formatNumber(c.recordCount)}</TD>
            <TD className="text-right tabular-nums">{c.weightKg === null ? "–" : formatWeight(c.weightKg)}</TD>
          </TR>
        )}
      </RowsTable>
    </SectionCard>
  );
}
