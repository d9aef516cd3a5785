/** Spec 001 §2 subject detail: the fees in a yearly or monthly view (written by the fees area, read here). */
import { useLocation, useSearchParams } from "react-router";
import { PillLink } from "~/components/pill-link";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import type { SubjectFeeRow } from "#contract/subject";
import { toSearch, withSearchParams } from "~/lib/list";
import { cn } from "~/components/ui/cn";
import { TD, TR } from "~/components/ui/table";
import { RowsTable, figureHeading } from "~/components/rows-table";
import { Money } from "~/components/money";

/** The amounts of a fee row, in the table's order; the last one is what the payer pays. */
const AMOUNTS = ["baseFee", "binFee", "motivationFee", "totalDiscount", "totalFee", "finalFee"] as const;

type Props = {
  fees: { items: SubjectFeeRow[]; years: number[] };
  view: "yearly" | "monthly";
  year: number | undefined;
};

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
    <SectionCard
      title={t("subject:fees.title")}
      titleId="subject-fees"
      contentClassName="space-y-3 p-0"
      actions={
        <>
          <nav className="flex flex-wrap items-center gap-1" aria-label={t("subject:fees.view")}>
            <PillLink to={href({ feesView: null, feesYear: null })} current={!monthly}>
              {t("subject:fees.yearly")}
            </PillLink>
            <PillLink to={href({ feesView: "monthly" })} current={monthly}>
              {t("subject:fees.monthly")}
            </PillLink>
          </nav>
        </>
      }
    >
      {monthly && fees.years.length > 0 && (
        <nav className="flex flex-wrap items-center gap-1 px-4 pt-3" aria-label={t("subject:fees.year")}>
          {fees.years.map((y) => (
            <PillLink key={y} to={href({ feesView: "monthly", feesYear: String(y) })} current={y === shownYear}>
              {y}
            </PillLink>
          ))}
        </nav>
      )}
      <RowsTable
        rows={fees.items}
        empty={
          // A year's fee set for the whole year has no monthly rows: say so rather than "not calculated yet".
          monthly && shownYear !== undefined && fees.years.includes(shownYear)
            ? t("subject:fees.yearOnly", { year: shownYear })
            : t("subject:fees.empty")
        }
        emptyClassName="text-sm text-slate-600 px-4 py-6"
        plainHeadRow
        head={[
          monthly ? t("subject:fees.month") : t("subject:fees.year"),
          t("subject:fees.payer"),
          ...AMOUNTS.map((key) => figureHeading(t(`subject:fees.${key}`))),
        ]}
      >
        {(f, i) => (
          <TR key={`${f.year}-${f.month ?? 0}-${f.feePayerName ?? ""}-${i}`}>
            <TD className="whitespace-nowrap">{monthly && f.month ? `${f.month}/${f.year}` : f.year}</TD>
            <TD>{f.feePayerName ?? "–"}</TD>
            {AMOUNTS.map((key) => (
              <TD key={key} className={cn("text-right", key === "finalFee" && "font-medium")}>
                <Money value={f[key]} />
              </TD>
            ))}
          </TR>
        )}
      </RowsTable>
    </SectionCard>
  );
}
