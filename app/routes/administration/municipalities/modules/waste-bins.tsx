/**
 * Spec 001 §2 'Waste and bin types settings' of one municipality (module WasteAndBins): waste types with their
 * coefficient and bin count, bin types with capacity, allow-exact flag and kind. The product's catalogue is shown
 * read-only beside the municipality's own types, which the municipality adds, edits, deactivates and deletes.
 * Every change is a plain POST with an `intent`, so the page works without JavaScript (dialogs open via ?dialog=).
 */
import { Link, data, redirect, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/waste-bins";
import type { MunicipalityDetail } from "#contract/municipality";
import {
  binTypeFormSchema,
  binTypeUpdateSchema,
  wasteTypeFormSchema,
  wasteTypeUpdateSchema,
  type BinTypeItem,
  type WasteTypeItem,
} from "#contract/waste-settings";
import { requireId } from "~/lib/route-checks";
import { useCan } from "~/lib/permissions";
import { useMessage } from "~/lib/messages";
import { formatNumber } from "~/lib/format";
import { requirePermission } from "~/server/guard.server";
import { submitForm } from "~/server/form.server";
import { userT } from "~/server/i18n.server";
import { addFlash, commit } from "~/server/session.server";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { TBody, TD, TH, THead, TR, Table } from "~/components/ui/table";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DialogTrigger } from "~/components/ui/dialog";
import { BinTypeDialog, CategoryLabel, KindLabel, WasteTypeDialog, type SettingsAnswer } from "./waste-bins-dialogs";

export const pagePath = (municipalityId: number) =>
  `/administration/municipalities/${municipalityId}/modules/waste-bins`;

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `Odpady a nádoby${data?.municipality ? ` · ${data.municipality.name}` : ""} · Odpady obce` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, "municipality.aDetail");
  const m = `/municipality/${id}`;
  const [municipality, wasteTypes, binTypes] = await Promise.all([
    api.get<MunicipalityDetail>(m),
    api.get<{ items: WasteTypeItem[] }>(`${m}/waste-type`),
    api.get<{ items: BinTypeItem[] }>(`${m}/bin-type`),
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

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = requireId(params.municipalityId, request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const api = await requirePermission(request, context, "municipality.aEdit");
  const t = await userT(api.session);
  const typeId = positiveId(formData.get("typeId"));
  const target = typeId ? String(typeId) : "";
  const wastePath = `/municipality/${id}/waste-type`;
  const binPath = `/municipality/${id}/bin-type`;

  const done = async (text: string) => {
    addFlash(api.session, { type: "success", text });
    return redirect(pagePath(id), { headers: { "Set-Cookie": await commit(context, api.session) } });
  };
  const fail = (status: number, message: string) => data<SettingsAnswer>({ intent, target, message }, { status });
  /** Create or update through a dialog's form: a failure answers Conform's reply (errors under the fields). */
  const save = async (
    schema:
      | typeof wasteTypeFormSchema
      | typeof binTypeFormSchema
      | typeof wasteTypeUpdateSchema
      | typeof binTypeUpdateSchema,
    method: "POST" | "PUT",
    path: string,
    text: string,
  ) => {
    const saved = await submitForm(formData, schema, (value) => api.send(method, path, value));
    if (saved.ok) return done(text);
    return saved.response;
  };
  const change = async (method: "PATCH" | "DELETE", path: string, body: unknown, text: string) => {
    if (!typeId) return fail(400, t("wasteSettings:unknownAction", "Neznámá akce."));
    const res = await api.send(method, path, body);
    return res.ok ? done(text) : fail(res.status, res.problem.Message);
  };
  const active = formData.get("active") === "true";

  switch (intent) {
    case "createWasteType":
      return save(
        wasteTypeFormSchema,
        "POST",
        wastePath,
        t("wasteSettings:flash.wasteTypeCreated", "Typ odpadu přidán."),
      );
    case "updateWasteType":
      if (!typeId) return fail(400, t("wasteSettings:unknownAction", "Neznámá akce."));
      return save(
        wasteTypeUpdateSchema,
        "PUT",
        `${wastePath}/${typeId}`,
        t("wasteSettings:flash.wasteTypeSaved", "Typ odpadu uložen."),
      );
    case "setWasteTypeActive":
      return change(
        "PATCH",
        `${wastePath}/${typeId}/active`,
        { active },
        active
          ? t("wasteSettings:flash.wasteTypeActivated", "Typ odpadu aktivován.")
          : t("wasteSettings:flash.wasteTypeDeactivated", "Typ odpadu deaktivován."),
      );
    case "deleteWasteType":
      return change(
        "DELETE",
        `${wastePath}/${typeId}`,
        undefined,
        t("wasteSettings:flash.wasteTypeDeleted", "Typ odpadu smazán."),
      );
    case "createBinType":
      return save(binTypeFormSchema, "POST", binPath, t("wasteSettings:flash.binTypeCreated", "Typ nádoby přidán."));
    case "updateBinType":
      if (!typeId) return fail(400, t("wasteSettings:unknownAction", "Neznámá akce."));
      return save(
        binTypeUpdateSchema,
        "PUT",
        `${binPath}/${typeId}`,
        t("wasteSettings:flash.binTypeSaved", "Typ nádoby uložen."),
      );
    case "setBinTypeActive":
      return change(
        "PATCH",
        `${binPath}/${typeId}/active`,
        { active },
        active
          ? t("wasteSettings:flash.binTypeActivated", "Typ nádoby aktivován.")
          : t("wasteSettings:flash.binTypeDeactivated", "Typ nádoby deaktivován."),
      );
    case "deleteBinType":
      return change(
        "DELETE",
        `${binPath}/${typeId}`,
        undefined,
        t("wasteSettings:flash.binTypeDeleted", "Typ nádoby smazán."),
      );
    default:
      return fail(400, t("wasteSettings:unknownAction", "Neznámá akce."));
  }
}

function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <>{value ? t("wasteSettings:yes", "Ano") : t("wasteSettings:no", "Ne")}</>;
}

function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge tone={active ? "green" : "gray"}>
      {active ? t("wasteSettings:state.active", "Aktivní") : t("wasteSettings:state.inactive", "Neaktivní")}
    </Badge>
  );
}

function NameCell({ name, catalogue }: { name: string; catalogue: boolean }) {
  const { t } = useTranslation();
  return (
    <TD>
      <span className="font-medium text-slate-900">{name}</span>
      {catalogue && (
        <Badge tone="blue" className="ml-2">
          {t("wasteSettings:badge.catalogue", "Katalog")}
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
  kind: "WasteType" | "BinType";
  row: { id: number; name: string; active: boolean };
  /** This row's action failed: its confirmation stays closed, so the message beside the table is seen. */
  failed: boolean;
}) {
  const { t } = useTranslation();
  const open = failed ? false : undefined;
  const slug = kind === "WasteType" ? "waste-type" : "bin-type";
  const sr = <span className="sr-only"> {row.name}</span>;
  return (
    <div className="flex justify-end gap-1 whitespace-nowrap">
      <DialogTrigger name={`edit-${slug}-${row.id}`} variant="ghost" size="sm">
        {t("wasteSettings:action.edit", "Upravit")}
        {sr}
      </DialogTrigger>
      <ConfirmDialog
        name={`${row.active ? "deactivate" : "activate"}-${slug}-${row.id}`}
        intent={`set${kind}Active`}
        open={open}
        fields={{ typeId: row.id, active: String(!row.active) }}
        tone={row.active ? "danger" : "primary"}
        trigger={
          <>
            {row.active
              ? t("wasteSettings:action.deactivate", "Deaktivovat")
              : t("wasteSettings:action.activate", "Aktivovat")}
            {sr}
          </>
        }
        triggerVariant="ghost"
        triggerSize="sm"
        title={
          row.active
            ? t("wasteSettings:confirm.deactivateTitle", "Deaktivovat typ {{name}}?", { name: row.name })
            : t("wasteSettings:confirm.activateTitle", "Aktivovat typ {{name}}?", { name: row.name })
        }
        message={
          row.active
            ? t(
                "wasteSettings:confirm.deactivate",
                "Typ se přestane nabízet pro nové nádoby; nádoby, které ho mají, si ho ponechají.",
              )
            : t("wasteSettings:confirm.activate", "Typ se bude znovu nabízet.")
        }
        confirmLabel={
          row.active
            ? t("wasteSettings:action.deactivate", "Deaktivovat")
            : t("wasteSettings:action.activate", "Aktivovat")
        }
      />
      <ConfirmDialog
        name={`delete-${slug}-${row.id}`}
        intent={`delete${kind}`}
        open={open}
        fields={{ typeId: row.id }}
        trigger={
          <>
            {t("wasteSettings:action.delete", "Smazat")}
            {sr}
          </>
        }
        triggerVariant="ghost"
        triggerSize="sm"
        title={t("wasteSettings:confirm.deleteTitle", "Smazat typ {{name}}?", { name: row.name })}
        message={t(
          "wasteSettings:confirm.delete",
          "Typ bude smazán. Typ, který používají nádoby obce, smazat nelze; deaktivujte ho.",
        )}
        confirmLabel={t("wasteSettings:action.delete", "Smazat")}
      />
    </div>
  );
}

export default function WasteBinsSettingsPage() {
  const { municipality, wasteTypes, binTypes } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as SettingsAnswer | undefined;
  const { t } = useTranslation();
  const shown = useMessage();
  const canEdit = useCan("aEdit", "municipality");
  const number = (v: string | number) => formatNumber(v, { maxDecimals: 0 });
  // The failure of a row's deactivate/delete (409 'Typ používají nádoby obce…'); dialog failures stay in the dialog.
  const rowFailure = (prefix: "WasteType" | "BinType") =>
    answer?.message && answer.intent?.endsWith(prefix) ? answer : undefined;
  const wasteFailure = rowFailure("WasteType");
  const binFailure = rowFailure("BinType");
  const activeWasteTypes = wasteTypes.filter((w) => w.active);

  return (
    <div className="space-y-4">
      <nav aria-label={t("wasteSettings:breadcrumb", "Drobečková navigace")} className="text-sm">
        <Link className="text-emerald-800 hover:underline" to="/administration/municipalities">
          {t("wasteSettings:municipalities", "Obce")}
        </Link>
        {" / "}
        <Link className="text-emerald-800 hover:underline" to={`/administration/municipalities/${municipality.id}`}>
          {municipality.name}
        </Link>
      </nav>
      <div>
        <h1 className="text-2xl font-semibold">{t("wasteSettings:title", "Odpady a nádoby")}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {t(
            "wasteSettings:intro",
            "Typy odpadu a nádob obce {{name}}. Řádky označené „Katalog“ jsou společné pro všechny obce a měnit je nelze; obec si přidává vlastní.",
            { name: municipality.name },
          )}
        </p>
      </div>

      {answer?.message && !wasteFailure && !binFailure && <Alert tone="error">{shown(answer.message)}</Alert>}

      <TypesCard
        id="waste-types-title"
        title={t("wasteSettings:wasteTypes.title", "Typy odpadu")}
        addDialog={canEdit ? "add-waste-type" : null}
        addLabel={t("wasteSettings:wasteTypes.add", "Přidat typ odpadu")}
        failure={wasteFailure ? shown(wasteFailure.message) : null}
      >
        <Table>
          <THead>
            <tr>
              <TH>{t("wasteSettings:column.name", "Název")}</TH>
              <TH>{t("wasteSettings:column.catalogCode", "Kód katalogu")}</TH>
              <TH className="text-right">{t("wasteSettings:column.coefficient", "Koeficient (kg/l)")}</TH>
              <TH>{t("wasteSettings:column.sorted", "Tříděný")}</TH>
              <TH className="text-right">{t("wasteSettings:column.binCount", "Nádob")}</TH>
              <TH>{t("wasteSettings:column.state", "Stav")}</TH>
              {canEdit && (
                <TH className="text-right">
                  <span className="sr-only">{t("wasteSettings:column.actions", "Akce")}</span>
                </TH>
              )}
            </tr>
          </THead>
          <TBody>
            {wasteTypes.map((w) => (
              <TR key={w.id}>
                <NameCell name={w.name} catalogue={w.catalogue} />
                <TD className="font-mono">{w.catalogCode ?? "–"}</TD>
                <TD className="text-right tabular-nums">
                  {formatNumber(w.coefficient, { minDecimals: 2, maxDecimals: 4 })}
                </TD>
                <TD>
                  <YesNo value={w.sorted} />
                </TD>
                <TD className="text-right tabular-nums">{number(w.binCount ?? 0)}</TD>
                <TD>
                  <ActiveBadge active={w.active} />
                </TD>
                {canEdit && (
                  <TD className="text-right">
                    {!w.catalogue && (
                      <RowActions kind="WasteType" row={w} failed={wasteFailure?.target === String(w.id)} />
                    )}
                  </TD>
                )}
              </TR>
            ))}
          </TBody>
        </Table>
      </TypesCard>

      <TypesCard
        id="bin-types-title"
        title={t("wasteSettings:binTypes.title", "Typy nádob")}
        addDialog={canEdit ? "add-bin-type" : null}
        addLabel={t("wasteSettings:binTypes.add", "Přidat typ nádoby")}
        failure={binFailure ? shown(binFailure.message) : null}
      >
        <Table>
          <THead>
            <tr>
              <TH>{t("wasteSettings:column.name", "Název")}</TH>
              <TH>{t("wasteSettings:column.category", "Druh nádoby")}</TH>
              <TH>{t("wasteSettings:column.kind", "Použití")}</TH>
              <TH className="text-right">{t("wasteSettings:column.capacity", "Objem")}</TH>
              <TH>{t("wasteSettings:column.allowExact", "Přesné množství")}</TH>
              <TH>{t("wasteSettings:column.wasteType", "Typ odpadu")}</TH>
              <TH className="text-right">{t("wasteSettings:column.binCount", "Nádob")}</TH>
              <TH>{t("wasteSettings:column.state", "Stav")}</TH>
              {canEdit && (
                <TH className="text-right">
                  <span className="sr-only">{t("wasteSettings:column.actions", "Akce")}</span>
                </TH>
              )}
            </tr>
          </THead>
          <TBody>
            {binTypes.map((b) => (
              <TR key={b.id}>
                <NameCell name={b.name} catalogue={b.catalogue} />
                <TD>
                  <CategoryLabel category={b.category} />
                </TD>
                <TD>
                  <KindLabel kind={b.kind} />
                </TD>
                <TD className="text-right whitespace-nowrap tabular-nums">{number(b.capacity)} l</TD>
                <TD>
                  <YesNo value={b.allowExact} />
                </TD>
                <TD>{b.wasteTypeName ?? "–"}</TD>
                <TD className="text-right tabular-nums">{number(b.binCount ?? 0)}</TD>
                <TD>
                  <ActiveBadge active={b.active} />
                </TD>
                {canEdit && (
                  <TD className="text-right">
                    {!b.catalogue && <RowActions kind="BinType" row={b} failed={binFailure?.target === String(b.id)} />}
                  </TD>
                )}
              </TR>
            ))}
          </TBody>
        </Table>
      </TypesCard>

      {canEdit && (
        <>
          <WasteTypeDialog answer={answer} />
          {wasteTypes
            .filter((w) => !w.catalogue)
            .map((w) => (
              <WasteTypeDialog key={w.id} row={w} answer={answer} />
            ))}
          <BinTypeDialog answer={answer} wasteTypes={activeWasteTypes} />
          {binTypes
            .filter((b) => !b.catalogue)
            .map((b) => (
              <BinTypeDialog
                key={b.id}
                row={b}
                answer={answer}
                // The current waste type stays selectable even when it was deactivated since.
                wasteTypes={wasteTypes.filter((w) => w.active || w.id === b.wasteTypeId)}
              />
            ))}
        </>
      )}
    </div>
  );
}

/** One settings card (waste types, bin types): title, the add button, a failed action's message, then the table. */
function TypesCard(props: {
  id: string;
  title: string;
  addDialog: string | null;
  addLabel: string;
  failure?: string | null;
  children: React.ReactNode;
}) {
  return (
    <Card aria-labelledby={props.id}>
      <CardHeader>
        <CardTitle id={props.id}>{props.title}</CardTitle>
        {props.addDialog && (
          <DialogTrigger name={props.addDialog} variant="secondary" size="sm">
            {props.addLabel}
          </DialogTrigger>
        )}
      </CardHeader>
      <CardContent className="space-y-3 p-0">
        {props.failure && (
          <Alert tone="error" className="mx-4 mt-3">
            {props.failure}
          </Alert>
        )}
        {props.children}
      </CardContent>
    </Card>
  );
}
