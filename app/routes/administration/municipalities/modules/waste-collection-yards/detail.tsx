/**
 * Spec 001 §2 Collection yards → detail: the yard's data and last 30 days' figures, opening hours and closing
 * exceptions, the waste configuration table with activate/deactivate (confirmed; 'Poplatek se nepodařilo upravit.'
 * when it fails, spec 001 §8), edit and delete; then the workload by month, week or day, the top visitors and the
 * waste income of a period (`?bucket=&dateFrom=&dateTo=&topBy=`, +shared/statistics.tsx).
 */
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/detail";
import { YARD_FEE_FAILED, yardStatisticsQuery } from "#contract/yard";
import { formatDate } from "#contract/calendar";
import { formatWeight, formatZip } from "~/lib/format";
import { useCan } from "~/lib/permissions";
import { translateMessage } from "~/lib/messages";
import { answer, formId, redirectWithFlash, unknownIntent } from "~/server/action.server";
import { recordTitle } from "~/components/page-title";
import { moduleDetailAction, moduleDetailPage } from "../+shared/record-pages.server";
import { PageHeader } from "~/components/page-header";
import { SectionCard } from "~/components/section-card";
import { DetailFact, DetailRow, FieldRows } from "~/components/detail-row";
import { DeleteDialog } from "~/components/confirm-dialog";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Money } from "~/components/money";
import { useMessage } from "~/lib/messages";
import { WastesCard } from "./+shared/wastes-card";
import { YardStatisticsCards } from "./+shared/statistics";
import { yardPath, yardsPath } from "./+shared/ui";

export const handle = recordTitle<Route.ComponentProps["loaderData"]>("collectionYard", (d) => d.yard.name);

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const { municipalityId, id: yardId, api } = await moduleDetailPage(args, "collectionYard", "yardId");
  // The statistics' bucket and period from the URL; a reversed or malformed period falls back to the defaults.
  const asked = yardStatisticsQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const [yard, stats] = await Promise.all([
    api.collectionYard.detail({ municipalityId, yardId }),
    api.collectionYard.statistics({ municipalityId, yardId, ...(asked.success ? asked.data : {}) }),
  ]);
  return { municipalityId, yard, stats };
}

export async function action(args: Route.ActionArgs) {
  const {
    municipalityId,
    id: yardId,
    formData,
    intent,
    api,
    t,
    deleted,
  } = await moduleDetailAction(args, "collectionYard", "yardId");
  switch (intent) {
    case "setActive": {
      const yardWasteId = formId(formData.get("yardWasteId")) ?? 0;
      const active = formData.get("active") === "true";
      const res = await api.result.collectionYard.setWasteActive({ municipalityId, yardId, yardWasteId }, { active });
      if (!res.ok) {
        // Spec 001 §8: the yard fee edit's failure, with the reason when the API gives one.
        const reason = translateMessage(t, res.problem.Message);
        return answer({ intent, message: `${translateMessage(t, YARD_FEE_FAILED)} ${reason}`.trim() }, res.status);
      }
      const text = active ? t("collectionYard:flash.activated") : t("collectionYard:flash.deactivated");
      return redirectWithFlash(api, args.context, yardPath(municipalityId, yardId), text);
    }
    case "delete":
      return deleted(await api.result.collectionYard.remove({ municipalityId, yardId }), yardsPath(municipalityId));
    default:
      return unknownIntent(intent, t);
  }
}

export default function YardDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const shown = useMessage();
  const { yard, municipalityId } = loaderData;
  const canEdit = useCan("aEdit", "collectionYard");
  const canRemove = useCan("aRemove", "collectionYard");
  const zip = yard.zipCode ? formatZip(yard.zipCode) : null;
  const address = [yard.street, [zip, yard.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return (
    <div className="space-y-4">
      <PageHeader
        back={{ to: yardsPath(municipalityId), label: t("collectionYard:list.title") }}
        title={yard.name}
        subtitle={address}
        actions={
          <>
            {canEdit && (
              <Button to={`${yardPath(municipalityId, yard.id)}/edit`} variant="secondary">
                {t("collectionYard:action.edit")}
              </Button>
            )}
            {canRemove && <DeleteDialog ns="collectionYard" values={{ name: yard.name }} answer={actionData} />}
          </>
        }
      />
      {actionData?.message && <Alert tone="error">{shown(actionData.message)}</Alert>}
      <SectionCard title={t("collectionYard:section.stats")}>
        <dl className="grid gap-4 sm:grid-cols-3">
          <DetailFact label={t("collectionYard:stats.visits")}>{yard.stats.visits}</DetailFact>
          <DetailFact label={t("collectionYard:stats.weight")}>{formatWeight(yard.stats.weightKg)}</DetailFact>
          <DetailFact label={t("collectionYard:stats.fees")}>
            <Money value={yard.stats.fees} />
          </DetailFact>
        </dl>
      </SectionCard>
      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard title={t("collectionYard:section.basic")}>
          <dl>
            <DetailRow
              label={t("collectionYard:field.reportPrintType")}
              value={t(`collectionYard:printType.${yard.reportPrintType}`)}
            />
            <FieldRows
              ns="collectionYard"
              record={yard}
              keys={["icz", "zuj", "operatorName", "operatorIdentificationNumber", "zoneCode"]}
            />
          </dl>
        </SectionCard>
        <SectionCard title={t("collectionYard:section.schedule")}>
          <dl>
            {yard.schedule.map((d) => (
              <DetailRow
                key={d.weekday}
                label={t(`collectionYard:weekday.${d.weekday}`)}
                value={d.closed ? t("collectionYard:field.closed") : `${d.openTime} – ${d.closeTime}`}
              />
            ))}
          </dl>
          <h3 className="mt-4 text-sm font-semibold">{t("collectionYard:section.exceptions")}</h3>
          {yard.exceptions.length ? (
            <ul className="mt-1 text-sm">
              {yard.exceptions.map((e) => (
                <li key={e.day}>
                  {formatDate(e.day, i18n.language)}
                  {e.description ? ` – ${e.description}` : ""}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-600">{t("collectionYard:exceptions.none")}</p>
          )}
        </SectionCard>
      </div>
      <WastesCard municipalityId={municipalityId} yardId={yard.id} wastes={yard.wastes} canEdit={canEdit} />
      <YardStatisticsCards stats={loaderData.stats} />
    </div>
  );
}
