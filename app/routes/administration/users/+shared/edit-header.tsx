import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import type { UserDetail } from "#contract/user";
import { useCan } from "~/lib/permissions";
import { formatDateTime } from "#contract/calendar";
import type { ActionAnswer } from "~/lib/action-answer";
import { PageHeader } from "~/components/page-header";
import { Alert } from "~/components/ui/alert";
import { LastLogin, ResendInvitationDialog, RoleName, UserStateBadges } from "./ui";

/** Heading of the edit pages: name, role, state, last login, and the resend-registration action (spec 000 §4). */
export function UserEditHeader({
  user,
  back,
  canInvite,
  answer,
}: {
  user: UserDetail;
  back: { to: string; label: string };
  canInvite: boolean;
  answer?: ActionAnswer;
}) {
  const { t, i18n } = useTranslation();
  const canAdd = useCan("aAdd", "user");
  const shown = useMessage();
  const expiresAt = user.invitationExpiresAt;
  return (
    <div className="space-y-3">
      <PageHeader
        back={back}
        title={`${t("user:edit.title")}: ${user.fullName}`}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <RoleName user={user} />
            <span aria-hidden="true">·</span>
            <UserStateBadges user={{ active: user.active }} />
            <span aria-hidden="true">·</span>
            <span>
              {t("user:field.lastLogin")}: <LastLogin value={user.lastLoginAt} />
            </span>
          </span>
        }
        actions={
          user.registrationPending &&
          canInvite &&
          canAdd && <ResendInvitationDialog user={user} trigger={t("user:action.resend")} triggerVariant="secondary" />
        }
      />
      {user.registrationPending && (
        <Alert tone="info">
          {expiresAt && Date.parse(expiresAt) < Date.now()
            ? t("user:edit.pendingExpired", { date: formatDateTime(expiresAt, i18n.language) })
            : expiresAt
              ? t("user:edit.pendingUntil", { date: formatDateTime(expiresAt, i18n.language) })
              : t("user:edit.pending")}
        </Alert>
      )}
      {answer?.message && <Alert tone="error">{shown(answer.message)}</Alert>}
    </div>
  );
}
