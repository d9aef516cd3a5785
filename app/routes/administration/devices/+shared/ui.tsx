/** Pieces every device screen shows: paths, the type label, a pairing period and the municipality picker. */
import { useTranslation } from "~/i18n/use-translation";
import { z } from "zod";
import type { FieldMetadata } from "@conform-to/react";
import { DEVICE_TYPES } from "#contract/enums";
import type { DeviceType } from "#contract/device";
import { formatDate } from "#contract/calendar";
import { PickerField } from "~/components/search-in-form";
import { enumOptions } from "~/lib/enum-options";
import { idOptions } from "~/lib/list-filters";

export const DEVICES_PATH = "/administration/devices";
export const devicePath = (id: number) => `${DEVICES_PATH}/${id}`;

export function useDeviceTypeOptions() {
  const { t } = useTranslation();
  return enumOptions(t, "device:type", DEVICE_TYPES);
}

export function DeviceTypeLabel({ type }: { type: DeviceType }) {
  const { t } = useTranslation();
  return <>{t(`device:type.${type}`)}</>;
}

/** A day of a pairing in the page's language; '–' when there is none. */
export function Day({ value }: { value: string | null | undefined }) {
  const { i18n } = useTranslation();
  return <>{value ? formatDate(value, i18n.language) : "–"}</>;
}

/** 'od 1. 3. 2026' or 'od 1. 3. 2026 do 31. 12. 2026'. */
export function Period({ from, to }: { from: string; to: string | null }) {
  const { t, i18n } = useTranslation();
  const day = (v: string) => formatDate(v, i18n.language);
  return (
    <>
      {to ? t("device:period.fromTo", { from: day(from), to: day(to) }) : t("device:period.from", { from: day(from) })}
    </>
  );
}

export type MunicipalityOption = { id: number; name: string };

/** The action's intent of the picker's 'Hledat' button (decision 0011: it posts the whole form). */
export const MUNICIPALITY_SEARCH = "municipalitySearch";
/** 'Hledat' checks nothing: the form keeps every value and only the options change. */
export const municipalitySearchSchema = z.object({ municipalitySearch: z.string().optional() });

/**
 * Municipality picker inside a form: a select of at most 20 municipalities (plus the chosen one) and a search
 * whose button posts the form with intent 'municipalitySearch', so nothing typed is lost, also without JavaScript.
 */
export function MunicipalityPicker({
  meta,
  options,
  search,
  formId,
}: {
  /** The municipalityId field of any form. */
  meta: FieldMetadata<any, any, string[]>;
  options: MunicipalityOption[];
  search?: string;
  formId: string;
}) {
  const { t } = useTranslation();
  const searchId = `${formId}-municipality-search`;
  return (
    <PickerField
      meta={meta}
      label={t("device:field.municipality")}
      options={idOptions(options)}
      emptyOption={t("device:field.noMunicipality")}
      searchId={searchId}
      searchName="municipalitySearch"
      intent={MUNICIPALITY_SEARCH}
      search={search}
      searchLabel={t("device:field.municipalitySearch")}
      searchHelp={t("device:field.municipalitySearchHelp")}
      buttonLabel={t("device:action.search")}
    />
  );
}
