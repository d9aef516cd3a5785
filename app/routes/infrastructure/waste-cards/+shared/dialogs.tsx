/**
 * The dialogs of the waste-card list's bulk actions (set expiration, assign subject, remove) and of its subject
 * filter. Each is opened through the URL (?dialog=…&ids=…), so they work the same with and without JavaScript.
 */
import { Form, useLocation, useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { SubjectMember, SubjectOption } from "#contract/subject";
import type { ActionAnswer } from "~/lib/action-answer";
import { useToday } from "~/lib/action-answer";
import { Field, fieldAria } from "~/components/field";
import { Button } from "~/components/ui/button";
import { DIALOG_PARAM, Dialog } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { DialogSearch, FormDialog, DialogSubmitFooter } from "~/components/form-dialog";
import { optionLabel } from "~/routes/infrastructure/subjects/+shared/form";

export function ExpirationDialog({ ids }: { ids: number[] }) {
  const { t } = useTranslation();
  const today = useToday();
  return (
    <FormDialog name="expiration" intent="setExpiration" size="sm" ns="wasteCard" described ids={ids}>
      {(answer) => (
        <>
          <Field
            id="expiration-validTo"
            errors={answer?.errors?.validTo ?? answer?.errors?.ids}
            label={t("wasteCard:field.validTo")}
            required
          >
            <Input
              type="date"
              name="validTo"
              required
              defaultValue={answer?.values?.validTo ?? today}
              {...fieldAria("expiration-validTo", answer?.errors?.validTo ?? answer?.errors?.ids)}
            />
          </Field>
        </>
      )}
    </FormDialog>
  );
}

export type Picker = {
  search: string;
  choices: SubjectOption[] | null;
  subjectId: number | null;
  members: SubjectMember[] | null;
};

/** Assign subject: a subject picker (search + at most 20), then optionally one of its current fee payers. */
export function AssignDialog({ ids, picker }: { ids: number[]; picker: Picker }) {
  const { t } = useTranslation();
  const subjectErrors = (answer: ActionAnswer | undefined) => answer?.errors?.subjectId ?? answer?.errors?.ids;
  return (
    <FormDialog
      name="assign"
      intent="assignSubject"
      size="lg"
      ns="wasteCard"
      described
      ids={ids}
      before={<SubjectSearch dialog="assign" value={picker.search} />}
    >
      {(answer) => (
        <>
          <input type="hidden" name="subjectSearch" value={picker.search} />
          <SubjectField
            id="assign-subjectId"
            required
            choices={picker.choices}
            errors={subjectErrors(answer)}
            defaultValue={answer?.values?.subjectId ?? (picker.subjectId ? String(picker.subjectId) : "")}
          />
          <div className="flex flex-wrap items-end gap-2">
            <Field
              id="assign-feePayerId"
              className="min-w-64 flex-1"
              errors={answer?.errors?.feePayerId}
              label={t("wasteCard:assign.payer")}
              description={
                picker.members
                  ? picker.members.length === 0
                    ? t("wasteCard:assign.noMembers")
                    : undefined
                  : t("wasteCard:assign.payerHelp")
              }
            >
              <Select
                name="feePayerId"
                defaultValue={answer?.values?.feePayerId ?? ""}
                emptyOption={t("wasteCard:assign.noPayer")}
                options={(picker.members ?? []).map((p) => ({ value: String(p.feePayerId), label: p.name }))}
                {...fieldAria("assign-feePayerId", answer?.errors?.feePayerId, !picker.members?.length)}
              />
            </Field>
            <Button type="submit" name="pickSubject" value="1" variant="secondary" formNoValidate>
              {t("wasteCard:assign.loadPayers")}
            </Button>
          </div>
        </>
      )}
    </FormDialog>
  );
}

/** The subject filter: a search (GET) and a select that applies it (GET), the other filters kept. */
export function SubjectFilterDialog({ picker }: { picker: Picker }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const kept = [...searchParams].filter(
    ([k]) => ![DIALOG_PARAM, "subjectSearch", "subjectId", "page", "index"].includes(k),
  );
  return (
    <Dialog
      name="pick-subject"
      title={t("wasteCard:filter.title")}
      footer={<DialogSubmitFooter form="pick-subject-form">{t("wasteCard:filter.apply")}</DialogSubmitFooter>}
    >
      <div className="space-y-3">
        <SubjectSearch dialog="pick-subject" value={picker.search} />
        <Form method="get" action={location.pathname} id="pick-subject-form" preventScrollReset>
          {kept.map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
          <SubjectField id="pick-subject-subjectId" choices={picker.choices} defaultValue="" />
        </Form>
      </div>
    </Dialog>
  );
}

/** The search of a subject picker (GET ?subjectSearch=, decision 0011). */
function SubjectSearch({ dialog, value }: { dialog: string; value: string }) {
  const { t } = useTranslation();
  return (
    <DialogSearch
      dialog={dialog}
      param="subjectSearch"
      value={value}
      label={t("wasteCard:assign.search")}
      placeholder={t("wasteCard:assign.searchPlaceholder")}
    />
  );
}

/** The subject select of a picker: at most 20 places matching the search, with the help or 'nothing found'. */
function SubjectField(props: {
  id: string;
  choices: SubjectOption[] | null;
  defaultValue: string;
  errors?: string[];
  required?: boolean;
}) {
  const { t } = useTranslation();
  const choices = props.choices ?? [];
  return (
    <Field
      id={props.id}
      errors={props.errors}
      label={t("wasteCard:field.subject")}
      required={props.required}
      description={props.choices && choices.length === 0 ? t("wasteCard:assign.noOptions") : t("wasteCard:assign.help")}
    >
      <Select
        name="subjectId"
        required
        defaultValue={props.defaultValue}
        emptyOption={t("wasteCard:assign.chooseSubject")}
        options={choices.map((o) => ({ value: String(o.id), label: optionLabel(o) }))}
        {...fieldAria(props.id, props.errors, true)}
      />
    </Field>
  );
}
