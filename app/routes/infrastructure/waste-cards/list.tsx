/**
 * Spec 001 §2 'Waste cards': the list (plain code, code, subject, fee payer, subject type, state, validity, virtual)
 * with its filters, and the bulk actions set expiration date, assign subject and remove. A bulk action first opens
 * its dialog through the URL (?dialog=…&ids=…), so the date, the subject picker (decision 0011) and the confirmation
 * work the same with and without JavaScript.
 */
import { redirect } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { z } from "zod";
import type { Route } from "./+types/list";
import { SUBJECT_TYPES } from "#contract/enums";
import { NOTHING_SELECTED } from "#contract/user";
import {
  assignSubjectBody,
  expirationBody,
  wasteCardList as wasteCardContract,
  WASTE_CARD_STATES,
  type WasteCardListItem,
} from "#contract/waste-card";
import { wasteCardListKeys } from "#contract/lists";
import { defineList, withFilterOptions } from "~/lib/list";
import { readListParams } from "~/lib/list-params";
import { formatDate } from "#contract/calendar";
import { useCan } from "~/lib/permissions";
import type { AnswerTone } from "~/lib/action-answer";
import {
  answer,
  apiAnswer,
  formId,
  readIntent,
  redirectWithFlash,
  selectedIds,
  textValues,
  unknownIntent,
} from "~/server/action.server";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { ListPage } from "~/components/list-page";
import { column, refColumn, textColumn, YesNo } from "~/components/list-columns";
import { dateFilter, enumFilter, optionsFilter, searchFilter } from "~/lib/list-filters";
import { openBulkDialog, withoutDialog } from "~/server/list-action.server";
import { bulkDialogs, useBulkDialogs } from "~/lib/bulk-dialogs";
import { pageTitle } from "~/components/page-title";
import { DIALOG_PARAM } from "~/components/ui/dialog";
import { BulkRemoveDialog, DialogLink } from "~/components/form-dialog";
import { feePayerPath, SubjectTypeLabel, subjectPath } from "~/routes/infrastructure/subjects/+shared/ui";
import { AssignDialog, ExpirationDialog, SubjectFilterDialog } from "./+shared/dialogs";
import { IMPORT_PATH, StateBadge } from "./+shared/ui";

export const handle = pageTitle("wasteCard:list.title");

function Validity({ from, to }: { from: string | null; to: string | null }) {
  const { i18n } = useTranslation();
  if (!from && !to) return <>–</>;
  const date = (v: string | null) => (v ? formatDate(v, i18n.language) : "");
  return <span className="whitespace-nowrap">{`${date(from)} – ${date(to)}`}</span>;
}

/** Spec 001 §2 Waste cards list: filters state, subject type, valid from, search, subject. */
export const wasteCardList = defineList(wasteCardListKeys, {
  filters: [
    searchFilter("wasteCard", true),
    enumFilter("state", "wasteCard:field.state", WASTE_CARD_STATES, "wasteCard:state"),
    enumFilter("subjectType", "wasteCard:field.subjectType", SUBJECT_TYPES, "subject:type"),
    dateFilter("validFrom", "wasteCard:list.validFrom"),
    optionsFilter("subjectId", "wasteCard:field.subject"),
  ],
  columns: [
    column("plainCode", "wasteCard:field.plainCode", (row: WasteCardListItem) => <Code value={row.plainCode} />),
    column("code", "wasteCard:field.code", (row: WasteCardListItem) => <Code value={row.code} />),
    refColumn("subjectName", "wasteCard:field.subject", (row: WasteCardListItem) => row.subjectId, subjectPath),
    refColumn("feePayerName", "wasteCard:field.feePayer", (row: WasteCardListItem) => row.feePayerId, feePayerPath),
    textColumn("subjectType", "wasteCard:field.subjectType", (row: WasteCardListItem) =>
      row.subjectType ? <SubjectTypeLabel type={row.subjectType} /> : null,
    ),
    column("state", "wasteCard:field.state", (row: WasteCardListItem) => <StateBadge state={row.state} />),
    // Sorted by the end of validity; the cell shows from – to.
    column("validTo", "wasteCard:field.validity", (row: WasteCardListItem) => (
      <Validity from={row.validFrom} to={row.validTo} />
    )),
    column("virtual", "wasteCard:field.virtual", (row: WasteCardListItem) => <YesNo value={row.virtual} />),
  ],
});

function Code({ value }: { value: string }) {
  return <span className="font-mono">{value}</span>;
}

/** Positive ids of a URL's search param (the dialog's selection travels in the URL), at most a page. */
const urlIds = (sp: URLSearchParams, name: string) =>
  [...new Set(sp.getAll(name).flatMap((v) => formId(v) ?? []))].slice(0, 200);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteCard.aDetail");
  const params = readListParams(wasteCardContract, request.url);
  const sp = new URL(request.url).searchParams;
  const dialog = sp.get(DIALOG_PARAM);
  const permissions = api.session.get("permissions") ?? [];
  const subjectSearch = (sp.get("subjectSearch") ?? "").trim().slice(0, 100);
  const assignSubjectId = urlIds(sp, "assignSubjectId")[0] ?? null;
  const none = <T,>(v: T) => Promise.resolve(v);
  const picking = (dialog === "assign" || dialog === "pick-subject") && permissions.includes("subject.aDetail");

  const [list, subjectName, subjectChoices, members] = await Promise.all([
    api.wasteCard.list({ municipalityId, ...params }),
    // The subject filter (from a subject's link) shows the subject's name.
    params.subjectId
      ? api.result.subject
          .detail({ municipalityId, subjectId: params.subjectId })
          .then((r) => (r.ok ? r.data.name : null))
      : none(null),
    // The assign dialog's picker: at most 20 subjects matching the search (decision 0011).
    picking
      ? api.result.subject
          .options({ municipalityId, search: subjectSearch || undefined })
          .then((r) => (r.ok ? r.data.items : []))
      : none(null),
    // …and the current members of the chosen subject, for the optional fee payer.
    picking && dialog === "assign" && assignSubjectId
      ? api.result.subject
          .members({ municipalityId, subjectId: assignSubjectId })
          .then((r) => (r.ok ? r.data.items.filter((x) => x.current) : []))
      : none(null),
  ]);
  return {
    ...list,
    params,
    subjectName,
    dialogIds: dialog ? urlIds(sp, "ids") : [],
    picker: { search: subjectSearch, choices: subjectChoices, subjectId: assignSubjectId, members },
  };
}

/** The bulk actions, each through its dialog; 'load payers' (pickSubject) is the assign dialog's second button. */
const cardDialogs = bulkDialogs("wasteCard", {
  expiration: { open: "openExpiration", submit: "setExpiration", right: "aEdit" },
  assign: { open: "openAssign", submit: "assignSubject", right: "aEdit" },
  remove: { open: "openRemove", submit: "confirmRemove", right: "aRemove" },
});
/** The assign dialog's own keys in the URL. */
const PICKER_KEYS = ["subjectSearch", "assignSubjectId"];

/** The list as it was (filters, sort, page); `changes` opens a dialog with its selection. */
const backTo = (request: Request, changes: Parameters<typeof withoutDialog>[2] = {}) =>
  withoutDialog(request, PICKER_KEYS, changes);

export async function action({ request, context }: Route.ActionArgs) {
  const { formData, intent: posted } = await readIntent(request);
  // The assign dialog's 'load payers' button (a second submit of the same form) names itself.
  const intent = formData.has("pickSubject") ? "pickSubject" : posted;
  const { api, municipalityId } = await requireMunicipality(request, context, cardDialogs.permission(intent));
  const t = await userT(api.session);
  const ids = selectedIds(formData);
  const values = textValues(formData);
  // 'Load payers' belongs to the assign dialog: its failure is shown there.
  const answerIntent = intent === "pickSubject" ? "assignSubject" : intent;
  const fail = (status: number, message: string, errors?: Record<string, string[]>, tone?: AnswerTone) =>
    answer({ intent: answerIntent, message, errors, values, tone }, status);
  const invalid = (error: z.ZodError) => fail(422, t("wasteCard:flash.invalid"), z.flattenError(error).fieldErrors);
  const done = (res: { ok: true; data: { updated: number } }, key: string) =>
    redirectWithFlash(api, context, backTo(request), t(key, { n: res.data.updated }));
  if (!cardDialogs.knows(intent) && intent !== "pickSubject") return unknownIntent(answerIntent, t);
  if (ids.length === 0) return fail(422, t("common:dataTable.selectItems"), { ids: [NOTHING_SELECTED] }, "warning");
  const opened = openBulkDialog(request, cardDialogs, intent, ids, PICKER_KEYS);
  if (opened) return opened;

  switch (intent) {
    case "pickSubject": {
      const subjectId = formId(formData.get("subjectId"));
      const subjectSearch = String(formData.get("subjectSearch") ?? "").slice(0, 100);
      if (!subjectId) {
        const message = t("wasteCard:assign.chooseSubject");
        return fail(422, message, { subjectId: [message] });
      }
      return redirect(
        backTo(request, {
          [DIALOG_PARAM]: "assign",
          ids,
          subjectSearch: subjectSearch || null,
          assignSubjectId: subjectId,
        }),
      );
    }
    case "setExpiration": {
      const parsed = expirationBody.safeParse({ ids, validTo: formData.get("validTo") });
      if (!parsed.success) return invalid(parsed.error);
      const res = await api.wasteCard.setExpiration({ municipalityId }, parsed.data);
      return res.ok ? done(res, "wasteCard:flash.expirationSet") : apiAnswer(answerIntent, res, { values });
    }
    case "assignSubject": {
      const parsed = assignSubjectBody.safeParse({
        ids,
        subjectId: formData.get("subjectId") ?? "",
        feePayerId: formData.get("feePayerId") ?? "",
      });
      if (!parsed.success) return invalid(parsed.error);
      const res = await api.wasteCard.assignSubject({ municipalityId }, parsed.data);
      return res.ok ? done(res, "wasteCard:flash.assigned") : apiAnswer(answerIntent, res, { values });
    }
    default: {
      const res = await api.wasteCard.remove({ municipalityId }, { ids });
      return res.ok ? done(res, "wasteCard:flash.removed") : apiAnswer(answerIntent, res, { values });
    }
  }
}

export default function WasteCardList({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { params, subjectName, dialogIds, picker } = loaderData;
  const { t } = useTranslation();
  const { dialog, canEdit, canRemove, pageAnswer, bulkActions, resetAfter } = useBulkDialogs(cardDialogs, answer);
  const canSeeSubjects = useCan("aDetail", "subject");
  // The subject filter is shown only while it is set (from a subject's link), with the subject's name.
  const def = withFilterOptions(wasteCardList, {
    subjectId: params.subjectId
      ? [{ value: String(params.subjectId), label: subjectName ?? `#${params.subjectId}` }]
      : null,
  });

  return (
    <ListPage
      ns="wasteCard"
      list={loaderData}
      create={{ to: IMPORT_PATH, label: t("wasteCard:list.import"), emptyLabel: t("wasteCard:list.importFirst") }}
      answer={pageAnswer}
      resetAfter={resetAfter}
      toolbar={
        !params.subjectId && canSeeSubjects ? (
          <DialogLink name="pick-subject" size="sm" params={{ subjectSearch: null, ids: null }}>
            {t("wasteCard:filter.open")}
          </DialogLink>
        ) : undefined
      }
      def={def}
      rowLabel={(row) => row.plainCode}
      bulkActions={bulkActions}
      bulkCan={canEdit || canRemove}
    >
      {canEdit && dialog === "expiration" && <ExpirationDialog ids={dialogIds} />}
      {canEdit && dialog === "assign" && <AssignDialog ids={dialogIds} picker={picker} />}
      {canRemove && dialog === "remove" && <BulkRemoveDialog ns="wasteCard" ids={dialogIds} />}
      {canSeeSubjects && dialog === "pick-subject" && <SubjectFilterDialog picker={picker} />}
    </ListPage>
  );
}
