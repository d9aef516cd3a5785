/** Pieces of the users screens: their paths, the state badges, the last login and the resend-invitation dialog. */
import { useTranslation } from "~/i18n/use-translation";
import { formatDateTime } from "#contract/calendar";
import { ConfirmDialog } from "~/components/confirm-dialog";
import type { ButtonSize, ButtonVariant } from "~/components/ui/button";
import { Badge } from "~/components/ui/badge";
import { activeBadge } from "~/components/state-badge";
import type { ReactNode } from "react";

export const USERS_PATH = "/administration/users";
export const userEditPath = (id: number) => `${USERS_PATH}/${id}/edit`;

/** The intent of the resend-registration button (the list's row and the edit page). */
export const RESEND = "resend";

const ActiveBadge = activeBadge("user");

/** Active or not, and 'Čeká na heslo' while an invited user has not set a password yet. */
export function UserStateBadges({ user }: { user: { active: boolean; registrationPending?: boolean } }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap gap-1">
      <ActiveBadge active={user.active} />
      {user.registrationPending && <Badge tone="amber">{t("user:state.pending")}</Badge>}
    </span>
  );
}

/** The last sign-in, or 'nikdy'. */
export function LastLogin({ value }: { value: string | null }) {
  const { t, i18n } = useTranslation();
  return <>{value ? formatDateTime(value, i18n.language) : t("user:list.never")}</>;
}

/** The role's label in the user's language (the API's label when the role has no translation). */
export function RoleName({ user }: { user: { roleName: string; roleLabel: string } }) {
  const { t } = useTranslation();
  return <>{t(`common:role.${user.roleName}`, user.roleLabel)}</>;
}

/**
 * 'Poslat registrační e-mail znovu' behind a confirmation: a new link to set the password, the old one stops
 * working. On the list it names its row (`userId`); on the edit page the user is the page's.
 */
export function ResendInvitationDialog({
  user,
  rowId,
  trigger,
  triggerVariant,
  triggerSize,
}: {
  user: { fullName: string; email: string | null };
  rowId?: number;
  trigger: ReactNode;
  triggerVariant: ButtonVariant;
  triggerSize?: ButtonSize;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      name={rowId ? `${RESEND}-${rowId}` : RESEND}
      intent={RESEND}
      fields={rowId ? { userId: rowId } : undefined}
      tone="primary"
      trigger={trigger}
      triggerVariant={triggerVariant}
      triggerSize={triggerSize}
      title={t("user:confirm.resendTitle")}
      message={t("user:confirm.resend", { name: user.fullName, email: user.email ?? "–" })}
      confirmLabel={t("user:action.send")}
    />
  );
}
