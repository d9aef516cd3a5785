import { useRouteLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/list";
import { userList as userListContract, type UserListItem } from "#contract/user";
import { userListKeys } from "#contract/lists";
import { defineList, withFilterOptions } from "~/lib/list";
import { requirePermission } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { answer, backToList, formId, readIntent, selectedIds, unknownIntent } from "~/server/action.server";
import { bulkChange, loadList, nothingSelected } from "~/server/list-action.server";
import type { ActionAnswer } from "~/lib/action-answer";
import { pageTitle } from "~/components/page-title";
import { ListPage } from "~/components/list-page";
import { column, textColumn } from "~/components/list-columns";
import { booleanFilter, idOptions, optionsFilter, searchFilter } from "~/lib/list-filters";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/button";
import { useCan } from "~/lib/permissions";
import { formatPhone } from "~/lib/format";
import type { AppLayoutData } from "~/routes/app-layout";
import { canInvite, resendRegistration } from "./+shared/form.server";
import {
  LastLogin,
  RESEND,
  ResendInvitationDialog,
  RoleName,
  USERS_PATH,
  UserStateBadges,
  userEditPath,
} from "./+shared/ui";
import { RecordLink } from "~/components/record-link";

export const handle = pageTitle("user:list.title");

/** Spec 001 §2 Users list: columns, filters (search, role, municipality, active); sorts from contract/lists.ts. */
export const userList = defineList(userListKeys, {
  filters: [
    searchFilter("user", true),
    optionsFilter("roleId", "user:field.role"),
    optionsFilter("municipalityId", "user:field.municipality"),
    booleanFilter("active", "user:list.active"),
  ],
  columns: [
    column("lastName", "user:list.name", (row: UserListItem) => <NameCell row={row} />),
    column("userName", "user:field.userName"),
    column("email", "user:field.email", (row: UserListItem) => <Email value={row.email} />),
    textColumn("phone", "user:field.phone", (row: UserListItem) => (row.phone ? formatPhone(row.phone) : null), {
      className: "whitespace-nowrap",
    }),
    column("role", "user:field.role", (row: UserListItem) => <RoleName user={row} />),
    textColumn("municipality", "user:field.municipality", (row: UserListItem) => row.municipalityName),
    column("lastLoginAt", "user:field.lastLogin", (row: UserListItem) => <LastLogin value={row.lastLoginAt} />),
    column("active", "user:list.state", (row: UserListItem) => <UserStateBadges user={row} />),
  ],
});

function NameCell({ row }: { row: UserListItem }) {
  const canEdit = useCan("aEdit", "user");
  if (!canEdit) return <span className="font-medium">{row.fullName}</span>;
  return <RecordLink to={userEditPath(row.id)}>{row.fullName}</RecordLink>;
}

/** An e-mail may wrap after the '@' (the table has many columns), never inside a word. */
function Email({ value }: { value: string | null }) {
  if (!value) return <>–</>;
  const at = value.indexOf("@");
  if (at < 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </>
  );
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadList(
    { request, context },
    "user.aDetail",
    userListContract,
    (api) => api.user.list,
    async (api) => {
      const [roles, municipalities] = await Promise.all([api.user.roles(), api.municipality.options()]);
      return { roles: roles.items, municipalities: municipalities.items, canInvite: canInvite(api, context) };
    },
  );

type Activation = "activate" | "deactivate";
/** A bulk button's answer: the confirmation dialog for the selected users (rendered from it, so it works without JavaScript). */
type ListExtra = { confirm?: { intent: Activation; ids: number[] }; nonce?: number };

/**
 * Bulk and single activate / deactivate (PATCH user/activate?isActiveState with personIds) and resend registration.
 * Bulk buttons first ask for a confirmation; nothing selected gives 'Vyberte položky.' — checked here too, since
 * without JavaScript the form posts anyway.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { formData, intent } = await readIntent(request);
  const api = await requirePermission(request, context, intent === RESEND ? "user.aAdd" : "user.aEdit");
  const t = await userT(api.session);

  switch (intent) {
    case "bulkActivate":
    case "bulkDeactivate": {
      const ids = selectedIds(formData);
      if (ids.length === 0) return nothingSelected<ListExtra>(intent, t);
      const confirm = { intent: intent === "bulkActivate" ? "activate" : "deactivate", ids } as const;
      return answer<ListExtra>({ intent: "confirm", confirm, nonce: Date.now() }, 200);
    }
    case "activate":
    case "deactivate":
      return bulkChange(
        { request, context, api, t, formData, intent },
        "personIds",
        (personIds) => api.user.activate({ isActiveState: intent === "activate" }, { personIds }),
        intent === "activate" ? t("user:flash.activated") : t("user:flash.deactivated"),
      );
    case RESEND: {
      const userId = formId(formData.get("userId"));
      if (!userId) return nothingSelected<ListExtra>(intent, t);
      return resendRegistration(api, context, userId, backToList(request));
    }
    default:
      return unknownIntent(intent, t);
  }
}

const ICONS = {
  edit: (
    <>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </>
  ),
  deactivate: (
    <>
      <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
      <circle cx="9" cy="7" r="4" />
      <path d="m17 8 5 5m0-5-5 5" />
    </>
  ),
  activate: (
    <>
      <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
      <circle cx="9" cy="7" r="4" />
      <path d="m16 11 2 2 4-4" />
    </>
  ),
  resend: (
    <>
      <rect width="20" height="16" x="2" y="4" rx="2" />
      <path d="m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7" />
    </>
  ),
};

/** An icon with a tooltip; the accessible name is the action plus the user's name. */
function ActionIcon({ icon, label, name }: { icon: keyof typeof ICONS; label: string; name: string }) {
  return (
    <span title={label} className="inline-flex">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {ICONS[icon]}
      </svg>
      <span className="sr-only">
        {label} {name}
      </span>
    </span>
  );
}

/** Deactivate (an active user) or activate (an inactive one) behind a confirmation. */
function ActivationAction({ row }: { row: UserListItem }) {
  const { t } = useTranslation();
  const intent: Activation = row.active ? "deactivate" : "activate";
  const label = t(`user:action.${intent}`);
  return (
    <ConfirmDialog
      name={`${intent}-${row.id}`}
      intent={intent}
      fields={{ ids: row.id }}
      tone={row.active ? "danger" : "primary"}
      trigger={<ActionIcon icon={intent} label={label} name={row.fullName} />}
      triggerVariant="ghost"
      triggerSize="icon"
      title={t(`user:confirm.${intent}Title`)}
      message={t(`user:confirm.${intent}`, { name: row.fullName })}
      confirmLabel={label}
    />
  );
}

/** Row actions as icon buttons with tooltips (the table has many columns): resend, edit, deactivate / activate. */
function RowActions({ row, canInvite, selfId }: { row: UserListItem; canInvite: boolean; selfId?: number }) {
  const { t } = useTranslation();
  const canEdit = useCan("aEdit", "user");
  const canAdd = useCan("aAdd", "user");
  // The confirmation dialogs live in the cell: they must not inherit its right alignment and no-wrap.
  return (
    <span className="inline-flex items-center gap-1 text-left whitespace-normal">
      {canAdd && canInvite && row.registrationPending && (
        <ResendInvitationDialog
          user={row}
          rowId={row.id}
          trigger={<ActionIcon icon="resend" label={t("user:action.resendShort")} name={row.fullName} />}
          triggerVariant="ghost"
          triggerSize="icon"
        />
      )}
      {canEdit && (
        <Button to={userEditPath(row.id)} variant="ghost" size="icon">
          <ActionIcon icon="edit" label={t("common:edit")} name={row.fullName} />
        </Button>
      )}
      {canEdit && row.id === selfId && <span className="size-9" aria-hidden="true" />}
      {canEdit && row.id !== selfId && <ActivationAction row={row} />}
    </span>
  );
}

/** The bulk buttons' confirmation, opened by the action's answer. */
function BulkConfirm({ confirm, nonce }: { confirm: NonNullable<ListExtra["confirm"]>; nonce?: number }) {
  const { t } = useTranslation();
  const activate = confirm.intent === "activate";
  return (
    <ConfirmDialog
      key={nonce}
      name="bulk"
      open
      intent={confirm.intent}
      fields={{ ids: confirm.ids.join(",") }}
      tone={activate ? "primary" : "danger"}
      title={activate ? t("user:confirm.bulkActivateTitle") : t("user:confirm.bulkDeactivateTitle")}
      message={
        activate
          ? t("user:confirm.bulkActivate", { n: confirm.ids.length })
          : t("user:confirm.bulkDeactivate", { n: confirm.ids.length })
      }
      confirmLabel={t(`user:action.${confirm.intent}`)}
    />
  );
}

export default function UserList({ loaderData, actionData }: Route.ComponentProps) {
  // Every answer of the action is an ActionAnswer; only the bulk buttons' carries the confirmation.
  const answer: ActionAnswer<ListExtra> | undefined = actionData;
  const { roles, municipalities, canInvite } = loaderData;
  const layout = useRouteLoaderData<AppLayoutData>("routes/app-layout");
  const { t } = useTranslation();
  // Filter options known only at run time (roles the caller sees, their municipalities).
  const def = withFilterOptions(userList, {
    roleId: roles.map((r) => ({ value: String(r.id), label: { key: `common:role.${r.name}`, defaultValue: r.label } })),
    municipalityId: idOptions(municipalities),
  });

  return (
    <ListPage
      ns="user"
      list={loaderData}
      create={{ to: `${USERS_PATH}/create`, emptyLabel: false }}
      caption={false}
      answer={answer}
      resetAfter={["activate", "deactivate"]}
      def={def}
      rowLabel={(row) => row.fullName}
      bulkActions={[
        { intent: "bulkActivate", label: t("user:action.activateSelected") },
        { intent: "bulkDeactivate", label: t("user:action.deactivateSelected") },
      ]}
      rowActions={(row) => <RowActions row={row} canInvite={canInvite} selfId={layout?.user.id} />}
    >
      {answer?.confirm && <BulkConfirm confirm={answer.confirm} nonce={answer.nonce} />}
    </ListPage>
  );
}
