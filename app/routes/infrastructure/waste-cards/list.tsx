/**
 * Spec 001 §2 'Waste cards': the list (plain code, code, subject, fee payer, subject type, state, validity, virtual)
 * with its filters, and the bulk actions set expiration date, assign subject and remove. A bulk action first opens
 * its dialog through the URL (?dialog=…&ids=…), so the date, the subject picker (decision 0011) and the confirmation
 * work the same with and without JavaScript.
 */
import { data, Form, Link, redirect, useActionData, useLoaderData, useLocation, useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { z } from "zod";
import type { Route } from "./+types/list";
import { SUBJECT_TYPES } from "#contract/enums";
import type { SubjectMember, SubjectOption } from "#contract/subject";
import { NOTHING_SELECTED } from "#contract/user";
import {
  assignSubjectBody,
  expirationBody,
  WASTE_CARD_STATES,
  type WasteCardListItem,
  type WasteCardState,
} from "#contract/waste-card";
import { defineList, toApiQuery } from "~/lib/list";
import { listParam, listSchema, parseListParams } from "~/lib/list-params";
import { formatDate } from "#contract/calendar";
import { useMessage } from "~/lib/messages";
import { useCan } from "~/lib/permissions";
import { useGenerationAfter } from "~/lib/use-bulk-generation";
import type { ApiProblem } from "~/server/api.server";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { addFlash, commit } from "~/server/session.server";
import { DataTable } from "~/components/data-table";
import { Field, fieldAria } from "~/components/field";
import { Alert } from "~/components/ui/alert";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DIALOG_PARAM, Dialog, DialogClose } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { DialogLink, DialogSearch, FormDialog } from "~/components/form-dialog";
import { optionLabel } from "~/routes/infrastructure/subjects/+shared/form";
import {
  feePayerPath,
  SUBJECT_TYPE_LABELS,
  SubjectTypeLabel,
  subjectPath,
} from "~/routes/infrastructure/subjects/+shared/ui";
import { useToday, type DetailAnswer } from "~/lib/action-answer";

export const meta = () => [{ title: "Karty odpadu · Odpady obce" }];

export const WASTE_CARDS_PATH = "/infrastructure/waste-cards";
const cardsApi = (municipalityId: number, rest = "") => `/municipality/${municipalityId}/waste-card${rest}`;

/** Czech defaults of the card states (spec 001 §4). */
export const WASTE_CARD_STATE_LABELS: Record<WasteCardState, string> = {
  Free: "Volná",
  Assigned: "Přiřazená",
  Discarded: "Vyřazená",
  Expired: "Prošlá",
};
const STATE_TONE: Record<WasteCardState, BadgeTone> = {
  Free: "gray",
  Assigned: "green",
  Discarded: "red",
  Expired: "amber",
};

function StateBadge({ state }: { state: WasteCardState }) {
  const { t } = useTranslation();
  return <Badge tone={STATE_TONE[state]}>{t(`wasteCard:state.${state}`, WASTE_CARD_STATE_LABELS[state])}</Badge>;
}

function Validity({ from, to }: { from: string | null; to: string | null }) {
  const { i18n } = useTranslation();
  if (!from && !to) return <>–</>;
  const date = (v: string | null) => (v ? formatDate(v, i18n.language) : "");
  return <span className="whitespace-nowrap">{`${date(from)} – ${date(to)}`}</span>;
}

function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <>{value ? t("wasteCard:yes", "Ano") : t("wasteCard:no", "Ne")}</>;
}

/** The list's URL search params, parsed by the loader only (the browser never loads zod). */
const wasteCardParams = listSchema({
  search: listParam.search(),
  state: listParam.select(WASTE_CARD_STATES),
  subjectType: listParam.select(SUBJECT_TYPES),
  validFrom: listParam.date(),
  subjectId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** Spec 001 §2 Waste cards list: filters state, subject type, valid from, search, subject. */
export const wasteCardList = defineList({
  id: "waste-cards",
  defaultSort: "plainCode",
  filters: [
    {
      key: "search",
      kind: "search",
      label: { key: "wasteCard:list.search", defaultValue: "Hledat" },
      placeholder: { key: "wasteCard:list.searchPlaceholder", defaultValue: "Kód, odběrné místo, poplatník" },
    },
    {
      key: "state",
      kind: "select",
      label: { key: "wasteCard:field.state", defaultValue: "Stav" },
      options: WASTE_CARD_STATES.map((v) => ({
        value: v,
        label: { key: `wasteCard:state.${v}`, defaultValue: WASTE_CARD_STATE_LABELS[v] },
      })),
    },
    {
      key: "subjectType",
      kind: "select",
      label: { key: "wasteCard:field.subjectType", defaultValue: "Typ odběrného místa" },
      options: SUBJECT_TYPES.map((v) => ({
        value: v,
        label: { key: `subject:type.${v}`, defaultValue: SUBJECT_TYPE_LABELS[v]! },
      })),
    },
    { key: "validFrom", kind: "date", label: { key: "wasteCard:list.validFrom", defaultValue: "Platnost od" } },
    {
      key: "subjectId",
      kind: "select",
      label: { key: "wasteCard:field.subject", defaultValue: "Odběrné místo" },
      options: [],
    },
  ],
  columns: [
    {
      key: "plainCode",
      label: { key: "wasteCard:field.plainCode", defaultValue: "Číslo karty" },
      sortable: true,
      render: (row: WasteCardListItem) => <span className="font-mono">{row.plainCode}</span>,
    },
    {
      key: "code",
      label: { key: "wasteCard:field.code", defaultValue: "Kód" },
      sortable: true,
      render: (row: WasteCardListItem) => <span className="font-mono">{row.code}</span>,
    },
    {
      key: "subjectName",
      label: { key: "wasteCard:field.subject", defaultValue: "Odběrné místo" },
      render: (row: WasteCardListItem) =>
        row.subjectId ? (
          <Link className="text-emerald-800 hover:underline" to={subjectPath(row.subjectId)}>
            {row.subjectName ?? `#${row.subjectId}`}
          </Link>
        ) : (
          "–"
        ),
    },
    {
      key: "feePayerName",
      label: { key: "wasteCard:field.feePayer", defaultValue: "Poplatník" },
      render: (row: WasteCardListItem) =>
        row.feePayerId ? (
          <Link className="text-emerald-800 hover:underline" to={feePayerPath(row.feePayerId)}>
            {row.feePayerName || `#${row.feePayerId}`}
          </Link>
        ) : (
          "–"
        ),
    },
    {
      key: "subjectType",
      label: { key: "wasteCard:field.subjectType", defaultValue: "Typ odběrného místa" },
      render: (row: WasteCardListItem) => (row.subjectType ? <SubjectTypeLabel type={row.subjectType} /> : "–"),
    },
    {
      key: "state",
      label: { key: "wasteCard:field.state", defaultValue: "Stav" },
      render: (row: WasteCardListItem) => <StateBadge state={row.state} />,
    },
    {
      // Sorted by the end of validity; the cell shows from – to.
      key: "validTo",
      label: { key: "wasteCard:field.validity", defaultValue: "Platnost" },
      sortable: true,
      render: (row: WasteCardListItem) => <Validity from={row.validFrom} to={row.validTo} />,
    },
    {
      key: "virtual",
      label: { key: "wasteCard:field.virtual", defaultValue: "Virtuální" },
      render: (row: WasteCardListItem) => <YesNo value={row.virtual} />,
    },
  ],
});

/** The bulk intents that open a dialog, and the dialogs' own intents. */
const OPENERS = { openExpiration: "expiration", openAssign: "assign", openRemove: "remove" } as const;
const DIALOG_KEYS = [DIALOG_PARAM, "ids", "subjectSearch", "assignSubjectId", "index"];

/** Selected ids from the URL or a form: positive integers, at most a page. */
function idsOf(values: FormDataEntryValue[] | string[]): number[] {
  const ids = values.map((v) => Number(v)).filter((n) => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647);
  return [...new Set(ids)].slice(0, 200);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteCard.aDetail");
  const params = parseListParams(wasteCardList, wasteCardParams, request.url);
  const sp = new URL(request.url).searchParams;
  const dialog = sp.get(DIALOG_PARAM);
  const permissions = api.session.get("permissions") ?? [];
  const subjectSearch = (sp.get("subjectSearch") ?? "").trim().slice(0, 100);
  const assignSubjectId = idsOf(sp.getAll("assignSubjectId"))[0] ?? null;
  const none = <T,>(v: T) => Promise.resolve(v);
  const picking = (dialog === "assign" || dialog === "pick-subject") && permissions.includes("subject.aDetail");

  const [list, subjectName, subjectChoices, members] = await Promise.all([
    api.get<{ items: WasteCardListItem[]; total: number }>(cardsApi(municipalityId), toApiQuery(params)),
    // The subject filter (from a subject's link) shows the subject's name.
    params.subjectId
      ? api
          .result.subject.detail({ municipalityId, subjectId: params.subjectId })
          .then((r) => (r.ok ? r.data.name : null))
      : none(null),
    // The assign dialog's picker: at most 20 subjects matching the search (decision 0011).
    picking
      ? api
          .result.subject.options({ municipalityId, search: subjectSearch || undefined })
          .then((r) => (r.ok ? r.data.items : []))
      : none(null),
    // …and the current members of the chosen subject, for the optional fee payer.
    picking && dialog === "assign" && assignSubjectId
      ? api
          .result.subject.members({ municipalityId, subjectId: assignSubjectId })
          .then((r) => (r.ok ? r.data.items.filter((x) => x.current) : []))
      : none(null),
  ]);
  return {
    ...list,
    params,
    subjectName,
    dialogIds: dialog ? idsOf(sp.getAll("ids")) : [],
    picker: { search: subjectSearch, choices: subjectChoices, subjectId: assignSubjectId, members },
  };
}

/** The list as it was (filters, sort, page); `changes` opens a dialog with its selection. */
function listUrl(request: Request, changes: Record<string, string | number | number[] | null> = {}) {
  const url = new URL(request.url);
  for (const key of DIALOG_KEYS) url.searchParams.delete(key);
  for (const [k, v] of Object.entries(changes)) {
    if (Array.isArray(v)) v.forEach((x) => url.searchParams.append(k, String(x)));
    else if (v !== null) url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search;
}

/** Which permission each intent needs (the API checks the same). */
const INTENT_PERMISSION = {
  openExpiration: "wasteCard.aEdit",
  openAssign: "wasteCard.aEdit",
  openRemove: "wasteCard.aRemove",
  setExpiration: "wasteCard.aEdit",
  assignSubject: "wasteCard.aEdit",
  confirmRemove: "wasteCard.aRemove",
} as const;

type ListAnswer = DetailAnswer & { tone?: "error" | "warning" };

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  // The assign dialog's 'load payers' button (a second submit of the same form) names itself.
  const intent = formData.has("pickSubject") ? "pickSubject" : String(formData.get("intent") ?? "");
  const { api, municipalityId } = await requireMunicipality(
    request,
    context,
    INTENT_PERMISSION[intent as keyof typeof INTENT_PERMISSION] ?? "wasteCard.aEdit",
  );
  const t = await userT(api.session);
  const ids = idsOf(formData.getAll("ids"));
  const values: Record<string, string> = {};
  for (const [k, v] of formData) if (typeof v === "string" && k !== "intent" && k !== "ids") values[k] = v;
  // 'Load payers' belongs to the assign dialog: its failure is shown there.
  const answerIntent = intent === "pickSubject" ? "assignSubject" : intent;
  const fail = (status: number, message: string, errors?: Record<string, string[]>, tone?: ListAnswer["tone"]) =>
    data<ListAnswer>({ intent: answerIntent, target: "", message, errors, values, tone }, { status });
  const failed = (res: { status: number; problem: ApiProblem }) =>
    fail(res.status, res.problem.Message, res.problem.errors);
  const done = async (text: string) => {
    addFlash(api.session, { type: "success", text });
    return redirect(listUrl(request), { headers: { "Set-Cookie": await commit(context, api.session) } });
  };
  if (!(intent in INTENT_PERMISSION) && intent !== "pickSubject") {
    return fail(400, t("wasteCard:flash.unknownAction", "Neznámá akce."));
  }
  if (ids.length === 0) {
    return fail(422, t("common:dataTable.selectItems", NOTHING_SELECTED), { ids: [NOTHING_SELECTED] }, "warning");
  }

  switch (intent) {
    case "openExpiration":
    case "openAssign":
    case "openRemove":
      return redirect(listUrl(request, { [DIALOG_PARAM]: OPENERS[intent], ids }));
    case "pickSubject": {
      const subjectId = idsOf([String(formData.get("subjectId") ?? "")])[0];
      const subjectSearch = String(formData.get("subjectSearch") ?? "").slice(0, 100);
      if (!subjectId) {
        const message = t("wasteCard:assign.chooseSubject", "Vyberte odběrné místo.");
        return fail(422, message, { subjectId: [message] });
      }
      return redirect(
        listUrl(request, {
          [DIALOG_PARAM]: "assign",
          ids,
          subjectSearch: subjectSearch || null,
          assignSubjectId: subjectId,
        }),
      );
    }
    case "setExpiration": {
      const parsed = expirationBody.safeParse({ ids, validTo: formData.get("validTo") });
      if (!parsed.success) {
        return fail(
          422,
          t("wasteCard:flash.invalid", "Zkontrolujte zadané údaje."),
          z.flattenError(parsed.error).fieldErrors,
        );
      }
      const res = await api.send<{ updated: number }>("PATCH", cardsApi(municipalityId, "/expiration"), parsed.data);
      if (!res.ok) return failed(res);
      return done(t("wasteCard:flash.expirationSet", "Platnost nastavena u karet: {{n}}.", { n: res.data.updated }));
    }
    case "assignSubject": {
      const parsed = assignSubjectBody.safeParse({
        ids,
        subjectId: formData.get("subjectId") ?? "",
        feePayerId: formData.get("feePayerId") ?? "",
      });
      if (!parsed.success) {
        return fail(
          422,
          t("wasteCard:flash.invalid", "Zkontrolujte zadané údaje."),
          z.flattenError(parsed.error).fieldErrors,
        );
      }
      const res = await api.send<{ updated: number }>(
        "PATCH",
        cardsApi(municipalityId, "/assign-subject"),
        parsed.data,
      );
      if (!res.ok) return failed(res);
      return done(t("wasteCard:flash.assigned", "Karty přiřazeny odběrnému místu: {{n}}.", { n: res.data.updated }));
    }
    default: {
      const res = await api.send<{ updated: number }>("POST", cardsApi(municipalityId, "/remove"), { ids });
      if (!res.ok) return failed(res);
      return done(t("wasteCard:flash.removed", "Odebráno karet: {{n}}.", { n: res.data.updated }));
    }
  }
}

/** The selected cards travel as hidden fields of the dialog's form. */
function SelectedIds({ ids }: { ids: number[] }) {
  return (
    <>
      {ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
    </>
  );
}

function ExpirationDialog({ ids }: { ids: number[] }) {
  const { t } = useTranslation();
  const today = useToday();
  return (
    <FormDialog
      name="expiration"
      intent="setExpiration"
      size="sm"
      title={t("wasteCard:expiration.title", "Nastavit konec platnosti")}
      description={t(
        "wasteCard:expiration.description",
        "Vybrané karty ({{n}}) platí do zvoleného dne včetně; datum v minulosti je rovnou označí jako prošlé.",
        { n: ids.length },
      )}
      submitLabel={t("wasteCard:expiration.submit", "Nastavit")}
    >
      {(answer) => (
        <>
          <SelectedIds ids={ids} />
          <Field
            id="expiration-validTo"
            errors={answer?.errors?.validTo ?? answer?.errors?.ids}
            label={t("wasteCard:field.validTo", "Platnost do")}
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

type Picker = {
  search: string;
  choices: SubjectOption[] | null;
  subjectId: number | null;
  members: SubjectMember[] | null;
};

/** Assign subject: a subject picker (search + at most 20), then optionally one of its current fee payers. */
function AssignDialog({ ids, picker }: { ids: number[]; picker: Picker }) {
  const { t } = useTranslation();
  const choices = picker.choices ?? [];
  const subjectErrors = (answer: DetailAnswer | undefined) => answer?.errors?.subjectId ?? answer?.errors?.ids;
  return (
    <FormDialog
      name="assign"
      intent="assignSubject"
      size="lg"
      title={t("wasteCard:assign.title", "Přiřadit odběrné místo")}
      description={t("wasteCard:assign.description", "Vybrané karty ({{n}}) dostanou odběrné místo této obce.", {
        n: ids.length,
      })}
      submitLabel={t("wasteCard:assign.submit", "Přiřadit")}
      before={
        <DialogSearch
          dialog="assign"
          param="subjectSearch"
          value={picker.search}
          label={t("wasteCard:assign.search", "Hledat odběrné místo")}
          placeholder={t("wasteCard:assign.searchPlaceholder", "Název nebo adresa")}
        />
      }
    >
      {(answer) => (
        <>
          <SelectedIds ids={ids} />
          <input type="hidden" name="subjectSearch" value={picker.search} />
          <Field
            id="assign-subjectId"
            errors={subjectErrors(answer)}
            label={t("wasteCard:field.subject", "Odběrné místo")}
            required
            description={
              picker.choices && choices.length === 0
                ? t("wasteCard:assign.noOptions", "Hledání nic nenašlo.")
                : t("wasteCard:assign.help", "Nabídka ukazuje nejvýše 20 míst; hledejte podle názvu nebo adresy.")
            }
          >
            <Select
              name="subjectId"
              required
              defaultValue={answer?.values?.subjectId ?? (picker.subjectId ? String(picker.subjectId) : "")}
              emptyOption={t("wasteCard:assign.chooseSubject", "Vyberte odběrné místo.")}
              options={choices.map((o) => ({ value: String(o.id), label: optionLabel(o) }))}
              {...fieldAria("assign-subjectId", subjectErrors(answer), true)}
            />
          </Field>
          <div className="flex flex-wrap items-end gap-2">
            <Field
              id="assign-feePayerId"
              className="min-w-64 flex-1"
              errors={answer?.errors?.feePayerId}
              label={t("wasteCard:assign.payer", "Poplatník (nepovinné)")}
              description={
                picker.members
                  ? picker.members.length === 0
                    ? t("wasteCard:assign.noMembers", "Odběrné místo nemá žádné současné poplatníky.")
                    : undefined
                  : t("wasteCard:assign.payerHelp", "Poplatníky nabídne 'Načíst poplatníky' u vybraného místa.")
              }
            >
              <Select
                name="feePayerId"
                defaultValue={answer?.values?.feePayerId ?? ""}
                emptyOption={t("wasteCard:assign.noPayer", "– celé odběrné místo –")}
                options={(picker.members ?? []).map((p) => ({ value: String(p.feePayerId), label: p.name }))}
                {...fieldAria("assign-feePayerId", answer?.errors?.feePayerId, !picker.members?.length)}
              />
            </Field>
            <Button type="submit" name="pickSubject" value="1" variant="secondary" formNoValidate>
              {t("wasteCard:assign.loadPayers", "Načíst poplatníky")}
            </Button>
          </div>
        </>
      )}
    </FormDialog>
  );
}

function RemoveDialog({ ids }: { ids: number[] }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      name="remove"
      intent="confirmRemove"
      size="sm"
      tone="danger"
      title={t("wasteCard:remove.title", "Odebrat karty?")}
      submitLabel={t("wasteCard:remove.submit", "Odebrat")}
    >
      {() => (
        <>
          <SelectedIds ids={ids} />
          <p>
            {t(
              "wasteCard:remove.message",
              "Vybrané karty ({{n}}) budou odebrány: virtuální karty se smažou, fyzické karty budou vyřazeny.",
              { n: ids.length },
            )}
          </p>
        </>
      )}
    </FormDialog>
  );
}

/** The subject filter: a search (GET) and a select that applies it (GET), the other filters kept. */
function SubjectFilterDialog({ picker }: { picker: Picker }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const choices = picker.choices ?? [];
  const kept = [...searchParams].filter(
    ([k]) => ![DIALOG_PARAM, "subjectSearch", "subjectId", "page", "index"].includes(k),
  );
  return (
    <Dialog
      name="pick-subject"
      title={t("wasteCard:filter.title", "Karty odběrného místa")}
      footer={
        <>
          <DialogClose variant="secondary">{t("common:cancel", "Zrušit")}</DialogClose>
          <Button type="submit" form="pick-subject-form">
            {t("wasteCard:filter.apply", "Použít")}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <DialogSearch
          dialog="pick-subject"
          param="subjectSearch"
          value={picker.search}
          label={t("wasteCard:assign.search", "Hledat odběrné místo")}
          placeholder={t("wasteCard:assign.searchPlaceholder", "Název nebo adresa")}
        />
        <Form method="get" action={location.pathname} id="pick-subject-form" preventScrollReset>
          {kept.map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
          <Field
            id="pick-subject-subjectId"
            label={t("wasteCard:field.subject", "Odběrné místo")}
            description={
              picker.choices && choices.length === 0
                ? t("wasteCard:assign.noOptions", "Hledání nic nenašlo.")
                : t("wasteCard:assign.help", "Nabídka ukazuje nejvýše 20 míst; hledejte podle názvu nebo adresy.")
            }
          >
            <Select
              name="subjectId"
              required
              defaultValue=""
              emptyOption={t("wasteCard:assign.chooseSubject", "Vyberte odběrné místo.")}
              options={choices.map((o) => ({ value: String(o.id), label: optionLabel(o) }))}
              {...fieldAria("pick-subject-subjectId", undefined, true)}
            />
          </Field>
        </Form>
      </div>
    </Dialog>
  );
}

export default function WasteCardList() {
  const { items, total, params, subjectName, dialogIds, picker } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ListAnswer | undefined;
  const [searchParams] = useSearchParams();
  const { t } = useTranslation();
  const shown = useMessage();
  const canAdd = useCan("aAdd", "wasteCard");
  const canEdit = useCan("aEdit", "wasteCard");
  const canRemove = useCan("aRemove", "wasteCard");
  const canSeeSubjects = useCan("aDetail", "subject");
  const generation = useGenerationAfter(Object.keys(OPENERS));
  const dialog = searchParams.get(DIALOG_PARAM);
  // A dialog's own failure is shown inside it; the page shows the rest ('Vyberte položky.').
  const pageAnswer =
    answer && !(dialog && ["setExpiration", "assignSubject", "confirmRemove"].includes(answer.intent))
      ? answer
      : undefined;
  const def = {
    ...wasteCardList,
    filters: wasteCardList.filters.flatMap((f) => {
      if (f.key !== "subjectId") return [f];
      if (!params.subjectId) return [];
      return [{ ...f, options: [{ value: String(params.subjectId), label: subjectName ?? `#${params.subjectId}` }] }];
    }),
  };
  const bulkActions = [
    ...(canEdit
      ? [
          { intent: "openExpiration", label: t("wasteCard:action.expiration", "Nastavit platnost…") },
          { intent: "openAssign", label: t("wasteCard:action.assign", "Přiřadit odběrné místo…") },
        ]
      : []),
    ...(canRemove
      ? [{ intent: "openRemove", label: t("wasteCard:action.remove", "Odebrat…"), variant: "danger" as const }]
      : []),
  ];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("wasteCard:list.title", "Karty odpadu")}</h1>
        {canAdd && <Button to={`${WASTE_CARDS_PATH}/import`}>{t("wasteCard:list.import", "Importovat z CSV")}</Button>}
      </div>
      {pageAnswer?.message && <Alert tone={pageAnswer.tone ?? "error"}>{shown(pageAnswer.message)}</Alert>}
      <DataTable
        key={generation}
        toolbar={
          !params.subjectId && canSeeSubjects ? (
            <DialogLink name="pick-subject" size="sm" params={{ subjectSearch: null, ids: null }}>
              {t("wasteCard:filter.open", "Filtrovat podle odběrného místa…")}
            </DialogLink>
          ) : undefined
        }
        def={def}
        rows={items}
        total={total}
        params={params}
        rowKey="id"
        rowLabel={(row) => row.plainCode}
        selectable={bulkActions.length > 0}
        bulkActions={bulkActions.length ? bulkActions : undefined}
        caption={t("wasteCard:list.title", "Karty odpadu")}
        emptyState={{
          message: t("wasteCard:list.empty", "Zatím žádné karty."),
          action: canAdd ? (
            <Button to={`${WASTE_CARDS_PATH}/import`} size="sm">
              {t("wasteCard:list.importFirst", "Importovat karty z CSV")}
            </Button>
          ) : undefined,
        }}
      />
      {canEdit && dialog === "expiration" && <ExpirationDialog ids={dialogIds} />}
      {canEdit && dialog === "assign" && <AssignDialog ids={dialogIds} picker={picker} />}
      {canRemove && dialog === "remove" && <RemoveDialog ids={dialogIds} />}
      {canSeeSubjects && dialog === "pick-subject" && <SubjectFilterDialog picker={picker} />}
    </div>
  );
}
