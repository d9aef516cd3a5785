import { useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/edit";
import type { UserDetail } from "#contract/user";
import { requirePermission } from "~/server/guard.server";
import { requireId } from "~/lib/route-checks";
import { UserForm, toFormValues } from "./form";
import { canInvite, loadFormOptions, updateUser, withCurrentRole } from "./form.server";
import { UserEditHeader } from "./edit-header";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.user.fullName ?? "Uživatel"} · úprava` }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = requireId(params.userId, request);
  const api = await requirePermission(request, context, "user.aEdit");
  const [user, options] = await Promise.all([api.get<UserDetail>(`/user/${id}`), loadFormOptions(api)]);
  return { user, ...options, roles: withCurrentRole(options.roles, user), canInvite: canInvite(api, context) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = requireId(params.userId, request);
  const formData = await request.formData();
  const api = await requirePermission(
    request,
    context,
    formData.get("intent") === "resend" ? "user.aAdd" : "user.aEdit",
  );
  return updateUser(api, context, formData, {
    userId: id,
    backTo: "/administration/users",
    editUrl: `/administration/users/${id}/edit`,
  });
}

export default function EditUser() {
  const { user, roles, municipalities, canInvite } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <UserEditHeader user={user} canInvite={canInvite} answer={actionData} />
      <UserForm
        mode="edit"
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        defaultValue={toFormValues(user)}
        roles={roles}
        municipalities={municipalities}
        canInvite={canInvite}
        submitLabel={t("common:save", "Uložit")}
        cancelTo="/administration/users"
      />
    </div>
  );
}
