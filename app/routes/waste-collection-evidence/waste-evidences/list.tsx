/**
 * Spec 001 §2 'Waste evidence records': the list, newest first, with its filters (search by bin code or collection
 * point, waste, days, state, discarded, nonconforming). A collection point, a bin or a collection chosen elsewhere
 * (the detail's 'records of this bin', a collection's link) narrows it through the URL (?subjectId=, ?headerId=,
 * ?wasteCollectionId=), named above the table with a way back to all records.
 */
import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/list";
import type { ApiClient } from "~/server/api.server";
import { EVIDENCE_STATES, evidenceList, type EvidenceListItem } from "#contract/collection";
import { evidenceListKeys } from "#contract/lists";
import { defineList, withFilterOptions } from "~/lib/list";
import {
  booleanFilter,
  dateRangeFilters,
  enumFilter,
  idOptions,
  optionsFilter,
  searchFilter,
} from "~/lib/list-filters";
import { loadMunicipalityList } from "~/server/list-action.server";
import { formatNumber } from "~/lib/format/numbers";
import { column, dateTimeColumn, refColumn, textColumn, RECORD_LINK, DateTime } from "~/components/list-columns";
import { ListPage } from "~/components/list-page";
import { pageTitle } from "~/components/page-title";
import { subjectPath } from "~/routes/infrastructure/subjects/+shared/ui";
import { loadWasteTypes } from "./+shared/evidence.server";
import { DiscardedBadge, EVIDENCES_PATH, Fullness, NonconformingBadges, evidencePath, recordCode } from "./+shared/ui";

export const handle = pageTitle("wasteEvidence:list.title");

export const evidenceTable = defineList(evidenceListKeys, {
  filters: [
    searchFilter("wasteEvidence", true),
    optionsFilter("wasteTypeId", "wasteEvidence:field.wasteType"),
    ...dateRangeFilters("wasteEvidence:list"),
    enumFilter("state", "wasteEvidence:field.state", EVIDENCE_STATES, "wasteEvidence:state"),
    booleanFilter("discarded", "wasteEvidence:list.discarded"),
    booleanFilter("nonconforming", "wasteEvidence:list.nonconforming"),
  ],
  columns: [
    column("collectedAt", "wasteEvidence:field.collectedAt", (row: EvidenceListItem) => (
      <Link className={RECORD_LINK} to={evidencePath(row.id)}>
        <DateTime value={row.collectedAt} className="whitespace-nowrap" />
      </Link>
    )),
    column("code", "wasteEvidence:field.code", (row: EvidenceListItem) => (
      <span className="inline-flex items-center gap-1 font-mono">
        {recordCode(row)}
        {row.discardedAt && <DiscardedBadge />}
      </span>
    )),
    refColumn("subjectName", "wasteEvidence:field.subject", (row: EvidenceListItem) => row.subjectId, subjectPath),
    textColumn("wasteTypeName", "wasteEvidence:field.wasteType", (row: EvidenceListItem) => row.wasteTypeName),
    column("fullness", "wasteEvidence:field.fullness", (row: EvidenceListItem) => <Fullness value={row.fullness} />),
    textColumn(
      "acknowledgedWeightKg",
      "wasteEvidence:field.acknowledgedWeightKg",
      (row: EvidenceListItem) =>
        row.acknowledgedWeightKg === null ? null : formatNumber(row.acknowledgedWeightKg, { maxDecimals: 3 }),
      { className: "text-right tabular-nums" },
    ),
    column("nonconformingStateIds", "wasteEvidence:field.nonconformingStates", (row: EvidenceListItem) => (
      <NonconformingBadges ids={row.nonconformingStateIds} />
    )),
    dateTimeColumn("discardedAt", "wasteEvidence:field.discardedAt", (row: EvidenceListItem) => row.discardedAt, {
      spanClassName: "whitespace-nowrap",
    }),
  ],
});

/** The waste filter's options, read with the page. */
const wastes = async (api: ApiClient, municipalityId: number) => ({
  wasteTypes: (await loadWasteTypes(api, municipalityId)).map(({ id, name }) => ({ id, name })),
});

export const loader = (args: Route.LoaderArgs) =>
  loadMunicipalityList(args, "wasteEvidence.aDetail", evidenceList, (api) => api.wasteEvidence.list, wastes);

/** What narrows the list from elsewhere (URL only): its collection point, bin or collection, and the way back. */
function Narrowed({
  params,
  first,
}: {
  params: Route.ComponentProps["loaderData"]["params"];
  first?: EvidenceListItem;
}) {
  const { t } = useTranslation();
  const parts = [
    params.subjectId && `${t("wasteEvidence:field.subject")}: ${first?.subjectName ?? `#${params.subjectId}`}`,
    params.headerId && `${t("wasteEvidence:field.bin")}: ${first ? recordCode(first) : `#${params.headerId}`}`,
    params.wasteCollectionId && `${t("wasteEvidence:field.collection")}: #${params.wasteCollectionId}`,
  ].filter(Boolean);
  if (!parts.length) return null;
  return (
    <p className="text-sm text-slate-700">
      {parts.join(" · ")} ·{" "}
      <Link className="text-emerald-800 hover:underline" to={EVIDENCES_PATH}>
        {t("common:dataTable.clearFilters")}
      </Link>
    </p>
  );
}

export default function EvidenceList({ loaderData }: Route.ComponentProps) {
  const def = withFilterOptions(evidenceTable, {
    wasteTypeId: loaderData.wasteTypes.length ? idOptions(loaderData.wasteTypes) : null,
  });
  return (
    <ListPage
      ns="wasteEvidence"
      list={loaderData}
      def={def}
      create={{ to: `${EVIDENCES_PATH}/create` }}
      above={<Narrowed params={loaderData.params} first={loaderData.items[0]} />}
    />
  );
}
