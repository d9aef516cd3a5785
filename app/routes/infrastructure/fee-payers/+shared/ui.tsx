/**
 * Pieces the fee-payer screens share (spec 001 §2 'Fee payers'): the screens' paths, the cards of the form and the
 * detail, the state badges and the days of the list and the detail.
 */
import { useTranslation } from "~/i18n/use-translation";
import type { AgeGroup } from "#contract/fee-payer";
import { formatDate } from "#contract/calendar";
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { activeBadge } from "~/components/state-badge";
import { SectionCard } from "~/components/section-card";

export const LIST_PATH = "/infrastructure/fee-payers";
export const detailPath = (id: number) => `${LIST_PATH}/${id}`;
/** A subject's detail (create-for-subject comes from it and goes back to it; the history links to it). */
export const subjectPath = (id: number) => `/infrastructure/subjects/${id}`;

/** A titled card of the form and the detail; `className` goes to its content. */
export function Section({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <SectionCard title={title} contentClassName={className}>
      {children}
    </SectionCard>
  );
}

export const StateBadge = activeBadge("feePayer");

export function RegisteredBadge({ registered }: { registered: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge tone={registered ? "blue" : "amber"}>
      {registered ? t("feePayer:state.registered") : t("feePayer:state.unregistered")}
    </Badge>
  );
}

export function LoginBadge({ hasLogin }: { hasLogin: boolean }) {
  const { t } = useTranslation();
  return hasLogin ? (
    <Badge tone="green">{t("feePayer:state.login")}</Badge>
  ) : (
    <Badge tone="gray">{t("feePayer:state.noLogin")}</Badge>
  );
}

/** Spec 001 §5 automatic discount groups. */
export function AgeGroupBadge({ group }: { group: AgeGroup | null }) {
  const { t } = useTranslation();
  if (!group) return null;
  const label =
    group === "child"
      ? t("feePayer:ageGroup.child")
      : group === "senior"
        ? t("feePayer:ageGroup.senior")
        : t("feePayer:ageGroup.adult");
  return <Badge tone={group === "adult" ? "gray" : "blue"}>{label}</Badge>;
}

export function TypeLabel({ type }: { type: string }) {
  const { t } = useTranslation();
  return <>{type === "Company" ? t("feePayer:type.Company") : t("feePayer:type.Resident")}</>;
}

/** A day in the user's language; '–' without one. */
export function Day({ value }: { value: string | null }) {
  const { i18n } = useTranslation();
  return <>{value ? formatDate(value, i18n.language) : "–"}</>;
}
