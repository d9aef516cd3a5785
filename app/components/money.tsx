import { useRouteLoaderData } from "react-router";
import { formatCurrency } from "~/lib/format";
import { TD } from "~/components/ui/table";
import type { AppLayoutData } from "~/routes/app-layout";

/** The active municipality's country (spec 000 §9: CZK for CZ, otherwise EUR). */
export function useCountry(): string | null {
  const layout = useRouteLoaderData("routes/app-layout") as AppLayoutData | undefined;
  return layout?.activeMunicipality?.country ?? null;
}

export function Money({ value }: { value: string | number | null | undefined }) {
  const country = useCountry();
  const text = formatCurrency(value, country);
  return <span className="whitespace-nowrap tabular-nums">{text || "–"}</span>;
}

/** A table's money cell, right-aligned with the figures above and below it; `className` adds to it (e.g. a total's weight). */
export function MoneyCell({ value, className }: { value: string | number | null | undefined; className?: string }) {
  return (
    <TD className={className ? `text-right ${className}` : "text-right"}>
      <Money value={value} />
    </TD>
  );
}
