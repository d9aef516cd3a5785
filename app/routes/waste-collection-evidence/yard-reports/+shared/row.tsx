/** What a row of the visit list shows beyond text: the weight, the mail status and the 'send by e-mail' dialog. */
import { useTranslation } from "~/i18n/use-translation";
import { formatNumber, formatWeight } from "~/lib/format";
import { formatDateTime } from "#contract/calendar";
import type { YardReportListItem } from "#contract/yard-report";
import { FormDialog } from "~/components/form-dialog";
import { Field, fieldAria } from "~/components/field";
import { Input } from "~/components/ui/input";
import { DialogTrigger } from "~/components/ui/dialog";
import { RecordLink } from "~/components/record-link";
import { Money } from "~/components/money";
import { Day } from "~/routes/administration/devices/+shared/ui";

/** The visit's day with its start and end times under it. */
export function VisitTime({ row }: { row: YardReportListItem }) {
  const times = [row.startTime, row.endTime].filter(Boolean).join("–");
  return (
    <>
      <Day value={row.reportDate} />
      {times && <div className="text-xs text-slate-600 tabular-nums">{times}</div>}
    </>
  );
}

/** The fee payer (a link to the payer) with the yard visited under it. */
export function PayerAndYard({ row }: { row: YardReportListItem }) {
  return (
    <>
      <RecordLink to={`/infrastructure/fee-payers/${row.feePayerId}`}>{row.feePayerName}</RecordLink>
      <div className="text-xs text-slate-600">{row.yardName}</div>
    </>
  );
}

/** The fee with 'Zaplaceno' / 'Nezaplaceno' under it. */
export function FeeAndPaid({ row }: { row: YardReportListItem }) {
  const { t } = useTranslation();
  return (
    <>
      <Money value={row.fee} />
      <div className={row.paid ? "text-xs text-emerald-800" : "text-xs text-slate-600"}>
        {row.paid ? t("yardReport:list.paid") : t("yardReport:list.unpaid")}
      </div>
    </>
  );
}

export function Weight({ kg }: { kg: string }) {
  return <>{formatWeight(kg)}</>;
}

/** Each waste with its quantity as entered ('Objemný odpad 120 kg'), one a line. */
export function Wastes({ row }: { row: YardReportListItem }) {
  return (
    <ul>
      {row.wastes.map((w, i) => (
        <li key={i}>
          {w.name}{" "}
          <span className="whitespace-nowrap text-slate-600">
            {formatNumber(w.quantity, { maxDecimals: 3 })}&nbsp;{w.unit}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** When the visit was recorded, and where from: the client id, 'manually updated' (spec 001 §2 columns). */
export function Created({ row }: { row: YardReportListItem }) {
  const { t, i18n } = useTranslation();
  // The day over the time: two short lines instead of one wide one.
  const text = formatDateTime(row.createdAt, i18n.language);
  const cut = text.lastIndexOf(" ");
  const [day, time] = [text.slice(0, cut), text.slice(cut + 1)];
  return (
    <>
      <div className="whitespace-nowrap">{day}</div>
      <div className="whitespace-nowrap tabular-nums">{time}</div>
      {row.clientId && (
        <div className="text-xs text-slate-500">
          {t("yardReport:field.clientId")}: {row.clientId}
        </div>
      )}
      {row.manuallyUpdated && <div className="text-xs text-slate-500">{t("yardReport:field.manuallyUpdated")}</div>}
    </>
  );
}

/** Pending / Sent / Failed (spec 001 §4), with the address in the title. */
export function MailStatusBadge({ row }: { row: YardReportListItem }) {
  const { t } = useTranslation();
  if (!row.mailStatus) return <>–</>;
  const tone =
    row.mailStatus === "Sent" ? "text-emerald-800" : row.mailStatus === "Failed" ? "text-red-700" : "text-amber-700";
  return (
    <span className={tone} title={row.mailTo ?? undefined}>
      {t(`yardReport:mailStatus.${row.mailStatus}`)}
    </span>
  );
}

/** 'Poslat e-mailem': the address (the payer's by default) and whether to keep it on the payer. */
export function MailDialog({ row }: { row: YardReportListItem }) {
  const { t } = useTranslation();
  const name = `mail-${row.id}`;
  const id = `${name}-email`;
  return (
    <>
      <DialogTrigger name={name} variant="ghost" size="sm">
        {row.mailStatus === "Failed" ? t("yardReport:action.mailAgain") : t("yardReport:action.mail")}
        <span className="sr-only"> {row.id}</span>
      </DialogTrigger>
      <FormDialog
        name={name}
        intent="mail"
        target={String(row.id)}
        fields={{ id: row.id }}
        size="sm"
        title={t("yardReport:mail.title", { id: row.id })}
        description={t("yardReport:mail.description", { name: row.feePayerName })}
        submitLabel={t("yardReport:mail.submit")}
      >
        {(answer) => (
          <>
            <Field id={id} label={t("yardReport:field.email")} errors={answer?.errors?.email} required>
              <Input
                type="email"
                name="email"
                required
                defaultValue={answer?.values?.email ?? row.mailTo ?? row.feePayerEmail ?? ""}
                {...fieldAria(id, answer?.errors?.email)}
              />
            </Field>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="storeOnFeePayer"
                defaultChecked={answer?.values ? answer.values.storeOnFeePayer === "on" : !row.feePayerEmail}
              />
              {t("yardReport:mail.storeOnFeePayer")}
            </label>
          </>
        )}
      </FormDialog>
    </>
  );
}
