import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { pageTitle } from "~/components/page-title";
import { requirePermission } from "~/server/guard.server";
import { canInvite, canSetPassword, createUser, loadFormOptions } from "./+shared/form.server";
import { CreateUserScreen } from "./+shared/screens";
import { USERS_PATH } from "./+shared/ui";

export const handle = pageTitle("user:create.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await requirePermission(request, context, "user.aAdd");
  const options = await loadFormOptions(api);
  // The active municipality is the natural default; a manager with a single municipality gets it preselected.
  const active = api.session.get("activeMunicipalityId");
  const municipalityId =
    options.municipalities.find((m) => m.id === active)?.id ??
    (options.municipalities.length === 1 ? options.municipalities[0]!.id : undefined);
  return { ...options, canInvite: canInvite(api, context), canSetPassword: canSetPassword(api), municipalityId };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await requirePermission(request, context, "user.aAdd");
  return createUser(api, context, await request.formData(), { backTo: USERS_PATH });
}

export default function CreateUser({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <CreateUserScreen
      title={t("user:create.title")}
      back={{ to: USERS_PATH, label: t("user:list.title") }}
      answer={actionData}
      {...loaderData}
    />
  );
}
