/**
 * Spec 001 §2 'Waste and bin types settings' of one municipality (module WasteAndBins): waste types with their
 * coefficient and bin count, bin types with capacity, allow-exact flag and kind. The product's catalogue is shown
 * read-only beside the municipality's own types, which the municipality adds, edits, deactivates and deletes.
 * Every change is a plain POST with an `intent`, so the page works without JavaScript (dialogs open via ?dialog=).
 */
import type { ReactNode } from "react";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import { YesNo } from "~/components/list-columns";
import type { Route } from "./+types/waste-bins";
import {
  binTypeFormSchema,
  binTypeUpdateSchema,
  wasteTypeFormSchema,
  wasteTypeUpdateSchema,
} from "#contract/waste-settings";
import { requireId } from "~/lib/route-checks";
import { useCan } from "~/lib/permissions";
import { useMessage } from "~/lib/messages";
import type { ActionAnswer } from "~/lib/action-answer";
import { formatNumber } from "~/lib/format";
import type { ApiClient } from "~/server/api.server";
import { requirePermission } from "~/server/guard.server";
import { submitForm } from "~/server/form.server";
import { userT } from "~/server/i18n.server";
import { apiAnswer, formAnswer, readIntent, redirectWithFlash, unknownIntent } from "~/server/action.server";
import { pageTitle } from "~/components/page-title";
import { PageHeader } from "~/components/page-header";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { activeBadge } from "~/components/state-badge";
import { TBody, TD, TH, THead, TR, Table } from "~/components/ui/table";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DialogTrigger } from "~/components/ui/dialog";
import {
  BinTypeDialog,
  CategoryLabel,
  KindLabel,
  TYPE_SLUG,
  WasteTypeDialog,
  type TypeKind,
} from "./+shared/waste-bins-dialogs";

const pagePath = (municipalityId: number) => `/administration/municipalities/${municipalityId}/modules/waste-bins`;

export const handle = pageTitle<Route.ComponentProps["loaderData"]>((t, d) =>
  d ? `${t("wasteSettings:title")} · ${d.municipality.name}` : t("wasteSettings:title"),
);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, "municipality.aDetail");
  const [municipality, wasteTypes, binTypes] = await Promise.all([
    api.municipality.detail({ municipalityId }),
    api.wasteSettings.wasteTypes({ municipalityId }),
    api.wasteSettings.binTypes({ municipalityId }),
  ]);
  return {
    municipality: { id: municipality.id, name: municipality.name },
    wasteTypes: wasteTypes.items,
    binTypes: binTypes.items,
  };
}

const positiveId = (v: FormDataEntryValue | null) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/** What the page does to a type; the intent names it with the kind: 'createWasteType', 'setBinTypeActive'. */
const TYPE_OPS = ["create", "update", "setActive", "delete"] as const;
type TypeOp = (typeof TYPE_OPS)[number];
const KINDS: TypeKind[] = ["WasteType", "BinType"];
const intentOf = (op: TypeOp, kind: TypeKind) => (op === "setActive" ? `set${kind}Active` : `${op}${kind}`);
const TYPE_INTENTS = new Map(
  KINDS.flatMap((kind) => TYPE_OPS.map((op) => [intentOf(op, kind), { op, kind }] as const)),
);

/** The typed calls of each kind: the steps of the action are the same, only the form schemas and paths differ. */
function typeCalls(api: ApiClient, municipalityId: number, formData: FormData) {
  const ws = api.wasteSettings;
  return {
    WasteType: {
      create: () => submitForm(formData, wasteTypeFormSchema, (v) => ws.createWasteType({ municipalityId }, v)),
      update: (wasteTypeId: number) =>
        submitForm(formData, wasteTypeUpdateSchema, (v) => ws.updateWasteType({ municipalityId, wasteTypeId }, v)),
      setActive: (wasteTypeId: number, active: boolean) =>
        ws.setWasteTypeActive({ municipalityId, wasteTypeId }, { active }),
      remove: (wasteTypeId: number) => ws.removeWasteType({ municipalityId, wasteTypeId }),
    },
    BinType: {
      create: () => submitForm(formData, binTypeFormSchema, (v) => ws.createBinType({ municipalityId }, v)),
      update: (binTypeId: number) =>
        submitForm(formData, binTypeUpdateSchema, (v) => ws.updateBinType({ municipalityId, binTypeId }, v)),
      setActive: (binTypeId: number, active: boolean) => ws.setBinTypeActive({ municipalityId, binTypeId }, { active }),
      remove: (binTypeId: number) => ws.removeBinType({ municipalityId, binTypeId }),
    },
  };
}

/**
 * Every change of either kind, told apart by `intent`: a dialog's create or update answers Conform's reply (errors
 * under the fields), a row's deactivate/activate or delete the API's message for that row (its target).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const { formData, intent } = await readIntent(request);
  const api = await requirePermission(request, context, "municipality.aEdit");
  const t = await userT(api.session);
  const asked = TYPE_INTENTS.get(intent);
  if (!asked) return unknownIntent(intent, t);
  const calls = typeCalls(api, municipalityId, formData)[asked.kind];
  const flash = (done: string) => `wasteSettings:flash.${asked.kind === "WasteType" ? "wasteType" : "binType"}${done}`;
  const done = (text: string) => redirectWithFlash(api, context, pagePath(municipalityId), t(flash(text)));

  if (asked.op === "create") {
    const outcome = await calls.create();
    return outcome.ok ? done("Created") : formAnswer(intent, outcome);
  }
  const typeId = positiveId(formData.get("typeId"));
  if (!typeId) return unknownIntent(intent, t);
  const target = String(typeId);
  if (asked.op === "update") {
    const outcome = await calls.update(typeId);
    return outcome.ok ? done("Saved") : formAnswer(intent, outcome, { target });
  }
  const active = formData.get("active") === "true";
  const res = asked.op === "setActive" ? await calls.setActive(typeId, active) : await calls.remove(typeId);
  if (!res.ok) return apiAnswer(intent, res, { target });
  return done(asked.op === "delete" ? "Deleted" : active ? "Activated" : "Deactivated");
}

const ActiveBadge = activeBadge("wasteSettings");

function NameCell({ name, catalogue }: { name: string; catalogue: boolean }) {
  const { t } = useTranslation();
  return (
    <TD>
      <span className="font-medium text-slate-900">{name}</span>
      {catalogue && (
        <Badge tone="blue" className="ml-2">
          {t("wasteSettings:badge.catalogue")}
        </Badge>
      )}
    </TD>
  );
}

/** Deactivate / activate and delete of one own row, each behind a confirmation. */
function RowActions({
  kind,
  row,
  failed,
}: {
  kind: TypeKind;
  row: { id: number; name: string; active: boolean };
  /** This row's action failed: its confirmation stays closed, so the message beside the table is seen. */
  failed: boolean;
}) {
  const { t } = useTranslation();
  const open = failed ? false : undefined;
  const slug = TYPE_SLUG[kind];
  return (
    <div className="flex justify-end gap-1 whitespace-nowrap">
      <DialogTrigger name={`edit-${slug}-${row.id}`} variant="ghost" size="sm">
        {t("wasteSettings:action.edit")}
        <span className="sr-only"> {row.name}</span>
      </DialogTrigger>
      <ConfirmDialog
        name={`${row.active ? "deactivate" : "activate"}-${slug}-${row.id}`}
        intent={`set${kind}Active`}
        open={open}
        fields={{ typeId: row.id, active: String(!row.active) }}
        tone={row.active ? "danger" : "primary"}
        trigger={row.active ? t("wasteSettings:action.deactivate") : t("wasteSettings:action.activate")}
        forRow={row.name}
        title={
          row.active
            ? t("wasteSettings:confirm.deactivateTitle", { name: row.name })
            : t("wasteSettings:confirm.activateTitle", { name: row.name })
        }
        message={row.active ? t("wasteSettings:confirm.deactivate") : t("wasteSettings:confirm.activate")}
        confirmLabel={row.active ? t("wasteSettings:action.deactivate") : t("wasteSettings:action.activate")}
      />
      <ConfirmDialog
        name={`delete-${slug}-${row.id}`}
        intent={`delete${kind}`}
        open={open}
        fields={{ typeId: row.id }}
        trigger={t("wasteSettings:action.delete")}
        forRow={row.name}
        title={t("wasteSettings:confirm.deleteTitle", { name: row.name })}
        message={t("wasteSettings:confirm.delete")}
        confirmLabel={t("wasteSettings:action.delete")}
      />
    </div>
  );
}

const whole = (v: number) => formatNumber(v, { maxDecimals: 0 });

export default function WasteBinsSettingsPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { municipality, wasteTypes, binTypes } = loaderData;
  const { t } = useTranslation();
  const shown = useMessage();
  const canEdit = useCan("aEdit", "municipality");
  // The failure of a row's deactivate/delete (409 'Typ používají nádoby obce…'); dialog failures stay in the dialog.
  const rowFailure = (kind: TypeKind) => (answer?.message && answer.intent.endsWith(kind) ? answer : undefined);
  const wasteFailure = rowFailure("WasteType");
  const binFailure = rowFailure("BinType");
  const activeWasteTypes = wasteTypes.filter((w) => w.active);

  return (
    <div className="space-y-4">
      <PageHeader
        back={{ to: `/administration/municipalities/${municipality.id}`, label: municipality.name }}
        title={t("wasteSettings:title")}
        subtitle={t("wasteSettings:intro", { name: municipality.name })}
      />

      {answer?.message && !wasteFailure && !binFailure && <Alert tone="error">{shown(answer.message)}</Alert>}

      <TypesCard
        kind="WasteType"
        failure={wasteFailure}
        rows={wasteTypes}
        columns={[
          { label: t("wasteSettings:column.catalogCode"), className: "font-mono", cell: (w) => w.catalogCode ?? "–" },
          {
            label: t("wasteSettings:column.coefficient"),
            className: "text-right tabular-nums",
            cell: (w) => formatNumber(w.coefficient, { minDecimals: 2, maxDecimals: 4 }),
          },
          { label: t("wasteSettings:column.sorted"), cell: (w) => <YesNo value={w.sorted} /> },
        ]}
      />

      <TypesCard
        kind="BinType"
        failure={binFailure}
        rows={binTypes}
        columns={[
          { label: t("wasteSettings:column.category"), cell: (b) => <CategoryLabel category={b.category} /> },
          { label: t("wasteSettings:column.kind"), cell: (b) => <KindLabel kind={b.kind} /> },
          {
            label: t("wasteSettings:column.capacity"),
            className: "text-right whitespace-nowrap tabular-nums",
            cell: (b) => `${whole(b.capacity)} l`,
          },
          { label: t("wasteSettings:column.allowExact"), cell: (b) => <YesNo value={b.allowExact} /> },
          { label: t("wasteSettings:column.wasteType"), cell: (b) => b.wasteTypeName ?? "–" },
        ]}
      />

      {canEdit && (
        <>
          <WasteTypeDialog />
          {wasteTypes
            .filter((w) => !w.catalogue)
            .map((w) => (
              <WasteTypeDialog key={w.id} row={w} />
            ))}
          <BinTypeDialog wasteTypes={activeWasteTypes} />
          {binTypes
            .filter((b) => !b.catalogue)
            .map((b) => (
              <BinTypeDialog
                key={b.id}
                row={b}
                // The current waste type stays selectable even when it was deactivated since.
                wasteTypes={wasteTypes.filter((w) => w.active || w.id === b.wasteTypeId)}
              />
            ))}
        </>
      )}
    </div>
  );
}

/** What both tables show of a type: its name, whether it is the catalogue's, its bins and its state. */
type TypeRow = { id: number; name: string; active: boolean; catalogue: boolean; binCount: number | null };
/** A column of a kind's own: its heading, the cell's classes and content. */
type TypeColumn<Row> = { label: string; className?: string; cell: (row: Row) => ReactNode };

/** The texts of a kind's card: `wasteSettings:<key>.title` and `.add`. */
const CARD_TEXTS: Record<TypeKind, string> = { WasteType: "wasteTypes", BinType: "binTypes" };

/**
 * One settings card (waste types, bin types): title, the add button, a failed row action's message, then the table:
 * the name, the kind's own columns, the bin count, the state and the own rows' actions.
 */
function TypesCard<Row extends TypeRow>({
  kind,
  failure,
  rows,
  columns,
}: {
  kind: TypeKind;
  /** A row action of this kind that failed: its message above the table, its row's confirmation kept closed. */
  failure?: ActionAnswer;
  rows: Row[];
  columns: TypeColumn<Row>[];
}) {
  const { t } = useTranslation();
  const shown = useMessage();
  const canEdit = useCan("aEdit", "municipality");
  const id = `${TYPE_SLUG[kind]}s-title`;
  const right = (className?: string) => (className?.includes("text-right") ? "text-right" : undefined);
  return (
    <SectionCard
      title={t(`wasteSettings:${CARD_TEXTS[kind]}.title`)}
      titleId={id}
      contentClassName="space-y-3 p-0"
      actions={
        <>
          {canEdit && (
            <DialogTrigger name={`add-${TYPE_SLUG[kind]}`} variant="secondary" size="sm">
              {t(`wasteSettings:${CARD_TEXTS[kind]}.add`)}
            </DialogTrigger>
          )}
        </>
      }
    >
      {failure?.message && (
        <Alert tone="error" className="mx-4 mt-3">
          {shown(failure.message)}
        </Alert>
      )}
      <Table>
        <THead>
          <tr>
            <TH>{t("wasteSettings:column.name")}</TH>
            {columns.map((c) => (
              <TH key={c.label} className={right(c.className)}>
                {c.label}
              </TH>
            ))}
            <TH className="text-right">{t("wasteSettings:column.binCount")}</TH>
            <TH>{t("wasteSettings:column.state")}</TH>
            {canEdit && (
              <TH className="text-right">
                <span className="sr-only">{t("wasteSettings:column.actions")}</span>
              </TH>
            )}
          </tr>
        </THead>
        <TBody>
          {rows.map((row) => (
            <TR key={row.id}>
              <NameCell name={row.name} catalogue={row.catalogue} />
              {columns.map((c) => (
                <TD key={c.label} className={c.className}>
                  {c.cell(row)}
                </TD>
              ))}
              <TD className="text-right tabular-nums">{whole(row.binCount ?? 0)}</TD>
              <TD>
                <ActiveBadge active={row.active} />
              </TD>
              {canEdit && (
                <TD className="text-right">
                  {!row.catalogue && <RowActions kind={kind} row={row} failed={failure?.target === String(row.id)} />}
                </TD>
              )}
            </TR>
          ))}
        </TBody>
      </Table>
    </SectionCard>
  );
}
