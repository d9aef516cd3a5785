/**
 * Pieces the fee-payer screens share (spec 001 §2 'Fee payers'): API paths, the state badges of the list and the
 * detail, and the municipality's country (money is CZK or EUR by it, spec 000 §9).
 */
import { useRouteLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { AgeGroup } from "#contract/fee-payer";
import { Badge } from "~/components/ui/badge";
import type { AppLayoutData } from "~/routes/app-layout";

/** /v1 path of the municipality's fee payers, or of one of them. */
export function feePayerApi(municipalityId: number, feePayerId?: number, rest = ""): string {
  return `/municipality/${municipalityId}/fee-payer${feePayerId ? `/${feePayerId}` : ""}${rest}`;
}

export const LIST_PATH = "/infrastructure/fee-payers";
export const detailPath = (id: number) => `${LIST_PATH}/${id}`;

/** The active municipality's country code (money formatting). */
export function useCountry(): string {
  const layout = useRouteLoaderData("routes/app-layout") as AppLayoutData | undefined;
  return layout?.activeMunicipality?.country ?? "CZ";
}

export function StateBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge tone={active ? "green" : "gray"}>
      {active ? t("feePayer:state.active", "Aktivní") : t("feePayer:state.inactive", "Neaktivní")}
    </Badge>
  );
}

export function RegisteredBadge({ registered }: { registered: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge tone={registered ? "blue" : "amber"}>
      {registered ? t("feePayer:state.registered", "Registrován") : t("feePayer:state.unregistered", "Neregistrován")}
    </Badge>
  );
}

export function LoginBadge({ hasLogin }: { hasLogin: boolean }) {
  const { t } = useTranslation();
  return hasLogin ? (
    <Badge tone="green">{t("feePayer:state.login", "Má přihlášení")}</Badge>
  ) : (
    <Badge tone="gray">{t("feePayer:state.noLogin", "Bez přihlášení")}</Badge>
  );
}

/** Spec 001 §5 automatic discount groups. */
export function AgeGroupBadge({ group }: { group: AgeGroup | null }) {
  const { t } = useTranslation();
  if (!group) return null;
  const label =
    group === "child"
      ? t("feePayer:ageGroup.child", "Dítě")
      : group === "senior"
        ? t("feePayer:ageGroup.senior", "Senior")
        : t("feePayer:ageGroup.adult", "Ostatní věková skupina");
  return <Badge tone={group === "adult" ? "gray" : "blue"}>{label}</Badge>;
}

export function TypeLabel({ type }: { type: string }) {
  const { t } = useTranslation();
  return <>{type === "Company" ? t("feePayer:type.Company", "Firma") : t("feePayer:type.Resident", "Občan")}</>;
}
