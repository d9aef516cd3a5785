/**
 * Spec 001 §2 subject detail: bins, parent and descendants (consumption, collection counts and history are in
 * evidence-sections.tsx).
 */
import { Link } from "react-router";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import type { SubjectDetail, SubjectListItem } from "#contract/subject";
import { useCan } from "~/lib/permissions";
import { Button } from "~/components/ui/button";
import { TD, TR } from "~/components/ui/table";
import type { WehListItem } from "#contract/waste-evidence-header";
import { formatDateTime } from "#contract/calendar";
import { BinStateBadge, binLabel } from "~/routes/infrastructure/waste-evidence-headers/+shared/ui";
import { RowsTable, figureHeading } from "~/components/rows-table";
import { SUBJECTS_PATH, SubjectTypeLabel, subjectPath } from "./ui";
import { MoneyCell } from "~/components/money";
import { RecordLink } from "~/components/record-link";

/** Bins shown on the detail; the rest through the bins list filtered by this subject. */
export const BINS_SHOWN = 50;

/** Spec 001 §2 'a bins table and bins summary': the subject's bins and how many of each type it has. */
export function BinsSection({
  subjectId,
  binCount,
  bins,
}: {
  subjectId: number;
  binCount: number;
  bins: { items: WehListItem[]; total: number } | null;
}) {
  const { t } = useTranslation();
  const canAssign = useCan("aEdit", "wasteEvidenceHeader");
  const listUrl = `/infrastructure/waste-evidence-headers?subjectId=${subjectId}`;
  // The summary counts the bins in use (assigned or used), by bin type.
  const summary = new Map<string, number>();
  for (const b of bins?.items ?? []) {
    if (b.state !== "Assigned" && b.state !== "Used") continue;
    const name = binLabel(b) ?? t("subject:bins.noType");
    summary.set(name, (summary.get(name) ?? 0) + 1);
  }
  return (
    <SectionCard
      title={t("subject:bins.title")}
      titleId="subject-bins"
      headerClassName="flex flex-row items-center justify-between gap-2"
      actions={
        canAssign && (
          <Button
            to={`/infrastructure/waste-evidence-headers/create?tab=assign&subjectId=${subjectId}`}
            variant="secondary"
            size="sm"
          >
            {t("subject:bins.assign")}
          </Button>
        )
      }
      contentClassName="space-y-3"
    >
      <p className="text-sm">
        {t("subject:bins.count")}: <span className="font-semibold tabular-nums">{binCount}</span>
        {summary.size > 0 && (
          <span className="text-slate-600"> ({[...summary].map(([name, n]) => `${n} × ${name}`).join(", ")})</span>
        )}
      </p>
      {bins && (
        <RowsTable
          rows={bins.items}
          empty={t("subject:bins.none")}
          plainHeadRow
          labels="subject:bins"
          head={["code", "type", "state", "lastEvidence"]}
        >
          {(b) => (
            <TR key={b.id}>
              <TD>
                <RecordLink to={`/infrastructure/waste-evidence-headers/${b.id}`}>{b.plainCode}</RecordLink>{" "}
                <span className="text-xs text-slate-500 tabular-nums">{b.barcode}</span>
              </TD>
              <TD>{binLabel(b) ?? "–"}</TD>
              <TD>
                <BinStateBadge state={b.state} />
              </TD>
              <TD>{b.lastEvidenceAt ? formatDateTime(b.lastEvidenceAt) : "–"}</TD>
            </TR>
          )}
        </RowsTable>
      )}
      {bins && bins.total > bins.items.length && (
        <Link className="text-sm text-emerald-800 underline" to={listUrl}>
          {t("subject:bins.all", { n: bins.total })}
        </Link>
      )}
    </SectionCard>
  );
}

type RelationsProps = { subject: SubjectDetail; descendants: SubjectListItem[]; childTotal: number };

/** Parent and descendant subjects. */
export function RelationsSection({ subject, descendants, childTotal }: RelationsProps) {
  const { t } = useTranslation();
  const canAdd = useCan("aAdd", "subject");
  return (
    <SectionCard
      title={t("subject:relations.title")}
      titleId="subject-relations"
      contentClassName="space-y-3"
      actions={
        <>
          {canAdd && (
            <Button to={`${SUBJECTS_PATH}/create?parentId=${subject.id}`} variant="secondary" size="sm">
              {t("subject:relations.addChild")}
            </Button>
          )}
        </>
      }
    >
      <p className="text-sm">
        <span className="text-slate-500">{t("subject:field.parent")}: </span>
        {subject.parentId ? (
          <RecordLink to={subjectPath(subject.parentId)}>{subject.parentName ?? `#${subject.parentId}`}</RecordLink>
        ) : (
          t("subject:relations.noParent")
        )}
      </p>
      <h3 className="text-sm font-semibold">
        {t("subject:relations.children")} ({childTotal})
      </h3>
      <RowsTable
        rows={descendants}
        empty={t("subject:relations.noChildren")}
        plainHeadRow
        head={[
          t("subject:field.name"),
          t("subject:field.type"),
          t("subject:list.address"),
          figureHeading(t("subject:list.totalFee")),
        ]}
      >
        {(c) => (
          <TR key={c.id}>
            <TD>
              <RecordLink to={subjectPath(c.id)}>{c.name}</RecordLink>
            </TD>
            <TD>
              <SubjectTypeLabel type={c.type} />
            </TD>
            <TD>{c.address || "–"}</TD>
            <MoneyCell value={c.totalFee} />
          </TR>
        )}
      </RowsTable>
      {childTotal > descendants.length && (
        <Link className="text-sm text-emerald-800 hover:underline" to={`${SUBJECTS_PATH}?parentId=${subject.id}`}>
          {t("subject:relations.allChildren", { n: childTotal })}
        </Link>
      )}
    </SectionCard>
  );
}
