import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import type { UserDetail } from "#contract/user";
import { useCan } from "~/lib/permissions";
import { formatDateTime } from "#contract/calendar";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";

/** Heading of the edit pages: name, role, state, last login, and the resend-registration action (spec 000 §4). */
export function UserEditHeader({
  user,
  canInvite,
  answer,
}: {
  user: UserDetail;
  canInvite: boolean;
  answer?: unknown;
}) {
  const { t, i18n } = useTranslation();
  const canAdd = useCan("aAdd", "user");
  const shown = useMessage();
  const failed =
    answer && typeof answer === "object" && "message" in answer
      ? String((answer as { message: string }).message)
      : null;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">
            {t("user:edit.title", "Úprava uživatele")}: {user.fullName}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span>{t(`common:role.${user.roleName}`, user.roleLabel)}</span>
            <span aria-hidden="true">·</span>
            <Badge tone={user.active ? "green" : "gray"}>
              {user.active ? t("user:state.active", "Aktivní") : t("user:state.inactive", "Neaktivní")}
            </Badge>
            <span aria-hidden="true">·</span>
            <span>
              {t("user:field.lastLogin", "Poslední přihlášení")}:{" "}
              {user.lastLoginAt ? formatDateTime(user.lastLoginAt, i18n.language) : t("user:list.never", "nikdy")}
            </span>
          </p>
        </div>
        {user.registrationPending && canInvite && canAdd && (
          <ConfirmDialog
            name="resend"
            intent="resend"
            tone="primary"
            trigger={t("user:action.resend", "Znovu poslat registrační e-mail")}
            triggerVariant="secondary"
            title={t("user:confirm.resendTitle", "Poslat registrační e-mail znovu?")}
            message={t(
              "user:confirm.resend",
              "Uživatel {{name}} dostane na {{email}} nový odkaz k nastavení hesla; dřívější odkaz přestane platit.",
              {
                name: user.fullName,
                email: user.email ?? "–",
              },
            )}
            confirmLabel={t("user:action.send", "Odeslat")}
          />
        )}
      </div>
      {user.registrationPending && (
        <Alert tone="info">
          {user.invitationExpiresAt && Date.parse(user.invitationExpiresAt) < Date.now()
            ? t(
                "user:edit.pendingExpired",
                "Uživatel zatím nenastavil heslo a odkaz z pozvánky vypršel {{date}}. Pošlete pozvánku znovu.",
                {
                  date: formatDateTime(user.invitationExpiresAt, i18n.language),
                },
              )
            : user.invitationExpiresAt
              ? t("user:edit.pendingUntil", "Uživatel zatím nenastavil heslo. Odkaz z pozvánky platí do {{date}}.", {
                  date: formatDateTime(user.invitationExpiresAt, i18n.language),
                })
              : t("user:edit.pending", "Uživatel zatím nenastavil heslo.")}
        </Alert>
      )}
      {failed && <Alert tone="error">{shown(failed)}</Alert>}
    </div>
  );
}
