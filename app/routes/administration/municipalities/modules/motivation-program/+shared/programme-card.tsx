/**
 * One programme's card on the overview (spec 001 §2 Motivation programmes: cards for the three programmes with edit
 * and activate; deactivate): its key parameters, the years it is active, 'Upravit', 'Aktivovat' (a dialog choosing the
 * year, saying the year's fees will be recalculated) and 'Deaktivovat' per active year (a confirmation). The dialogs
 * open by ?dialog= without JavaScript.
 */
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DialogTrigger } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { FormDialog } from "~/components/form-dialog";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import { formatNumber } from "~/lib/format";
import {
  hasIntervals,
  PROGRAMME_SLUGS,
  type IntervalAnswer,
  type ProgrammeAnswer,
} from "#contract/motivation-programme";
import { programmeEditPath } from "./paths";
import { trimZeros } from "./forms";
import { SimulateButton } from "~/routes/fees/+shared/simulation";

const num = (v: string) => formatNumber(trimZeros(v), { maxDecimals: 4 });

/** '(20; 40] → 5 %': from exclusive, to inclusive (spec 001 §9). */
export function IntervalText({ interval, unit }: { interval: IntervalAnswer; unit: string }) {
  const { t } = useTranslation();
  const to = interval.to === null ? t("motivationProgramme:intervals.unbounded") : `${num(interval.to)} ${unit}`;
  return (
    <>
      ({num(interval.from)} {unit}; {to}] → {num(interval.discountPercent)} %
    </>
  );
}

function KeyParameters({ p }: { p: ProgrammeAnswer }) {
  const { t } = useTranslation();
  if (!p.stored) return <p className="text-sm text-slate-600">{t("motivationProgramme:card.notSet")}</p>;
  if (p.type === "PayAsDisposed") {
    const unit = t(`motivationProgramme:unitShort.${p.unit}`);
    return (
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t("motivationProgramme:field.feePerUnit")}</dt>
        <dd className="tabular-nums">{p.feePerUnit === null ? "–" : `${num(p.feePerUnit)} / ${unit}`}</dd>
        <dt className="text-slate-600">{t("motivationProgramme:field.minimalUnitPerPeriod")}</dt>
        <dd className="tabular-nums">
          {p.minimalUnitPerPeriod === null ? "–" : `${num(p.minimalUnitPerPeriod)} ${unit}`}
        </dd>
        <dt className="text-slate-600">{t("motivationProgramme:field.useBinVolume")}</dt>
        <dd>{p.useBinVolume ? t("motivationProgramme:yes") : t("motivationProgramme:no")}</dd>
        {p.useOrderedDisposeCount && (
          <>
            <dt className="text-slate-600">{t("motivationProgramme:field.orderedDisposeCount")}</dt>
            <dd className="tabular-nums">{p.orderedDisposeCount}</dd>
          </>
        )}
      </dl>
    );
  }
  const unit = p.type === "SortRatio" ? "%" : "kg";
  return (
    <div className="space-y-2 text-sm">
      <p>
        <span className="text-slate-600">{t("motivationProgramme:field.discountDistribution")}: </span>
        {t(`motivationProgramme:distribution.${p.discountDistribution}`)}
      </p>
      {hasIntervals(p.type) && p.intervals.length === 0 ? (
        <p className="text-slate-600">{t("motivationProgramme:card.noIntervals")}</p>
      ) : (
        <ul className="space-y-0.5 tabular-nums" aria-label={t("motivationProgramme:card.intervals")}>
          {p.intervals.map((i) => (
            <li key={i.from}>
              <IntervalText interval={i} unit={unit} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ProgrammeCard({
  municipalityId,
  programme: p,
  yearOptions,
  canEdit,
}: {
  municipalityId: number;
  programme: ProgrammeAnswer;
  yearOptions: number[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const name = t(`motivationProgramme:type.${p.type}`);
  const slug = PROGRAMME_SLUGS[p.type];
  const titleId = `programme-${slug}`;
  const free = yearOptions.filter((y) => !p.activeYears.includes(y));
  return (
    <SectionCard
      title={name}
      titleId={titleId}
      actions={
        p.activeYears.length ? (
          <Badge tone="green">{t("motivationProgramme:state.activeIn", { years: p.activeYears.join(", ") })}</Badge>
        ) : (
          <Badge tone="gray">
            {p.stored ? t("motivationProgramme:state.inactive") : t("motivationProgramme:state.notSet")}
          </Badge>
        )
      }
      contentClassName="space-y-4"
    >
      <p className="text-sm text-slate-700">{t(`motivationProgramme:description.${p.type}`)}</p>
      <KeyParameters p={p} />
      <p className="text-sm">
        <span className="text-slate-600">{t("motivationProgramme:card.activeYears")}: </span>
        {p.activeYears.length ? p.activeYears.join(", ") : t("motivationProgramme:card.noActiveYears")}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button to={programmeEditPath(municipalityId, p.type)} variant="secondary" size="sm">
          {t("motivationProgramme:action.edit")}
          <span className="sr-only"> {name}</span>
        </Button>
        {canEdit && free.length > 0 && (
          <DialogTrigger name={`activate-${slug}`} size="sm">
            {t("motivationProgramme:action.activate")}
            <span className="sr-only"> {name}</span>
          </DialogTrigger>
        )}
        {canEdit &&
          p.activeYears.map((year) => (
            <ConfirmDialog
              key={year}
              name={`deactivate-${slug}-${year}`}
              intent="deactivate"
              fields={{ type: p.type, year }}
              trigger={t("motivationProgramme:action.deactivateYear", { year })}
              triggerSize="sm"
              title={t("motivationProgramme:deactivate.title", { name, year })}
              message={t("motivationProgramme:deactivate.message", { year })}
              confirmLabel={t("motivationProgramme:action.deactivate")}
            />
          ))}
      </div>
      {canEdit && free.length > 0 && (
        <FormDialog
          name={`activate-${slug}`}
          intent="activate"
          target={p.type}
          fields={{ type: p.type }}
          size="sm"
          title={t("motivationProgramme:activate.title", { name })}
          description={t("motivationProgramme:activate.message")}
          submitLabel={t("motivationProgramme:action.activate")}
        >
          {(answer) => (
            <div className="space-y-1">
              <Label htmlFor={`activate-${slug}-year`}>{t("motivationProgramme:activate.year")}</Label>
              <Select
                id={`activate-${slug}-year`}
                name="year"
                defaultValue={String(answer?.values?.year ?? free[0])}
                options={free.map((y) => ({ value: String(y), label: String(y) }))}
              />
              <p className="pt-2 text-xs text-slate-600">{t("simulation:beforeActivation")}</p>
              <SimulateButton />
            </div>
          )}
        </FormDialog>
      )}
    </SectionCard>
  );
}
