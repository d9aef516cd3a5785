/**
 * Spec 000 §2 /administration/imports/{import_id}, spec 001 §2 'Imports: a detail page with an error log and file
 * download': the job's state and progress (kept fresh while it runs), its counts, the rejected rows (filterable by
 * category, downloadable as CSV), the original file, and deleting a finished job's file.
 */
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/detail";
import { isImportRunning } from "#contract/import";
import { formatDateTime } from "#contract/calendar";
import { formatNumber } from "~/lib/format";
import { useMessage } from "~/lib/messages";
import { useCan } from "~/lib/permissions";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { apiAnswer, readIntent, redirectWithFlash, unknownIntent } from "~/server/action.server";
import { userT } from "~/server/i18n.server";
import { loadImportJob } from "~/server/import-upload.server";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DetailRow } from "~/components/detail-row";
import { SectionCard } from "~/components/section-card";
import { pageTitle } from "~/components/page-title";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ImportJobPage } from "~/components/import/job-page";
import { IMPORTS_PATH, ImportTypeName, importPath } from "./+shared/ui";

export const handle = pageTitle("import:detail.title");

export const loader = (args: Route.LoaderArgs) =>
  loadImportJob(args, "import.aDetail", (api) => ({ importJob: api.import.get, importErrors: api.import.errors }));

/** 'deleteFile': the stored file of a finished job goes; its counts and error log stay. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const importJobId = requireId(params.importJobId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "import.aRemove");
  const { intent } = await readIntent(request);
  const t = await userT(api.session);
  if (intent !== "deleteFile") return unknownIntent(intent, t);
  const res = await api.result.import.deleteFile({ municipalityId, importJobId });
  if (!res.ok) return apiAnswer(intent, res);
  return redirectWithFlash(api, context, importPath(importJobId), t("import:flash.fileDeleted"));
}

export default function ImportDetail({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { job } = loaderData;
  const { t, i18n } = useTranslation();
  const shown = useMessage();
  const canRemove = useCan("aRemove", "import");
  const base = importPath(job.id);
  return (
    <ImportJobPage
      {...loaderData}
      back={{ to: IMPORTS_PATH, label: t("import:list.title") }}
      title={job.fileName}
      subtitle={
        <>
          <ImportTypeName type={job.type} />
          {" · "}
        </>
      }
      csvHref={`${base}/errors.csv`}
      above={answer?.message && <Alert tone={answer.tone ?? "error"}>{shown(answer.message)}</Alert>}
      actions={
        <>
          {job.hasFile && (
            <Button to={`${base}/file`} reloadDocument variant="secondary">
              {t("import:detail.downloadFile")}
            </Button>
          )}
          {job.hasFile && canRemove && !isImportRunning(job.state) && (
            <ConfirmDialog
              name="deleteFile"
              intent="deleteFile"
              tone="danger"
              trigger={t("import:detail.deleteFile")}
              triggerSize="md"
              title={t("import:detail.deleteFileTitle", { name: job.fileName })}
              message={t("import:detail.deleteFileMessage")}
              confirmLabel={t("import:detail.deleteFile")}
            />
          )}
        </>
      }
    >
      <SectionCard title={t("import:detail.fileTitle")} titleId="import-file">
        <dl className="divide-y divide-slate-100">
          <DetailRow label={t("import:field.fileName")} value={job.fileName} />
          <DetailRow label={t("import:detail.fileSize")} value={`${formatNumber(Math.ceil(job.fileSize / 1024))} kB`} />
          <DetailRow label={t("import:field.createdBy")} value={job.createdByName} />
          <DetailRow
            label={t("import:detail.processedAt")}
            value={job.processedAt ? formatDateTime(job.processedAt, i18n.language) : null}
          />
          {!job.hasFile && <DetailRow label={t("import:detail.file")} value={t("import:detail.fileDeleted")} />}
        </dl>
      </SectionCard>
    </ImportJobPage>
  );
}
