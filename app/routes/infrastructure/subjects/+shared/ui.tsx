/** Small pieces every subject screen shows: paths, the type and the fee-paid badge (money: ~/components/money). */
import { useTranslation } from "~/i18n/use-translation";
import { Badge } from "~/components/ui/badge";

export const SUBJECTS_PATH = "/infrastructure/subjects";
export const subjectPath = (id: number) => `${SUBJECTS_PATH}/${id}`;
export const feePayerPath = (id: number) => `/infrastructure/fee-payers/${id}`;

export function SubjectTypeLabel({ type }: { type: string }) {
  const { t } = useTranslation();
  return <>{t(`subject:type.${type}`)}</>;
}

export function FeePaidBadge({ paid }: { paid: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge tone={paid ? "green" : "amber"}>{paid ? t("subject:feePaid.paid") : t("subject:feePaid.unpaid")}</Badge>
  );
}
