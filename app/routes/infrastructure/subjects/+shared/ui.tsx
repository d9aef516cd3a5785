/** Small pieces every subject screen shows: paths, the type and the fee-paid badge (money: ~/components/money). */
import { useTranslation } from "~/i18n/use-translation";
import { Badge } from "~/components/ui/badge";

export const SUBJECTS_PATH = "/infrastructure/subjects";
export const subjectPath = (id: number) => `${SUBJECTS_PATH}/${id}`;
export const feePayerPath = (id: number) => `/infrastructure/fee-payers/${id}`;

export function SubjectTypeLabel({ type }: { type: string }) {
  const { t } = useTranslation();
  return <>{t(`subject:type.${type}`, SUBJECT_TYPE_LABELS[type] ?? type)}</>;
}

export function FeePaidBadge({ paid }: { paid: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge tone={paid ? "green" : "amber"}>{paid ? t("subject:feePaid.paid") : t("subject:feePaid.unpaid")}</Badge>
  );
}

/** Czech defaults of the subject types (spec 001 §9). */
export const SUBJECT_TYPE_LABELS: Record<string, string> = {
  Household: "Rodinný dům",
  Apartment: "Byt",
  ApartmentBuilding: "Bytový dům",
  Company: "Firma",
  Cottage: "Rekreační objekt",
  Municipality: "Obec",
  Nest: "Stanoviště (hnízdo)",
  Trashbin: "Odpadkový koš",
};
