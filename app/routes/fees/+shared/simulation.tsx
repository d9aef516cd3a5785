/**
 * The simulation panel (issue 14 part 7): before a clerk saves a base fee or a programme, the fee engine runs on the
 * proposal without writing (docs/fees.md 'Simulation'), and this panel shows it — waiting or running (the page keeps
 * itself fresh: meta refresh without JavaScript, revalidation with it), failed with its reason, or done with the
 * expected income against today's, the balance against the year's expenditures, who pays more / the same / less,
 * and the change per payer as the fees screen's bar chart with its table behind it. One component for the base fee
 * dialog of Fees → Fees and for every motivation programme's page.
 */
import type { ReactNode } from "react";
import type { SimulationResult } from "#contract/fee-calculation";
import { formatDateTime } from "#contract/calendar";
import { BarChart, ChartTable } from "~/components/bar-chart";
import { DetailFact } from "~/components/detail-row";
import { LiveJob } from "~/components/import/job";
import { SectionCard, TitledSection } from "~/components/section-card";
import { Alert } from "~/components/ui/alert";
import { useTranslation } from "~/i18n/use-translation";
import { formatCurrency } from "~/lib/format/money";
import { formatNumber } from "~/lib/format/numbers";
import { useMessage } from "~/lib/messages";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";

/** One simulation as the panel shows it (the fee_calculation row of kind Simulation). */
export type SimulationView = {
  id: number;
  year: number;
  state: "Queued" | "Running" | "Done" | "Failed";
  progress: number;
  finishedAt: string | null;
  error: string | null;
  result: SimulationResult | null;
};

/** The form field of a simulate button: the form is simulated instead of saved. */
export const SIMULATE_FIELD = "simulate";

/** The field of the year a programme's simulation computes. */
export const SIMULATION_YEAR_FIELD = "simulationYear";

/**
 * 'Simulovat': a second submit of the form whose fields are the proposal (beside its save). `form` names a form
 * elsewhere on the page (the button and the year choice belong to it, also without JavaScript); `years` offers the
 * year to simulate.
 */
export function SimulateButton(props: { form?: string; years?: number[]; year?: number }) {
  const { t } = useTranslation();
  const { form, years, year } = props;
  return (
    <div className="flex flex-wrap items-end gap-2">
      {years && years.length > 0 && (
        <div className="space-y-1">
          <Label htmlFor="simulation-year" className="text-xs">
            {t("simulation:year")}
          </Label>
          <Select
            id="simulation-year"
            name={SIMULATION_YEAR_FIELD}
            form={form}
            defaultValue={String(year ?? years[0])}
            options={years.map((y) => ({ value: String(y), label: String(y) }))}
          />
        </div>
      )}
      <Button type="submit" name={SIMULATE_FIELD} value="1" form={form} variant="secondary" size="sm">
        {t("simulation:run")}
      </Button>
    </div>
  );
}

export const isSimulationRunning = (s: SimulationView | null | undefined) =>
  s?.state === "Queued" || s?.state === "Running";

/** '+300,00 Kč', '−75,00 Kč', '0,00 Kč': a change says which way it goes. */
function useSignedMoney(currency: SimulationResult["currency"]) {
  const country = currency === "EUR" ? "SK" : "CZ";
  const money = (v: string) => formatCurrency(v, country);
  return { money, signed: (v: string) => (Number(v) > 0 ? `+${money(v)}` : money(v)) };
}

/** The change per payer: ten equal bands between the smallest and the largest change, as a chart and a table. */
export function ChangeDistribution({ result }: { result: SimulationResult }) {
  const { t } = useTranslation();
  const { signed } = useSignedMoney(result.currency);
  const count = (n: number) => formatNumber(n);
  const bands = result.histogram;
  const ranges = bands.map((b) =>
    b.from === b.to ? signed(b.from) : t("simulation:range", { from: signed(b.from), to: signed(b.to) }),
  );
  const values = bands.map((b) => b.count);
  const max = Math.max(0, ...values);
  const total = values.reduce((a, b) => a + b, 0);
  if (!bands.length) return null;
  return (
    <div className="space-y-3">
      <BarChart
        title={t("simulation:distribution")}
        labels={bands.map((b) => formatNumber(b.from))}
        names={ranges}
        values={values}
        tone="sky"
        format={(n) => t("simulation:payerCount", { count: n })}
        headline={t("simulation:payerCount", { count: total })}
        summary={t("simulation:summary", { count: total, range: ranges[values.indexOf(max)] ?? "", max: count(max) })}
      />
      <ChartTable
        caption={t("simulation:distribution")}
        toggle={t("simulation:showTable")}
        categoryLabel={t("simulation:change")}
        categories={ranges}
        totalLabel={t("simulation:total")}
        columns={[{ label: t("simulation:payers"), values: values.map(count), total: count(total) }]}
      />
    </div>
  );
}

/** A finished simulation's figures: income now and expected, the balance, who pays more / the same / less. */
export function SimulationFigures({ year, result }: { year: number; result: SimulationResult }) {
  const { t } = useTranslation();
  const { money, signed } = useSignedMoney(result.currency);
  const shortfall = Number(result.balance) < 0;
  const count = (n: number) => formatNumber(n);
  return (
    <div className="space-y-4">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <DetailFact label={t("simulation:incomeBefore")}>{money(result.incomeBefore)}</DetailFact>
        <DetailFact label={t("simulation:incomeAfter")}>
          {money(result.incomeAfter)}{" "}
          <span className="text-slate-600">
            ({t("simulation:incomeChange", { change: signed(result.incomeChange) })})
          </span>
        </DetailFact>
        <DetailFact label={t("simulation:expenditures", { year })}>{money(result.expenditures)}</DetailFact>
        <DetailFact label={t(shortfall ? "simulation:shortfall" : "simulation:surplus")}>
          <span className={shortfall ? "font-semibold text-red-700" : "font-semibold text-emerald-800"}>
            {money(String(Math.abs(Number(result.balance)).toFixed(2)))}
          </span>
        </DetailFact>
      </dl>
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <DetailFact label={t("simulation:increased")}>{count(result.increased)}</DetailFact>
        <DetailFact label={t("simulation:unchanged")}>{count(result.unchanged)}</DetailFact>
        <DetailFact label={t("simulation:decreased")}>{count(result.decreased)}</DetailFact>
      </dl>
      <ChangeDistribution result={result} />
    </div>
  );
}

export function SimulationPanel({
  simulation,
  year,
  action,
  bare = false,
}: {
  simulation: SimulationView | null;
  /** The year a new simulation would compute (the shown one's year when there is one). */
  year: number;
  /** The button (or a form) that runs a simulation; none for who may not. */
  action?: ReactNode;
  /** Inside a dialog: no card around it, and the dialog stays open after the simulation's own submit. */
  bare?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const shown = useMessage();
  const running = isSimulationRunning(simulation);
  // One status line that stays in place and changes its text, so a screen reader hears the run end.
  const status = !simulation
    ? t("simulation:none")
    : simulation.state === "Queued"
      ? t("simulation:queued")
      : simulation.state === "Running"
        ? t("simulation:running", { progress: simulation.progress })
        : simulation.state === "Done" && simulation.finishedAt
          ? t("simulation:done", { when: formatDateTime(simulation.finishedAt, i18n.language) })
          : "";
  const body = (
    <div className="space-y-3">
      {bare && simulation && <span hidden data-keep-dialog-open="" />}
      <p className="text-sm text-slate-600">{t("simulation:intro", { year: simulation?.year ?? year })}</p>
      <p className="text-sm text-slate-700" role="status">
        {status}
      </p>
      <LiveJob running={running} />
      {simulation?.state === "Failed" && (
        <Alert tone="error">{t("simulation:failed", { error: shown(simulation.error ?? "") })}</Alert>
      )}
      {simulation?.state === "Done" && simulation.result && (
        <SimulationFigures year={simulation.year} result={simulation.result} />
      )}
    </div>
  );
  if (bare)
    return (
      <TitledSection
        title={t("simulation:title")}
        titleId="simulation-title"
        actions={action}
        minor
        className="space-y-3 border-t border-slate-200 pt-3"
      >
        {body}
      </TitledSection>
    );
  return (
    <SectionCard title={t("simulation:title")} titleId="simulation-title" actions={action}>
      {body}
    </SectionCard>
  );
}
