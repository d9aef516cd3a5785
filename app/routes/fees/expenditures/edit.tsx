/**
 * Spec 001 §2 Expenditures → edit: the data table (processed date, type, sub type, source, description, amount) with
 * paging and a year filter (the current year unless the URL says otherwise), the new/edit/delete dialogs and the
 * configuration card. Everyone who may read expenditures sees the table; the dialogs and the card's form only who
 * may change them.
 */
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/edit";
import {
  EXPENDITURE_SOURCES,
  EXPENDITURE_TYPES,
  expenditureFormSchema,
  expenditureList,
  expenditureSettingUpdate,
  expenditureUpdateSchema,
  type ExpenditureItem,
} from "#contract/expenditure";
import { expenditureListKeys } from "#contract/lists";
import { toIsoDate } from "#contract/calendar";
import { defineList, withFilterOptions } from "~/lib/list";
import { enumFilter, optionsFilter } from "~/lib/list-filters";
import { readListParams } from "~/lib/list-params";
import { useCan } from "~/lib/permissions";
import { isActionAnswer } from "~/lib/action-answer";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import {
  apiAnswer,
  backToList,
  formAnswer,
  formId,
  readIntent,
  redirectWithFlash,
  unknownIntent,
} from "~/server/action.server";
import { submitForm } from "~/server/form.server";
import { column, textColumn } from "~/components/list-columns";
import { ListPage } from "~/components/list-page";
import { pageTitle } from "~/components/page-title";
import { Money, useCountry } from "~/components/money";
import { formatCurrency } from "~/lib/format";
import { SectionCard } from "~/components/section-card";
import { RowDeleteDialog } from "~/components/confirm-dialog";
import { Alert } from "~/components/ui/alert";
import { Day } from "~/routes/administration/devices/+shared/ui";
import { EditExpenditureDialog, EditLink, NewExpenditureDialog, SettingForm } from "./+shared/dialogs";
import { EXPENDITURES_PATH, SettingFacts, SourceLabel, TypeLabel } from "./+shared/ui";

export const handle = pageTitle("expenditure:edit.pageTitle");

export const expenditureTable = defineList(expenditureListKeys, {
  filters: [
    optionsFilter("year", "expenditure:field.year"),
    enumFilter("type", "expenditure:field.type", EXPENDITURE_TYPES, "expenditure:type"),
    enumFilter("source", "expenditure:field.source", EXPENDITURE_SOURCES, "expenditure:source"),
  ],
  columns: [
    column("processedOn", "expenditure:field.processedOn", (row: ExpenditureItem) => <Day value={row.processedOn} />, {
      className: "whitespace-nowrap",
    }),
    column("type", "expenditure:field.type", (row: ExpenditureItem) => <TypeLabel type={row.type} />),
    textColumn("subType", "expenditure:field.subType", (row: ExpenditureItem) => row.subType),
    column("source", "expenditure:field.source", (row: ExpenditureItem) => <SourceLabel source={row.source} />),
    textColumn("description", "expenditure:field.description", (row: ExpenditureItem) => row.description, {
      className: "max-w-72 truncate",
    }),
    column("amount", "expenditure:field.amount", (row: ExpenditureItem) => <Money value={row.amount} />, {
      className: "text-right",
    }),
  ],
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "expenditure.aDetail");
  const url = new URL(request.url);
  const params = readListParams(expenditureList, url);
  // No year in the URL: the current one (an empty ?year= is every year).
  const summaryOf = await api.expenditure.summary({ municipalityId });
  if (!url.searchParams.has("year")) params.year = summaryOf.year;
  const editId = url.searchParams.get("dialog") === "edit" ? formId(url.searchParams.get("expenditureId")) : null;
  const [list, summary, editing] = await Promise.all([
    api.expenditure.list({ municipalityId, ...params }),
    params.year && params.year !== summaryOf.year
      ? api.expenditure.summary({ municipalityId, year: params.year })
      : Promise.resolve(summaryOf),
    editId ? api.result.expenditure.detail({ municipalityId, expenditureId: editId }) : Promise.resolve(null),
  ]);
  return {
    ...list,
    params,
    summary,
    editing: editing?.ok ? editing.data : null,
    today: toIsoDate(new Date()),
  };
}

/** Back to the table as it was, without the dialog and its record. */
function backToTable(request: Request): string {
  const to = new URL(backToList(request), "http://x");
  to.searchParams.delete("expenditureId");
  return to.pathname + to.search;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { formData, intent } = await readIntent(request);
  const permission =
    intent === "create" ? "expenditure.aAdd" : intent === "delete" ? "expenditure.aRemove" : "expenditure.aEdit";
  const { api, municipalityId } = await requireMunicipality(request, context, permission);
  const t = await userT(api.session);
  const done = (key: string) => redirectWithFlash(api, context, backToTable(request), t(`expenditure:flash.${key}`));
  switch (intent) {
    case "create": {
      const outcome = await submitForm(formData, expenditureFormSchema, (value) =>
        api.expenditure.create({ municipalityId }, value),
      );
      return outcome.ok ? done("created") : formAnswer(intent, outcome);
    }
    case "update": {
      const expenditureId = formId(formData.get("expenditureId")) ?? 0;
      const outcome = await submitForm(formData, expenditureUpdateSchema, (value) =>
        api.expenditure.update({ municipalityId, expenditureId }, value),
      );
      return outcome.ok ? done("saved") : formAnswer(intent, outcome);
    }
    case "delete": {
      const res = await api.expenditure.remove({ municipalityId, expenditureId: formId(formData.get("id")) ?? 0 });
      return res.ok ? done("deleted") : apiAnswer(intent, res);
    }
    case "setting": {
      const outcome = await submitForm(formData, expenditureSettingUpdate, (value) =>
        api.expenditure.saveSetting({ municipalityId }, value),
      );
      return outcome.ok ? done("settingSaved") : formAnswer(intent, outcome);
    }
    default:
      return unknownIntent(intent, t);
  }
}

function RowActions({ row }: { row: ExpenditureItem }) {
  const { t } = useTranslation();
  const canEdit = useCan("aEdit", "expenditure");
  const canRemove = useCan("aRemove", "expenditure");
  const country = useCountry();
  return (
    <span className="inline-flex gap-1 text-left whitespace-normal">
      {canEdit && <EditLink id={row.id} />}
      {canRemove && (
        <RowDeleteDialog
          ns="expenditure"
          id={row.id}
          values={{ amount: formatCurrency(row.amount, country), type: t(`expenditure:type.${row.type}`) }}
        />
      )}
    </span>
  );
}

export default function ExpenditureEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { summary, editing, params, today } = loaderData;
  const canAdd = useCan("aAdd", "expenditure");
  const canEdit = useCan("aEdit", "expenditure");
  const canRemove = useCan("aRemove", "expenditure");
  const answer = isActionAnswer(actionData) ? actionData : undefined;
  const resultOf = (intent: string) => (answer?.intent === intent ? answer.result : undefined);
  const def = withFilterOptions(expenditureTable, {
    year: summary.years.map((y) => ({ value: String(y), label: String(y) })),
  });
  return (
    <div className="space-y-6">
      <ListPage
        ns="expenditure"
        list={loaderData}
        def={def}
        answer={answer?.intent === "delete" ? answer : undefined}
        emptyMessage={t("expenditure:list.empty")}
        rowActions={canEdit || canRemove ? (row) => <RowActions row={row} /> : undefined}
        above={
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700" data-testid="expenditure-year-total">
              {params.year ? t("expenditure:list.yearTotal", { year: params.year }) : t("expenditure:list.total")}{" "}
              <strong>
                <Money value={summary.total} />
              </strong>
            </p>
            {canAdd && <NewExpenditureDialog today={today} lastResult={resultOf("create")} />}
          </div>
        }
      />
      {canEdit && editing && <EditExpenditureDialog expenditure={editing} lastResult={resultOf("update")} />}
      <SectionCard title={t("expenditure:setting.title")}>
        {canEdit ? (
          <SettingForm setting={summary.setting} lastResult={resultOf("setting")} />
        ) : (
          <SettingFacts setting={summary.setting} />
        )}
      </SectionCard>
      {answer?.intent === "setting" && answer.result?.error && (
        <Alert tone="error">{t("expenditure:setting.failed")}</Alert>
      )}
      <p className="text-sm">
        <a className="text-emerald-800 underline" href={`${EXPENDITURES_PATH}?year=${params.year ?? summary.year}`}>
          {t("expenditure:edit.toOverview")}
        </a>
      </p>
    </div>
  );
}
