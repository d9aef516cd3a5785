/**
 * The page of an import job (the waste cards', the collections' and the imports area's): kept fresh while the job
 * runs, its file and time and state, the outcome, the counts, what the page adds (`children`) and the rejected rows.
 */
import type { ReactNode } from "react";
import { formatDateTime } from "#contract/calendar";
import { isImportRunning, type ImportJobAnswer, type ImportJobErrorRow } from "#contract/import";
import { useTranslation } from "~/i18n/use-translation";
import type { ListParams } from "~/lib/list-params";
import { PageHeader } from "~/components/page-header";
import { ImportErrors } from "./errors";
import { ImportJobCounts, ImportJobOutcome, ImportJobStateBadge, LiveJob } from "./job";

export function ImportJobPage({
  job,
  errors,
  params,
  title,
  back,
  subtitle,
  actions,
  above,
  children,
  csvHref,
}: {
  job: ImportJobAnswer;
  errors: { items: ImportJobErrorRow[]; total: number };
  params: ListParams;
  title: ReactNode;
  back?: { to: string; label: string };
  /** Before the file name (e.g. the import type). */
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** Above the outcome (an action's answer). */
  above?: ReactNode;
  /** Beside the counts. */
  children?: ReactNode;
  csvHref?: string;
}) {
  const { i18n } = useTranslation();
  return (
    <div className="space-y-4">
      <LiveJob running={isImportRunning(job.state)} />
      <PageHeader
        back={back}
        title={title}
        subtitle={
          <>
            {subtitle}
            {job.fileName} · {formatDateTime(job.createdAt, i18n.language)} <ImportJobStateBadge state={job.state} />
          </>
        }
        actions={actions}
      />
      {above}
      <ImportJobOutcome job={job} />
      {children ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <ImportJobCounts job={job} />
          {children}
        </div>
      ) : (
        <ImportJobCounts job={job} />
      )}
      <ImportErrors errors={errors} params={params} filtered={!!params.category} csvHref={csvHref} />
    </div>
  );
}
