/** Spec 001 §2 'Waste evidence records' edit: the same fields over the version the user saw (409 when stale). */
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/edit";
import { formatDateTime } from "#contract/calendar";
import { evidenceUpdateSchema } from "#contract/waste-evidence";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { saveForm } from "~/server/save-form.server";
import { PageHeader } from "~/components/page-header";
import { pageTitle } from "~/components/page-title";
import { Alert } from "~/components/ui/alert";
import { EvidenceForm, toFormValues } from "./+shared/form";
import { loadWasteTypes } from "./+shared/evidence.server";
import { evidencePath, recordCode } from "./+shared/ui";

export const handle = pageTitle<Route.ComponentProps["loaderData"]>(
  (t, d) =>
    `${d ? t("wasteEvidence:detail.title", { code: recordCode(d.record) }) : t("wasteEvidence:list.title")} · ${t("common:editTitle")}`,
);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const evidenceId = requireId(params.wasteEvidenceId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteEvidence.aEdit");
  const [record, wasteTypes] = await Promise.all([
    api.wasteEvidence.detail({ municipalityId, evidenceId }),
    loadWasteTypes(api, municipalityId),
  ]);
  return { record, wasteTypes };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const evidenceId = requireId(params.wasteEvidenceId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteEvidence.aEdit");
  return saveForm(
    { request, context, api },
    evidenceUpdateSchema,
    (value) => api.wasteEvidence.update({ municipalityId, evidenceId }, value),
    (_, t) => ({ to: evidencePath(evidenceId), text: t("wasteEvidence:flash.saved") }),
  );
}

export default function EditEvidence({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { record, wasteTypes } = loaderData;
  const { t, i18n } = useTranslation();
  const title = t("wasteEvidence:detail.title", { code: recordCode(record) });
  return (
    <div className="space-y-4">
      <PageHeader
        back={{ to: evidencePath(record.id), label: title }}
        title={`${t("wasteEvidence:edit.title")}: ${recordCode(record)}`}
      />
      {record.discardedAt && (
        <Alert tone="warning">
          {t("wasteEvidence:detail.discardedNotice", { time: formatDateTime(record.discardedAt, i18n.language) })}
        </Alert>
      )}
      <EvidenceForm
        mode="edit"
        lastResult={answer?.result}
        defaultValue={toFormValues(record)}
        wasteTypes={wasteTypes}
        submitLabel={t("common:save")}
        cancelTo={evidencePath(record.id)}
      />
    </div>
  );
}
