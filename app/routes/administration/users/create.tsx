import { useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { requirePermission } from "~/server/guard.server";
import { UserForm } from "./form";
import { canInvite, createUser, loadFormOptions } from "./form.server";

export const meta = () => [{ title: "Nový uživatel · Odpady obce" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await requirePermission(request, context, "user.aAdd");
  const options = await loadFormOptions(api);
  // The active municipality is the natural default; a manager with a single municipality gets it preselected.
  const active = api.session.get("activeMunicipalityId");
  const municipalityId =
    options.municipalities.find((m) => m.id === active)?.id ??
    (options.municipalities.length === 1 ? options.municipalities[0]!.id : undefined);
  return { ...options, canInvite: canInvite(api, context), municipalityId };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await requirePermission(request, context, "user.aAdd");
  return createUser(api, context, await request.formData(), { backTo: "/administration/users" });
}

export default function CreateUser() {
  const { roles, municipalities, canInvite, municipalityId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("user:create.title", "Nový uživatel")}</h1>
      <UserForm
        mode="create"
        lastResult={actionData?.result}
        defaultValue={{ registration: "password", municipalityId: municipalityId ? String(municipalityId) : "" }}
        roles={roles}
        municipalities={municipalities}
        canInvite={canInvite}
        submitLabel={t("user:create.submit", "Vytvořit uživatele")}
        cancelTo="/administration/users"
      />
    </div>
  );
}
