/** Pieces both expenditure screens show: paths, the type and source labels, the year switch and the configuration. */
import { useTranslation } from "~/i18n/use-translation";
import type { ExpenditureSetting, ExpenditureSource, ExpenditureType } from "#contract/expenditure";
import { PillLink } from "~/components/pill-link";
import { Money } from "~/components/money";
import { DetailFact } from "~/components/detail-row";

export const EXPENDITURES_PATH = "/fees/expenditures";
export const EXPENDITURES_EDIT_PATH = `${EXPENDITURES_PATH}/edit`;

export function TypeLabel({ type }: { type: ExpenditureType }) {
  const { t } = useTranslation();
  return <>{t(`expenditure:type.${type}`)}</>;
}

export function SourceLabel({ source }: { source: ExpenditureSource }) {
  const { t } = useTranslation();
  return <>{t(`expenditure:source.${source}`)}</>;
}

/** The years to choose from as links (?year=), the chosen one marked; works without JavaScript. */
export function YearSwitch({ years, year, path }: { years: number[]; year: number; path: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("expenditure:field.year")} className="flex flex-wrap gap-2">
      {years.map((y) => (
        <PillLink key={y} to={`${path}?year=${y}`} current={y === year}>
          {String(y)}
        </PillLink>
      ))}
    </nav>
  );
}

/** The configuration card's two values ('–' while unset). */
export function SettingFacts({ setting }: { setting: ExpenditureSetting }) {
  const { t } = useTranslation();
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <DetailFact label={t("expenditure:field.wasteTreatmentFlatRate")}>
        <Money value={setting.wasteTreatmentFlatRate} />
      </DetailFact>
      <DetailFact label={t("expenditure:field.mixedWasteProcessingPrice")}>
        {setting.mixedWasteProcessingPrice === null ? (
          "–"
        ) : (
          <>
            <Money value={setting.mixedWasteProcessingPrice} /> {t("expenditure:perTonne")}
          </>
        )}
      </DetailFact>
    </dl>
  );
}
