/**
 * The yard's waste configuration table (spec 001 §2 Collection yards detail, §3 Yard waste configuration): the
 * waste, capacity, default weight, code, use of member count, its fees per period (VAT rate and weight ranges),
 * and activate/deactivate with a confirmation (spec 001 §4).
 */
import { useTranslation } from "~/i18n/use-translation";
import type { YardWaste } from "#contract/yard";
import { formatDate } from "#contract/calendar";
import { formatWeight } from "~/lib/format";
import { SectionCard } from "~/components/section-card";
import { RowsTable } from "~/components/rows-table";
import { TD, TR } from "~/components/ui/table";
import { Button } from "~/components/ui/button";
import { Money } from "~/components/money";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { YesNo } from "~/components/list-columns";
import { yardWastePath } from "./ui";

function Fees({ waste }: { waste: YardWaste }) {
  const { t, i18n } = useTranslation();
  if (!waste.fees.length) return <span className="text-slate-500">{t("collectionYard:wastes.noFee")}</span>;
  const day = (v: string) => formatDate(v, i18n.language);
  return (
    <ul className="space-y-1">
      {waste.fees.map((p) => (
        <li key={p.validFrom}>
          <span className="font-medium">
            {p.validTo
              ? `${day(p.validFrom)} – ${day(p.validTo)}`
              : t("collectionYard:wastes.from", { day: day(p.validFrom) })}
          </span>
          {", "}
          {t("collectionYard:wastes.vat", { rate: p.vatRate })}
          <ul className="ml-4 list-disc">
            {p.ranges.map((r) => (
              <li key={r.fromKg}>
                {r.toKg
                  ? t("collectionYard:wastes.range", { from: formatWeight(r.fromKg), to: formatWeight(r.toKg) })
                  : t("collectionYard:wastes.rangeOpen", { from: formatWeight(r.fromKg) })}
                : <Money value={r.value} /> / kg{r.note ? ` (${r.note})` : ""}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export function WastesCard(props: { municipalityId: number; yardId: number; wastes: YardWaste[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const { municipalityId, yardId, canEdit } = props;
  return (
    <SectionCard
      title={t("collectionYard:section.wastes")}
      titleId="yard-wastes"
      actions={
        canEdit ? (
          <Button to={yardWastePath(municipalityId, yardId)} size="sm">
            {t("collectionYard:wastes.add")}
          </Button>
        ) : undefined
      }
    >
      <RowsTable
        rows={props.wastes}
        aria-labelledby="yard-wastes"
        empty={t("collectionYard:wastes.empty")}
        head={[
          t("collectionYard:field.waste"),
          t("collectionYard:field.code"),
          t("collectionYard:field.capacityKg"),
          t("collectionYard:field.defaultWeightKg"),
          t("collectionYard:field.useMemberCount"),
          t("collectionYard:field.fees"),
          t("collectionYard:field.active"),
        ]}
        actions={canEdit ? t("common:dataTable.actions") : undefined}
      >
        {(w) => (
          <TR key={w.id} className={w.active ? undefined : "text-slate-500"}>
            <TD>
              {w.catalogCode ? <span className="text-slate-500">{w.catalogCode} </span> : null}
              {w.wasteName}
            </TD>
            <TD>{w.code ?? "–"}</TD>
            <TD className="whitespace-nowrap">{w.capacityKg ? formatWeight(w.capacityKg) : "–"}</TD>
            <TD className="whitespace-nowrap">{w.defaultWeightKg ? formatWeight(w.defaultWeightKg) : "–"}</TD>
            <TD>
              <YesNo value={w.useMemberCount} />
            </TD>
            <TD>
              <Fees waste={w} />
            </TD>
            <TD>{w.active ? t("collectionYard:wastes.active") : t("collectionYard:wastes.inactive")}</TD>
            {canEdit && (
              <TD className="space-x-1 whitespace-nowrap text-right">
                <Button to={yardWastePath(municipalityId, yardId, w.id)} variant="ghost" size="sm">
                  {t("collectionYard:wastes.edit")}
                  <span className="sr-only"> {w.wasteName}</span>
                </Button>
                <ConfirmDialog
                  name={`active-${w.id}`}
                  intent="setActive"
                  fields={{ yardWasteId: w.id, active: String(!w.active) }}
                  tone={w.active ? "danger" : "primary"}
                  title={w.active ? t("collectionYard:deactivate.title") : t("collectionYard:activate.title")}
                  message={t(w.active ? "collectionYard:deactivate.message" : "collectionYard:activate.message", {
                    name: w.wasteName,
                  })}
                  confirmLabel={w.active ? t("collectionYard:wastes.deactivate") : t("collectionYard:wastes.activate")}
                  trigger={w.active ? t("collectionYard:wastes.deactivate") : t("collectionYard:wastes.activate")}
                  forRow={w.wasteName}
                />
              </TD>
            )}
          </TR>
        )}
      </RowsTable>
    </SectionCard>
  );
}
