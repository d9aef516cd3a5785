/**
 * The municipality detail's cards below its data (spec 001 §2 Municipalities): modules, users, external accounts,
 * logo and the irreversible actions. Each is a plain form post to the detail's action, told apart by `intent`.
 */
import { Form, Link } from "react-router";
import { RowsTable } from "~/components/rows-table";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import { useCan } from "~/lib/permissions";
import { formatDateTime } from "#contract/calendar";
import { EXTERNAL_ACCOUNT_TYPES, MUNICIPALITY_MODULES } from "#contract/enums";
import {
  DELETE_DATA_WORD,
  type ExternalAccount,
  type MunicipalityDetail,
  type MunicipalityUser,
} from "#contract/municipality";
import type { ActionAnswer } from "~/lib/action-answer";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Table, TBody, TD, TH, THead, TR } from "~/components/ui/table";
import { ActiveBadge, municipalityPath } from "./ui";
import { RecordLink } from "~/components/record-link";

/** The intents of the detail's forms. */
export const DETAIL_INTENTS = {
  module: "module",
  accounts: "accounts",
  logo: "logo",
  removeLogo: "removeLogo",
  deleteData: "deleteData",
  delete: "delete",
} as const;

/** Modules switched on and off one by one; the waste and bins and the motivation programmes modules link to their screens. */
export function ModulesCard({ municipality: m, canEdit }: { municipality: MunicipalityDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  // The motivation programmes' screen is reachable from its module (also while the module is off, to prepare them).
  const canSeeProgrammes = useCan("aDetail", "motivationProgram");
  const canSeeCentres = useCan("aDetail", "distributionCenter");
  // Each module's screen: its path below the municipality and its texts (`<ns>:link`; `title`: the name for screen readers).
  const moduleLinks: Partial<Record<string, { path: string; ns: string; title?: boolean }>> = {
    WasteAndBins: { path: "waste-bins", ns: "wasteSettings" },
    CollectionYard: { path: "waste-collection-yards", ns: "collectionYard" },
    ...(canSeeCentres && { DistributionCenters: { path: "distribution-centers", ns: "distributionCenter" } }),
    ...(canSeeProgrammes && {
      MotivationPrograms: { path: "motivation-program", ns: "motivationProgramme", title: true },
    }),
  };
  return (
    <SectionCard title={t("municipality:section.modules")}>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {MUNICIPALITY_MODULES.map((module) => {
          const enabled = m.modules.find((x) => x.module === module)?.enabled ?? false;
          const link = moduleLinks[module];
          return (
            <li
              key={module}
              className="flex items-center justify-between rounded-md border border-slate-200 px-3 py-2 text-sm"
            >
              <span>
                {t(`municipality:module.${module}`, module)}
                {link && (
                  <>
                    {" "}
                    ·{" "}
                    <Link className="text-emerald-700 underline" to={`${municipalityPath(m.id)}/modules/${link.path}`}>
                      {t(`${link.ns}:link`)}
                      {link.title && <span className="sr-only"> {t(`${link.ns}:title`)}</span>}
                    </Link>
                  </>
                )}
              </span>
              {canEdit ? (
                <Form method="post">
                  <input type="hidden" name="intent" value={DETAIL_INTENTS.module} />
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
                  {enabled ? t("municipality:module.on") : t("municipality:module.off")}
                </Badge>
              )}
            </li>
          );
        })}
      </ul>
    </SectionCard>
  );
}

/** A card's failed post: its message (or the first error of `field`) above the card's form. */
function FailedAlert({ failed, field }: { failed?: ActionAnswer; field?: string }) {
  const shown = useMessage();
  if (!failed) return null;
  return (
    <Alert tone="error" className="mb-3">
      {shown((field ? failed.errors?.[field]?.[0] : undefined) ?? failed.message)}
    </Alert>
  );
}

/** The municipality's users; a user editor opens them in the municipality's scope. */
export function UsersCard({ municipalityId, users }: { municipalityId: number; users: MunicipalityUser[] }) {
  const { t, i18n } = useTranslation();
  const canAddUser = useCan("aAdd", "user");
  const canEditUser = useCan("aEdit", "user");
  const base = municipalityPath(municipalityId);
  return (
    <SectionCard
      title={t("municipality:section.users")}
      actions={
        <>
          {canAddUser && (
            <Button to={`${base}/users/create`} variant="secondary" size="sm">
              {t("municipality:users.add")}
            </Button>
          )}
        </>
      }
    >
      <RowsTable
        rows={users}
        empty={t("municipality:users.empty")}
        labels="municipality:users"
        head={["name", "userName", "role", "lastLogin", "state"]}
      >
        {(u) => (
          <TR key={u.id}>
            <TD>
              {canEditUser ? (
                <RecordLink to={`${base}/users/${u.id}/edit`}>
                  {u.firstName} {u.lastName}
                </RecordLink>
              ) : (
                <>
                  {u.firstName} {u.lastName}
                </>
              )}
            </TD>
            <TD>{u.userName}</TD>
            <TD>{t(`common:role.${u.role}`, u.role)}</TD>
            <TD>{u.lastLoginAt ? formatDateTime(u.lastLoginAt, i18n.language) : "–"}</TD>
            <TD>
              <ActiveBadge active={u.active} />
            </TD>
          </TR>
        )}
      </RowsTable>
    </SectionCard>
  );
}

/**
 * The external accounts as one form: the stored rows and, for an editor, an empty row for a new account. A
 * password left empty keeps the stored one; 'Odebrat' drops the row on saving.
 */
export function ExternalAccountsCard({
  accounts,
  canEdit,
  answer,
}: {
  accounts: ExternalAccount[];
  canEdit: boolean;
  answer?: ActionAnswer;
}) {
  const { t } = useTranslation();
  const failed = answer?.intent === DETAIL_INTENTS.accounts ? answer : undefined;
  return (
    <SectionCard title={t("municipality:section.externalAccounts")}>
      <FailedAlert failed={failed} />
      {!canEdit && accounts.length === 0 && (
        <p className="text-sm text-slate-600">{t("municipality:accounts.empty")}</p>
      )}
      {(canEdit || accounts.length > 0) && (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value={DETAIL_INTENTS.accounts} />
          <Table>
            <THead>
              <TR>
                <TH>{t("municipality:accounts.type")}</TH>
                <TH>{t("municipality:accounts.login")}</TH>
                <TH>{t("municipality:accounts.password")}</TH>
                <TH>{t("municipality:accounts.customerNumber")}</TH>
                {canEdit && <TH>{t("municipality:accounts.remove")}</TH>}
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
                      aria-label={t("municipality:accounts.type")}
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
                      placeholder={a ? undefined : t("municipality:accounts.newLogin")}
                      aria-label={t("municipality:accounts.login")}
                      aria-invalid={failed?.errors?.[`accounts.${i}.login`] ? true : undefined}
                    />
                  </TD>
                  <TD>
                    <Input
                      name="accountPassword"
                      type="password"
                      autoComplete="new-password"
                      disabled={!canEdit}
                      placeholder={a?.hasPassword ? "••••••" : ""}
                      aria-label={t("municipality:accounts.password")}
                    />
                  </TD>
                  <TD>
                    <Input
                      name="accountCustomerNumber"
                      defaultValue={a?.customerNumber ?? ""}
                      disabled={!canEdit}
                      aria-label={t("municipality:accounts.customerNumber")}
                    />
                  </TD>
                  {canEdit && (
                    <TD>
                      {a && (
                        <input
                          type="checkbox"
                          name="accountRemove"
                          value={i}
                          aria-label={t("municipality:accounts.remove")}
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
              {t("municipality:accounts.save")}
            </Button>
          )}
        </Form>
      )}
    </SectionCard>
  );
}

/** Upload (PNG, JPEG or WebP up to 512 kB) or remove the logo. */
export function LogoCard({ hasLogo, answer }: { hasLogo: boolean; answer?: ActionAnswer }) {
  const { t } = useTranslation();
  const failed = answer?.intent === DETAIL_INTENTS.logo ? answer : undefined;
  return (
    <SectionCard title={t("municipality:section.logo")}>
      <FailedAlert failed={failed} field="logo" />
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value={DETAIL_INTENTS.logo} />
        <label className="text-sm">
          <span className="mb-1 block text-slate-600">{t("municipality:logo.help")}</span>
          <input type="file" name="logo" accept="image/png,image/jpeg,image/webp" required className="text-sm" />
        </label>
        <Button type="submit" variant="secondary" size="sm">
          {t("municipality:logo.upload")}
        </Button>
      </Form>
      {hasLogo && (
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value={DETAIL_INTENTS.removeLogo} />
          <Button type="submit" variant="ghost" size="sm">
            {t("municipality:logo.remove")}
          </Button>
        </Form>
      )}
    </SectionCard>
  );
}

/** Delete the municipality's data (typed confirmation word) or the municipality itself. */
export function DangerCard() {
  const { t } = useTranslation();
  return (
    <SectionCard
      className="border-red-200"
      title={t("municipality:section.danger")}
      contentClassName="flex flex-wrap gap-2"
    >
      <ConfirmDialog
        name="delete-data"
        intent={DETAIL_INTENTS.deleteData}
        confirmWord={DELETE_DATA_WORD}
        trigger={t("municipality:action.deleteData")}
        title={t("municipality:confirm.deleteDataTitle")}
        message={t("municipality:confirm.deleteData")}
        confirmLabel={t("municipality:action.deleteData")}
      />
      <ConfirmDialog
        name="delete"
        intent={DETAIL_INTENTS.delete}
        trigger={t("municipality:action.delete")}
        title={t("municipality:confirm.deleteTitle")}
        message={t("municipality:confirm.delete")}
        confirmLabel={t("municipality:action.delete")}
      />
    </SectionCard>
  );
}
