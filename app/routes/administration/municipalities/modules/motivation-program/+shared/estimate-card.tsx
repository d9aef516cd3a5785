/**
 * SortRatio's estimated results (spec 001 §3 Motivation programme 'sort ratio also shows estimated results (fees,
 * expenditures, difference)'): the card in each of its states. The figures come from the fee engine's simulation,
 * which the page wires to this card (the 'Spočítat odhad' action is passed in as `action`).
 */
import type { ReactNode } from "react";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import { formatCurrency } from "~/lib/format";

export type EstimateState = "none" | "running" | "done";

export type EstimateCardProps = {
  state: EstimateState;
  /** The fees the programme would bring (an exact decimal string). */
  income?: string | null;
  /** The municipality's waste management expenditures of the year. */
  expenditures?: string | null;
  /** Income − expenditures: negative when the fees do not cover the costs. */
  difference?: string | null;
  /** CZK or EUR. */
  currency: "CZK" | "EUR";
  /** The button (a form) that asks for an estimate; none for who may not ask. */
  action?: ReactNode;
};

export function EstimateCard({ state, income, expenditures, difference, currency, action }: EstimateCardProps) {
  const { t } = useTranslation();
  const country = currency === "EUR" ? "SK" : "CZ";
  const money = (v: string | null | undefined) => formatCurrency(v, country) || "–";
  const negative = difference?.trim().startsWith("-") ?? false;
  return (
    <SectionCard title={t("motivationProgramme:estimate.title")} titleId="estimate-title" actions={action}>
      <p className="mb-3 text-sm text-slate-600">{t("motivationProgramme:estimate.intro")}</p>
      {state === "none" && <p className="text-sm text-slate-700">{t("motivationProgramme:estimate.none")}</p>}
      {state === "running" && (
        <p className="text-sm text-slate-700" role="status">
          {t("motivationProgramme:estimate.running")}
        </p>
      )}
      {state === "done" && (
        <dl className="grid gap-3 sm:grid-cols-3">
          <Figure label={t("motivationProgramme:estimate.income")} value={money(income)} />
          <Figure label={t("motivationProgramme:estimate.expenditures")} value={money(expenditures)} />
          <Figure
            label={t("motivationProgramme:estimate.difference")}
            value={money(difference)}
            className={negative ? "text-red-700" : "text-emerald-800"}
          />
        </dl>
      )}
    </SectionCard>
  );
}

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={`text-lg font-semibold tabular-nums ${className ?? ""}`}>{value}</dd>
    </div>
  );
}
