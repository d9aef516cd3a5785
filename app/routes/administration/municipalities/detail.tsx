import { Link, useRouteLoaderData } from "react-router";
import type { AppLayoutData } from "~/routes/app-layout";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import type { Route } from "./+types/detail";
import { EXTERNAL_ACCOUNT_TYPES, MUNICIPALITY_MODULES } from "#contract/enums";
import { requirePermission } from "~/server/guard.server";
import type { ApiClient, ApiResult } from "~/server/api.server";
import { answer, apiAnswer, readIntent, redirectWithFlash, unknownIntent } from "~/server/action.server";
import { userT } from "~/server/i18n.server";
import { requireId } from "~/lib/route-checks";
import { useCan } from "~/lib/permissions";
import { formatDateTime } from "#contract/calendar";
import { recordTitle } from "~/components/page-title";
import { DetailPage } from "~/components/detail-page";
import { Alert } from "~/components/ui/alert";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DetailRow, FieldRows } from "~/components/detail-row";
import { MunicipalityDevicesCard } from "~/routes/administration/devices/+shared/municipality-card";
import {
  DETAIL_INTENTS,
  DangerCard,
  ExternalAccountsCard,
  LogoCard,
  ModulesCard,
  UsersCard,
} from "./+shared/detail-cards";
import { ActiveBadge, MUNICIPALITIES_PATH, municipalityPath } from "./+shared/ui";

export const handle = recordTitle<Route.ComponentProps["loaderData"]>("municipality", (d) => d.municipality.name);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, "municipality.aDetail");
  const permissions = api.session.get("permissions") ?? [];
  const canSeeUsers = permissions.includes("user.aDetail");
  const canSeeDevices = permissions.includes("device.aDetail");
  const [municipality, users, accounts, devices] = await Promise.all([
    api.municipality.detail({ municipalityId }),
    canSeeUsers ? api.municipality.users({ municipalityId }) : null,
    api.municipality.externalAccounts({ municipalityId }),
    canSeeDevices ? api.device.ofMunicipality({ municipalityId }) : null,
  ]);
  return {
    municipality,
    users: users?.items ?? [],
    accounts: accounts.items,
    canSeeUsers,
    devices: devices?.items ?? null,
  };
}

/** The external accounts form's rows: a completely empty new row is ignored, a row marked 'Odebrat' is dropped. */
function accountRows(formData: FormData) {
  const ids = formData.getAll("accountId");
  const logins = formData.getAll("accountLogin");
  const passwords = formData.getAll("accountPassword");
  const customerNumbers = formData.getAll("accountCustomerNumber");
  const rows = formData.getAll("accountType").map((type, i) => ({
    id: ids[i] ? Number(ids[i]) : undefined,
    type: EXTERNAL_ACCOUNT_TYPES.find((v) => v === type),
    login: String(logins[i] ?? ""),
    password: String(passwords[i] ?? ""),
    customerNumber: String(customerNumbers[i] ?? ""),
  }));
  const removed = new Set(formData.getAll("accountRemove").map(String));
  return rows.filter((r, i) => !(removed.has(String(i)) || (!r.id && !r.login.trim())));
}

/** PUT municipality/{id}/logo: the chosen file as the multipart field 'logo' (at most 512 kB, checked by the API). */
async function uploadLogo(api: ApiClient, municipalityId: number, file: FormDataEntryValue | null) {
  const upload = new FormData();
  if (file instanceof File) upload.set("logo", file);
  const encoded = new Response(upload);
  const bytes = await encoded.arrayBuffer();
  return api.upload.municipality.uploadLogo({ municipalityId }, new Blob([bytes]).stream(), {
    contentType: encoded.headers.get("Content-Type") ?? "multipart/form-data",
    contentLength: String(bytes.byteLength),
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const { formData, intent } = await readIntent(request);
  const removes = intent === DETAIL_INTENTS.deleteData || intent === DETAIL_INTENTS.delete;
  const api = await requirePermission(request, context, removes ? "municipality.aRemove" : "municipality.aEdit");
  const t = await userT(api.session);
  const byId = { municipalityId };
  const done = <T,>(res: ApiResult<T>, text: string, to = municipalityPath(municipalityId)) =>
    res.ok ? redirectWithFlash(api, context, to, text) : apiAnswer(intent, res);

  switch (intent) {
    case "activate":
    case "deactivate": {
      const res = await api.municipality.setActive(byId, { active: intent === "activate" });
      return done(res, intent === "activate" ? t("municipality:flash.activated") : t("municipality:flash.deactivated"));
    }
    case DETAIL_INTENTS.module: {
      const module = MUNICIPALITY_MODULES.find((m) => m === formData.get("module"));
      // An unknown module names nothing, as the API would answer.
      if (!module) return answer({ intent, message: "Záznam nebyl nalezen." }, 404);
      const enabled = formData.get("enabled") === "true";
      const res = await api.municipality.setModule({ ...byId, module }, { enabled });
      return done(res, enabled ? t("municipality:flash.moduleOn") : t("municipality:flash.moduleOff"));
    }
    case DETAIL_INTENTS.accounts: {
      const rows = accountRows(formData);
      const accounts = rows.flatMap(({ type, ...row }) => (type ? [{ ...row, type }] : []));
      // A type the select does not offer (a forged post): the answer the API gives for it.
      if (accounts.length < rows.length) {
        const errors = { [`accounts.${rows.findIndex((r) => !r.type)}.type`]: ["Vyberte hodnotu."] };
        return answer({ intent, message: "Formulář obsahuje chyby.", errors });
      }
      return done(
        await api.municipality.saveExternalAccounts(byId, { accounts }),
        t("municipality:flash.accountsSaved"),
      );
    }
    case DETAIL_INTENTS.logo:
      return done(await uploadLogo(api, municipalityId, formData.get("logo")), t("municipality:flash.logoSaved"));
    case DETAIL_INTENTS.removeLogo:
      return done(await api.municipality.removeLogo(byId), t("municipality:flash.logoRemoved"));
    case DETAIL_INTENTS.deleteData: {
      const confirmation = String(formData.get("confirmation") ?? "");
      const res = await api.municipality.deleteData(byId, { confirmation });
      return done(res, t("municipality:flash.dataDeleted"));
    }
    case DETAIL_INTENTS.delete:
      return done(await api.municipality.remove(byId), t("municipality:flash.deleted"), MUNICIPALITIES_PATH);
    default:
      return unknownIntent(intent, t);
  }
}

/** Deactivate (an active municipality) or activate (an inactive one) behind a confirmation. */
function ActivationDialog({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const intent = active ? "deactivate" : "activate";
  const label = t(`municipality:action.${intent}`);
  return (
    <ConfirmDialog
      name={intent}
      intent={intent}
      tone={active ? "danger" : "primary"}
      trigger={label}
      triggerVariant="secondary"
      title={t(`municipality:confirm.${intent}Title`)}
      message={t(`municipality:confirm.${intent}`)}
      confirmLabel={label}
    />
  );
}

export default function MunicipalityDetailPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { municipality: m, users, accounts, canSeeUsers, devices } = loaderData;
  const { t, i18n } = useTranslation();
  const shown = useMessage();
  const canEdit = useCan("aEdit", "municipality");
  const canRemove = useCan("aRemove", "municipality");
  const layout = useRouteLoaderData<AppLayoutData>("routes/app-layout");
  const managedIds = new Set(layout?.municipalities.map((x) => x.id));
  // The accounts and the logo show their failures in their own cards.
  const pageFailure =
    answer?.message && answer.intent !== DETAIL_INTENTS.accounts && answer.intent !== DETAIL_INTENTS.logo
      ? answer
      : undefined;

  return (
    <DetailPage
      ns="municipality"
      list={MUNICIPALITIES_PATH}
      title={
        <span className="flex items-center gap-3">
          {m.hasLogo && (
            <img src={`${municipalityPath(m.id)}/logo`} alt="" className="h-12 w-12 rounded object-contain" />
          )}
          {m.name}
        </span>
      }
      subtitle={
        <>
          {t(`municipality:type.${m.type}`, m.type)} · {m.district ?? "–"} · <ActiveBadge active={m.active} />
        </>
      }
      edit={canEdit && `${municipalityPath(m.id)}/edit`}
      actions={canEdit && <ActivationDialog active={m.active} />}
    >
      {pageFailure && (
        <Alert tone="error">
          {shown(pageFailure.message)}
          {pageFailure.errors?.confirmation?.[0] && (
            <span className="block">{shown(pageFailure.errors.confirmation[0])}</span>
          )}
        </Alert>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard title={t("municipality:section.basic")}>
          <dl className="divide-y divide-slate-100">
            <DetailRow label={t("municipality:field.shortName")} value={m.shortName} />
            <DetailRow label={t("municipality:field.kind")} value={t(`municipality:kind.${m.kind}`, m.kind)} />
            <DetailRow
              label={t("municipality:field.parent")}
              value={
                m.parentId ? (
                  // A parent the user does not manage (a manager's region) is named, not linked: its page is 404.
                  managedIds.has(m.parentId) ? (
                    <Link className="text-emerald-700 underline" to={municipalityPath(m.parentId)}>
                      {m.parentName}
                    </Link>
                  ) : (
                    m.parentName
                  )
                ) : null
              }
            />
            <DetailRow
              label={t("municipality:field.country")}
              value={t(`municipality:country.${m.country}`, m.country)}
            />
            <FieldRows ns="municipality" record={m} keys={["identificationNumber", "vatNumber", "companyName"]} />
            <DetailRow
              label={t("municipality:field.companyAddress")}
              value={[m.companyAddress, [m.zipCode, m.city].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
            />
            <DetailRow
              label={t("municipality:field.lastLogin")}
              value={m.lastLoginAt ? formatDateTime(m.lastLoginAt, i18n.language) : null}
            />
          </dl>
        </SectionCard>
        <SectionCard title={t("municipality:section.settings")}>
          <dl className="divide-y divide-slate-100">
            <DetailRow
              label={t("municipality:field.labelType")}
              value={t(`municipality:labelType.${m.labelType}`, m.labelType)}
            />
            <DetailRow
              label={t("municipality:field.monitoredPeriod")}
              value={t(`municipality:period.${m.monitoredPeriod}`, m.monitoredPeriod)}
            />
            <DetailRow
              label={t("municipality:field.duplicateHandlingStrategy")}
              value={t(`municipality:duplicate.${m.duplicateHandlingStrategy}`, m.duplicateHandlingStrategy)}
            />
            <DetailRow label={t("municipality:field.note")} value={m.note} />
          </dl>
          <h3 className="mt-4 mb-1 text-sm font-semibold">{t("municipality:section.contacts")}</h3>
          {m.contacts.length === 0 ? (
            <p className="text-sm text-slate-600">{t("municipality:contacts.empty")}</p>
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
        </SectionCard>
      </div>

      <ModulesCard municipality={m} canEdit={canEdit} />
      {canSeeUsers && <UsersCard municipalityId={m.id} users={users} />}
      {devices && <MunicipalityDevicesCard municipalityId={m.id} devices={devices} />}
      <ExternalAccountsCard accounts={accounts} canEdit={canEdit} answer={answer} />
      {canEdit && <LogoCard hasLogo={m.hasLogo} answer={answer} />}
      {canRemove && <DangerCard />}
    </DetailPage>
  );
}
