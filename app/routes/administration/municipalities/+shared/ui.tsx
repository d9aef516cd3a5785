/** Pieces of the municipality screens: their paths and the state badge. */
import { useTranslation } from "~/i18n/use-translation";
import { Badge } from "~/components/ui/badge";

export const MUNICIPALITIES_PATH = "/administration/municipalities";
export const municipalityPath = (id: number) => `${MUNICIPALITIES_PATH}/${id}`;

/** 'Aktivní' or 'Neaktivní' (a municipality, or a user on the municipality's detail). */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge tone={active ? "green" : "gray"}>
      {active ? t("municipality:state.active") : t("municipality:state.inactive")}
    </Badge>
  );
}
