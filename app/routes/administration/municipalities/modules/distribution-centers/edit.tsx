import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/edit";
import { centreUpdateSchema } from "#contract/distribution-centre";
import { requireId } from "~/lib/route-checks";
import { requirePermission } from "~/server/guard.server";
import { saveForm } from "~/server/save-form.server";
import { pageTitle } from "~/components/page-title";
import { EditPage } from "~/components/form-page";
import { CentreForm, toCentreValues } from "./+shared/form";
import { centrePath } from "./+shared/ui";

export const handle = pageTitle<Route.ComponentProps["loaderData"]>(
  (t, d) => `${d?.centre.name ?? t("distributionCenter:list.title")} · ${t("common:editTitle")}`,
);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const centreId = requireId(params.distributionId, request);
  const api = await requirePermission(request, context, "distributionCenter.aEdit");
  return { municipalityId, centre: await api.distributionCentre.detail({ municipalityId, centreId }) };
}

/** Spec 001 §2 Distribution centres → edit; a save over somebody else's answers 409 and keeps what was typed. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const centreId = requireId(params.distributionId, request);
  const api = await requirePermission(request, context, "distributionCenter.aEdit");
  return saveForm(
    { request, context, api },
    centreUpdateSchema,
    (value) => api.distributionCentre.update({ municipalityId, centreId }, value),
    (_, t) => ({ to: centrePath(municipalityId, centreId), text: t("distributionCenter:flash.saved") }),
  );
}

export default function EditCentre({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { centre, municipalityId } = loaderData;
  const to = centrePath(municipalityId, centre.id);
  return (
    <EditPage ns="distributionCenter" to={to} name={centre.name}>
      <CentreForm
        lastResult={actionData?.result}
        defaultValue={toCentreValues(centre)}
        submitLabel={t("common:save")}
        cancelTo={to}
      />
    </EditPage>
  );
}
