import type { ReactNode } from "react";
import { EntityForm } from "~/components/entity-form";
import { useSchemaForm } from "~/lib/use-schema-form";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import { getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { Route } from "./+types/create";
import {
  LABELS_PER_SHEET,
  PRINT_BATCH_CODE_TYPES,
  printBatchFormSchema,
  type PrintBatchCodeType,
} from "#contract/print-batch";
import type { SubjectOption } from "#contract/subject";
import { useMessage } from "~/lib/messages";
import type { ApiClient } from "~/server/api.server";
import { submitForm } from "~/server/form.server";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { answer, formAnswer, readIntent, redirectWithFlash } from "~/server/action.server";
import { pageTitle } from "~/components/page-title";
import { FormPage } from "~/components/form-page";
import { SearchInForm } from "~/components/search-in-form";
import { ChoiceFieldset, Field, InputField, TextareaField } from "~/components/field";
import { FormActions } from "~/components/form-actions";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { useHydrated } from "~/components/ui/dialog";
import { optionLabel } from "~/routes/infrastructure/subjects/+shared/form";
import { PRINT_BATCHES_PATH, printBatchPath } from "./+shared/ui";
import { useSubmitting } from "~/lib/use-submitting";

export const handle = pageTitle("printBatch:create.title");

/** A subject picked for a Regular batch; the label travels with the form so it needs no lookup. */
type Chosen = { id: number; label: string };

/** Form values are strings: every field as Conform sends and restores it. */
type FormValues = {
  codeType: string;
  codeCount: string;
  subjectIds: string[];
  binTypeIds: string[];
  rfid: string;
  note: string;
};

/** The picker's buttons check nothing: they only change the chosen subjects or the results (decision 0011). */
const pickerSchema = z.object({ subjectSearch: z.string().optional() });
const isPickerIntent = (intent: unknown) =>
  typeof intent === "string" &&
  (intent === "subjectSearch" ||
    intent === "addAllSubjects" ||
    intent.startsWith("addSubject:") ||
    intent.startsWith("removeSubject:"));

const positiveId = (v: unknown) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

async function subjectOptions(api: ApiClient, municipalityId: number, search: string): Promise<SubjectOption[]> {
  const { items } = await api.subject.options({ municipalityId, search: search.trim() || undefined });
  return items;
}

/** The subject's label from its detail (a subject not among the shown results); null when it is not found. */
async function subjectLabel(api: ApiClient, municipalityId: number, id: number): Promise<string | null> {
  const res = await api.result.subject.detail({ municipalityId, subjectId: id });
  if (!res.ok) return null;
  return optionLabel({ id, name: res.data.name, address: res.data.address, type: res.data.type });
}

/** The chosen subjects the form carries: hidden subjectIds with their subjectLabels, in order, without repeats. */
function chosenOf(formData: FormData): Chosen[] {
  const ids = formData.getAll("subjectIds");
  const labels = formData.getAll("subjectLabels");
  const out = new Map<number, Chosen>();
  ids.forEach((v, i) => {
    const id = positiveId(v);
    if (id && !out.has(id)) out.set(id, { id, label: String(labels[i] ?? id) });
  });
  return [...out.values()];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "printBatch.aAdd");
  // ?subjectId= (the bins' 'Vytisknout nové štítky' for a subject) starts an addressed batch for that subject.
  const requested = positiveId(new URL(request.url).searchParams.get("subjectId"));
  const [binTypes, options, requestedLabel] = await Promise.all([
    api.wasteSettings.binTypes({ municipalityId, active: true, counts: false }),
    subjectOptions(api, municipalityId, ""),
    requested ? subjectLabel(api, municipalityId, requested) : Promise.resolve(null),
  ]);
  const chosen: Chosen[] = requested && requestedLabel ? [{ id: requested, label: requestedLabel }] : [];
  return { binTypes: binTypes.items, options, chosen };
}

/** What every answer of the page carries: the picker's results, the chosen subjects and the search typed. */
type Picker = { options: SubjectOption[]; chosen: Chosen[]; subjectSearch: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "printBatch.aAdd");
  const { formData, intent: sent } = await readIntent(request);
  const intent = sent || "save";
  const subjectSearch = String(formData.get("subjectSearch") ?? "");
  let chosen = chosenOf(formData);
  // The results of the submitted search: every answer that keeps the page shows them again.
  let found: SubjectOption[] | undefined;
  const options = async () => (found ??= await subjectOptions(api, municipalityId, subjectSearch));

  if (isPickerIntent(intent)) {
    const taken = new Set(chosen.map((c) => c.id));
    const add = async (id: number) => {
      if (taken.has(id)) return;
      const shown = (await options()).find((o) => o.id === id);
      const label = shown ? optionLabel(shown) : await subjectLabel(api, municipalityId, id);
      if (label) {
        chosen = [...chosen, { id, label }];
        taken.add(id);
      }
    };
    if (intent === "addAllSubjects") for (const o of await options()) await add(o.id);
    else if (intent.startsWith("addSubject:")) {
      const id = positiveId(intent.slice("addSubject:".length));
      if (id) await add(id);
    } else if (intent.startsWith("removeSubject:")) {
      const id = positiveId(intent.slice("removeSubject:".length));
      chosen = chosen.filter((c) => c.id !== id);
    }
    // Not a save: the form keeps every value (Conform restores `initialValue`), only the picker changes.
    const reply = parseWithZod(formData, { schema: pickerSchema }).reply();
    const result = { ...reply, status: undefined };
    return answer<Picker>({ intent, result, options: await options(), chosen, subjectSearch }, 200);
  }

  const outcome = await submitForm(formData, printBatchFormSchema, (value) =>
    api.printBatch.create({ municipalityId }, value),
  );
  if (!outcome.ok) return formAnswer<Picker>(intent, outcome, { options: await options(), chosen, subjectSearch });
  const t = await userT(api.session);
  return redirectWithFlash(api, context, printBatchPath(outcome.data.id), t("printBatch:flash.created"));
}

export default function CreatePrintBatch({ loaderData: loaded, actionData: answer }: Route.ComponentProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const hydrated = useHydrated();
  const options = answer?.options ?? loaded.options;
  const chosen = answer?.chosen ?? loaded.chosen;
  const startType: PrintBatchCodeType = loaded.chosen.length ? "Regular" : "NoSubject";

  const [form, fields] = useSchemaForm<FormValues>(
    (formData) => (isPickerIntent(formData.get("intent")) ? pickerSchema : printBatchFormSchema),
    {
      lastResult: answer?.result,
      defaultValue: { codeType: startType, codeCount: "", subjectIds: [], binTypeIds: [], rfid: "", note: "" },
    },
  );

  const codeType = (fields.codeType.value ?? startType) as PrintBatchCodeType;
  const regular = codeType === "Regular";
  // Without JavaScript both parts stay visible (the choice is not known until the form is sent).
  const showSubjects = !hydrated || regular;
  const showCount = !hydrated || !regular;
  const typesValue = fields.binTypeIds.value;
  const selectedTypes = (Array.isArray(typesValue) ? typesValue : [typesValue]).filter(Boolean);
  const codes = regular ? chosen.length : Number(fields.codeCount.value) || 0;
  const labels = codes * selectedTypes.length;
  const chosenIds = new Set(chosen.map((c) => c.id));
  const posting = useSubmitting();
  const busy = posting !== null && !isPickerIntent(posting);
  const searchId = `${form.id}-subject-search`;
  const subjectErrors = fields.subjectIds.errors;

  return (
    <FormPage title={t("printBatch:create.title")}>
      <EntityForm form={form}>
        <SectionCard title={t("printBatch:create.codes")} contentClassName="grid gap-4 md:grid-cols-2">
          <ChoiceFieldset meta={fields.codeType} legend={t("printBatch:field.codeType")} className="space-y-2">
            {PRINT_BATCH_CODE_TYPES.map((type) => {
              const { key, ...props } = getInputProps(fields.codeType, { type: "radio", value: type });
              const id = `${fields.codeType.id}-${type}`;
              return (
                <div key={type} className="flex items-start gap-2">
                  <input key={key} {...props} id={id} className="mt-0.5 size-4 accent-emerald-700" />
                  <label htmlFor={id} className="text-sm">
                    <span className="font-medium">{t(`printBatch:codeType.${type}`)}</span>
                    <span className="block text-xs text-slate-500">
                      {type === "Regular" ? t("printBatch:create.regularHelp") : t("printBatch:create.noSubjectHelp")}
                    </span>
                  </label>
                </div>
              );
            })}
          </ChoiceFieldset>

          <div className={showCount ? "space-y-4" : "hidden"}>
            <InputField
              meta={fields.codeCount}
              label={t("printBatch:field.codeCount")}
              description={t("printBatch:create.codeCountHelp")}
              inputMode="numeric"
              disabled={hydrated && regular}
            />
          </div>

          <ChoiceFieldset
            meta={fields.binTypeIds}
            legend={t("printBatch:field.binTypes")}
            className="space-y-2 md:col-span-2"
          >
            {loaded.binTypes.length === 0 ? (
              <p className="text-sm text-slate-600">{t("printBatch:create.noBinTypes")}</p>
            ) : (
              <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                {loaded.binTypes.map((b) => {
                  const { key, ...props } = getInputProps(fields.binTypeIds, {
                    type: "checkbox",
                    value: String(b.id),
                  });
                  const id = `${fields.binTypeIds.id}-${b.id}`;
                  return (
                    <div key={b.id} className="flex items-center gap-2">
                      <Checkbox key={key} {...props} id={id} />
                      <label htmlFor={id} className="text-sm">
                        {b.name}
                        {b.kind === "disposable" && (
                          <span className="ml-1 text-xs text-slate-500">({t("printBatch:create.disposable")})</span>
                        )}
                      </label>
                    </div>
                  );
                })}
              </div>
            )}
          </ChoiceFieldset>

          <div className="flex items-center gap-2 md:col-span-2">
            {(() => {
              const { key, ...props } = getInputProps(fields.rfid, { type: "checkbox" });
              return <Checkbox key={key} {...props} />;
            })()}
            <label htmlFor={fields.rfid.id} className="text-sm">
              {t("printBatch:field.rfidLabels")}
            </label>
          </div>
          <TextareaField meta={fields.note} label={t("printBatch:field.note")} className="md:col-span-2" />
          {hydrated && (
            <p className="text-sm text-slate-700 md:col-span-2" aria-live="polite">
              {t("printBatch:create.labelTotal", {
                labels,
                sheets: Math.ceil(labels / LABELS_PER_SHEET),
              })}
            </p>
          )}
        </SectionCard>

        <SectionCard
          className={showSubjects ? undefined : "hidden"}
          title={t("printBatch:create.subjects")}
          contentClassName="space-y-4"
        >
          <div>
            <h3 className="mb-2 text-sm font-medium">{t("printBatch:create.chosen", { n: chosen.length })}</h3>
            {chosen.length === 0 ? (
              <p className="text-sm text-slate-600">{t("printBatch:create.noneChosen")}</p>
            ) : (
              <ul className="divide-y divide-slate-100 rounded border border-slate-200" id={`${form.id}-chosen`}>
                {chosen.map((c) => (
                  <li key={c.id} className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm">
                    <input type="hidden" name="subjectIds" value={c.id} />
                    <input type="hidden" name="subjectLabels" value={c.label} />
                    <span>{c.label}</span>
                    <SubjectButton
                      intent={`removeSubject:${c.id}`}
                      variant="ghost"
                      label={t("printBatch:create.removeOne", { name: c.label })}
                    >
                      {t("printBatch:create.remove")}
                    </SubjectButton>
                  </li>
                ))}
              </ul>
            )}
            {subjectErrors && (
              <p id={fields.subjectIds.errorId} className="mt-1 text-xs font-medium text-red-700">
                {message(subjectErrors[0])}
              </p>
            )}
          </div>

          <Field id={searchId} label={t("printBatch:create.search")} description={t("printBatch:create.searchHelp")}>
            <SearchInForm
              id={searchId}
              name="subjectSearch"
              intent="subjectSearch"
              defaultValue={answer?.subjectSearch ?? ""}
              label={t("printBatch:create.searchButton")}
            />
          </Field>
          {options.length === 0 ? (
            <p className="text-sm text-slate-600">{t("printBatch:create.noResults")}</p>
          ) : (
            <div className="space-y-2">
              <ul
                className="divide-y divide-slate-100 rounded border border-slate-200"
                aria-label={t("printBatch:create.results")}
              >
                {options.map((o) => (
                  <li key={o.id} className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm">
                    <span>{optionLabel(o)}</span>
                    {chosenIds.has(o.id) ? (
                      <span className="text-xs text-slate-500">{t("printBatch:create.added")}</span>
                    ) : (
                      <SubjectButton
                        intent={`addSubject:${o.id}`}
                        variant="secondary"
                        label={t("printBatch:create.addOne", { name: optionLabel(o) })}
                      >
                        {t("printBatch:create.add")}
                      </SubjectButton>
                    )}
                  </li>
                ))}
              </ul>
              <SubjectButton intent="addAllSubjects" variant="secondary">
                {t("printBatch:create.addAll")}
              </SubjectButton>
            </div>
          )}
        </SectionCard>

        <FormActions submitLabel={t("printBatch:create.submit")} cancelTo={PRINT_BATCHES_PATH} busy={busy} />
      </EntityForm>
    </FormPage>
  );
}

/** A helper post of the subject picker (add, remove, add all): the form is not checked and not saved. */
function SubjectButton({
  intent,
  variant,
  label,
  children,
}: {
  intent: string;
  variant: "secondary" | "ghost";
  /** The accessible name when the text alone does not say which subject. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" name="intent" value={intent} variant={variant} size="sm" formNoValidate aria-label={label}>
      {children}
    </Button>
  );
}
