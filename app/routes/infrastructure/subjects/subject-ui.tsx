/** Small pieces every subject screen shows: the type, the fee-paid badge, money in the municipality's currency. */
import { useActionData, useRouteLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { formatCurrency } from "~/lib/format";
import { toIsoDate } from "#contract/calendar";
import { Badge } from "~/components/ui/badge";
import type { AppLayoutData } from "~/routes/app-layout";

export const SUBJECTS_PATH = "/infrastructure/subjects";
export const subjectPath = (id: number) => `${SUBJECTS_PATH}/${id}`;
export const feePayerPath = (id: number) => `/infrastructure/fee-payers/${id}`;

/** The active municipality's country (spec 000 §9: CZK for CZ, otherwise EUR). */
export function useCountry(): string | null {
  const layout = useRouteLoaderData("routes/app-layout") as AppLayoutData | undefined;
  return layout?.activeMunicipality?.country ?? null;
}

export function Money({ value }: { value: string | number | null | undefined }) {
  const country = useCountry();
  const text = formatCurrency(value, country);
  return <span className="whitespace-nowrap tabular-nums">{text || "–"}</span>;
}

export function SubjectTypeLabel({ type }: { type: string }) {
  const { t } = useTranslation();
  return <>{t(`subject:type.${type}`, SUBJECT_TYPE_LABELS[type] ?? type)}</>;
}

export function FeePaidBadge({ paid }: { paid: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge tone={paid ? "green" : "amber"}>
      {paid ? t("subject:feePaid.paid", "Zaplaceno") : t("subject:feePaid.unpaid", "Nezaplaceno")}
    </Badge>
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

/** What the detail's action answers when the page stays: the failed intent, its row, message, field errors, input. */
export type DetailAnswer = {
  intent: string;
  /** The membership or card the intent was about ('' for the subject itself). */
  target: string;
  message: string;
  errors?: Record<string, string[]>;
  values?: Record<string, string>;
};

/** The detail action's answer, when it belongs to this intent (and row). */
export function useDetailAnswer(intent: string | string[], target = ""): DetailAnswer | undefined {
  const answer = useActionData() as DetailAnswer | undefined;
  const intents = Array.isArray(intent) ? intent : [intent];
  if (!answer || !intents.includes(answer.intent) || (target && answer.target !== target)) return undefined;
  return answer;
}

/** Today in Europe/Prague as YYYY-MM-DD (the default day of membership changes). */
export function useToday(): string {
  return toIsoDate(new Date());
}
