/**
 * Spec 001 §2 'Waste evidence records' detail: the record, its bin and collection point, the nonconforming states
 * with their severity, the chart of acknowledged quantity, penalization and waste overflow (with the table of its
 * numbers), edit, and discard behind a confirmation (?dialog=discard without JavaScript).
 */
import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/detail";
import { formatDateTime } from "#contract/calendar";
import { formatNumber } from "~/lib/format/numbers";
import { useMessage } from "~/lib/messages";
import { useCan } from "~/lib/permissions";
import { requireId } from "~/lib/route-checks";
import { apiAnswer, readIntent, redirectWithFlash, unknownIntent } from "~/server/action.server";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DetailRow } from "~/components/detail-row";
import { DetailPage } from "~/components/detail-page";
import { RefLink } from "~/components/record-link";
import { pageTitle } from "~/components/page-title";
import { SectionCard } from "~/components/section-card";
import { Alert } from "~/components/ui/alert";
import { subjectPath } from "~/routes/infrastructure/subjects/+shared/ui";
import { wehPath } from "~/routes/infrastructure/waste-evidence-headers/+shared/ui";
import {
  EVIDENCES_PATH,
  EvidenceChartSection,
  Fullness,
  NonconformingBadges,
  evidencePath,
  recordCode,
} from "./+shared/ui";

export const handle = pageTitle<Route.ComponentProps["loaderData"]>((t, d) =>
  d ? t("wasteEvidence:detail.title", { code: recordCode(d.record) }) : t("wasteEvidence:list.title"),
);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const evidenceId = requireId(params.wasteEvidenceId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteEvidence.aDetail");
  const [record, chart] = await Promise.all([
    api.wasteEvidence.detail({ municipalityId, evidenceId }),
    api.wasteEvidence.chart({ municipalityId, evidenceId }),
  ]);
  return { record, chart };
}

/** Discard (confirmed in a dialog); the record stays, counted for no weight and no fee. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const evidenceId = requireId(params.wasteEvidenceId, request);
  const { intent } = await readIntent(request);
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteEvidence.aRemove");
  const t = await userT(api.session);
  if (intent !== "discard") return unknownIntent(intent, t);
  const res = await api.wasteEvidence.discard({ municipalityId, evidenceId });
  if (!res.ok) return apiAnswer(intent, res);
  return redirectWithFlash(api, context, evidencePath(evidenceId), t("wasteEvidence:flash.discarded"));
}

const kg = (v: string | null) => (v === null ? null : `${formatNumber(v, { maxDecimals: 3 })} kg`);

export default function EvidenceDetailPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { record: r, chart } = loaderData;
  const { t, i18n } = useTranslation();
  const shown = useMessage();
  const canEdit = useCan("aEdit", "wasteEvidence");
  const canRemove = useCan("aRemove", "wasteEvidence");
  const at = formatDateTime(r.collectedAt, i18n.language);
  const code = recordCode(r);
  const active = r.discardedAt === null;

  return (
    <DetailPage
      ns="wasteEvidence"
      list={EVIDENCES_PATH}
      title={t("wasteEvidence:detail.title", { code })}
      subtitle={at}
      edit={active && canEdit && `${evidencePath(r.id)}/edit`}
      actions={
        active ? (
          <>
            {canRemove && (
              <ConfirmDialog
                name="discard"
                intent="discard"
                open={answer?.intent === "discard" ? false : undefined}
                trigger={t("wasteEvidence:discard.action")}
                title={t("wasteEvidence:discard.title")}
                message={t("wasteEvidence:discard.message", { code, time: at })}
                confirmLabel={t("wasteEvidence:discard.action")}
              />
            )}
          </>
        ) : undefined
      }
    >
      {answer?.message && <Alert tone="error">{shown(answer.message)}</Alert>}
      {!active && (
        <Alert tone="warning">
          {t("wasteEvidence:detail.discardedNotice", { time: formatDateTime(r.discardedAt, i18n.language) })}
        </Alert>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard title={t("wasteEvidence:section.record")}>
          <dl className="divide-y divide-slate-100">
            <DetailRow label={t("wasteEvidence:field.collectedAt")} value={at} />
            <DetailRow label={t("wasteEvidence:field.wasteType")} value={r.wasteTypeName} />
            <DetailRow label={t("wasteEvidence:field.fullness")} value={<Fullness value={r.fullness} />} />
            <DetailRow label={t("wasteEvidence:field.weightKg")} value={kg(r.weightKg)} />
            <DetailRow label={t("wasteEvidence:field.acknowledgedWeightKg")} value={kg(r.acknowledgedWeightKg)} />
            <DetailRow label={t("wasteEvidence:field.state")} value={t(`wasteEvidence:state.${r.state}`)} />
            <DetailRow
              label={t("wasteEvidence:field.origin")}
              value={t(`wasteEvidence:origin.${r.origin}`, { defaultValue: r.origin })}
            />
            <DetailRow
              label={t("wasteEvidence:field.collection")}
              value={
                r.wasteCollectionId && (
                  <RefLink
                    id={r.wasteCollectionId}
                    name={r.wasteCollectionName}
                    to={(id) => `${EVIDENCES_PATH}?wasteCollectionId=${id}`}
                  />
                )
              }
            />
            {r.importJobId && (
              <DetailRow
                label={t("wasteEvidence:field.importRow")}
                value={
                  <Link className="text-emerald-800 hover:underline" to={`/administration/imports/${r.importJobId}`}>
                    #{r.importJobId}
                    {r.rowNumber ? `, ${r.rowNumber}` : ""}
                  </Link>
                }
              />
            )}
            <DetailRow
              label={t("wasteEvidence:field.location")}
              value={r.latitude && r.longitude ? `${r.latitude}, ${r.longitude}` : null}
            />
            <DetailRow label={t("wasteEvidence:field.createdAt")} value={formatDateTime(r.createdAt, i18n.language)} />
            <DetailRow label={t("wasteEvidence:field.updatedAt")} value={formatDateTime(r.updatedAt, i18n.language)} />
          </dl>
        </SectionCard>
        <SectionCard title={t("wasteEvidence:section.bin")}>
          <dl className="divide-y divide-slate-100">
            <DetailRow
              label={t("wasteEvidence:field.barcode")}
              value={
                r.headerId && <RefLink id={r.headerId} name={r.headerBarcode} to={wehPath} className="tabular-nums" />
              }
            />
            <DetailRow label={t("wasteEvidence:field.plainCode")} value={r.headerPlainCode} />
            <DetailRow label={t("wasteEvidence:field.rfid")} value={r.rfid} />
            <DetailRow label={t("wasteEvidence:field.bin")} value={r.binName} />
            <DetailRow
              label={t("wasteEvidence:field.binVolume")}
              value={r.binVolume === null ? null : `${r.binVolume} l`}
            />
            <DetailRow
              label={t("wasteEvidence:field.subject")}
              value={r.subjectId && <RefLink id={r.subjectId} name={r.subjectName} to={subjectPath} />}
            />
            <DetailRow label={t("wasteEvidence:field.address")} value={r.subjectAddress ?? r.city} />
            <DetailRow label={t("wasteEvidence:field.feePayer")} value={r.feePayerName} />
          </dl>
          {r.headerId && (
            <p className="mt-3 text-sm">
              <Link className="text-emerald-800 hover:underline" to={`${EVIDENCES_PATH}?headerId=${r.headerId}`}>
                {t("wasteEvidence:detail.showInList")}
              </Link>
            </p>
          )}
        </SectionCard>
      </div>

      <SectionCard title={t("wasteEvidence:section.states")}>
        {r.nonconformingStateIds.length ? (
          <NonconformingBadges ids={r.nonconformingStateIds} />
        ) : (
          <p className="text-sm text-slate-600">{t("wasteEvidence:states.none")}</p>
        )}
      </SectionCard>

      <EvidenceChartSection chart={chart} />
    </DetailPage>
  );
}
