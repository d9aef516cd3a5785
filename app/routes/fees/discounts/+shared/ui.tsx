/** Pieces every discount screen shows: paths, the group's label and the age range. */
import { useTranslation } from "~/i18n/use-translation";
import { CITIZEN_GROUPS, type DiscountType } from "#contract/discount";

export const DISCOUNTS_PATH = "/fees/discounts";
export const discountEditPath = (id: number) => `${DISCOUNTS_PATH}/${id}/edit`;

/** Age: the citizen group's name; Other: the price type as typed ('–' without one). */
export function GroupLabel({ type, group }: { type: DiscountType; group: string | null }) {
  const { t } = useTranslation();
  if (type === "Age" && group && (CITIZEN_GROUPS as readonly string[]).includes(group))
    return <>{t(`discount:group.${group}`)}</>;
  return <>{group ?? "–"}</>;
}

/** '0–5 let', 'od 70 let'; '–' for an Other discount. */
export function AgeRange({ from, until }: { from: number | null; until: number | null }) {
  const { t } = useTranslation();
  if (from === null && until === null) return <>–</>;
  if (until === null) return <>{t("discount:age.from", { from: from ?? 0 })}</>;
  return <>{t("discount:age.range", { from: from ?? 0, until })}</>;
}
