/**
 * The global search (spec 000 §2 'Global search', spec 001 §2 'Search', decision 0042): the screens whose
 * navigation label matches the term, then the active municipality's records found through the lists' own `search`
 * filter, each kind only for a user who may see it. A GET form (`?q=`), so it works without JavaScript and can be
 * bookmarked; a short, empty or over-long term answers with a hint, never an error page.
 */
import { Form } from "react-router";
import { MAX_SEARCH_LENGTH } from "#contract/lists";
import type { Permission } from "#contract/permissions";
import { allOf } from "#contract/all-of";
import { useTranslation } from "~/i18n/use-translation";
import { pageTitle } from "~/components/page-title";
import { PageHeader } from "~/components/page-header";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { apiFor, type ApiResult } from "~/server/api.server";
import { activeMunicipalityId } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { visibleNav } from "~/lib/navigation";
import {
  MIN_SEARCH_LENGTH,
  RESULTS_PER_GROUP,
  exactBin,
  looksLikeCode,
  matchingPages,
  readSearchTerm,
} from "~/lib/global-search";
import type { Route } from "./+types/page";
import { ExactBin, PageResults, RecordResults, type Found, type RecordGroups } from "./+shared/results";

export const handle = pageTitle("search:title");

/** The profile is every user's, outside the navigation; the search finds it like a screen. */
const PROFILE = { to: "/profile", labels: "layout.profile", group: null };

/** One kind's rows and total, or that it could not be read (the other kinds are still shown). */
function found<T>(call: Promise<ApiResult<{ items: T[]; total: number }>>): Promise<Found<T>> {
  return call.then((r) => (r.ok ? { items: r.data.items, total: r.data.total } : { failed: true as const }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  const query = readSearchTerm(new URL(request.url).searchParams.get("q"));
  if (query.state !== "ok") return { query, pages: [], records: null, exact: null, noMunicipality: false };

  const { term } = query;
  const permissions = api.session.get("permissions") ?? [];
  const t = await userT(api.session);
  const screens = [
    ...visibleNav(permissions).flatMap((g) => g.items.map((i) => ({ to: i.to, labels: i.labels, group: g.group }))),
    PROFILE,
  ];
  const pages = matchingPages(screens, (key) => t(key), term);

  const can = (p: Permission) => permissions.includes(p);
  const anyRecords = (
    [
      "subject.aDetail",
      "feePayer.aDetail",
      "wasteEvidenceHeader.aDetail",
      "wasteCard.aDetail",
      "yardReport.aDetail",
      "wasteCollection.aDetail",
      "wasteEvidence.aDetail",
    ] as const
  ).some(can);
  const municipalityId = anyRecords ? await activeMunicipalityId(api) : null;
  // Records are a municipality's: a user who may see some but has no municipality is told why none are shown.
  if (!municipalityId) return { query, pages, records: null, exact: null, noMunicipality: anyRecords };

  // Each kind through its own list call (its permission and the municipality's tenancy are the API's), in parallel.
  const list = { municipalityId, search: term, page: 1, pageSize: RESULTS_PER_GROUP };
  const code = looksLikeCode(term);
  const bins = can("wasteEvidenceHeader.aDetail");
  const read = await allOf({
    subjects: can("subject.aDetail") ? found(api.result.subject.list(list)) : null,
    feePayers: can("feePayer.aDetail") ? found(api.result.feePayer.list(list)) : null,
    // A code sorts its own bin first among those whose code starts with it.
    bins: bins ? found(api.result.wasteEvidenceHeader.list({ ...list, sort: code ? "plainCode" : undefined })) : null,
    wasteCards: can("wasteCard.aDetail") ? found(api.result.wasteCard.list(list)) : null,
    yardReports: can("yardReport.aDetail") ? found(api.result.yardReport.list(list)) : null,
    collections: can("wasteCollection.aDetail") ? found(api.result.wasteCollection.list(list)) : null,
    evidences: can("wasteEvidence.aDetail") ? found(api.result.wasteEvidence.list(list)) : null,
    // A scanned label's barcode, found exactly even when many codes start with it.
    byBarcode:
      bins && code
        ? api.result.wasteEvidenceHeader
            .findByBarcode({ municipalityId, barcode: term })
            .then((r) => (r.ok ? r.data : null))
        : null,
  });
  const { byBarcode, ...records } = read;
  const listed = records.bins && "items" in records.bins ? records.bins.items : [];
  const exact = code ? exactBin([byBarcode, ...listed], term) : null;
  return {
    query,
    pages,
    records: records satisfies RecordGroups,
    exact: exact && {
      id: exact.id,
      barcode: exact.barcode,
      plainCode: exact.plainCode,
      state: exact.state,
      subjectId: exact.subjectId,
      subjectName: exact.subjectName,
      binName: exact.binName,
    },
    noMunicipality: false,
  };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, pages, records, exact, noMunicipality } = loaderData;
  const { t } = useTranslation();
  const nothing =
    query.state === "ok" &&
    pages.length === 0 &&
    !exact &&
    Object.values(records ?? {}).every((g) => !g || ("items" in g && g.total === 0));

  return (
    <div className="space-y-4">
      <PageHeader title={t("search:title")} />
      <Form method="get" action="/search" role="search" aria-label={t("search:form.label")} className="flex gap-2">
        <label htmlFor="search-q" className="sr-only">
          {t("search:form.term")}
        </label>
        <Input
          id="search-q"
          key={query.term}
          type="search"
          name="q"
          defaultValue={query.term}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={t("search:form.placeholder")}
          className="max-w-xl"
        />
        <Button type="submit">{t("search:form.submit")}</Button>
      </Form>

      {query.state === "empty" && <p className="text-sm text-slate-600">{t("search:hint.empty")}</p>}
      {query.state === "short" && <Alert tone="info">{t("search:hint.short", { min: MIN_SEARCH_LENGTH })}</Alert>}
      {query.state === "tooLong" && (
        <Alert tone="warning">{t("search:hint.tooLong", { max: MAX_SEARCH_LENGTH, length: query.term.length })}</Alert>
      )}
      {query.state === "ok" && (
        <>
          <h2 className="text-lg font-semibold">{t("search:resultsFor", { term: query.term })}</h2>
          {nothing && (
            <Alert tone="info" data-testid="search-empty">
              {t("search:noResults", { term: query.term })}
            </Alert>
          )}
          {exact && <ExactBin bin={exact} />}
          <PageResults pages={pages} />
          {records && <RecordResults records={records} term={query.term} />}
          {noMunicipality && <p className="text-sm text-slate-600">{t("search:noMunicipality")}</p>}
        </>
      )}
    </div>
  );
}
