/**
 * Spec 001 §2 subject detail: bins, consumption and collection counts, waste production / collection history /
 * yard visits, parent and descendants. Collections and yard visits arrive with their own areas: until then those
 * sections say so honestly instead of showing invented figures.
 */
import { Link } from "react-router";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import { DISPOSE_FREQUENCY_PERIODS, type SubjectDetail, type SubjectListItem } from "#contract/subject";
import { useCan } from "~/lib/permissions";
import { Button } from "~/components/ui/button";
import { DetailFact } from "~/components/detail-row";
import { DialogTrigger } from "~/components/ui/dialog";
import { TBody, TD, TH, THead, TR, Table } from "~/components/ui/table";
import type { WehListItem } from "#contract/waste-evidence-header";
import { formatDateTime } from "#contract/calendar";
import { BinStateBadge, binLabel } from "~/routes/infrastructure/waste-evidence-headers/+shared/ui";
import { FormDialog } from "~/components/form-dialog";
import { RowsTable } from "~/components/rows-table";
import { AnswerInput, AnswerSelect } from "./dialog-fields";
import { SUBJECTS_PATH, SubjectTypeLabel, subjectPath } from "./ui";
import { Money } from "~/components/money";
import { enumOptions } from "~/lib/enum-options";
import { RecordLink } from "~/components/record-link";

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}

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
          head={[
            t("subject:bins.code"),
            t("subject:bins.type"),
            t("subject:bins.state"),
            t("subject:bins.lastEvidence"),
          ]}
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

const SUMMARY_PERIODS = [
  { key: "3", label: "3 měsíce" },
  { key: "6", label: "6 měsíců" },
  { key: "12", label: "12 měsíců" },
  { key: "total", label: "Celkem" },
  { key: "active", label: "Aktivní" },
];

/** Consumption summary (3, 6, 12 months, total, active) and ordered versus actual collection counts. */
export function CollectionsSection({ subject }: { subject: SubjectDetail }) {
  const { t } = useTranslation();
  const canEdit = useCan("aEdit", "subject");
  const period = subject.disposeFrequencyPeriod;
  const ordered =
    period && subject.orderedDisposeCount !== null
      ? period === "Month"
        ? t("subject:frequency.perMonth", { count: subject.orderedDisposeCount })
        : t("subject:frequency.perYear", { count: subject.orderedDisposeCount })
      : t("subject:frequency.notSet");
  return (
    <SectionCard
      title={t("subject:collections.title")}
      titleId="subject-collections"
      actions={
        canEdit && (
          <DialogTrigger name="dispose-frequency" size="sm">
            {t("subject:frequency.set")}
          </DialogTrigger>
        )
      }
      contentClassName="space-y-4"
      after={canEdit && <DisposeFrequencyDialog subject={subject} />}
    >
      <div>
        <h3 className="mb-2 text-sm font-semibold">{t("subject:collections.summary")}</h3>
        <Table>
          <THead>
            <tr>
              {SUMMARY_PERIODS.map((p) => (
                <TH key={p.key}>{t(`subject:collections.period.${p.key}`, p.label)}</TH>
              ))}
            </tr>
          </THead>
          <TBody>
            <tr>
              <TD colSpan={SUMMARY_PERIODS.length} className="py-3 text-slate-600">
                {t("subject:collections.empty")}
              </TD>
            </tr>
          </TBody>
        </Table>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <DetailFact label={t("subject:frequency.orderedLabel")} testId="ordered-dispose-count">
          {ordered}
        </DetailFact>
        <DetailFact label={t("subject:frequency.actualLabel")} className="text-slate-600">
          {t("subject:collections.empty")}
        </DetailFact>
      </dl>
    </SectionCard>
  );
}

function DisposeFrequencyDialog({ subject }: { subject: SubjectDetail }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      name="dispose-frequency"
      intent="disposeFrequency"
      size="sm"
      title={t("subject:frequency.set")}
      submitLabel={t("common:save")}
    >
      {(answer) => (
        <>
          {/* The subject's version (decision 20): a save over somebody else's change answers 409. */}
          <input type="hidden" name="version" value={answer?.values?.version ?? String(subject.version)} />
          <AnswerSelect
            answer={answer}
            id="dispose-frequency-period"
            name="period"
            label={t("subject:frequency.period")}
            initial={subject.disposeFrequencyPeriod ?? "Year"}
            options={enumOptions(t, (p) => `subject:frequency.period${p}`, DISPOSE_FREQUENCY_PERIODS)}
          />
          <AnswerInput
            answer={answer}
            id="dispose-frequency-count"
            name="orderedDisposeCount"
            label={t("subject:frequency.count")}
            initial={subject.orderedDisposeCount ?? ""}
            type="number"
            min={0}
            max={400}
            step={1}
            required
          />
        </>
      )}
    </FormDialog>
  );
}

/** Waste production, collection history and yard visits: filled by the collections and yard areas. */
export function HistorySection() {
  const { t } = useTranslation();
  const parts = [
    {
      key: "production",
      title: t("subject:history.production"),
      empty: t("subject:collections.empty"),
    },
    {
      key: "collections",
      title: t("subject:history.collections"),
      empty: t("subject:collections.empty"),
    },
    {
      key: "yard",
      title: t("subject:history.yardVisits"),
      empty: t("subject:history.noYardVisits"),
    },
  ];
  return (
    <SectionCard
      title={t("subject:history.title")}
      titleId="subject-history"
      contentClassName="grid gap-4 md:grid-cols-3"
    >
      {parts.map((p) => (
        <section key={p.key} aria-label={p.title}>
          <h3 className="mb-1 text-sm font-semibold">{p.title}</h3>
          <Empty>{p.empty}</Empty>
        </section>
      ))}
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
          { label: t("subject:list.totalFee"), className: "text-right" },
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
            <TD className="text-right">
              <Money value={c.totalFee} />
            </TD>
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
