import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { pageTitle } from "~/components/page-title";
import { requirePermission } from "~/server/guard.server";
import { requireId } from "~/lib/route-checks";
import { canInvite, canSetPassword, createUser, loadFormOptions } from "~/routes/administration/users/+shared/form.server";
import { CreateUserScreen } from "~/routes/administration/users/+shared/screens";
import { municipalityPath } from "../+shared/ui";

export const handle = pageTitle<Route.ComponentProps["loaderData"]>(
  (t, d) => `${t("user:create.title")} · ${d?.municipality.name ?? t("municipality:list.title")}`,
);

/** The users form in a municipality's scope: the municipality is fixed to the one of the URL. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, "user.aAdd");
  const [municipality, options] = await Promise.all([
    api.municipality.detail({ municipalityId }),
    loadFormOptions(api, { municipalityId }),
  ]);
  return {
    municipality: { id: municipality.id, name: municipality.name },
    roles: options.roles,
    canInvite: canInvite(api, context),
    canSetPassword: canSetPassword(api),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, "user.aAdd");
  return createUser(api, context, await request.formData(), {
    municipalityId,
    backTo: municipalityPath(municipalityId),
  });
}

export default function CreateMunicipalityUser({ loaderData, actionData }: Route.ComponentProps) {
  const { municipality, roles, canInvite, canSetPassword } = loaderData;
  const { t } = useTranslation();
  return (
    <CreateUserScreen
      title={`${t("user:create.title")}: ${municipality.name}`}
      back={{ to: municipalityPath(municipality.id), label: municipality.name }}
      answer={actionData}
      roles={roles}
      municipalities={[municipality]}
      fixedMunicipality={municipality}
      municipalityId={municipality.id}
      canInvite={canInvite}
      canSetPassword={canSetPassword}
    />
  );
}
