import { data, redirect, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/edit";
import type { MunicipalityDetail } from "#contract/municipality";
import type { UserDetail } from "#contract/user";
import { requirePermission } from "~/server/guard.server";
import { requireId } from "~/lib/route-checks";
import { UserForm, toFormValues } from "~/routes/administration/users/form";
import { canInvite, loadFormOptions, updateUser, withCurrentRole } from "~/routes/administration/users/form.server";
import { UserEditHeader } from "~/routes/administration/users/edit-header";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.user.fullName ?? "Uživatel"} · úprava` }];

/**
 * A municipality's user, edited in its scope (municipality fixed). A user who belongs to the municipality only as a
 * managed one (their own municipality is another) is edited on the general page, so their municipality is kept.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const id = requireId(params.userId, request);
  const api = await requirePermission(request, context, "user.aEdit");
  const [municipality, user, options] = await Promise.all([
    api.get<MunicipalityDetail>(`/municipality/${municipalityId}`),
    api.get<UserDetail>(`/user/${id}`),
    loadFormOptions(api, { municipalityId }),
  ]);
  if (user.municipalityId !== municipalityId) throw redirect(`/administration/users/${id}/edit`);
  return {
    municipality: { id: municipality.id, name: municipality.name },
    user,
    roles: withCurrentRole(options.roles, user),
    canInvite: canInvite(api, context),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const id = requireId(params.userId, request);
  const formData = await request.formData();
  const api = await requirePermission(
    request,
    context,
    formData.get("intent") === "resend" ? "user.aAdd" : "user.aEdit",
  );
  const user = await api.get<UserDetail>(`/user/${id}`);
  if (user.municipalityId !== municipalityId) {
    throw data({ message: `Page Not Found: ${new URL(request.url).pathname}` }, { status: 404 });
  }
  const base = `/administration/municipalities/${municipalityId}`;
  return updateUser(api, context, formData, {
    userId: id,
    municipalityId,
    backTo: base,
    editUrl: `${base}/users/${id}/edit`,
  });
}

export default function EditMunicipalityUser() {
  const { municipality, user, roles, canInvite } = useLoaderData<typeof loader>();
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
        municipalities={[municipality]}
        fixedMunicipality={municipality}
        canInvite={canInvite}
        submitLabel={t("common:save", "Uložit")}
        cancelTo={`/administration/municipalities/${municipality.id}`}
      />
    </div>
  );
}
