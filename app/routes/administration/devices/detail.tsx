import { RowsTable } from "~/components/rows-table";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/detail";
import { assignmentBody, endAssignmentBody, type DeviceAssignment } from "#contract/device";
import { formatDateTime, toIsoDate } from "#contract/calendar";
import { useMessage } from "~/lib/messages";
import { useCan } from "~/lib/permissions";
import { requireId } from "~/lib/route-checks";
import { submitForm } from "~/server/form.server";
import { apiAnswer, formAnswer, formId, readIntent, redirectWithFlash, unknownIntent } from "~/server/action.server";
import { recordTitle } from "~/components/page-title";
import { DetailPage } from "~/components/detail-page";
import { detailPermission, requirePermission } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { DeleteDialog } from "~/components/confirm-dialog";
import { Alert } from "~/components/ui/alert";
import { stateBadge } from "~/components/state-badge";
import { TD, TH, TR } from "~/components/ui/table";
import { EndDialog, PairDialog } from "./+shared/detail-dialogs";
import { municipalityOptions } from "./+shared/form.server";
import { DEVICES_PATH, Day, DeviceTypeLabel, Period, devicePath } from "./+shared/ui";
import { DetailRow, FieldRows } from "~/components/detail-row";
import { RecordLink } from "~/components/record-link";

export const handle = recordTitle<Route.ComponentProps["loaderData"]>("device", (d) => d.device.name);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const deviceId = requireId(params.deviceId, request);
  const api = await requirePermission(request, context, "device.aDetail");
  const url = new URL(request.url);
  const search = url.searchParams.get("municipalitySearch") ?? "";
  // The pair dialog's picker is fetched only while the dialog is open (decision 0011).
  const pairing =
    url.searchParams.get("dialog") === "pair" && (api.session.get("permissions") ?? []).includes("device.aEdit");
  const [device, municipalities] = await Promise.all([
    api.device.detail({ deviceId }),
    pairing ? municipalityOptions(api, search, null) : Promise.resolve([]),
  ]);
  return { device, municipalities, search, today: toIsoDate(new Date()) };
}

/** Pair, end and delete, told apart by `intent`; each a plain form post that works without JavaScript. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const deviceId = requireId(params.deviceId, request);
  const { formData, intent } = await readIntent(request);
  const api = await requirePermission(request, context, detailPermission("device", intent));
  const t = await userT(api.session);
  const done = (text: string, to = devicePath(deviceId)) => redirectWithFlash(api, context, to, text);

  switch (intent) {
    case "pair": {
      const outcome = await submitForm(formData, assignmentBody, (value) => api.device.pair({ deviceId }, value));
      return outcome.ok ? done(t("device:flash.paired")) : formAnswer(intent, outcome);
    }
    case "end": {
      // The answer names its pairing: only that row's dialog shows the errors.
      const target = String(formId(formData.get("assignmentId")) ?? 0);
      const outcome = await submitForm(formData, endAssignmentBody, (value) =>
        api.device.endPairing({ deviceId, assignmentId: target }, value),
      );
      return outcome.ok ? done(t("device:flash.ended")) : formAnswer(intent, outcome, { target });
    }
    case "delete": {
      const res = await api.device.remove({ deviceId });
      return res.ok ? done(t("device:flash.deleted"), DEVICES_PATH) : apiAnswer(intent, res);
    }
    default:
      return unknownIntent(intent, t);
  }
}

const AssignmentState = stateBadge<DeviceAssignment["state"]>("device:state", {
  current: "green",
  future: "blue",
  past: "gray",
});

export default function DeviceDetailPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { device: d, municipalities, search, today } = loaderData;
  const { t, i18n } = useTranslation();
  const shown = useMessage();
  const canEdit = useCan("aEdit", "device");
  const canRemove = useCan("aRemove", "device");
  const resultOf = (intent: string) => (answer?.intent === intent ? answer.result : undefined);
  const endResultOf = (assignmentId: number) => (answer?.target === String(assignmentId) ? resultOf("end") : undefined);

  return (
    <DetailPage
      ns="device"
      list={DEVICES_PATH}
      edit={canEdit && `${devicePath(d.id)}/edit`}
      title={d.name}
      subtitle={
        <>
          <DeviceTypeLabel type={d.type} /> · {d.serialNumber}
        </>
      }
      actions={
        <>
          {canEdit && (
            <PairDialog today={today} municipalities={municipalities} search={search} lastResult={resultOf("pair")} />
          )}
          {canEdit && d.assignmentId && (
            <EndDialog assignmentId={d.assignmentId} defaultValidTo={today} lastResult={endResultOf(d.assignmentId)} />
          )}
          {canRemove && <DeleteDialog ns="device" values={{ name: d.name }} answer={answer} />}
        </>
      }
    >
      {answer?.message && <Alert tone="error">{shown(answer.message)}</Alert>}

      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard title={t("device:section.basic")}>
          <dl className="divide-y divide-slate-100">
            <DetailRow label={t("device:field.type")} value={<DeviceTypeLabel type={d.type} />} />
            <FieldRows ns="device" record={d} keys={["serialNumber", "uuid", "simCardNumber", "note"]} />
            <DetailRow
              label={t("device:field.lastUsedAt")}
              value={d.lastUsedAt ? formatDateTime(d.lastUsedAt, i18n.language) : null}
            />
            <DetailRow label={t("device:field.createdAt")} value={formatDateTime(d.createdAt, i18n.language)} />
          </dl>
        </SectionCard>
        <SectionCard title={t("device:section.current")}>
          {d.municipalityId && d.validFrom ? (
            <p className="text-sm">
              <RecordLink to={`/administration/municipalities/${d.municipalityId}`}>{d.municipalityName}</RecordLink>{" "}
              <Period from={d.validFrom} to={d.validTo} />
            </p>
          ) : (
            <p className="text-sm text-slate-600">{t("device:current.none")}</p>
          )}
        </SectionCard>
      </div>

      <SectionCard title={t("device:section.history")}>
        <RowsTable
          rows={d.assignments}
          empty={t("device:history.empty")}
          head={
            <>
              <TH>{t("device:field.municipality")}</TH>
              <TH>{t("device:field.validFrom")}</TH>
              <TH>{t("device:field.validTo")}</TH>
              <TH>{t("device:history.state")}</TH>
              <TH>{t("device:history.createdBy")}</TH>
              {canEdit && <TH className="sr-only">{t("common:dataTable.actions")}</TH>}
            </>
          }
        >
          {(a) => (
            <TR key={a.id}>
              <TD>{a.municipalityName}</TD>
              <TD>
                <Day value={a.validFrom} />
              </TD>
              <TD>
                <Day value={a.validTo} />
              </TD>
              <TD>
                <AssignmentState state={a.state} />
              </TD>
              <TD>
                {a.createdByName ?? "–"}
                <span className="block text-xs text-slate-500">{formatDateTime(a.createdAt, i18n.language)}</span>
              </TD>
              {canEdit && (
                <TD>
                  {a.state === "future" && (
                    <EndDialog
                      assignmentId={a.id}
                      name={`end-${a.id}`}
                      defaultValidTo={a.validFrom}
                      compact
                      lastResult={endResultOf(a.id)}
                    />
                  )}
                </TD>
              )}
            </TR>
          )}
        </RowsTable>
      </SectionCard>
    </DetailPage>
  );
}
