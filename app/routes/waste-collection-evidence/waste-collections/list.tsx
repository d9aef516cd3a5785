/**
 * Spec 001 §2 'Waste collections': the list (collection date, name, waste, collection end, licence plate, record
 * count, error count, state, weight, invoice value) with its filters, and the bulk actions set invoice price, merge
 * (a new name for the selected collections; spec 000 §7) and delete; 'import collection' leads to the upload. A bulk
 * action opens its dialog through the URL (?dialog=…&ids=…), so it works the same with and without JavaScript.
 */
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/list";
import type { ApiClient } from "~/server/api.server";
import {
  COLLECTION_STATES,
  collectionList as collectionContract,
  collectionMergeBody,
  type CollectionListItem,
} from "#contract/collection";
import { collectionListKeys } from "#contract/lists";
import { formatDate } from "#contract/calendar";
import { defineList, withFilterOptions } from "~/lib/list";
import {
  answer,
  apiAnswer,
  readIntent,
  redirectWithFlash,
  selectedIds,
  textValues,
  unknownIntent,
} from "~/server/action.server";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import {
  bulkDialogIds,
  loadMunicipalityList,
  nothingSelected,
  openBulkDialog,
  withoutDialog,
} from "~/server/list-action.server";
import { bulkDialogs, useBulkDialogs } from "~/lib/bulk-dialogs";
import { ListPage } from "~/components/list-page";
import { DateTime, column, countColumn, linkColumn, textColumn } from "~/components/list-columns";
import { dateRangeFilters, enumFilter, idOptions, optionsFilter, searchFilter } from "~/lib/list-filters";
import { pageTitle } from "~/components/page-title";
import { BulkRemoveDialog } from "~/components/form-dialog";
import { COLLECTION_IMPORT_PATH, CollectionStateBadge, Price, Tonnes, collectionPath } from "./+shared/ui";
import { MergeDialog, PriceDialog } from "./+shared/list-dialogs";
import { invalidCollection, setCollectionPrice } from "./+shared/actions.server";

export const handle = pageTitle("wasteCollection:list.title");

export const collectionList = defineList(collectionListKeys, {
  filters: [
    searchFilter("wasteCollection", true),
    enumFilter("state", "wasteCollection:field.state", COLLECTION_STATES, "wasteCollection:state"),
    optionsFilter("wasteTypeId", "wasteCollection:field.waste"),
    ...dateRangeFilters("wasteCollection:filter"),
  ],
  columns: [
    column(
      "collectedOn",
      "wasteCollection:field.collectedOn",
      (row: CollectionListItem) => <Day value={row.collectedOn} />,
      {
        className: "whitespace-nowrap",
      },
    ),
    linkColumn(
      "name",
      "wasteCollection:field.name",
      (row: CollectionListItem) => collectionPath(row.id),
      (row) => row.name,
    ),
    textColumn("wasteName", "wasteCollection:field.waste", (row: CollectionListItem) => row.wasteName),
    column("endedAt", "wasteCollection:field.endedAt", (row: CollectionListItem) =>
      row.endedAt ? <DateTime value={row.endedAt} /> : "–",
    ),
    textColumn("licencePlate", "wasteCollection:field.licencePlate", (row: CollectionListItem) => row.licencePlate),
    countColumn("recordCount", "wasteCollection:field.recordCount", (row: CollectionListItem) => row.recordCount),
    countColumn("errorCount", "wasteCollection:field.errorCount", (row: CollectionListItem) => row.errorCount),
    column("state", "wasteCollection:field.state", (row: CollectionListItem) => (
      <CollectionStateBadge state={row.state} />
    )),
    column("weightKg", "wasteCollection:field.weight", (row: CollectionListItem) => <Tonnes kg={row.weightKg} />, {
      align: "right",
    }),
    column(
      "invoiceValue",
      "wasteCollection:field.invoiceValue",
      (row: CollectionListItem) => <Price value={row.invoiceValue} unit={row.priceUnit} />,
      { align: "right" },
    ),
  ],
});

function Day({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return <>{formatDate(value, i18n.language)}</>;
}

/** The waste filter's options (for who may see the waste types) and the selection of an open bulk dialog. */
async function optionsAndDialog(api: ApiClient, municipalityId: number, request: Request) {
  const canSeeTypes = (api.session.get("permissions") ?? []).includes("municipality.aDetail");
  const wastes = canSeeTypes
    ? await api.result.wasteSettings
        .wasteTypes({ municipalityId, counts: false })
        .then((r) => (r.ok ? r.data.items : []))
    : [];
  return {
    wasteOptions: idOptions(wastes.map((w) => ({ id: w.id, name: w.name }))),
    dialogIds: bulkDialogIds(request),
  };
}

export const loader = (args: Route.LoaderArgs) =>
  loadMunicipalityList(
    args,
    "wasteCollection.aDetail",
    collectionContract,
    (api) => api.wasteCollection.list,
    (api, id) => optionsAndDialog(api, id, args.request),
  );

/** The bulk actions, each through its dialog. */
const collectionDialogs = bulkDialogs("wasteCollection", {
  price: { open: "openPrice", submit: "setPrice", right: "aEdit" },
  merge: { open: "openMerge", submit: "merge", right: "aEdit" },
  remove: { open: "openRemove", submit: "confirmRemove", right: "aRemove" },
});

export async function action({ request, context }: Route.ActionArgs) {
  const { formData, intent } = await readIntent(request);
  const { api, municipalityId } = await requireMunicipality(request, context, collectionDialogs.permission(intent));
  const t = await userT(api.session);
  if (!collectionDialogs.knows(intent)) return unknownIntent(intent, t);
  const ids = selectedIds(formData);
  if (ids.length === 0) return nothingSelected(intent, t);
  const opened = openBulkDialog(request, collectionDialogs, intent, ids);
  if (opened) return opened;
  const values = textValues(formData);
  const back = () => withoutDialog(request);
  const args = { request, context, api, t, formData, intent };

  switch (intent) {
    case "setPrice":
      return setCollectionPrice(args, municipalityId, ids, back());
    case "merge": {
      const parsed = collectionMergeBody.safeParse({ ids, name: values.name ?? "" });
      if (!parsed.success) return invalidCollection(args, parsed.error, values);
      const res = await api.wasteCollection.merge({ municipalityId }, parsed.data);
      // Spec 000 §8: merge errors are not shown as the API's messages; the dialog says the merge failed.
      if (!res.ok) return answer({ intent, message: t("wasteCollection:flash.mergeFailed"), values }, res.status);
      return redirectWithFlash(api, context, collectionPath(res.data.id), t("wasteCollection:flash.merged"));
    }
    default: {
      const res = await api.wasteCollection.remove({ municipalityId }, { ids });
      if (!res.ok) return apiAnswer(intent, res, { values });
      return redirectWithFlash(api, context, back(), t("wasteCollection:flash.removed", { n: res.data.updated }));
    }
  }
}

export default function CollectionList({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { wasteOptions, dialogIds } = loaderData;
  const { t } = useTranslation();
  const { dialog, pageAnswer, bulkActions, resetAfter } = useBulkDialogs(collectionDialogs, answer);
  const def = withFilterOptions(collectionList, { wasteTypeId: wasteOptions.length ? wasteOptions : null });
  return (
    <ListPage
      ns="wasteCollection"
      list={loaderData}
      def={def}
      create={{
        to: COLLECTION_IMPORT_PATH,
        label: t("wasteCollection:list.import"),
        emptyLabel: t("wasteCollection:list.importFirst"),
      }}
      answer={pageAnswer}
      resetAfter={resetAfter}
      bulkActions={bulkActions}
      rowLabel={(row) => row.name}
    >
      {dialog === "price" && <PriceDialog ids={dialogIds} />}
      {dialog === "merge" && <MergeDialog ids={dialogIds} />}
      {dialog === "remove" && <BulkRemoveDialog ns="wasteCollection" ids={dialogIds} />}
    </ListPage>
  );
}
