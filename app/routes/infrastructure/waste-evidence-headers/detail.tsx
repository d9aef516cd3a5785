import { Link } from "react-router";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/detail";
import { formatDate, formatDateTime } from "#contract/calendar";
import { useMessage } from "~/lib/messages";
import { useCan } from "~/lib/permissions";
import { requireId } from "~/lib/route-checks";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { LocationMap, parsePoint } from "~/components/map";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { DialogLink } from "~/components/form-dialog";
import { subjectPath } from "~/routes/infrastructure/subjects/+shared/ui";
import { DetailRow } from "~/components/detail-row";
import { DetailPage } from "~/components/detail-page";
import { recordTitle } from "~/components/page-title";
import { detailAction, loadDetail } from "./+shared/detail.server";
import { DisposeCountCard, HistoryCard } from "./+shared/detail-cards";
import { BinStateBadge, TransferDialog, WEH_PATH, binLabel, labelPath, useFrequencyText, wehPath } from "./+shared/ui";

export const handle = recordTitle<Route.ComponentProps["loaderData"]>("wasteEvidenceHeader", (d) => d.header.barcode);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = requireId(params.wasteEvidenceHeaderId, request);
  return loadDetail(request, context, id);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = requireId(params.wasteEvidenceHeaderId, request);
  return detailAction(request, context, id);
}

/** Intents whose errors are shown inside their own dialog; the others get the page's message box. */
const SHOWN_IN_PLACE = new Set(["transfer", "disposeCount"]);

export default function WasteEvidenceHeaderDetail({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { header: h, history, disposeCounts, transferOptions, view, tiles } = loaderData;
  const { t, i18n } = useTranslation();
  const shown = useMessage();
  const canEdit = useCan("aEdit", "wasteEvidenceHeader");
  const point = parsePoint(h.latitude, h.longitude);
  const dateTime = (v: string | null) => (v ? formatDateTime(v, i18n.language) : null);
  const frequency = useFrequencyText()(h.disposePeriod, h.orderedDisposeCount);
  return (
    <DetailPage
      ns="wasteEvidenceHeader"
      list={WEH_PATH}
      edit={canEdit && `${wehPath(h.id)}/edit`}
      title={<span className="tabular-nums">{h.barcode}</span>}
      subtitle={
        <p className="flex flex-wrap items-center gap-2">
          <span>
            {t("wasteEvidenceHeader:field.plainCode")} <strong className="tabular-nums">{h.plainCode}</strong>
          </span>
          <span aria-hidden="true">·</span>
          <BinStateBadge state={h.state} />
          {h.subjectId && (
            <>
              <span aria-hidden="true">·</span>
              <Link className="text-emerald-800 hover:underline" to={subjectPath(h.subjectId)}>
                {h.subjectName ?? `#${h.subjectId}`}
              </Link>
            </>
          )}
          {binLabel(h) && (
            <>
              <span aria-hidden="true">·</span>
              <span>{binLabel(h)}</span>
            </>
          )}
        </p>
      }
      actions={
        <>
          {canEdit &&
            (() => {
              // A discarded header is restored, any other is discarded: one dialog, its words by the action.
              const act = h.state === "Discarded" ? "restore" : "discard";
              return (
                <ConfirmDialog
                  key={act}
                  name={act}
                  intent={act}
                  tone={act === "restore" ? "primary" : "danger"}
                  label={t(`wasteEvidenceHeader:action.${act}`)}
                  triggerSize="md"
                  title={t(`wasteEvidenceHeader:confirm.${act}Title`, { code: h.barcode })}
                  message={t(`wasteEvidenceHeader:confirm.${act}Message`)}
                />
              );
            })()}
          {canEdit && (
            <DialogLink name="transfer" params={{ transferSearch: null }}>
              {t("wasteEvidenceHeader:action.transfer")}
            </DialogLink>
          )}
          <Button to={labelPath(h.id)} reloadDocument variant="secondary">
            {t("wasteEvidenceHeader:action.labelCopy")}
          </Button>
          {canEdit && (
            <Button to={`${wehPath(h.id)}/dispose-frequency`} variant="secondary">
              {t("wasteEvidenceHeader:action.disposeFrequency")}
            </Button>
          )}
        </>
      }
    >
      {answer?.message && !SHOWN_IN_PLACE.has(answer.intent) && (
        <Alert tone={answer.tone ?? "error"}>{shown(answer.message)}</Alert>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard title={t("wasteEvidenceHeader:section.basic")} titleId="weh-basic">
          <dl className="divide-y divide-slate-100">
            <DetailRow label={t("wasteEvidenceHeader:field.rfid")} value={h.rfid} />
            <DetailRow label={t("wasteEvidenceHeader:field.binType")} value={binLabel(h)} />
            <DetailRow label={t("wasteEvidenceHeader:field.wasteType")} value={h.wasteTypeName} />
            <DetailRow
              label={t("wasteEvidenceHeader:field.kind")}
              value={h.disposable ? t("wasteEvidenceHeader:kind.disposable") : t("wasteEvidenceHeader:kind.fixed")}
            />
            <DetailRow label={t("wasteEvidenceHeader:field.assignedAt")} value={dateTime(h.assignedAt)} />
            <DetailRow
              label={t("wasteEvidenceHeader:field.assignedFrom")}
              value={h.assignedFrom ? formatDate(h.assignedFrom, i18n.language) : null}
            />
            <DetailRow label={t("wasteEvidenceHeader:field.assignedBy")} value={h.assignedByName} />
            <DetailRow label={t("wasteEvidenceHeader:field.lastEvidenceAt")} value={dateTime(h.lastEvidenceAt)} />
            {h.discardedAt && (
              <DetailRow label={t("wasteEvidenceHeader:field.discardedAt")} value={dateTime(h.discardedAt)} />
            )}
            <DetailRow label={t("wasteEvidenceHeader:field.frequency")} value={frequency} />
            <DetailRow
              label={t("wasteEvidenceHeader:field.printBatch")}
              value={
                h.printBatchId ? (
                  <Link
                    className="text-emerald-800 hover:underline"
                    to={`/administration/print-batches/${h.printBatchId}`}
                  >
                    #{h.printBatchId}
                  </Link>
                ) : null
              }
            />
            <DetailRow label={t("wasteEvidenceHeader:field.description")} value={h.description} />
          </dl>
        </SectionCard>

        <SectionCard
          title={t("wasteEvidenceHeader:section.location")}
          titleId="weh-location"
          contentClassName="space-y-3"
        >
          <dl className="divide-y divide-slate-100">
            <DetailRow label={t("wasteEvidenceHeader:field.address")} value={h.address} />
            {h.subjectAddress && h.subjectAddress !== h.address && (
              <DetailRow label={t("wasteEvidenceHeader:field.subjectAddress")} value={h.subjectAddress} />
            )}
            <DetailRow
              label={t("wasteEvidenceHeader:field.coordinates")}
              value={point ? `${point.lat.toFixed(6)}, ${point.lng.toFixed(6)}` : null}
            />
          </dl>
          {point ? (
            <LocationMap
              tiles={tiles}
              point={point}
              label={t("wasteEvidenceHeader:map.label")}
              placeholder={t("wasteEvidenceHeader:map.loading")}
            />
          ) : (
            <Alert tone="info">
              {h.latitude || h.longitude ? t("wasteEvidenceHeader:map.invalid") : t("wasteEvidenceHeader:map.noGps")}
              {canEdit && (
                <>
                  {" "}
                  <Link className="font-medium underline" to={`${wehPath(h.id)}/edit#location`}>
                    {t("wasteEvidenceHeader:map.setLocation")}
                  </Link>
                </>
              )}
            </Alert>
          )}
        </SectionCard>
      </div>

      <DisposeCountCard counts={disposeCounts} view={view.disposeView} canEdit={canEdit} />
      <HistoryCard rows={history} />

      {canEdit && <TransferDialog ids={[h.id]} options={transferOptions} />}
    </DetailPage>
  );
}
