/**
 * The cards and the fee statistics of Fees → Fees (spec 001 §2 'Fees': cards for fees, discounts, final fee, total
 * expenditure and total income; 'Fee statistics'). Figures come from the API as exact decimal texts.
 */
import { useTranslation } from "~/i18n/use-translation";
import type { FeeSummary } from "#contract/fee";
import { BarChart, ChartTable } from "~/components/bar-chart";
import { DetailFact } from "~/components/detail-row";
import { Money, useCountry } from "~/components/money";
import { SectionCard } from "~/components/section-card";
import { formatCurrency } from "~/lib/format/money";
import { formatNumber } from "~/lib/format/numbers";

function FigureCard({ label, children, note }: { label: string; children: React.ReactNode; note?: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold break-words text-slate-900 xl:text-2xl">{children}</dd>
      {note && <dd className="mt-1 text-sm text-slate-600">{note}</dd>}
    </div>
  );
}

/** The five cards of the year; the balance (final fee − expenditure) under the expenditure. */
export function FeeCards({ summary }: { summary: FeeSummary }) {
  const { t } = useTranslation();
  const balance =
    (Math.round(Number(summary.finalFee) * 100) - Math.round(Number(summary.totalExpenditure) * 100)) / 100;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" aria-label={t("fee:cards.label", { year: summary.year })}>
      <FigureCard label={t("fee:cards.fees")} note={t("fee:cards.payers", { count: summary.payerCount })}>
        <Money value={summary.totalFee} />
      </FigureCard>
      <FigureCard label={t("fee:cards.discounts")}>
        <Money value={summary.totalDiscount} />
      </FigureCard>
      <FigureCard label={t("fee:cards.finalFee")}>
        <Money value={summary.finalFee} />
      </FigureCard>
      <FigureCard
        label={t("fee:cards.expenditure")}
        note={
          <>
            {t(balance >= 0 ? "fee:cards.surplus" : "fee:cards.shortfall")} <Money value={Math.abs(balance)} />
          </>
        }
      >
        <Money value={summary.totalExpenditure} />
      </FigureCard>
      <FigureCard
        label={t("fee:cards.income")}
        note={
          <>
            {t("fee:cards.unpaid")} <Money value={summary.unpaidFinalFee} />
          </>
        }
      >
        <Money value={summary.totalIncome} />
      </FigureCard>
    </dl>
  );
}

/** Fee statistics: who pays what (the final fees' distribution) and how many payers have discounts and fees. */
export function FeeStatistics({ summary }: { summary: FeeSummary }) {
  const { t } = useTranslation();
  const country = useCountry();
  const money = (v: string) => formatCurrency(v, country);
  const count = (n: number) => formatNumber(n);
  const bars = summary.distribution;
  const ranges = bars.map((b) => t("fee:stats.range", { from: money(b.from), to: b.to ? money(b.to) : "" }));
  const values = bars.map((b) => b.payers);
  const max = Math.max(0, ...values);
  return (
    <SectionCard title={t("fee:stats.title")} titleId="fee-stats-title" contentClassName="space-y-4">
      <dl className="grid gap-3 text-sm sm:grid-cols-4 lg:grid-cols-7">
        <DetailFact label={t("fee:stats.payers")}>{count(summary.payerCount)}</DetailFact>
        <DetailFact label={t("fee:stats.fees")}>{count(summary.feeCount)}</DetailFact>
        <DetailFact label={t("fee:stats.paid")}>{count(summary.paidCount)}</DetailFact>
        <DetailFact label={t("fee:stats.unpaid")}>{count(summary.unpaidCount)}</DetailFact>
        <DetailFact label={t("fee:stats.fixedDiscount")}>{count(summary.fixedDiscountCount)}</DetailFact>
        <DetailFact label={t("fee:stats.motivationDiscount")}>{count(summary.motivationDiscountCount)}</DetailFact>
        <DetailFact label={t("fee:stats.motivationFee")}>{count(summary.motivationFeeCount)}</DetailFact>
      </dl>
      {bars.length > 0 && (
        <>
          <BarChart
            title={t("fee:stats.distribution")}
            labels={bars.map((b) => money(b.from))}
            names={ranges}
            values={values}
            format={(n) => t("fee:stats.payerCount", { count: n })}
            headline={t("fee:stats.payerCount", { count: summary.payerCount })}
            summary={t("fee:stats.summary", {
              count: summary.payerCount,
              range: ranges[values.indexOf(max)] ?? "",
              max: count(max),
            })}
          />
          <ChartTable
            caption={t("fee:stats.distribution")}
            toggle={t("fee:stats.showTable")}
            categoryLabel={t("fee:stats.finalFee")}
            categories={ranges}
            totalLabel={t("fee:stats.total")}
            columns={[{ label: t("fee:stats.payers"), values: values.map(count), total: count(summary.payerCount) }]}
          />
        </>
      )}
    </SectionCard>
  );
}
