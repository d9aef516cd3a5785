/** Spec 001 §2 subject detail: the fees in a yearly or monthly view (written by the fees area, read here). */
import { Link, useLocation, useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { SubjectFeeRow } from "#contract/subject";
import { toSearch, withSearchParams } from "~/lib/list";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { TBody, TD, TH, THead, TR, Table } from "~/components/ui/table";
import { Money } from "~/components/money";

type Props = {
  fees: { items: SubjectFeeRow[]; years: number[] };
  view: "yearly" | "monthly";
  year: number | undefined;
};

function Pill({ to, current, children }: { to: string; current: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={current ? "true" : undefined}
      className={cn(
        "rounded-md px-2.5 py-1 text-sm focus-visible:outline-2 focus-visible:outline-emerald-600",
        current ? "bg-emerald-700 font-medium text-white" : "text-slate-700 hover:bg-slate-100",
      )}
    >
      {children}
    </Link>
  );
}

export function FeesSection({ fees, view, year }: Props) {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const href = (changes: Record<string, string | null>) =>
    `${location.pathname}${toSearch(withSearchParams(searchParams, { ...changes, dialog: null }))}`;
  const monthly = view === "monthly";
  // The monthly view shows one year: the chosen one, else the newest with fees.
  const shownYear = year ?? fees.years[0];

  return (
    <Card aria-labelledby="subject-fees">
      <CardHeader>
        <CardTitle id="subject-fees">{t("subject:fees.title", "Poplatky")}</CardTitle>
        <nav className="flex flex-wrap items-center gap-1" aria-label={t("subject:fees.view", "Zobrazení poplatků")}>
          <Pill to={href({ feesView: null, feesYear: null })} current={!monthly}>
            {t("subject:fees.yearly", "Roční")}
          </Pill>
          <Pill to={href({ feesView: "monthly" })} current={monthly}>
            {t("subject:fees.monthly", "Měsíční")}
          </Pill>
        </nav>
      </CardHeader>
      <CardContent className="space-y-3 p-0">
        {monthly && fees.years.length > 0 && (
          <nav className="flex flex-wrap items-center gap-1 px-4 pt-3" aria-label={t("subject:fees.year", "Rok")}>
            {fees.years.map((y) => (
              <Pill key={y} to={href({ feesView: "monthly", feesYear: String(y) })} current={y === shownYear}>
                {y}
              </Pill>
            ))}
          </nav>
        )}
        {fees.items.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-600">
            {t("subject:fees.empty", "Poplatky zatím nebyly vypočteny.")}
          </p>
        ) : (
          <Table>
            <THead>
              <tr>
                <TH>{monthly ? t("subject:fees.month", "Měsíc") : t("subject:fees.year", "Rok")}</TH>
                <TH>{t("subject:fees.payer", "Poplatník")}</TH>
                <TH className="text-right">{t("subject:fees.baseFee", "Základní poplatek")}</TH>
                <TH className="text-right">{t("subject:fees.binFee", "Za nádoby")}</TH>
                <TH className="text-right">{t("subject:fees.motivationFee", "Motivační")}</TH>
                <TH className="text-right">{t("subject:fees.totalDiscount", "Slevy")}</TH>
                <TH className="text-right">{t("subject:fees.totalFee", "Celkem")}</TH>
                <TH className="text-right">{t("subject:fees.finalFee", "K úhradě")}</TH>
              </tr>
            </THead>
            <TBody>
              {fees.items.map((f, i) => (
                <TR key={`${f.year}-${f.month ?? 0}-${f.feePayerName ?? ""}-${i}`}>
                  <TD className="whitespace-nowrap">{monthly && f.month ? `${f.month}/${f.year}` : f.year}</TD>
                  <TD>{f.feePayerName ?? "–"}</TD>
                  <TD className="text-right">
                    <Money value={f.baseFee} />
                  </TD>
                  <TD className="text-right">
                    <Money value={f.binFee} />
                  </TD>
                  <TD className="text-right">
                    <Money value={f.motivationFee} />
                  </TD>
                  <TD className="text-right">
                    <Money value={f.totalDiscount} />
                  </TD>
                  <TD className="text-right">
                    <Money value={f.totalFee} />
                  </TD>
                  <TD className="text-right font-medium">
                    <Money value={f.finalFee} />
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
