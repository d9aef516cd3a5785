import { Link } from "react-router";
import { EntityForm } from "~/components/entity-form";
import { useSchemaForm } from "~/lib/use-schema-form";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { Route } from "./+types/create";
import { assignCodesBody, type AssignResult } from "#contract/waste-evidence-header";
import { splitCodes } from "#contract/codes";
import type { SubjectOption } from "#contract/subject";
import { toIsoDate } from "#contract/calendar";
import { useMessage } from "~/lib/messages";
import { useCan } from "~/lib/permissions";
import { answer, formAnswer, formId, readIntent } from "~/server/action.server";
import { requireMunicipality } from "~/server/guard.server";
import { submitForm } from "~/server/form.server";
import { CheckboxField, InputField, TextareaField } from "~/components/field";
import { CreatePage } from "~/components/form-page";
import { pageTitle } from "~/components/page-title";
import { Alert } from "~/components/ui/alert";
import { PickerField } from "~/components/search-in-form";
import { Button } from "~/components/ui/button";
import { Card, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { TBody, TD, TH, THead, TR, Table } from "~/components/ui/table";
import { parentOptions } from "~/routes/infrastructure/subjects/+shared/form.server";
import { optionLabel } from "~/routes/infrastructure/subjects/+shared/form";
import { TypeSelectFields, WEH_PATH, wehPath, type TypeOptions } from "./+shared/ui";
import { loadTypes } from "./+shared/weh.server";
import { useSubmitting } from "~/lib/use-submitting";

export const handle = pageTitle("wasteEvidenceHeader:create.pageTitle");

const PRINT_BATCH_CREATE = "/administration/print-batches/create";

/**
 * The assign tab's form: the codes come as text (pasted or scanned, one per line; contract/codes.ts splitCodes)
 * and are sent as the list of assignCodesBody. Same limits and messages as the API.
 */
export const assignFormSchema = assignCodesBody.extend({
  codes: z
    .string()
    .optional()
    .transform((v) => splitCodes(v ?? ""))
    .pipe(
      z
        .array(z.string())
        .min(1, { message: "Zadejte alespoň jeden kód." })
        .max(500, { message: "Najednou nejvýše 500 kódů." })
        .refine((codes) => codes.every((c) => c.length <= 40), { message: "Nejvýše 40 znaků." }),
    ),
});
/** 'Hledat' of the subject picker checks nothing: it only reloads the options (decision 0011). */
const searchSchema = z.object({ subjectSearch: z.string().optional() });
const schemaFor = (intent: FormDataEntryValue | null) => (intent === "subjectSearch" ? searchSchema : assignFormSchema);

type AssignValues = Partial<Record<keyof z.input<typeof assignFormSchema> | "subjectSearch", string>>;
type Tab = "assign" | "print";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteEvidenceHeader.aEdit");
  const sp = new URL(request.url).searchParams;
  const tab: Tab = sp.get("tab") === "print" ? "print" : "assign";
  const requested = formId(sp.get("subjectId"));
  const [subjects, types] = await Promise.all([
    parentOptions(api, municipalityId, { selected: requested }),
    loadTypes(api, municipalityId),
  ]);
  // An id that is not a subject of this municipality is simply not preselected.
  const subjectId = requested && subjects.some((s) => s.id === requested) ? requested : null;
  return { tab, subjects, subjectId, types, today: toIsoDate(new Date()) };
}

/**
 * What the action carries besides the form's state: the picker's options and, after an assignment, its outcome
 * (the form then starts again, a new key, with the failed codes in the textarea).
 */
type CreateExtra = {
  subjects: SubjectOption[];
  subjectSearch: string;
  outcome?: { assigned: number; results: AssignResult[] };
  formKey?: string;
};

/** The fields kept for the next codes after an assignment. */
const KEPT = ["subjectId", "binTypeId", "wasteTypeId", "assignedFrom", "moveEvidences", "subjectSearch"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteEvidenceHeader.aEdit");
  const { formData, intent } = await readIntent(request);
  const subjectSearch = String(formData.get("subjectSearch") ?? "");
  const picker = async () => ({
    subjects: await parentOptions(api, municipalityId, {
      search: subjectSearch,
      selected: formId(formData.get("subjectId")),
    }),
    subjectSearch,
  });

  if (intent === "subjectSearch") {
    const reply = parseWithZod(formData, { schema: searchSchema }).reply();
    // Not a save: every value stays (Conform restores `initialValue`), only the options change.
    return answer<CreateExtra>({ intent, result: { ...reply, status: undefined }, ...(await picker()) }, 200);
  }

  const outcome = await submitForm(formData, assignFormSchema, (value) =>
    api.wasteEvidenceHeader.assign({ municipalityId }, value),
  );
  if (!outcome.ok) {
    // The API names a code's problem by its index ('codes.3'): shown under the textarea.
    const errors = { ...(outcome.result.error ?? {}) };
    for (const key of Object.keys(errors)) {
      if (key.startsWith("codes[")) {
        errors.codes = [...(errors.codes ?? []), ...(errors[key] ?? [])];
        delete errors[key];
      }
    }
    return formAnswer<CreateExtra>(
      intent,
      { ...outcome, result: { ...outcome.result, error: errors } },
      await picker(),
    );
  }
  // The good codes are assigned even when others fail; the failed ones go back into the textarea to be fixed.
  const values: Record<string, string> = {};
  for (const key of KEPT) {
    const v = formData.get(key);
    if (typeof v === "string") values[key] = v;
  }
  values.codes = outcome.data.results
    .filter((r) => r.status !== "assigned")
    .map((r) => r.code)
    .join("\n");
  return answer<CreateExtra>(
    { intent, outcome: outcome.data, values, formKey: String(Date.now()), ...(await picker()) },
    200,
  );
}

export default function CreateWasteEvidenceHeaders({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { tab, subjects, subjectId, types, today } = loaderData;
  const { t } = useTranslation();
  const canPrint = useCan("aAdd", "printBatch");
  const tabHref = (to: Tab) => `${WEH_PATH}/create?tab=${to}${subjectId ? `&subjectId=${subjectId}` : ""}`;
  const tabs: { key: Tab; label: string }[] = [
    { key: "assign", label: t("wasteEvidenceHeader:create.assignTab") },
    { key: "print", label: t("wasteEvidenceHeader:create.printTab") },
  ];
  const printTo = `${PRINT_BATCH_CREATE}${subjectId ? `?subjectId=${subjectId}` : ""}`;

  return (
    <CreatePage ns="wasteEvidenceHeader" list={WEH_PATH}>
      <nav aria-label={t("wasteEvidenceHeader:create.tabs")} className="flex gap-1 border-b border-slate-200">
        {tabs.map((x) => (
          <Link
            key={x.key}
            to={tabHref(x.key)}
            aria-current={tab === x.key ? "page" : undefined}
            className={cn(
              "-mb-px rounded-t-md border px-4 py-2 text-sm focus-visible:outline-2 focus-visible:outline-emerald-600",
              tab === x.key
                ? "border-slate-200 border-b-white bg-white font-semibold text-slate-900"
                : "border-transparent text-slate-600 hover:text-slate-900",
            )}
          >
            {x.label}
          </Link>
        ))}
      </nav>

      {tab === "print" ? (
        <SectionCard
          title={t("wasteEvidenceHeader:create.printTitle")}
          contentClassName="space-y-3 text-sm text-slate-700"
        >
          <p>{t("wasteEvidenceHeader:create.printHelp1")}</p>
          <p>{t("wasteEvidenceHeader:create.printHelp2")}</p>
          {canPrint ? (
            <Button to={printTo}>{t("wasteEvidenceHeader:create.printGo")}</Button>
          ) : (
            <p className="text-slate-600">{t("wasteEvidenceHeader:create.printNoPermission")}</p>
          )}
        </SectionCard>
      ) : (
        <>
          {answer?.outcome && <AssignOutcome outcome={answer.outcome} />}
          <AssignForm
            key={answer?.formKey ?? "initial"}
            lastResult={answer?.formKey ? undefined : answer?.result}
            defaultValue={answer?.values ?? { subjectId: subjectId ? String(subjectId) : "", assignedFrom: today }}
            subjects={answer?.subjects ?? subjects}
            subjectSearch={answer?.subjectSearch ?? ""}
            types={types}
          />
        </>
      )}
    </CreatePage>
  );
}

function AssignForm(props: {
  lastResult?: SubmissionResult<string[]>;
  defaultValue: AssignValues;
  subjects: SubjectOption[];
  subjectSearch: string;
  types: TypeOptions;
}) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm<AssignValues>((formData) => schemaFor(formData.get("intent")), {
    lastResult: props.lastResult,
    defaultValue: props.defaultValue,
  });
  const searchId = `${form.id}-subject-search`;
  const saving = useSubmitting() === "save";

  return (
    <EntityForm form={form}>
      <SectionCard title={t("wasteEvidenceHeader:create.assignTitle")} contentClassName="grid gap-4 md:grid-cols-2">
        <PickerField
          className="space-y-2 md:col-span-2"
          meta={fields.subjectId}
          label={t("wasteEvidenceHeader:field.subject")}
          options={props.subjects.map((o) => ({ value: String(o.id), label: optionLabel(o) }))}
          emptyOption={t("wasteEvidenceHeader:picker.chooseSubject")}
          searchId={searchId}
          searchName="subjectSearch"
          intent="subjectSearch"
          search={props.subjectSearch}
          searchLabel={t("wasteEvidenceHeader:picker.searchSubject")}
          searchHelp={t("wasteEvidenceHeader:picker.help")}
          buttonLabel={t("wasteEvidenceHeader:picker.search")}
        />
        <TextareaField
          meta={fields.codes}
          className="md:col-span-2"
          textareaClassName="font-mono"
          rows={8}
          label={t("wasteEvidenceHeader:field.codes")}
          description={t("wasteEvidenceHeader:create.codesHelp")}
        />
        <TypeSelectFields fields={fields} types={props.types} emptyOption={t("wasteEvidenceHeader:create.keepType")} />
        <InputField
          meta={fields.assignedFrom}
          type="date"
          label={t("wasteEvidenceHeader:field.assignedFrom")}
          description={t("wasteEvidenceHeader:create.assignedFromHelp")}
        />
        <CheckboxField
          meta={fields.moveEvidences}
          className="self-center"
          label={t("wasteEvidenceHeader:field.moveEvidences")}
          description={t("wasteEvidenceHeader:create.moveEvidencesHelp")}
        />
      </SectionCard>
      <div className="flex gap-2">
        <Button type="submit" name="intent" value="save" disabled={saving}>
          {saving ? t("wasteEvidenceHeader:create.assigning") : t("wasteEvidenceHeader:create.submit")}
        </Button>
        <Button to={WEH_PATH} variant="secondary">
          {t("common:cancel")}
        </Button>
      </div>
    </EntityForm>
  );
}

/** Spec 001 §2/§5/§8: how many codes were assigned, the failed codes with their reason, links to the assigned bins. */
function AssignOutcome({ outcome }: { outcome: { assigned: number; results: AssignResult[] } }) {
  const { t } = useTranslation();
  const shown = useMessage();
  const failed = outcome.results.filter((r) => r.status !== "assigned");
  const assigned = outcome.results.filter((r) => r.status === "assigned");
  const reason = (r: AssignResult) =>
    r.error
      ? t(`wasteEvidenceHeader:assignError.${r.error}`)
      : shown(r.message ?? t("wasteEvidenceHeader:assignError.unknown"));
  return (
    <section aria-labelledby="assign-outcome" className="space-y-3">
      <h2 id="assign-outcome" className="sr-only">
        {t("wasteEvidenceHeader:create.outcome")}
      </h2>
      <Alert tone={failed.length ? "warning" : "success"}>
        {t("wasteEvidenceHeader:create.assignedCount", {
          count: outcome.assigned,
          defaultValue: "Přiřazeno kódů: {{count}}",
        })}
        {failed.length > 0 &&
          ` · ${t("wasteEvidenceHeader:create.failedCount", { count: failed.length, defaultValue: "Nepřiřazeno: {{count}} (kódy zůstaly v poli k opravě)" })}`}
      </Alert>
      {failed.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle id="assign-failed">{t("wasteEvidenceHeader:create.failedTitle")}</CardTitle>
          </CardHeader>
          <Table aria-labelledby="assign-failed">
            <THead>
              <tr>
                <TH>{t("wasteEvidenceHeader:field.code")}</TH>
                <TH>{t("wasteEvidenceHeader:create.reason")}</TH>
              </tr>
            </THead>
            <TBody>
              {failed.map((r) => (
                <TR key={r.code}>
                  <TD className="font-mono">{r.code}</TD>
                  <TD>{reason(r)}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        </Card>
      )}
      {assigned.length > 0 && (
        <SectionCard title={t("wasteEvidenceHeader:create.assignedTitle")}>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {assigned.map((r) => (
              <li key={r.code}>
                {r.id ? (
                  <Link className="font-mono text-emerald-800 hover:underline" to={wehPath(r.id)}>
                    {r.code}
                  </Link>
                ) : (
                  <span className="font-mono">{r.code}</span>
                )}
              </li>
            ))}
          </ul>
        </SectionCard>
      )}
    </section>
  );
}
