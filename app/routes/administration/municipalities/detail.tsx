import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import { data } from "react-router";
import type { Route } from "./+types/detail";
import { DELETE_DATA_WORD, type MunicipalityDetail } from "#contract/municipality";
import { EXTERNAL_ACCOUNT_TYPES, MUNICIPALITY_MODULES } from "#contract/enums";
import { requirePermission } from "~/server/guard.server";
import { addFlash, commit } from "~/server/session.server";
import { userT } from "~/server/i18n.server";
import { requireId } from "~/lib/route-checks";
import { useCan } from "~/lib/permissions";
import { formatDateTime } from "#contract/calendar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "~/components/ui/table";
import { Alert } from "~/components/ui/alert";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { ConfirmDialog } from "~/components/confirm-dialog";
import type { MunicipalityDevice } from "#contract/device";
import { MunicipalityDevicesCard } from "~/routes/administration/devices/+shared/municipality-card";
import { DetailRow } from "~/components/detail-row";

interface MunicipalityUser {
  id: number;
  userName: string;
  firstName: string;
  lastName: string;
  email: string | null;
  role: string;
  active: boolean;
  lastLoginAt: string | null;
}
interface ExternalAccount {
  id: number;
  type: string;
  login: string;
  customerNumber: string | null;
  hasPassword: boolean;
}

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.municipality.name ?? "Obec"} · Odpady obce` }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, "municipality.aDetail");
  const permissions = api.session.get("permissions") ?? [];
  const canSeeUsers = permissions.includes("user.aDetail");
  const canSeeDevices = permissions.includes("device.aDetail");
  const [municipality, users, accounts, devices] = await Promise.all([
    api.get<MunicipalityDetail>(`/municipality/${id}`),
    canSeeUsers ? api.get<{ items: MunicipalityUser[] }>(`/municipality/${id}/users`) : Promise.resolve({ items: [] }),
    api.get<{ items: ExternalAccount[] }>(`/municipality/${id}/external-accounts`),
    canSeeDevices
      ? api.get<{ items: MunicipalityDevice[] }>(`/municipality/${id}/device`)
      : Promise.resolve({ items: [] as MunicipalityDevice[] }),
  ]);
  return {
    municipality,
    users: users.items,
    accounts: accounts.items,
    canSeeUsers,
    devices: canSeeDevices ? devices.items : null,
  };
}

type ActionAnswer = { intent: string; errors?: Record<string, string[]>; message?: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = requireId(params.municipalityId, request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const base = `/administration/municipalities/${id}`;
  const permission = intent === "deleteData" || intent === "delete" ? "municipality.aRemove" : "municipality.aEdit";
  const api = await requirePermission(request, context, permission);
  const t = await userT(api.session);
  const done = async (text: string, to = base) => {
    addFlash(api.session, { type: "success", text });
    return redirect(to, { headers: { "Set-Cookie": await commit(context, api.session) } });
  };
  const fail = (res: { status: number; problem: { Message: string; errors?: Record<string, string[]> } }) =>
    data<ActionAnswer>({ intent, message: res.problem.Message, errors: res.problem.errors }, { status: res.status });

  switch (intent) {
    case "activate":
    case "deactivate": {
      const res = await api.send("PATCH", `/municipality/${id}/active`, { active: intent === "activate" });
      return res.ok
        ? done(
            intent === "activate"
              ? t("municipality:flash.activated", "Obec aktivována.")
              : t("municipality:flash.deactivated", "Obec deaktivována."),
          )
        : fail(res);
    }
    case "module": {
      const module = String(formData.get("module"));
      const enabled = formData.get("enabled") === "true";
      const res = await api.send("PUT", `/municipality/${id}/modules/${encodeURIComponent(module)}`, { enabled });
      return res.ok
        ? done(
            enabled
              ? t("municipality:flash.moduleOn", "Modul zapnut.")
              : t("municipality:flash.moduleOff", "Modul vypnut."),
          )
        : fail(res);
    }
    case "accounts": {
      const rows = formData.getAll("accountType").map((type, i) => ({
        id: formData.getAll("accountId")[i] ? Number(formData.getAll("accountId")[i]) : undefined,
        type: String(type),
        login: String(formData.getAll("accountLogin")[i] ?? ""),
        password: String(formData.getAll("accountPassword")[i] ?? ""),
        customerNumber: String(formData.getAll("accountCustomerNumber")[i] ?? ""),
      }));
      // A completely empty new row is ignored; a row with a login but removed flag is dropped.
      const removed = new Set(formData.getAll("accountRemove").map(String));
      const accounts = rows.filter((r, i) => !(removed.has(String(i)) || (!r.id && !r.login.trim())));
      const res = await api.send("PUT", `/municipality/${id}/external-accounts`, { accounts });
      return res.ok ? done(t("municipality:flash.accountsSaved", "Externí účty uloženy.")) : fail(res);
    }
    case "logo": {
      const file = formData.get("logo");
      const upload = new FormData();
      if (file instanceof File) upload.set("logo", file);
      const res = await api.request("PUT", `/municipality/${id}/logo`, { formData: upload });
      return res.ok ? done(t("municipality:flash.logoSaved", "Logo uloženo.")) : fail(res);
    }
    case "removeLogo": {
      const res = await api.send("DELETE", `/municipality/${id}/logo`);
      return res.ok ? done(t("municipality:flash.logoRemoved", "Logo odstraněno.")) : fail(res);
    }
    case "deleteData": {
      const res = await api.send("POST", `/municipality/${id}/delete-data`, {
        confirmation: String(formData.get("confirmation") ?? ""),
      });
      return res.ok ? done(t("municipality:flash.dataDeleted", "Data obce smazána.")) : fail(res);
    }
    case "delete": {
      const res = await api.send("DELETE", `/municipality/${id}`);
      return res.ok
        ? done(t("municipality:flash.deleted", "Obec smazána."), "/administration/municipalities")
        : fail(res);
    }
    default:
      return data<ActionAnswer>({ intent, message: "Neznámá akce." }, { status: 400 });
  }
}

export default function MunicipalityDetailPage() {
  const { municipality: m, users, accounts, canSeeUsers, devices } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const { t, i18n } = useTranslation();
  const shown = useMessage();
  const canEdit = useCan("aEdit", "municipality");
  const canRemove = useCan("aRemove", "municipality");
  const canAddUser = useCan("aAdd", "user");
  const canEditUser = useCan("aEdit", "user");
  const errorFor = (intent: string) => (answer?.intent === intent ? answer : undefined);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          {m.hasLogo && (
            <img
              src={`/administration/municipalities/${m.id}/logo`}
              alt=""
              className="h-12 w-12 rounded object-contain"
            />
          )}
          <div>
            <h1 className="text-2xl font-semibold">{m.name}</h1>
            <p className="text-sm text-slate-600">
              {t(`municipality:type.${m.type}`, m.type)} · {m.district ?? "–"} ·{" "}
              <Badge tone={m.active ? "green" : "gray"}>
                {m.active ? t("municipality:state.active", "Aktivní") : t("municipality:state.inactive", "Neaktivní")}
              </Badge>
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {canEdit && (
            <Button to={`/administration/municipalities/${m.id}/edit`} variant="primary">
              {t("common:edit", "Upravit")}
            </Button>
          )}
          {canEdit &&
            (m.active ? (
              <ConfirmDialog
                name="deactivate"
                intent="deactivate"
                trigger={t("municipality:action.deactivate", "Deaktivovat")}
                triggerVariant="secondary"
                title={t("municipality:confirm.deactivateTitle", "Deaktivovat obec?")}
                message={t(
                  "municipality:confirm.deactivate",
                  "Uživatelé obce se nebudou moci přihlásit k jejím datům, dokud ji znovu neaktivujete.",
                )}
                confirmLabel={t("municipality:action.deactivate", "Deaktivovat")}
              />
            ) : (
              <ConfirmDialog
                name="activate"
                intent="activate"
                tone="primary"
                trigger={t("municipality:action.activate", "Aktivovat")}
                title={t("municipality:confirm.activateTitle", "Aktivovat obec?")}
                message={t("municipality:confirm.activate", "Obec bude znovu dostupná svým uživatelům.")}
                confirmLabel={t("municipality:action.activate", "Aktivovat")}
              />
            ))}
        </div>
      </div>

      {answer?.message && !["accounts", "logo"].includes(answer.intent) && (
        <Alert tone="error">
          {shown(answer.message)}
          {answer.errors?.confirmation?.[0] && <span className="block">{shown(answer.errors.confirmation[0])}</span>}
        </Alert>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("municipality:section.basic", "Základní informace")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y divide-slate-100">
              <DetailRow label={t("municipality:field.shortName", "Zkrácený název")} value={m.shortName} />
              <DetailRow
                label={t("municipality:field.kind", "Velikost")}
                value={t(`municipality:kind.${m.kind}`, m.kind)}
              />
              <DetailRow
                label={t("municipality:field.parent", "Nadřazená obec")}
                value={
                  m.parentId ? (
                    <Link className="text-emerald-700 underline" to={`/administration/municipalities/${m.parentId}`}>
                      {m.parentName}
                    </Link>
                  ) : null
                }
              />
              <DetailRow
                label={t("municipality:field.country", "Země")}
                value={t(`municipality:country.${m.country}`, m.country)}
              />
              <DetailRow label={t("municipality:field.identificationNumber", "IČO")} value={m.identificationNumber} />
              <DetailRow label={t("municipality:field.vatNumber", "DIČ")} value={m.vatNumber} />
              <DetailRow label={t("municipality:field.companyName", "Název organizace")} value={m.companyName} />
              <DetailRow
                label={t("municipality:field.companyAddress", "Adresa")}
                value={[m.companyAddress, [m.zipCode, m.city].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
              />
              <DetailRow
                label={t("municipality:field.lastLogin", "Poslední přihlášení")}
                value={m.lastLoginAt ? formatDateTime(m.lastLoginAt, i18n.language as "cs") : null}
              />
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("municipality:section.settings", "Nastavení")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y divide-slate-100">
              <DetailRow
                label={t("municipality:field.labelType", "Typ štítku")}
                value={t(`municipality:labelType.${m.labelType}`, m.labelType)}
              />
              <DetailRow
                label={t("municipality:field.monitoredPeriod", "Sledované období")}
                value={t(`municipality:period.${m.monitoredPeriod}`, m.monitoredPeriod)}
              />
              <DetailRow
                label={t("municipality:field.duplicateHandlingStrategy", "Zpracování duplicit")}
                value={t(`municipality:duplicate.${m.duplicateHandlingStrategy}`, m.duplicateHandlingStrategy)}
              />
              <DetailRow label={t("municipality:field.note", "Poznámka")} value={m.note} />
            </dl>
            <h3 className="mt-4 mb-1 text-sm font-semibold">{t("municipality:section.contacts", "Kontaktní osoby")}</h3>
            {m.contacts.length === 0 ? (
              <p className="text-sm text-slate-600">
                {t("municipality:contacts.empty", "Zatím bez kontaktních osob.")}
              </p>
            ) : (
              <ul className="space-y-1 text-sm">
                {m.contacts.map((c) => (
                  <li key={c.id}>
                    <span className="font-medium">{c.name}</span> · {t(`municipality:contactType.${c.type}`, c.type)}
                    {c.phone && <> · {c.phone}</>}
                    {c.email && (
                      <>
                        {" "}
                        ·{" "}
                        <a className="text-emerald-700 underline" href={`mailto:${c.email}`}>
                          {c.email}
                        </a>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t("municipality:section.modules", "Moduly")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {MUNICIPALITY_MODULES.map((module) => {
              const enabled = m.modules.find((x) => x.module === module)?.enabled ?? false;
              return (
                <li
                  key={module}
                  className="flex items-center justify-between rounded-md border border-slate-200 px-3 py-2 text-sm"
                >
                  <span>
                    {t(`municipality:module.${module}`, module)}
                    {module === "WasteAndBins" && (
                      <>
                        {" "}
                        ·{" "}
                        <Link
                          className="text-emerald-700 underline"
                          to={`/administration/municipalities/${m.id}/modules/waste-bins`}
                        >
                          {t("wasteSettings:link", "Nastavit")}
                        </Link>
                      </>
                    )}
                  </span>
                  {canEdit ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="module" />
                      <input type="hidden" name="module" value={module} />
                      <input type="hidden" name="enabled" value={String(!enabled)} />
                      <button
                        type="submit"
                        role="switch"
                        aria-checked={enabled}
                        aria-label={t(`municipality:module.${module}`, module)}
                        className={`relative h-6 w-11 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 ${enabled ? "bg-emerald-600" : "bg-slate-300"}`}
                      >
                        <span
                          className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-all ${enabled ? "left-5.5" : "left-0.5"}`}
                        />
                      </button>
                    </Form>
                  ) : (
                    <Badge tone={enabled ? "green" : "gray"}>
                      {enabled ? t("municipality:module.on", "Zapnuto") : t("municipality:module.off", "Vypnuto")}
                    </Badge>
                  )}
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>

      {canSeeUsers && (
        <Card>
          <CardHeader>
            <CardTitle>{t("municipality:section.users", "Uživatelé")}</CardTitle>
            {canAddUser && (
              <Button to={`/administration/municipalities/${m.id}/users/create`} variant="secondary" size="sm">
                {t("municipality:users.add", "Přidat uživatele")}
              </Button>
            )}
          </CardHeader>
          <CardContent>
            {users.length === 0 ? (
              <p className="text-sm text-slate-600">
                {t("municipality:users.empty", "Obec zatím nemá žádné uživatele.")}
              </p>
            ) : (
              <Table>
                <THead>
                  <TR>
                    <TH>{t("municipality:users.name", "Jméno")}</TH>
                    <TH>{t("municipality:users.userName", "Uživatelské jméno")}</TH>
                    <TH>{t("municipality:users.role", "Role")}</TH>
                    <TH>{t("municipality:users.lastLogin", "Poslední přihlášení")}</TH>
                    <TH>{t("municipality:users.state", "Stav")}</TH>
                  </TR>
                </THead>
                <TBody>
                  {users.map((u) => (
                    <TR key={u.id}>
                      <TD>
                        {canEditUser ? (
                          <Link
                            className="font-medium text-emerald-800 hover:underline"
                            to={`/administration/municipalities/${m.id}/users/${u.id}/edit`}
                          >
                            {u.firstName} {u.lastName}
                          </Link>
                        ) : (
                          <>
                            {u.firstName} {u.lastName}
                          </>
                        )}
                      </TD>
                      <TD>{u.userName}</TD>
                      <TD>{t(`common:role.${u.role}`, u.role)}</TD>
                      <TD>{u.lastLoginAt ? formatDateTime(u.lastLoginAt, i18n.language as "cs") : "–"}</TD>
                      <TD>
                        <Badge tone={u.active ? "green" : "gray"}>
                          {u.active
                            ? t("municipality:state.active", "Aktivní")
                            : t("municipality:state.inactive", "Neaktivní")}
                        </Badge>
                      </TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            )}
          </CardContent>
        </Card>
      )}

      {devices && <MunicipalityDevicesCard municipalityId={m.id} devices={devices} />}

      <Card>
        <CardHeader>
          <CardTitle>{t("municipality:section.externalAccounts", "Externí účty")}</CardTitle>
        </CardHeader>
        <CardContent>
          {errorFor("accounts") && (
            <Alert tone="error" className="mb-3">
              {shown(errorFor("accounts")?.message)}
            </Alert>
          )}
          {!canEdit && accounts.length === 0 && (
            <p className="text-sm text-slate-600">{t("municipality:accounts.empty", "Žádné externí účty.")}</p>
          )}
          {(canEdit || accounts.length > 0) && (
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="accounts" />
              <Table>
                <THead>
                  <TR>
                    <TH>{t("municipality:accounts.type", "Typ")}</TH>
                    <TH>{t("municipality:accounts.login", "Login")}</TH>
                    <TH>{t("municipality:accounts.password", "Heslo")}</TH>
                    <TH>{t("municipality:accounts.customerNumber", "Zákaznické číslo")}</TH>
                    {canEdit && <TH>{t("municipality:accounts.remove", "Odebrat")}</TH>}
                  </TR>
                </THead>
                <TBody>
                  {[...accounts, ...(canEdit ? [null] : [])].map((a, i) => (
                    <TR key={a?.id ?? "new"}>
                      <TD>
                        <input type="hidden" name="accountId" value={a?.id ?? ""} />
                        <Select
                          name="accountType"
                          defaultValue={a?.type ?? "ARCO"}
                          disabled={!canEdit}
                          aria-label={t("municipality:accounts.type", "Typ")}
                          options={EXTERNAL_ACCOUNT_TYPES.map((v) => ({
                            value: v,
                            label: t(`municipality:accountType.${v}`, v),
                          }))}
                        />
                      </TD>
                      <TD>
                        <Input
                          name="accountLogin"
                          defaultValue={a?.login ?? ""}
                          disabled={!canEdit}
                          placeholder={a ? undefined : t("municipality:accounts.newLogin", "nový účet")}
                          aria-label={t("municipality:accounts.login", "Login")}
                          aria-invalid={errorFor("accounts")?.errors?.[`accounts.${i}.login`] ? true : undefined}
                        />
                      </TD>
                      <TD>
                        <Input
                          name="accountPassword"
                          type="password"
                          autoComplete="new-password"
                          disabled={!canEdit}
                          placeholder={a?.hasPassword ? "••••••" : ""}
                          aria-label={t("municipality:accounts.password", "Heslo")}
                        />
                      </TD>
                      <TD>
                        <Input
                          name="accountCustomerNumber"
                          defaultValue={a?.customerNumber ?? ""}
                          disabled={!canEdit}
                          aria-label={t("municipality:accounts.customerNumber", "Zákaznické číslo")}
                        />
                      </TD>
                      {canEdit && (
                        <TD>
                          {a && (
                            <input
                              type="checkbox"
                              name="accountRemove"
                              value={i}
                              aria-label={t("municipality:accounts.remove", "Odebrat")}
                              className="h-4 w-4 accent-red-700"
                            />
                          )}
                        </TD>
                      )}
                    </TR>
                  ))}
                </TBody>
              </Table>
              {canEdit && (
                <Button type="submit" variant="secondary" size="sm">
                  {t("municipality:accounts.save", "Uložit externí účty")}
                </Button>
              )}
            </Form>
          )}
        </CardContent>
      </Card>

      {canEdit && (
        <Card>
          <CardHeader>
            <CardTitle>{t("municipality:section.logo", "Logo")}</CardTitle>
          </CardHeader>
          <CardContent>
            {errorFor("logo") && (
              <Alert tone="error" className="mb-3">
                {shown(errorFor("logo")?.errors?.logo?.[0] ?? errorFor("logo")?.message)}
              </Alert>
            )}
            <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="logo" />
              <label className="text-sm">
                <span className="mb-1 block text-slate-600">
                  {t("municipality:logo.help", "PNG, JPEG nebo WebP, nejvýše 512 kB.")}
                </span>
                <input type="file" name="logo" accept="image/png,image/jpeg,image/webp" required className="text-sm" />
              </label>
              <Button type="submit" variant="secondary" size="sm">
                {t("municipality:logo.upload", "Nahrát logo")}
              </Button>
            </Form>
            {m.hasLogo && (
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="removeLogo" />
                <Button type="submit" variant="ghost" size="sm">
                  {t("municipality:logo.remove", "Odstranit logo")}
                </Button>
              </Form>
            )}
          </CardContent>
        </Card>
      )}

      {canRemove && (
        <Card className="border-red-200">
          <CardHeader>
            <CardTitle>{t("municipality:section.danger", "Nevratné akce")}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            <ConfirmDialog
              name="delete-data"
              intent="deleteData"
              confirmWord={DELETE_DATA_WORD}
              trigger={t("municipality:action.deleteData", "Smazat data obce")}
              title={t("municipality:confirm.deleteDataTitle", "Smazat data obce?")}
              message={t(
                "municipality:confirm.deleteData",
                "Budou odstraněni všichni poplatníci a všechna sběrná místa obce. Tuto akci nelze vrátit.",
              )}
              confirmLabel={t("municipality:action.deleteData", "Smazat data obce")}
            />
            <ConfirmDialog
              name="delete"
              intent="delete"
              trigger={t("municipality:action.delete", "Smazat obec")}
              title={t("municipality:confirm.deleteTitle", "Smazat obec?")}
              message={t(
                "municipality:confirm.delete",
                "Obec bude odstraněna i se všemi svými daty. Tuto akci nelze vrátit.",
              )}
              confirmLabel={t("municipality:action.delete", "Smazat obec")}
            />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
