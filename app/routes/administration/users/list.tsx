import { data, Link, redirect, useActionData, useLoaderData, useRouteLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import type { Route } from "./+types/list";
import { NOTHING_SELECTED, type RoleItem, type UserListItem } from "#contract/user";
import { defineList, toApiQuery } from "~/lib/list";
import { listParam, listSchema, parseListParams } from "~/lib/list-params";
import { requirePermission } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { addFlash, commit } from "~/server/session.server";
import type { ApiClient } from "~/server/api.server";
import { DataTable } from "~/components/data-table";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useCan } from "~/lib/permissions";
import { useGenerationAfter } from "~/lib/use-bulk-generation";
import { formatPhone } from "~/lib/format";
import { formatDateTime } from "#contract/calendar";
import type { AppLayoutData } from "~/routes/app-layout";
import { canInvite } from "./form.server";

export const meta = () => [{ title: "Uživatelé · Odpady obce" }];

/** The list's URL search params, parsed by the loader only (the browser never loads zod). */
const userParams = listSchema({
  search: listParam.search(),
  roleId: listParam.search(),
  municipalityId: listParam.search(),
  active: listParam.boolean(),
});

/** Spec 001 §2 Users list: columns, filters (search, role, municipality, active), sort and paging in the URL. */
export const userList = defineList({
  id: "users",
  defaultSort: "lastName",
  filters: [
    {
      key: "search",
      kind: "search",
      label: { key: "user:list.search", defaultValue: "Hledat" },
      placeholder: { key: "user:list.searchPlaceholder", defaultValue: "Jméno, e-mail, telefon" },
    },
    { key: "roleId", kind: "select", label: { key: "user:field.role", defaultValue: "Role" }, options: [] },
    {
      key: "municipalityId",
      kind: "select",
      label: { key: "user:field.municipality", defaultValue: "Obec" },
      options: [],
    },
    { key: "active", kind: "boolean", label: { key: "user:list.active", defaultValue: "Aktivní" } },
  ],
  columns: [
    {
      key: "lastName",
      label: { key: "user:list.name", defaultValue: "Jméno" },
      sortable: true,
      render: (row: UserListItem) => <NameCell row={row} />,
    },
    { key: "userName", label: { key: "user:field.userName", defaultValue: "Uživatelské jméno" }, sortable: true },
    {
      key: "email",
      label: { key: "user:field.email", defaultValue: "E-mail" },
      sortable: true,
      render: (row: UserListItem) => <Email value={row.email} />,
    },
    {
      key: "phone",
      label: { key: "user:field.phone", defaultValue: "Telefon" },
      className: "whitespace-nowrap",
      render: (row: UserListItem) => (row.phone ? formatPhone(row.phone) : "–"),
    },
    {
      key: "role",
      label: { key: "user:field.role", defaultValue: "Role" },
      sortable: true,
      render: (row: UserListItem) => <RoleLabel row={row} />,
    },
    {
      key: "municipality",
      label: { key: "user:field.municipality", defaultValue: "Obec" },
      sortable: true,
      render: (row: UserListItem) => row.municipalityName ?? "–",
    },
    {
      key: "lastLoginAt",
      label: { key: "user:field.lastLogin", defaultValue: "Poslední přihlášení" },
      sortable: true,
      render: (row: UserListItem) => <LastLogin value={row.lastLoginAt} />,
    },
    {
      key: "active",
      label: { key: "user:list.state", defaultValue: "Stav" },
      sortable: true,
      render: (row: UserListItem) => <StateBadges row={row} />,
    },
  ],
});

function NameCell({ row }: { row: UserListItem }) {
  const canEdit = useCan("aEdit", "user");
  if (!canEdit) return <span className="font-medium">{row.fullName}</span>;
  return (
    <Link className="font-medium text-emerald-800 hover:underline" to={`/administration/users/${row.id}/edit`}>
      {row.fullName}
    </Link>
  );
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

function RoleLabel({ row }: { row: UserListItem }) {
  const { t } = useTranslation();
  return <>{t(`common:role.${row.roleName}`, row.roleLabel)}</>;
}

function LastLogin({ value }: { value: string | null }) {
  const { t, i18n } = useTranslation();
  return <>{value ? formatDateTime(value, i18n.language) : t("user:list.never", "nikdy")}</>;
}

function StateBadges({ row }: { row: UserListItem }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={row.active ? "green" : "gray"}>
        {row.active ? t("user:state.active", "Aktivní") : t("user:state.inactive", "Neaktivní")}
      </Badge>
      {row.registrationPending && <Badge tone="amber">{t("user:state.pending", "Čeká na heslo")}</Badge>}
    </span>
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await requirePermission(request, context, "user.aDetail");
  const params = parseListParams(userList, userParams, request.url);
  const [list, roles, municipalities] = await Promise.all([
    api.get<{ items: UserListItem[]; total: number }>("/user", toApiQuery(params)),
    api.get<{ items: RoleItem[] }>("/user/roles"),
    api.get<{ items: { id: number; name: string }[] }>("/municipality/options"),
  ]);
  return {
    ...list,
    params,
    roles: roles.items,
    municipalities: municipalities.items,
    canInvite: canInvite(api, context),
  };
}

type ActionAnswer =
  | { intent: string; message: string; tone: "error" | "warning" }
  | { intent: "confirm"; confirm: { intent: "activate" | "deactivate"; ids: number[] }; nonce: number };

/** The selected ids: checkboxes named `ids` (bulk form) or one comma-separated value (confirmation dialogs). */
function selectedIds(formData: FormData): number[] {
  const ids = formData
    .getAll("ids")
    .flatMap((v) => String(v).split(","))
    .map((v) => Number(v.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  return [...new Set(ids)];
}

/** Back to the list as it was (filters, sort, page), without the dialog that was open. */
function listUrl(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("dialog");
  return url.pathname + url.search;
}

async function done(api: ApiClient, request: Request, context: Route.ActionArgs["context"], text: string) {
  addFlash(api.session, { type: "success", text });
  return redirect(listUrl(request), { headers: { "Set-Cookie": await commit(context, api.session) } });
}

/**
 * Bulk and single activate / deactivate (PATCH user/activate?isActiveState with personIds) and resend registration.
 * Bulk buttons first ask for a confirmation (a dialog rendered from the answer, so it works without JavaScript);
 * nothing selected gives 'Vyberte položky.' — checked here too, since without JavaScript the form posts anyway.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const api = await requirePermission(request, context, intent === "resend" ? "user.aAdd" : "user.aEdit");
  const t = await userT(api.session);
  const fail = (message: string, status: number, tone: "error" | "warning" = "error") =>
    data<ActionAnswer>({ intent, message, tone }, { status });

  switch (intent) {
    case "bulkActivate":
    case "bulkDeactivate": {
      const ids = selectedIds(formData);
      if (ids.length === 0) return fail(t("common:dataTable.selectItems", NOTHING_SELECTED), 422, "warning");
      return data<ActionAnswer>({
        intent: "confirm",
        confirm: { intent: intent === "bulkActivate" ? "activate" : "deactivate", ids },
        nonce: Date.now(),
      });
    }
    case "activate":
    case "deactivate": {
      const ids = selectedIds(formData);
      if (ids.length === 0) return fail(t("common:dataTable.selectItems", NOTHING_SELECTED), 422, "warning");
      const res = await api.request("PATCH", "/user/activate", {
        query: { isActiveState: intent === "activate" },
        json: { personIds: ids },
      });
      if (!res.ok) return fail(res.problem.errors?.personIds?.[0] ?? res.problem.Message, res.status);
      return done(
        api,
        request,
        context,
        intent === "activate"
          ? t("user:flash.activated", "Uživatel aktivován.")
          : t("user:flash.deactivated", "Uživatel deaktivován."),
      );
    }
    case "resend": {
      const userId = Number(formData.get("userId"));
      if (!Number.isSafeInteger(userId) || userId <= 0)
        return fail(t("common:dataTable.selectItems", NOTHING_SELECTED), 422, "warning");
      const res = await api.request("PATCH", "/user/resend-registration-email", { query: { userId } });
      if (!res.ok) return fail(res.problem.Message, res.status);
      return done(api, request, context, t("user:flash.resent", "Registrační e-mail odeslán."));
    }
    default:
      return fail(t("user:list.unknownAction", "Neznámá akce."), 400);
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

/** Row actions as icon buttons with tooltips (the table has many columns): resend, edit, deactivate / activate. */
function RowActions({ row, canInvite, selfId }: { row: UserListItem; canInvite: boolean; selfId?: number }) {
  const { t } = useTranslation();
  const canEdit = useCan("aEdit", "user");
  const canAdd = useCan("aAdd", "user");
  const resend = t("user:action.resendShort", "Poslat pozvánku znovu");
  const edit = t("common:edit", "Upravit");
  const deactivate = t("user:action.deactivate", "Deaktivovat");
  const activate = t("user:action.activate", "Aktivovat");
  // The confirmation dialogs live in the cell: they must not inherit its right alignment and no-wrap.
  return (
    <span className="inline-flex items-center gap-1 text-left whitespace-normal">
      {canAdd && canInvite && row.registrationPending && (
        <ConfirmDialog
          name={`resend-${row.id}`}
          intent="resend"
          fields={{ userId: row.id }}
          tone="primary"
          trigger={<ActionIcon icon="resend" label={resend} name={row.fullName} />}
          triggerVariant="ghost"
          triggerSize="icon"
          title={t("user:confirm.resendTitle", "Poslat registrační e-mail znovu?")}
          message={t(
            "user:confirm.resend",
            "Uživatel {{name}} dostane na {{email}} nový odkaz k nastavení hesla; dřívější odkaz přestane platit.",
            {
              name: row.fullName,
              email: row.email ?? "–",
            },
          )}
          confirmLabel={t("user:action.send", "Odeslat")}
        />
      )}
      {canEdit && (
        <Button to={`/administration/users/${row.id}/edit`} variant="ghost" size="icon">
          <ActionIcon icon="edit" label={edit} name={row.fullName} />
        </Button>
      )}
      {canEdit && row.id === selfId && <span className="size-9" aria-hidden="true" />}
      {canEdit &&
        row.id !== selfId &&
        (row.active ? (
          <ConfirmDialog
            name={`deactivate-${row.id}`}
            intent="deactivate"
            fields={{ ids: row.id }}
            trigger={<ActionIcon icon="deactivate" label={deactivate} name={row.fullName} />}
            triggerVariant="ghost"
            triggerSize="icon"
            title={t("user:confirm.deactivateTitle", "Deaktivovat uživatele?")}
            message={t(
              "user:confirm.deactivate",
              "{{name}} se nebude moci přihlásit, dokud účet znovu neaktivujete. Jeho přihlášení skončí.",
              {
                name: row.fullName,
              },
            )}
            confirmLabel={deactivate}
          />
        ) : (
          <ConfirmDialog
            name={`activate-${row.id}`}
            intent="activate"
            fields={{ ids: row.id }}
            tone="primary"
            trigger={<ActionIcon icon="activate" label={activate} name={row.fullName} />}
            triggerVariant="ghost"
            triggerSize="icon"
            title={t("user:confirm.activateTitle", "Aktivovat uživatele?")}
            message={t("user:confirm.activate", "{{name}} se bude moci znovu přihlásit.", { name: row.fullName })}
            confirmLabel={activate}
          />
        ))}
    </span>
  );
}

export default function UserList() {
  const { items, total, params, roles, municipalities, canInvite } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const layout = useRouteLoaderData("routes/app-layout") as AppLayoutData | undefined;
  const { t } = useTranslation();
  const shown = useMessage();
  const canAdd = useCan("aAdd", "user");
  const canEdit = useCan("aEdit", "user");
  // Filter options known only at run time (roles the caller sees, their municipalities) are filled in here.
  const def = {
    ...userList,
    filters: userList.filters.map((f) =>
      f.key === "roleId"
        ? {
            ...f,
            options: roles.map((r) => ({
              value: String(r.id),
              label: { key: `common:role.${r.name}`, defaultValue: r.label },
            })),
          }
        : f.key === "municipalityId"
          ? { ...f, options: municipalities.map((m) => ({ value: String(m.id), label: m.name })) }
          : f,
    ),
  };
  const confirm = answer && "confirm" in answer ? answer.confirm : null;
  const generation = useGenerationAfter(["activate", "deactivate"]);

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("user:list.title", "Uživatelé")}</h1>
        {canAdd && <Button to="/administration/users/create">{t("user:list.new", "Nový uživatel")}</Button>}
      </div>
      {answer && "message" in answer && <Alert tone={answer.tone}>{shown(answer.message)}</Alert>}
      <DataTable
        key={generation}
        def={def}
        rows={items}
        total={total}
        params={params}
        rowKey="id"
        rowLabel={(row) => row.fullName}
        selectable={canEdit}
        bulkActions={
          canEdit
            ? [
                { intent: "bulkActivate", label: t("user:action.activateSelected", "Aktivovat vybrané") },
                { intent: "bulkDeactivate", label: t("user:action.deactivateSelected", "Deaktivovat vybrané") },
              ]
            : undefined
        }
        rowActions={(row) => <RowActions row={row} canInvite={canInvite} selfId={layout?.user.id} />}
        emptyState={{ message: t("user:list.empty", "Zatím žádní uživatelé.") }}
      />
      {confirm && answer && "nonce" in answer && (
        <ConfirmDialog
          key={answer.nonce}
          name="bulk"
          open
          intent={confirm.intent}
          fields={{ ids: confirm.ids.join(",") }}
          tone={confirm.intent === "activate" ? "primary" : "danger"}
          title={
            confirm.intent === "activate"
              ? t("user:confirm.bulkActivateTitle", "Aktivovat vybrané uživatele?")
              : t("user:confirm.bulkDeactivateTitle", "Deaktivovat vybrané uživatele?")
          }
          message={
            confirm.intent === "activate"
              ? t("user:confirm.bulkActivate", "Počet vybraných uživatelů: {{n}}. Budou se moci znovu přihlásit.", {
                  n: confirm.ids.length,
                })
              : t(
                  "user:confirm.bulkDeactivate",
                  "Počet vybraných uživatelů: {{n}}. Nebudou se moci přihlásit, dokud je znovu neaktivujete.",
                  {
                    n: confirm.ids.length,
                  },
                )
          }
          confirmLabel={
            confirm.intent === "activate"
              ? t("user:action.activate", "Aktivovat")
              : t("user:action.deactivate", "Deaktivovat")
          }
        />
      )}
    </div>
  );
}
