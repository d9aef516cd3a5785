/** Spec 001 §2 subject detail: the fee payers table (set or remove chief, add or remove a payer). */
import { Form } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { SubjectMember } from "#contract/subject";
import { useCan } from "~/lib/permissions";
import { formatDate } from "#contract/calendar";
import { Field } from "~/components/field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/section-card";
import { Checkbox } from "~/components/ui/checkbox";
import { DialogTrigger } from "~/components/ui/dialog";
import { TD, TR } from "~/components/ui/table";
import { RowsTable } from "~/components/rows-table";
import { AnswerInput, PickerDialog } from "./dialog-fields";
import type { FeePayerOption } from "./detail.server";
import { DialogLink, FormDialog } from "~/components/form-dialog";
import { SUBJECTS_PATH, feePayerPath } from "./ui";
import { useToday } from "~/lib/action-answer";
import { RecordLink } from "~/components/record-link";

type Props = {
  subjectId: number;
  members: SubjectMember[];
  /** Loaded only while the 'add payer' dialog is open (null otherwise). */
  payerOptions: FeePayerOption[] | null;
  payerSearch: string;
};

export function MembersSection({ subjectId, members, payerOptions, payerSearch }: Props) {
  const { t, i18n } = useTranslation();
  const canEdit = useCan("aEdit", "subject");
  const canAddPayer = useCan("aAdd", "feePayer");
  const canSeePayers = useCan("aDetail", "feePayer");
  const today = useToday();
  const date = (v: string | null) => (v ? formatDate(v, i18n.language) : "");
  // Current members first, then the future ones, then history (newest first within each group: the API's order).
  const ended = (m: SubjectMember) => Boolean(m.validTo && m.validTo < today);
  const rows = [
    ...members.filter((m) => m.current),
    ...members.filter((m) => !m.current && !ended(m)),
    ...members.filter(ended),
  ];

  return (
    <SectionCard
      title={t("subject:members.title")}
      titleId="subject-members"
      actions={
        <div className="flex flex-wrap gap-2">
          {canEdit && canSeePayers && (
            <DialogLink name="add-payer" size="sm">
              {t("subject:members.add")}
            </DialogLink>
          )}
          {canAddPayer && (
            <Button to={`${SUBJECTS_PATH}/${subjectId}/fee-payers/create`} variant="secondary" size="sm">
              {t("subject:members.new")}
            </Button>
          )}
        </div>
      }
      contentClassName="p-0"
      after={canEdit && canSeePayers && <AddPayerDialog options={payerOptions} search={payerSearch} />}
    >
      <RowsTable
        rows={rows}
        empty={t("subject:members.empty")}
        emptyClassName="text-sm text-slate-600 px-4 py-6"
        plainHeadRow
        labels="subject:members"
        head={["name", "dateOfBirth", "period", "state"]}
        actions={canEdit && t("subject:members.actions")}
      >
        {(m) => (
          <TR key={m.membershipId} className={ended(m) ? "text-slate-500" : undefined}>
            <TD>
              {canSeePayers ? (
                <RecordLink to={feePayerPath(m.feePayerId)}>{m.name}</RecordLink>
              ) : (
                <span className="font-medium">{m.name}</span>
              )}
            </TD>
            <TD>{date(m.dateOfBirth) || "–"}</TD>
            <TD className="whitespace-nowrap">
              {date(m.validFrom)} – {date(m.validTo)}
            </TD>
            <TD>
              <span className="inline-flex flex-wrap gap-1">
                {m.isChief && <Badge tone="blue">{t("subject:members.chief")}</Badge>}
                {m.current ? (
                  <Badge tone="green">{t("subject:members.current")}</Badge>
                ) : ended(m) ? (
                  <Badge tone="gray">{t("subject:members.history")}</Badge>
                ) : (
                  <Badge tone="amber">{t("subject:members.future")}</Badge>
                )}
              </span>
            </TD>
            {canEdit && <TD className="text-right whitespace-nowrap">{!ended(m) && <MemberActions member={m} />}</TD>}
          </TR>
        )}
      </RowsTable>
    </SectionCard>
  );
}

function MemberActions({ member: m }: { member: SubjectMember }) {
  const { t } = useTranslation();
  const today = useToday();
  const dialog = `end-member-${m.membershipId}`;
  return (
    <span className="inline-flex items-center gap-1 text-left whitespace-normal">
      <Form method="post" className="inline">
        <input type="hidden" name="intent" value={m.isChief ? "removeChief" : "setChief"} />
        <input type="hidden" name="membershipId" value={m.membershipId} />
        <Button type="submit" variant="ghost" size="sm">
          {m.isChief ? t("subject:members.removeChief") : t("subject:members.setChief")}
          <span className="sr-only"> {m.name}</span>
        </Button>
      </Form>
      <DialogTrigger name={dialog} variant="ghost" size="sm">
        {t("subject:members.remove")}
        <span className="sr-only"> {m.name}</span>
      </DialogTrigger>
      <FormDialog
        name={dialog}
        intent="endMember"
        target={String(m.membershipId)}
        fields={{ membershipId: m.membershipId }}
        tone="danger"
        size="sm"
        title={t("subject:members.endTitle")}
        description={t("subject:members.endHelp", {
          name: m.name,
        })}
        submitLabel={t("subject:members.remove")}
      >
        {(answer) => (
          <AnswerInput
            answer={answer}
            id={`${dialog}-validTo`}
            name="validTo"
            label={t("subject:members.validTo")}
            initial={today}
            type="date"
            required
          />
        )}
      </FormDialog>
    </span>
  );
}

function AddPayerDialog({ options, search }: { options: FeePayerOption[] | null; search: string }) {
  const { t, i18n } = useTranslation();
  const today = useToday();
  const isChiefId = "add-payer-isChief";
  return (
    <PickerDialog
      name="add-payer"
      intent="addMember"
      title={t("subject:members.addTitle")}
      submitLabel={t("subject:members.addSubmit")}
      search={{
        param: "payerSearch",
        value: search,
        label: t("subject:members.search"),
        placeholder: t("subject:members.searchPlaceholder"),
      }}
      pick={{
        name: "feePayerId",
        label: t("subject:members.payer"),
        choices: (options ?? []).map((o) => ({
          value: String(o.id),
          label: o.dateOfBirth ? `${o.name} (${formatDate(o.dateOfBirth, i18n.language)})` : o.name,
        })),
        nothingFound: options?.length === 0,
        help: t("subject:members.optionsHelp"),
        emptyOption: t("subject:members.choosePayer"),
        initial: options?.length === 1 ? String(options[0]!.id) : "",
      }}
    >
      {(answer) => (
        <>
          <AnswerInput
            answer={answer}
            id="add-payer-validFrom"
            name="validFrom"
            label={t("subject:members.validFrom")}
            initial={today}
            type="date"
            required
          />
          <p className="text-xs text-slate-600">{t("subject:members.moveHelp")}</p>
          <Field id={isChiefId} label={t("subject:members.isChief")} inline>
            <Checkbox id={isChiefId} name="isChief" defaultChecked={answer?.values?.isChief === "on"} />
          </Field>
        </>
      )}
    </PickerDialog>
  );
}
