import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/edit";
import { yardUpdateSchema } from "#contract/yard";
import { requireId } from "~/lib/route-checks";
import { requirePermission } from "~/server/guard.server";
import { saveForm } from "~/server/save-form.server";
import { pageTitle } from "~/components/page-title";
import { EditPage } from "~/components/form-page";
import { toYardValues, YardForm } from "./+shared/form";
import { yardPath } from "./+shared/ui";

export const handle = pageTitle<Route.ComponentProps["loaderData"]>(
  (t, d) => `${d?.yard.name ?? t("collectionYard:list.title")} · ${t("common:editTitle")}`,
);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const yardId = requireId(params.yardId, request);
  const api = await requirePermission(request, context, "collectionYard.aEdit");
  return { municipalityId, yard: await api.collectionYard.detail({ municipalityId, yardId }) };
}

/** Spec 001 §2 Collection yards → edit; a save over somebody else's answers 409 and keeps what was typed. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const yardId = requireId(params.yardId, request);
  const api = await requirePermission(request, context, "collectionYard.aEdit");
  return saveForm(
    { request, context, api },
    yardUpdateSchema,
    (value) => api.collectionYard.update({ municipalityId, yardId }, value),
    (_, t) => ({ to: yardPath(municipalityId, yardId), text: t("collectionYard:flash.saved") }),
  );
}

export default function EditYard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { yard, municipalityId } = loaderData;
  const to = yardPath(municipalityId, yard.id);
  return (
    <EditPage ns="collectionYard" to={to} name={yard.name}>
      <YardForm
        lastResult={actionData?.result}
        defaultValue={toYardValues(yard)}
        submitLabel={t("common:save")}
        cancelTo={to}
      />
    </EditPage>
  );
}
