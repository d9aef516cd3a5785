import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/edit";
import { editTitle } from "~/components/page-title";
import { requirePermission } from "~/server/guard.server";
import { requireId } from "~/lib/route-checks";
import { readIntent } from "~/server/action.server";
import { canInvite, loadFormOptions, updateUser, withCurrentRole } from "./+shared/form.server";
import { EditUserScreen } from "./+shared/screens";
import { RESEND, USERS_PATH, userEditPath } from "./+shared/ui";

export const handle = editTitle<Route.ComponentProps["loaderData"]>("user", (d) => d.user.fullName);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = requireId(params.userId, request);
  const api = await requirePermission(request, context, "user.aEdit");
  const [user, options] = await Promise.all([api.user.detail({ id }), loadFormOptions(api)]);
  return { user, ...options, roles: withCurrentRole(options.roles, user), canInvite: canInvite(api, context) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = requireId(params.userId, request);
  const { formData, intent } = await readIntent(request);
  const api = await requirePermission(request, context, intent === RESEND ? "user.aAdd" : "user.aEdit");
  return updateUser(api, context, formData, { userId: id, backTo: USERS_PATH, editUrl: userEditPath(id) });
}

export default function EditUser({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return <EditUserScreen back={{ to: USERS_PATH, label: t("user:list.title") }} answer={actionData} {...loaderData} />;
}
