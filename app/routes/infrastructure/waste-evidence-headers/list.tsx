import type { ReactNode } from "react";
import { Form, Link, type LinkProps, useLocation, useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/list";
import { BIN_STATES, wehList as wehContract, type WehListItem } from "#contract/waste-evidence-header";
import { wehListKeys } from "#contract/lists";
import { defineList, toSearch, withFilterOptions, withSearchParams } from "~/lib/list";
import { readListParams } from "~/lib/list-params";
import { formatDate } from "#contract/calendar";
import { useCan } from "~/lib/permissions";
import { formId, readIntent } from "~/server/action.server";
import { requireMunicipality } from "~/server/guard.server";
import { ListPage } from "~/components/list-page";
import { column, dateTimeColumn, linkColumn, refColumn, textColumn } from "~/components/list-columns";
import { dateFilter, enumFilter, optionsFilter, searchFilter } from "~/lib/list-filters";
import { listUrl } from "~/server/list-action.server";
import { pageTitle } from "~/components/page-title";
import { Button } from "~/components/ui/button";
import { DIALOG_PARAM, Dialog, DialogClose } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { DialogLink, DialogSearch } from "~/components/form-dialog";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { optionLabel } from "~/routes/infrastructure/subjects/+shared/form";
import { subjectPath } from "~/routes/infrastructure/subjects/+shared/ui";
import { BinStateBadge, TransferDialog, WEH_PATH, labelPath, typeSelectOptions, wehPath } from "./+shared/ui";
import { changeBins, feePayerName, loadTypes, subjectName, subjectOptions } from "./+shared/weh.server";

export const handle = pageTitle("wasteEvidenceHeader:list.title");

/** The date-and-time cells: on one line, digits aligned. */
const WHEN = { spanClassName: "whitespace-nowrap tabular-nums" };

/**
 * Spec 001 §2 'Waste bins / waste evidence headers' list: its columns and filters (subject, fee payer, bin type,
 * assignment date, state, discard date, city, waste type). The subject and the fee payer are chosen in picker
 * dialogs and shown as removable chips; they are list params, not controls of the filter bar.
 */
export const wehList = defineList(wehListKeys, {
  filters: [
    searchFilter("wasteEvidenceHeader", true),
    optionsFilter("binTypeId", "wasteEvidenceHeader:field.binType"),
    optionsFilter("wasteTypeId", "wasteEvidenceHeader:field.wasteType"),
    enumFilter("state", "wasteEvidenceHeader:field.state", BIN_STATES, "wasteEvidenceHeader:state"),
    dateFilter("assignedFrom", "wasteEvidenceHeader:list.assignedFrom"),
    dateFilter("assignedTo", "wasteEvidenceHeader:list.assignedTo"),
    dateFilter("discardedFrom", "wasteEvidenceHeader:list.discardedFrom"),
    dateFilter("discardedTo", "wasteEvidenceHeader:list.discardedTo"),
    optionsFilter("city", "wasteEvidenceHeader:field.city"),
  ],
  columns: [
    linkColumn(
      "barcode",
      "wasteEvidenceHeader:field.barcode",
      (row: WehListItem) => wehPath(row.id),
      (row) => row.barcode,
      {
        linkClassName: "font-medium text-emerald-800 tabular-nums hover:underline",
      },
    ),
    column("plainCode", "wasteEvidenceHeader:field.plainCode"),
    column("rfid", "wasteEvidenceHeader:field.rfid"),
    column("binName", "wasteEvidenceHeader:field.binName"),
    dateTimeColumn(
      "lastEvidenceAt",
      "wasteEvidenceHeader:field.lastEvidenceAt",
      (row: WehListItem) => row.lastEvidenceAt,
      WHEN,
    ),
    column("state", "wasteEvidenceHeader:field.state", (row: WehListItem) => <BinStateBadge state={row.state} />),
    dateTimeColumn("assignedAt", "wasteEvidenceHeader:field.assignedAt", (row: WehListItem) => row.assignedAt, WHEN),
    refColumn("subjectName", "wasteEvidenceHeader:field.subject", (row: WehListItem) => row.subjectId, subjectPath),
    column("city", "wasteEvidenceHeader:field.city"),
    textColumn("address", "wasteEvidenceHeader:field.address", (row: WehListItem) => row.address || null),
  ],
});

/** The picker dialogs of the subject and fee-payer filters, and their search params. */
const PICKERS = {
  subject: { dialog: "pick-subject", param: "subjectId", search: "subjectSearch" },
  feePayer: { dialog: "pick-fee-payer", param: "feePayerId", search: "feePayerSearch" },
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteEvidenceHeader.aDetail");
  const params = readListParams(wehContract, request.url);
  const sp = new URL(request.url).searchParams;
  const dialog = sp.get(DIALOG_PARAM);
  const text = (key: string) => (sp.get(key) ?? "").trim().slice(0, 100);
  const permissions = api.session.get("permissions") ?? [];
  const none = <T,>(v: T) => Promise.resolve(v);

  const [list, filters, types, subject, feePayer, subjectChoices, payerChoices] = await Promise.all([
    api.wasteEvidenceHeader.list({ municipalityId, ...params }),
    api.wasteEvidenceHeader.filters({ municipalityId }),
    loadTypes(api, municipalityId),
    params.subjectId ? subjectName(api, municipalityId, params.subjectId) : none(null),
    params.feePayerId ? feePayerName(api, municipalityId, params.feePayerId) : none(null),
    // Picker dialogs are opened through the URL: only an open one costs a request (decision 0011).
    dialog === PICKERS.subject.dialog || dialog === "transfer"
      ? subjectOptions(api, municipalityId, text(dialog === "transfer" ? "transferSearch" : PICKERS.subject.search))
      : none(null),
    dialog === PICKERS.feePayer.dialog && permissions.includes("feePayer.aDetail")
      ? api.result.feePayer
          .options({ municipalityId, search: text(PICKERS.feePayer.search) || undefined })
          .then((r) => (r.ok ? r.data.items : []))
      : none(null),
  ]);
  return {
    ...list,
    params,
    cities: filters.cities,
    types,
    chips: { subject, feePayer },
    subjectChoices,
    payerChoices,
    // The selection a dialog acts on (transfer, discard) travels in its URL.
    dialogIds: dialog === "transfer" || dialog === "discard" ? sp.getAll("ids").flatMap((v) => formId(v) ?? []) : [],
  };
}

/** What the list forgets after an action: the dialog, its selection and its search. */
const DIALOG_KEYS = ["index", DIALOG_PARAM, "ids", "transferSearch"];

/**
 * Bulk discard, restore and transfer (spec 001 §2); nothing selected → 'Vyberte položky.'. Discard and transfer open
 * their dialog through the URL first, so they ask the same with and without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteEvidenceHeader.aEdit");
  const { formData, intent } = await readIntent(request);
  return changeBins(api, context, {
    municipalityId,
    intent,
    formData,
    back: listUrl(request, DIALOG_KEYS),
    openTransfer: (ids) => listUrl(request, DIALOG_KEYS, { [DIALOG_PARAM]: "transfer", ids }),
    openDiscard: (ids) => listUrl(request, DIALOG_KEYS, { [DIALOG_PARAM]: "discard", ids }),
  });
}

/** A chosen subject or fee payer: its name and a link that removes it. */
function Chip({ label, name, removeTo }: { label: string; name: string; removeTo: LinkProps["to"] }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 py-0.5 pr-1 pl-3 text-sm text-emerald-900 ring-1 ring-emerald-600/20">
      <span>
        {label}: <strong className="font-semibold">{name}</strong>
      </span>
      <Link
        to={removeTo}
        preventScrollReset
        className="inline-flex size-6 items-center justify-center rounded-full hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-emerald-600"
        aria-label={t("wasteEvidenceHeader:list.removeFilter", { name: `${label}: ${name}` })}
      >
        <span aria-hidden="true">×</span>
      </Link>
    </span>
  );
}

/** Choose the subject or fee payer of the list: a search (GET) and a select that applies the filter (GET). */
function PickerDialog(props: {
  /** The dialog's name and its two search params (PICKERS). */
  picker: (typeof PICKERS)[keyof typeof PICKERS];
  title: string;
  searchLabel: string;
  label: string;
  options: { value: string; label: string }[] | null;
}) {
  const { t } = useTranslation();
  const { dialog, param, search } = props.picker;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const formId = `${dialog}-form`;
  const selectId = `${dialog}-select`;
  // The other filters stay; the page starts again at 1.
  const kept = [...searchParams].filter(([k]) => ![DIALOG_PARAM, search, param, "page", "index"].includes(k));
  return (
    <Dialog
      name={dialog}
      title={props.title}
      footer={
        <>
          <DialogClose variant="secondary">{t("common:cancel")}</DialogClose>
          <Button type="submit" form={formId}>
            {t("wasteEvidenceHeader:picker.apply")}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <DialogSearch dialog={dialog} param={search} value={searchParams.get(search) ?? ""} label={props.searchLabel} />
        <Form method="get" action={location.pathname} id={formId} className="space-y-1" preventScrollReset>
          {kept.map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
          <Label htmlFor={selectId}>{props.label}</Label>
          <Select
            id={selectId}
            name={param}
            required
            defaultValue={searchParams.get(param) ?? ""}
            emptyOption={t("wasteEvidenceHeader:picker.choose")}
            options={props.options ?? []}
          />
          <p className="text-xs text-slate-500">
            {props.options && props.options.length === 0
              ? t("wasteEvidenceHeader:picker.none")
              : t("wasteEvidenceHeader:picker.helpShort")}
          </p>
        </Form>
      </div>
    </Dialog>
  );
}

export default function WasteEvidenceHeaderList({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { params, cities, types, chips, subjectChoices, payerChoices, dialogIds } = loaderData;
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const canEdit = useCan("aEdit", "wasteEvidenceHeader");
  const canSeePayers = useCan("aDetail", "feePayer");

  const def = withFilterOptions(wehList, {
    binTypeId: typeSelectOptions(types.binTypes, params.binTypeId),
    wasteTypeId: typeSelectOptions(types.wasteTypes, params.wasteTypeId),
    city: params.city && !cities.includes(params.city) ? [params.city, ...cities] : cities,
  });
  const without = (key: string) => ({
    pathname: location.pathname,
    search: toSearch(withSearchParams(searchParams, { [key]: null, page: null })),
  });
  const subjectLabel = t("wasteEvidenceHeader:field.subject");
  const payerLabel = t("wasteEvidenceHeader:field.feePayer");
  // The chosen subject and fee payer, each with a link that removes it.
  const chosen = [
    { param: "subjectId", label: subjectLabel, id: params.subjectId, name: chips.subject },
    { param: "feePayerId", label: payerLabel, id: params.feePayerId, name: chips.feePayer },
  ] as const;
  const chipRow: ReactNode[] = chosen.flatMap((c) =>
    c.id ? [<Chip key={c.param} label={c.label} name={c.name ?? `#${c.id}`} removeTo={without(c.param)} />] : [],
  );
  const createTo = `${WEH_PATH}/create?tab=assign${params.subjectId ? `&subjectId=${params.subjectId}` : ""}`;
  // A transfer's failure belongs to its dialog while that is open; otherwise ('Vyberte položky.') to the page.
  const listAnswer =
    answer && !(answer.intent === "transfer" && searchParams.get(DIALOG_PARAM) === "transfer") ? answer : undefined;

  return (
    <ListPage
      ns="wasteEvidenceHeader"
      list={loaderData}
      create={{ to: createTo, label: t("wasteEvidenceHeader:list.assign"), can: canEdit }}
      emptyMessage={chipRow.length ? t("wasteEvidenceHeader:list.emptyChosen") : undefined}
      answer={listAnswer}
      resetAfter="any"
      above={
        chipRow.length > 0 && (
          <div
            className="flex flex-wrap items-center gap-2"
            aria-label={t("wasteEvidenceHeader:list.chosen")}
            role="group"
          >
            {chipRow}
          </div>
        )
      }
      def={def}
      rowLabel={(row) => row.barcode}
      bulkActions={[
        { intent: "discard", label: t("wasteEvidenceHeader:action.discard") },
        { intent: "restore", label: t("wasteEvidenceHeader:action.restore") },
        { intent: "transfer", label: t("wasteEvidenceHeader:action.transfer") },
      ]}
      toolbar={
        <>
          <DialogLink name={PICKERS.subject.dialog} size="sm" params={{ subjectSearch: null }}>
            {params.subjectId ? t("wasteEvidenceHeader:list.changeSubject") : t("wasteEvidenceHeader:list.pickSubject")}
          </DialogLink>
          {canSeePayers && (
            <DialogLink name={PICKERS.feePayer.dialog} size="sm" params={{ feePayerSearch: null }}>
              {params.feePayerId
                ? t("wasteEvidenceHeader:list.changeFeePayer")
                : t("wasteEvidenceHeader:list.pickFeePayer")}
            </DialogLink>
          )}
        </>
      }
      rowActions={(row) => (
        <a
          href={labelPath(row.id)}
          className="rounded px-1.5 py-1 text-sm text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
          aria-label={t("wasteEvidenceHeader:action.labelCopyOf", {
            code: row.barcode,
          })}
        >
          {t("wasteEvidenceHeader:action.labelShort")}
        </a>
      )}
    >
      <PickerDialog
        picker={PICKERS.subject}
        title={t("wasteEvidenceHeader:list.pickSubject")}
        searchLabel={t("wasteEvidenceHeader:picker.searchSubject")}
        label={subjectLabel}
        options={subjectChoices?.map((o) => ({ value: String(o.id), label: optionLabel(o) })) ?? null}
      />
      {canSeePayers && (
        <PickerDialog
          picker={PICKERS.feePayer}
          title={t("wasteEvidenceHeader:list.pickFeePayer")}
          searchLabel={t("wasteEvidenceHeader:picker.searchFeePayer")}
          label={payerLabel}
          options={
            payerChoices?.map((o) => ({
              value: String(o.id),
              label: o.dateOfBirth ? `${o.name} (${formatDate(o.dateOfBirth, i18n.language)})` : o.name,
            })) ?? null
          }
        />
      )}
      {canEdit && <TransferDialog ids={dialogIds} options={subjectChoices} />}
      {canEdit && (
        <ConfirmDialog
          name="discard"
          intent="discard"
          confirmLabel={t("wasteEvidenceHeader:action.discard")}
          title={t("wasteEvidenceHeader:confirm.discardSelected", { count: dialogIds.length })}
          message={t("wasteEvidenceHeader:confirm.discardMessage")}
          fields={{ ids: dialogIds, confirmed: "1" }}
        />
      )}
    </ListPage>
  );
}
