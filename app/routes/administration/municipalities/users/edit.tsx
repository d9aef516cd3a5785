import { data, redirect } from "react-router";
import type { Route } from "./+types/edit";
import { editTitle } from "~/components/page-title";
import { requirePermission } from "~/server/guard.server";
import { readIntent } from "~/server/action.server";
import { requireId } from "~/lib/route-checks";
import {
  canInvite,
  loadFormOptions,
  updateUser,
  withCurrentRole,
} from "~/routes/administration/users/+shared/form.server";
import { EditUserScreen } from "~/routes/administration/users/+shared/screens";
import { RESEND, userEditPath } from "~/routes/administration/users/+shared/ui";
import { municipalityPath } from "../+shared/ui";

export const handle = editTitle<Route.ComponentProps["loaderData"]>("user", (d) => d.user.fullName);

/**
 * A municipality's user, edited in its scope (municipality fixed). A user who belongs to the municipality only as a
 * managed one (their own municipality is another) is edited on the general page, so their municipality is kept.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const id = requireId(params.userId, request);
  const api = await requirePermission(request, context, "user.aEdit");
  const [municipality, user, options] = await Promise.all([
    api.municipality.detail({ municipalityId }),
    api.user.detail({ id }),
    loadFormOptions(api, { municipalityId }),
  ]);
  if (user.municipalityId !== municipalityId) throw redirect(userEditPath(id));
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
  const { formData, intent } = await readIntent(request);
  const api = await requirePermission(request, context, intent === RESEND ? "user.aAdd" : "user.aEdit");
  const user = await api.user.detail({ id });
  if (user.municipalityId !== municipalityId) {
    throw data({ message: `Page Not Found: ${new URL(request.url).pathname}` }, { status: 404 });
  }
  const base = municipalityPath(municipalityId);
  return updateUser(api, context, formData, {
    userId: id,
    municipalityId,
    backTo: base,
    editUrl: `${base}/users/${id}/edit`,
  });
}

export default function EditMunicipalityUser({ loaderData, actionData }: Route.ComponentProps) {
  const { municipality, user, roles, canInvite } = loaderData;
  return (
    <EditUserScreen
      back={{ to: municipalityPath(municipality.id), label: municipality.name }}
      answer={actionData}
      user={user}
      roles={roles}
      municipalities={[municipality]}
      fixedMunicipality={municipality}
      canInvite={canInvite}
    />
  );
}
