/**
 * An import job as every import page shows it (issue 13; spec 001 §4 import job states, §8 'Import'): its state,
 * progress while it runs, the counts, the outcome, and the page kept fresh until the job is finished — by the
 * browser itself without JavaScript (a meta refresh and a reload link), by revalidation with it.
 */
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { isImportRunning, type ImportJobAnswer, type ImportJobState } from "#contract/import";
import { useTranslation } from "~/i18n/use-translation";
import { formatNumber } from "~/lib/format";
import { useMessage } from "~/lib/messages";
import { Alert } from "~/components/ui/alert";
import type { BadgeTone } from "~/components/ui/badge";
import { stateBadge } from "~/components/state-badge";
import { SectionCard } from "~/components/section-card";

/** How often a running job's page reads it again. */
const REFRESH_SECONDS = 2;

const STATE_TONE: Record<ImportJobState, BadgeTone> = {
  unprocessed: "gray",
  processing: "blue",
  processed: "green",
  error: "amber",
  discarded: "red",
};

export const ImportJobStateBadge = stateBadge("import:state", STATE_TONE);

/**
 * Keeps a running job's page fresh: with JavaScript the loader runs again every few seconds (no reload, the
 * focus stays); without it the browser reloads the page (meta refresh inside noscript) and a link does it by hand.
 */
export function LiveJob({ running }: { running: boolean }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  if (!running) return null;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
      <p className="text-sm">
        <a href="" className="text-sky-700 underline">
          {t("import:job.reload")}
        </a>
      </p>
    </noscript>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md border border-slate-200 px-4 py-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{formatNumber(value)}</dd>
    </div>
  );
}

/** The outcome of a finished job, or its progress while it runs. */
export function ImportJobOutcome({ job }: { job: ImportJobAnswer }) {
  const { t } = useTranslation();
  const shown = useMessage();
  if (isImportRunning(job.state)) {
    return (
      <div role="status" aria-live="polite" className="space-y-1">
        <p className="text-sm text-slate-700">
          {t(job.state === "unprocessed" ? "import:job.queued" : "import:job.running", { n: job.progress })}
        </p>
        <progress className="h-2 w-full" max={100} value={job.progress} aria-label={t("import:job.progress")}>
          {job.progress} %
        </progress>
      </div>
    );
  }
  return (
    <>
      {job.state === "discarded" && (
        <Alert tone="error">
          {t("import:job.discarded")} {shown(job.message ?? "")}
        </Alert>
      )}
      {job.errorRows > 0 && (
        <Alert tone="warning">
          <strong>{t("import:job.hasErrors")}</strong> {t("import:job.errorCount", { n: formatNumber(job.errorRows) })}
        </Alert>
      )}
      {job.state === "processed" && <Alert tone="success">{t("import:job.ok")}</Alert>}
    </>
  );
}

/** The counts: rows in the file, written, unchanged (a re-import), rejected. */
export function ImportJobCounts({ job }: { job: ImportJobAnswer }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t("import:job.counts")} titleId="import-counts">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Count label={t("import:job.total")} value={job.totalRows} />
        <Count label={t("import:job.accepted")} value={job.acceptedRows} />
        <Count label={t("import:job.unchanged")} value={job.unchangedRows} />
        <Count label={t("import:job.rejected")} value={job.errorRows} />
      </dl>
    </SectionCard>
  );
}
