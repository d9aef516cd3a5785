/**
 * The global search's result groups (decision 0042): the screens found, the bin a scanned code names, and per kind of
 * record a few rows with the total and a link to the kind's list with the same search.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDate } from "#contract/calendar";
import type { SubjectListItem } from "#contract/subject";
import type { FeePayerListItem } from "#contract/fee-payer";
import type { BinState, WehListItem } from "#contract/waste-evidence-header";
import type { WasteCardListItem } from "#contract/waste-card";
import type { YardReportListItem } from "#contract/yard-report";
import type { CollectionListItem, EvidenceListItem } from "#contract/collection";
import { useTranslation } from "~/i18n/use-translation";
import { listWithSearch } from "~/lib/global-search";
import { DateTime } from "~/components/list-columns";
import { Badge } from "~/components/ui/badge";
import { SUBJECTS_PATH, SubjectTypeLabel, subjectPath } from "~/routes/infrastructure/subjects/+shared/ui";
import {
  LIST_PATH as FEE_PAYERS_PATH,
  detailPath as feePayerPath,
} from "~/routes/infrastructure/fee-payers/+shared/ui";
import { BinStateBadge, WEH_PATH, wehPath } from "~/routes/infrastructure/waste-evidence-headers/+shared/ui";
import { StateBadge as CardStateBadge, WASTE_CARDS_PATH } from "~/routes/infrastructure/waste-cards/+shared/ui";
import { YARD_REPORTS_PATH } from "~/routes/waste-collection-evidence/yard-reports/+shared/ui";
import {
  COLLECTIONS_PATH,
  CollectionStateBadge,
  collectionPath,
} from "~/routes/waste-collection-evidence/waste-collections/+shared/ui";
import {
  EVIDENCES_PATH,
  evidencePath,
  recordCode,
} from "~/routes/waste-collection-evidence/waste-evidences/+shared/ui";

/** One kind's first rows and its total, or that the kind could not be read. */
export type Found<T> = { items: T[]; total: number } | { failed: true };

/** Each kind the user may see (null: not allowed, so not shown). */
export interface RecordGroups {
  subjects: Found<SubjectListItem> | null;
  feePayers: Found<FeePayerListItem> | null;
  bins: Found<WehListItem> | null;
  wasteCards: Found<WasteCardListItem> | null;
  yardReports: Found<YardReportListItem> | null;
  collections: Found<CollectionListItem> | null;
  evidences: Found<EvidenceListItem> | null;
}
type Kind = keyof RecordGroups;

/** Each kind's heading (its navigation label) and list; the order in which they are shown. */
const KINDS: { kind: Kind; labels: string; list: string }[] = [
  { kind: "subjects", labels: "nav.subjects", list: SUBJECTS_PATH },
  { kind: "feePayers", labels: "nav.feePayers", list: FEE_PAYERS_PATH },
  { kind: "bins", labels: "nav.wasteEvidenceHeaders", list: WEH_PATH },
  { kind: "wasteCards", labels: "nav.wasteCards", list: WASTE_CARDS_PATH },
  { kind: "yardReports", labels: "nav.yardReports", list: YARD_REPORTS_PATH },
  { kind: "collections", labels: "nav.wasteCollections", list: COLLECTIONS_PATH },
  { kind: "evidences", labels: "nav.wasteEvidences", list: EVIDENCES_PATH },
];

export interface ExactBinData {
  id: number;
  barcode: string;
  plainCode: string;
  state: BinState;
  subjectId: number | null;
  subjectName: string | null;
  binName: string | null;
}

/** The one bin whose code is exactly the term (a scanned label), first and on its own. */
export function ExactBin({ bin }: { bin: ExactBinData }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="search-exact"
      className="rounded-lg border border-emerald-300 bg-emerald-50 p-4"
      data-testid="search-exact"
    >
      <h2 id="search-exact" className="text-sm font-semibold text-emerald-900">
        {t("search:exact.title")}
      </h2>
      <p className="mt-1 flex flex-wrap items-center gap-2">
        <Link className="text-lg font-semibold text-emerald-800 hover:underline" to={wehPath(bin.id)}>
          {bin.barcode} · {bin.plainCode}
        </Link>
        <BinStateBadge state={bin.state} />
      </p>
      <p className="text-sm text-slate-700">
        {[bin.binName, bin.subjectName ?? t("search:exact.noSubject")].filter(Boolean).join(" · ")}
      </p>
    </section>
  );
}

/** The screens whose label matches, with their navigation group. */
export function PageResults({ pages }: { pages: { to: string; labels: string; group: string | null }[] }) {
  const { t } = useTranslation();
  if (pages.length === 0) return null;
  return (
    <Group id="search-pages" title={t("search:group.pages")} total={pages.length}>
      {pages.map((p) => (
        <Row key={p.to} to={p.to} title={t(p.labels)} meta={p.group ? t(`nav.group.${p.group}`) : undefined} />
      ))}
    </Group>
  );
}

/** The kinds with results, each with its rows and a link to all of them; then the kinds searched in vain. */
export function RecordResults({ records, term }: { records: RecordGroups; term: string }) {
  const { t } = useTranslation();
  const empty = KINDS.filter(({ kind }) => {
    const g = records[kind];
    return g && "items" in g && g.total === 0;
  });
  return (
    <>
      {KINDS.map(({ kind, labels, list }) => {
        const g = records[kind];
        if (!g || ("items" in g && g.total === 0)) return null;
        const id = `search-${kind}`;
        if ("failed" in g) {
          return (
            <Group key={kind} id={id} title={t(labels)}>
              <li className="px-4 py-2 text-sm text-amber-800">{t("search:failed")}</li>
            </Group>
          );
        }
        const more = g.total > g.items.length ? listWithSearch(list, term) : undefined;
        return (
          <Group key={kind} id={id} title={t(labels)} total={g.total} more={more}>
            <Rows kind={kind} records={records} term={term} />
          </Group>
        );
      })}
      {empty.length > 0 && (
        <p className="text-sm text-slate-600" data-testid="search-empty-kinds">
          {t("search:emptyIn", { kinds: empty.map(({ labels }) => t(labels)).join(", ") })}
        </p>
      )}
    </>
  );
}

const itemsOf = <T,>(g: Found<T> | null): T[] => (g && "items" in g ? g.items : []);

/** A kind's rows: what names the record, what tells it apart, and where its detail is. */
function Rows({ kind, records, term }: { kind: Kind; records: RecordGroups; term: string }) {
  const { t, i18n } = useTranslation();
  const day = (d: string | null) => (d ? formatDate(d, i18n.language) : null);
  const meta = (...parts: (ReactNode | null | undefined)[]) =>
    parts.filter((p) => p !== null && p !== undefined && p !== "");
  switch (kind) {
    case "subjects":
      return itemsOf(records.subjects).map((s) => (
        <Row
          key={s.id}
          to={subjectPath(s.id)}
          title={s.name}
          meta={meta(<SubjectTypeLabel type={s.type} />, s.address)}
        />
      ));
    case "feePayers":
      return itemsOf(records.feePayers).map((p) => (
        <Row
          key={p.id}
          to={feePayerPath(p.id)}
          title={p.name}
          meta={meta(day(p.dateOfBirth), p.subjects)}
          badge={!p.active && <Badge>{t("feePayer:state.inactive")}</Badge>}
        />
      ));
    case "bins":
      return itemsOf(records.bins).map((b) => (
        <Row
          key={b.id}
          to={wehPath(b.id)}
          title={`${b.barcode} · ${b.plainCode}`}
          meta={meta(b.binName, b.subjectName, b.address)}
          badge={<BinStateBadge state={b.state} />}
        />
      ));
    case "wasteCards":
      // A card has no page of its own: its row in the cards' list, found by its code.
      return itemsOf(records.wasteCards).map((c) => (
        <Row
          key={c.id}
          to={listWithSearch(WASTE_CARDS_PATH, c.code)}
          title={`${c.plainCode} · ${c.code}`}
          meta={meta(c.subjectName, c.feePayerName)}
          badge={<CardStateBadge state={c.state} />}
        />
      ));
    case "yardReports":
      // A visit has no page of its own: the visits' list of that day with the same search.
      return itemsOf(records.yardReports).map((v) => (
        <Row
          key={v.id}
          to={`${listWithSearch(YARD_REPORTS_PATH, term)}&${new URLSearchParams({ dateFrom: v.reportDate, dateTo: v.reportDate })}`}
          title={`${day(v.reportDate)} · ${v.feePayerName}`}
          meta={meta(v.yardName, t("search:yardReport.number", { id: v.id }))}
        />
      ));
    case "collections":
      return itemsOf(records.collections).map((c) => (
        <Row
          key={c.id}
          to={collectionPath(c.id)}
          title={c.name}
          meta={meta(day(c.collectedOn), c.wasteName, c.licencePlate)}
          badge={<CollectionStateBadge state={c.state} />}
        />
      ));
    case "evidences":
      return itemsOf(records.evidences).map((e) => (
        <Row
          key={e.id}
          to={evidencePath(e.id)}
          title={recordCode(e)}
          meta={meta(<DateTime value={e.collectedAt} />, e.subjectName, e.wasteTypeName)}
        />
      ));
  }
}

/** A titled group of results with its total and, when it shows only some, the link to all of them. */
function Group(props: { id: string; title: string; total?: number; more?: string; children: ReactNode }) {
  const { id, title, total, more, children } = props;
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white" data-testid={id}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
        <h2 id={id} className="font-semibold">
          {title}
          {total !== undefined && (
            <>
              {" "}
              <span className="ml-1 text-sm font-normal text-slate-500">({total})</span>
            </>
          )}
        </h2>
        {more && (
          <Link className="text-sm font-medium text-emerald-800 hover:underline" to={more}>
            {t("search:showAll", { n: total })}
          </Link>
        )}
      </div>
      <ul className="divide-y divide-slate-100">{children}</ul>
    </section>
  );
}

/** One result: its link, what else tells it apart, a badge. */
function Row({ to, title, meta, badge }: { to: string; title: string; meta?: ReactNode; badge?: ReactNode }) {
  const parts = Array.isArray(meta) ? meta : meta ? [meta] : [];
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2">
      <Link className="font-medium text-emerald-800 hover:underline" to={to}>
        {title}
      </Link>
      {badge}
      {parts.length > 0 && (
        <span className="min-w-0 text-sm text-slate-600">
          {parts.map((p, i) => (
            <span key={i}>
              {i > 0 && " · "}
              {p}
            </span>
          ))}
        </span>
      )}
    </li>
  );
}
