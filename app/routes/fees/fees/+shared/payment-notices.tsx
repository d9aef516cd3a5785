/**
 * Payment notices on Fees → Fees (issue 14 part 6; docs/fees.md 'Payment notices'): the municipality's payment
 * settings (account, IBAN, due day, constant symbol, the notice's text) with their edit dialog, all notices of the
 * year as one PDF made in the background, and their e-mailing with its result. A clerk issues notices where the
 * fees are, so the settings live here too.
 */
import { useTranslation } from "~/i18n/use-translation";
import type { z } from "zod";
import { formatDateTime } from "#contract/calendar";
import { groupedIban } from "#contract/bank-account";
import { NOTICE_FILE_DAYS, paymentSettingsBody, type NoticeJobItem, type PaymentSettings } from "#contract/payment-notice";
import { ConformDialog } from "~/components/form-dialog";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DetailFact } from "~/components/detail-row";
import { InputField, TextareaField } from "~/components/field";
import { LiveJob } from "~/components/import/job";
import { SectionCard } from "~/components/section-card";
import { Alert } from "~/components/ui/alert";
import { Form } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { useActionAnswer } from "~/lib/action-answer";
import { useMessage } from "~/lib/messages";
import { useSchemaForm } from "~/lib/use-schema-form";

type SettingsShape = Omit<z.input<typeof paymentSettingsBody>, "version">;

export type NoticeState = {
  year: number;
  settings: PaymentSettings | null;
  document: NoticeJobItem | null;
  mailing: NoticeJobItem | null;
};

export const noticeJobRunning = (j: NoticeJobItem | null) => j?.state === "Queued" || j?.state === "Running";

/** The download of a payer's notice (a resource route) and of a finished document job. */
export const noticePdfPath = (feeId: number) => `/fees/fees/${feeId}/payment-notice.pdf`;
export const noticesPdfPath = (jobId: number) => `/fees/fees/payment-notices/${jobId}/notices.pdf`;

function SettingsDialog({ settings }: { settings: PaymentSettings | null }) {
  const { t } = useTranslation();
  const lastResult = useActionAnswer("savePaymentSettings")?.result;
  const [form, fields] = useSchemaForm<SettingsShape>(paymentSettingsBody, {
    id: "payment-settings",
    lastResult,
    defaultValue: {
      account: settings?.account ?? "",
      iban: settings?.account ? "" : (settings?.iban ?? ""),
      dueDay: String(settings?.dueDay ?? ""),
      dueMonth: String(settings?.dueMonth ?? ""),
      constantSymbol: settings?.constantSymbol ?? "",
      noticeText: settings?.noticeText ?? "",
    },
    scrollToError: false,
  });
  return (
    <ConformDialog
      form={form}
      intent="savePaymentSettings"
      fields={{ version: settings?.version ?? 0 }}
      lastResult={lastResult}
      label={settings ? t("paymentNotice:settings.edit") : t("paymentNotice:settings.set")}
      title={t("paymentNotice:settings.title")}
      description={t("paymentNotice:settings.description")}
    >
      <InputField
        meta={fields.account}
        label={t("paymentNotice:settings.account")}
        description={t("paymentNotice:settings.accountHint")}
      />
      <InputField
        meta={fields.iban}
        label={t("paymentNotice:settings.iban")}
        description={t("paymentNotice:settings.ibanHint")}
      />
      <div className="grid grid-cols-2 gap-3">
        <InputField meta={fields.dueDay} inputMode="numeric" label={t("paymentNotice:settings.dueDay")} />
        <InputField meta={fields.dueMonth} inputMode="numeric" label={t("paymentNotice:settings.dueMonth")} />
      </div>
      <InputField meta={fields.constantSymbol} inputMode="numeric" label={t("paymentNotice:settings.constantSymbol")} />
      <TextareaField meta={fields.noticeText} label={t("paymentNotice:settings.noticeText")} />
    </ConformDialog>
  );
}

/** A job's state in words: queued, running with progress, failed with its reason, done with its counts. */
function JobState({ job, done }: { job: NoticeJobItem; done: string }) {
  const { t, i18n } = useTranslation();
  const shown = useMessage();
  if (noticeJobRunning(job)) {
    return <Alert tone="info">{t("paymentNotice:job.running", { done: job.done, total: job.total })}</Alert>;
  }
  if (job.state === "Failed")
    return <Alert tone="error">{t("paymentNotice:job.failed", { error: shown(job.error ?? "") })}</Alert>;
  return (
    <p className="text-sm text-slate-600">
      {t(done, { when: formatDateTime(job.finishedAt, i18n.language), count: job.total, failed: job.failed })}
    </p>
  );
}

function MailingFailures({ job }: { job: NoticeJobItem }) {
  const { t } = useTranslation();
  const shown = useMessage();
  if (job.failures.length === 0) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer">{t("paymentNotice:mailing.failures", { count: job.failed })}</summary>
      <ul className="mt-1 list-disc pl-5">
        {job.failures.map((f) => (
          <li key={f.feePayerId}>
            {f.name}
            {f.email ? ` <${f.email}>` : ""}: {shown(f.error)}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The year's two jobs, each started from a confirmation: all notices as one PDF, and the mailing to all. */
const JOB_DIALOGS = [
  {
    name: "notice-document",
    intent: "noticeDocument",
    trigger: "paymentNotice:action.downloadAll",
    texts: "paymentNotice:document",
    confirm: "paymentNotice:action.prepare",
  },
  {
    name: "notice-mail-all",
    intent: "mailNotices",
    trigger: "paymentNotice:action.mailAll",
    texts: "paymentNotice:mailing",
    confirm: "paymentNotice:action.send",
  },
] as const;

export function PaymentNoticesCard({ state, canEdit }: { state: NoticeState; canEdit: boolean }) {
  const { t } = useTranslation();
  const { settings, document, mailing, year } = state;
  return (
    <SectionCard
      title={t("paymentNotice:card.title", { year })}
      titleId="payment-notices-title"
      contentClassName="space-y-3"
      actions={
        <div className="flex flex-wrap gap-2">
          {canEdit && <SettingsDialog settings={settings} />}
          {canEdit &&
            settings &&
            JOB_DIALOGS.map((d) => (
              <ConfirmDialog
                key={d.intent}
                name={d.name}
                intent={d.intent}
                fields={{ year }}
                tone="primary"
                trigger={t(d.trigger)}
                triggerVariant="secondary"
                title={t(`${d.texts}.confirmTitle`, { year })}
                message={t(`${d.texts}.confirmMessage`, { year })}
                confirmLabel={t(d.confirm)}
              />
            ))}
        </div>
      }
    >
      {settings ? (
        <dl className="grid gap-3 text-sm sm:grid-cols-4">
          <DetailFact label={t("paymentNotice:settings.account")}>{settings.account ?? "–"}</DetailFact>
          <DetailFact label={t("paymentNotice:settings.iban")}>{groupedIban(settings.iban)}</DetailFact>
          <DetailFact
            label={t("paymentNotice:settings.due")}
          >{`${settings.dueDay}. ${settings.dueMonth}. ${year}`}</DetailFact>
          <DetailFact label={t("paymentNotice:settings.constantSymbol")}>{settings.constantSymbol ?? "–"}</DetailFact>
        </dl>
      ) : (
        <p className="text-sm text-slate-600">{t("paymentNotice:settings.notSet")}</p>
      )}
      <LiveJob running={noticeJobRunning(document) || noticeJobRunning(mailing)} />
      {document && (
        <div className="space-y-1" aria-live="polite">
          <JobState job={document} done="paymentNotice:document.done" />
          {document.state === "Done" && document.fileSize === null && (
            <p className="text-sm text-slate-600">{t("paymentNotice:document.removed", { days: NOTICE_FILE_DAYS })}</p>
          )}
          {document.state === "Done" && document.fileSize !== null && (
            <a
              className={buttonClasses({ variant: "secondary", size: "sm" })}
              href={noticesPdfPath(document.id)}
              download
            >
              {t("paymentNotice:action.downloadFile", { count: document.total })}
            </a>
          )}
        </div>
      )}
      {mailing && (
        <div className="space-y-1" aria-live="polite">
          <JobState job={mailing} done="paymentNotice:mailing.done" />
          <MailingFailures job={mailing} />
        </div>
      )}
    </SectionCard>
  );
}

/** A fee row's notice: the PDF download, and for who may edit fees its e-mail (a form of its own). */
export function NoticeRowActions({ feeId, name, canEdit }: { feeId: number; name: string; canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <a
        className={buttonClasses({ variant: "ghost", size: "sm" })}
        href={noticePdfPath(feeId)}
        download
        aria-label={t("paymentNotice:action.noticeOf", { name })}
      >
        {t("paymentNotice:action.notice")}
      </a>
      {canEdit && (
        <Form method="post">
          <input type="hidden" name="feeId" value={feeId} />
          <Button
            type="submit"
            name="intent"
            value="sendNotice"
            variant="ghost"
            size="sm"
            aria-label={t("paymentNotice:action.sendOf", { name })}
          >
            {t("paymentNotice:action.sendOne")}
          </Button>
        </Form>
      )}
    </>
  );
}
