import { useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import type { MunicipalityDetail } from "#contract/municipality";
import { requirePermission } from "~/server/guard.server";
import { requireId } from "~/lib/route-checks";
import { UserForm } from "~/routes/administration/users/form";
import { canInvite, createUser, loadFormOptions } from "~/routes/administration/users/form.server";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `Nový uživatel · ${data?.municipality.name ?? "Obec"}` }];

/** The users form in a municipality's scope: the municipality is fixed to the one of the URL. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, "user.aAdd");
  const [municipality, options] = await Promise.all([
    api.get<MunicipalityDetail>(`/municipality/${municipalityId}`),
    loadFormOptions(api, { municipalityId }),
  ]);
  return {
    municipality: { id: municipality.id, name: municipality.name },
    roles: options.roles,
    canInvite: canInvite(api, context),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, "user.aAdd");
  return createUser(api, context, await request.formData(), {
    municipalityId,
    backTo: `/administration/municipalities/${municipalityId}`,
  });
}

export default function CreateMunicipalityUser() {
  const { municipality, roles, canInvite } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">
        {t("user:create.title", "Nový uživatel")}: {municipality.name}
      </h1>
      <UserForm
        mode="create"
        lastResult={actionData?.result}
        defaultValue={{ registration: "password", municipalityId: String(municipality.id) }}
        roles={roles}
        municipalities={[municipality]}
        fixedMunicipality={municipality}
        canInvite={canInvite}
        submitLabel={t("user:create.submit", "Vytvořit uživatele")}
        cancelTo={`/administration/municipalities/${municipality.id}`}
      />
    </div>
  );
}
