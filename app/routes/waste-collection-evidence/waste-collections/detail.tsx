/**
 * Spec 001 §2 'Waste collections' detail: the summary by street and bin size (110, 120, 240, 1100 l, other), a map of
 * collected bins, bins without code, with errors and with duplicates, the evidence, the errors table with its fixes,
 * and set weight / set invoice value (the exceptional collection's modals: weight with unit, value with price unit).
 * The errors table is the page's paged list; the map has the same data in the tables, so it can be done without.
 */
import { Link } from "react-router";
import type { z } from "zod";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/detail";
import {
  COLLECTION_ERROR_TYPES,
  MAP_POINT_KINDS,
  collectionLogList as logContract,
  collectionWeightBody,
  assignCodeBody,
  type CollectionLogItem,
} from "#contract/collection";
import { collectionLogListKeys } from "#contract/lists";
import { formatDate, formatDateTime } from "#contract/calendar";
import { defineList } from "~/lib/list";
import { enumFilter } from "~/lib/list-filters";
import { readListParams } from "~/lib/list-params";
import { formatNumber } from "~/lib/format";
import { useMessage } from "~/lib/messages";
import { useCan } from "~/lib/permissions";
import { requireId } from "~/lib/route-checks";
import { afterCall, apiAnswer, textValues, readIntent, redirectWithFlash, unknownIntent } from "~/server/action.server";
import { requireMunicipality } from "~/server/guard.server";
import type { ApiResult } from "~/server/api.server";
import { userT } from "~/server/i18n.server";
import { mapTiles } from "~/server/map-tiles.server";
import { DataTable } from "~/components/data-table";
import { column } from "~/components/list-columns";
import { ConfirmDialog, DeleteDialog } from "~/components/confirm-dialog";
import { DetailFact } from "~/components/detail-row";
import { DetailPage } from "~/components/detail-page";
import { pageTitle } from "~/components/page-title";
import { PointsMap } from "~/components/points-map";
import { RowsTable } from "~/components/rows-table";
import { SectionCard, TitledSection } from "~/components/section-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TD, TR } from "~/components/ui/table";
import { DialogLink } from "~/components/form-dialog";
import { COLLECTIONS_PATH, CollectionStateBadge, Kilograms, Price, Tonnes, collectionPath } from "./+shared/ui";
import { AssignCodeDialog, SetWeightDialog } from "./+shared/detail-dialogs";
import { PriceDialog } from "./+shared/list-dialogs";
import { invalidCollection, setCollectionPrice } from "./+shared/actions.server";

export const handle = pageTitle("wasteCollection:detail.title");

/** The errors table (spec 001 §8 log record errors), by type; a fix where one exists. */
export const logList = defineList(collectionLogListKeys, {
  filters: [enumFilter("errorType", "wasteCollection:log.type", COLLECTION_ERROR_TYPES, "import:category")],
  columns: [
    column("rowNumber", "wasteCollection:log.row", undefined, { align: "right", className: "w-16 tabular-nums" }),
    column("errorType", "wasteCollection:log.type", (row: CollectionLogItem) => <ErrorType type={row.errorType} />),
    column("message", "wasteCollection:log.message", (row: CollectionLogItem) => <Message text={row.message} />),
    column("code", "wasteCollection:log.code", (row: CollectionLogItem) => (
      <span className="font-mono">{row.code ?? "–"}</span>
    )),
    column("resolvedAt", "wasteCollection:log.fix", (row: CollectionLogItem) => <Fix row={row} />),
  ],
});

function ErrorType({ type }: { type: string }) {
  const { t } = useTranslation();
  return <span className="whitespace-nowrap">{t(`import:category.${type}`)}</span>;
}
function Message({ text }: { text: string }) {
  return <>{useMessage()(text)}</>;
}

/** Where an error is fixed: an unknown code is assigned to a bin; a bin's own problem is fixed on the bin. */
function Fix({ row }: { row: CollectionLogItem }) {
  const { t } = useTranslation();
  if (row.resolvedAt) return <span className="text-emerald-800">{t("wasteCollection:log.resolved")}</span>;
  if (row.errorType === "UnknownCode" && row.rfid) {
    return (
      <DialogLink name="assign" size="sm" params={{ logId: String(row.id), code: row.rfid }}>
        {t("wasteCollection:log.assignCode")}
      </DialogLink>
    );
  }
  if (row.headerId && row.errorType !== "DuplicateRecord") {
    return (
      <Link className="text-emerald-800 underline" to={`/infrastructure/waste-evidence-headers/${row.headerId}`}>
        {t("wasteCollection:log.openBin")}
      </Link>
    );
  }
  return <>–</>;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const collectionId = requireId(params.collectionId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteCollection.aDetail");
  const list = readListParams(logContract, request.url);
  const [collection, log, map, records] = await Promise.all([
    api.wasteCollection.get({ municipalityId, collectionId }),
    api.wasteCollection.log({ municipalityId, collectionId, ...list }),
    api.wasteCollection.map({ municipalityId, collectionId }),
    api.wasteCollection.records({ municipalityId, collectionId, pageSize: 50, sort: "collectedAt" }),
  ]);
  return { collection, log, map, records, params: list, tiles: mapTiles(context) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const collectionId = requireId(params.collectionId, request);
  const { formData, intent } = await readIntent(request);
  const permission =
    intent === "delete"
      ? "wasteCollection.aRemove"
      : intent === "assignCode"
        ? "wasteEvidenceHeader.aEdit"
        : "wasteCollection.aEdit";
  const { api, municipalityId } = await requireMunicipality(request, context, permission);
  const t = await userT(api.session);
  const done = afterCall(api, context, intent);
  const values = textValues(formData);
  const args = { request, context, api, t, formData, intent };
  const invalid = (error: z.ZodError) => invalidCollection(args, error, values);
  const here = collectionPath(collectionId);
  // Processed again (after a fix or on request): how many errors closed and how many are left.
  const reprocessed = (res: ApiResult<{ resolved: number; open: number }>) =>
    res.ok
      ? redirectWithFlash(
          api,
          context,
          here,
          t("wasteCollection:flash.reprocessed", res.data),
          res.data.open ? "warning" : "success",
        )
      : apiAnswer(intent, res, { values });
  switch (intent) {
    case "setWeight": {
      const parsed = collectionWeightBody.safeParse(values);
      if (!parsed.success) return invalid(parsed.error);
      return done(
        await api.wasteCollection.setWeight({ municipalityId, collectionId }, parsed.data),
        here,
        t("wasteCollection:flash.weightSet"),
        { values },
      );
    }
    case "setPrice":
      return setCollectionPrice(args, municipalityId, [collectionId], here);
    case "reprocess":
      return reprocessed(await api.wasteCollection.reprocess({ municipalityId, collectionId }));
    case "assignCode": {
      const logId = Number(values.logId);
      const parsed = assignCodeBody.safeParse(values);
      if (!parsed.success || !Number.isInteger(logId) || logId <= 0)
        return parsed.success ? unknownIntent(intent, t) : invalid(parsed.error);
      return reprocessed(await api.wasteCollection.assignCode({ municipalityId, collectionId, logId }, parsed.data));
    }
    case "delete":
      return done(
        await api.wasteCollection.remove({ municipalityId }, { ids: [collectionId] }),
        COLLECTIONS_PATH,
        t("wasteCollection:flash.removed", { n: 1 }),
      );
    default:
      return unknownIntent(intent, t);
  }
}

const KIND_COLORS = { collected: "#16a34a", noCode: "#64748b", error: "#dc2626", duplicate: "#f59e0b" } as const;

export default function CollectionDetail({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { collection: c, log, map, records, params, tiles } = loaderData;
  const { t, i18n } = useTranslation();
  const shown = useMessage();
  const canEdit = useCan("aEdit", "wasteCollection");
  const canRemove = useCan("aRemove", "wasteCollection");
  const kinds = MAP_POINT_KINDS.map((k) => ({ key: k, label: t(`wasteCollection:map.${k}`), color: KIND_COLORS[k] }));
  const openErrors = Object.values(c.errorsByType).reduce((a, b) => a + b, 0);
  return (
    <DetailPage
      ns="wasteCollection"
      list={COLLECTIONS_PATH}
      title={c.name}
      subtitle={
        <span className="flex flex-wrap items-center gap-2">
          {formatDate(c.collectedOn, i18n.language)} · {c.wasteName ?? t("wasteCollection:detail.noWaste")}
          <CollectionStateBadge state={c.state} />
        </span>
      }
      actions={
        <>
          {canEdit && <DialogLink name="weight">{t("wasteCollection:action.weight")}</DialogLink>}
          {canEdit && <DialogLink name="price">{t("wasteCollection:action.price")}</DialogLink>}
          {canEdit && openErrors > 0 && (
            <ConfirmDialog
              name="reprocess"
              intent="reprocess"
              tone="primary"
              ns="wasteCollection"
              values={{ n: openErrors }}
              triggerSize="md"
            />
          )}
          {canRemove && <DeleteDialog ns="wasteCollection" answer={answer} />}
        </>
      }
    >
      {answer?.message && !["setWeight", "setPrice", "assignCode"].includes(answer.intent) && (
        <Alert tone={answer.tone ?? "error"}>{shown(answer.message)}</Alert>
      )}
      {canEdit && <SetWeightDialog collection={c} />}
      {canEdit && <PriceDialog ids={[c.id]} current={{ value: c.invoiceValue, unit: c.priceUnit }} />}
      <AssignCodeDialog />

      <SectionCard title={t("wasteCollection:detail.facts")} titleId="collection-facts">
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <DetailFact label={t("wasteCollection:field.licencePlate")}>{c.licencePlate ?? "–"}</DetailFact>
          <DetailFact label={t("wasteCollection:detail.time")}>
            {c.startedAt ? formatDateTime(c.startedAt, i18n.language) : "–"} –{" "}
            {c.endedAt ? formatDateTime(c.endedAt, i18n.language) : "–"}
          </DetailFact>
          <DetailFact label={t("wasteCollection:field.recordCount")}>{formatNumber(c.recordCount)}</DetailFact>
          <DetailFact label={t("wasteCollection:field.errorCount")}>{formatNumber(openErrors)}</DetailFact>
          <DetailFact label={t("wasteCollection:field.weight")}>
            <Tonnes kg={c.weightKg} />
          </DetailFact>
          <DetailFact label={t("wasteCollection:field.invoiceValue")}>
            <Price value={c.invoiceValue} unit={c.priceUnit} />
          </DetailFact>
          <DetailFact label={t("wasteCollection:detail.duplicates")}>{formatNumber(c.duplicateCount)}</DetailFact>
          <DetailFact label={t("wasteCollection:detail.origin")}>
            {t(`wasteCollection:origin.${c.origin}`, { defaultValue: c.origin })}
          </DetailFact>
        </dl>
        {c.importJobId && (
          <p className="mt-3 text-sm">
            <Link className="text-emerald-800 underline" to={`${COLLECTIONS_PATH}/import/${c.importJobId}`}>
              {t("wasteCollection:detail.importJob")}
            </Link>
          </p>
        )}
      </SectionCard>

      <SectionCard title={t("wasteCollection:detail.summary")} titleId="collection-summary">
        <RowsTable
          rows={c.summary}
          empty={t("wasteCollection:detail.noRecords")}
          head={[
            t("wasteCollection:detail.street"),
            "110 l",
            "120 l",
            "240 l",
            "1100 l",
            t("wasteCollection:detail.other"),
            t("wasteCollection:detail.total"),
            t("wasteCollection:field.weight"),
          ]}
        >
          {(s) => (
            <TR key={s.street ?? ""}>
              <TD>{s.street ?? t("wasteCollection:detail.noStreet")}</TD>
              {[s.v110, s.v120, s.v240, s.v1100, s.other, s.total].map((n, i) => (
                <TD key={i} className="text-right tabular-nums">
                  {formatNumber(n)}
                </TD>
              ))}
              <TD className="text-right">
                <Kilograms kg={s.weightKg} />
              </TD>
            </TR>
          )}
        </RowsTable>
      </SectionCard>

      <SectionCard title={t("wasteCollection:detail.map")} titleId="collection-map">
        <PointsMap tiles={tiles} points={map.points} kinds={kinds} label={t("wasteCollection:detail.map")} />
        {map.withoutPosition > 0 && (
          <p className="mt-2 text-sm text-slate-600">
            {t("wasteCollection:map.withoutPosition", { n: map.withoutPosition })}
          </p>
        )}
      </SectionCard>

      <SectionCard
        title={t("wasteCollection:detail.records")}
        titleId="collection-records"
        actions={
          records.total > records.items.length ? (
            <Button
              to={`/waste-collection-evidence/waste-evidences?wasteCollectionId=${c.id}`}
              variant="secondary"
              size="sm"
            >
              {t("wasteCollection:detail.allRecords", { n: records.total })}
            </Button>
          ) : undefined
        }
      >
        <RowsTable
          rows={records.items}
          empty={t("wasteCollection:detail.noRecords")}
          head={[
            t("wasteCollection:record.time"),
            t("wasteCollection:log.code"),
            t("wasteCollection:record.subject"),
            t("wasteCollection:detail.street"),
            t("wasteCollection:record.volume"),
            t("wasteCollection:record.fullness"),
            t("wasteCollection:record.weight"),
          ]}
        >
          {(r) => (
            <TR key={r.id}>
              <TD className="whitespace-nowrap">{formatDateTime(r.collectedAt, i18n.language)}</TD>
              <TD className="font-mono">
                {r.code ?? "–"}
                {r.duplicate && <span className="ml-1 text-amber-700">({t("wasteCollection:map.duplicate")})</span>}
              </TD>
              <TD>
                {r.subjectId ? (
                  <Link className="text-emerald-800 hover:underline" to={`/infrastructure/subjects/${r.subjectId}`}>
                    {r.subjectName}
                  </Link>
                ) : (
                  "–"
                )}
              </TD>
              <TD>{r.street ?? "–"}</TD>
              <TD className="text-right tabular-nums">{r.binVolume === null ? "–" : `${r.binVolume} l`}</TD>
              <TD className="text-right tabular-nums">{r.fullness === null ? "–" : `${r.fullness} %`}</TD>
              <TD className="text-right">
                <Kilograms kg={r.acknowledgedWeightKg} />
              </TD>
            </TR>
          )}
        </RowsTable>
      </SectionCard>

      <TitledSection title={t("wasteCollection:detail.errors")} titleId="collection-errors" className="space-y-2">
        <DataTable
          def={logList}
          rows={log.items}
          total={log.total}
          params={params}
          rowKey="id"
          caption={t("wasteCollection:detail.errors")}
          emptyState={{ message: t("wasteCollection:detail.noErrors") }}
        />
      </TitledSection>
    </DetailPage>
  );
}
