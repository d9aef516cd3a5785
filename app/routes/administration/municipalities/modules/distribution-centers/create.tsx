import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { centreFormSchema } from "#contract/distribution-centre";
import { requireId } from "~/lib/route-checks";
import { requirePermission } from "~/server/guard.server";
import { saveForm } from "~/server/save-form.server";
import { pageTitle } from "~/components/page-title";
import { CreatePage } from "~/components/form-page";
import { CentreForm, emptyCentre } from "./+shared/form";
import { centrePath, centresPath } from "./+shared/ui";

export const handle = pageTitle("distributionCenter:create.title");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  await requirePermission(request, context, "distributionCenter.aAdd");
  return { municipalityId };
}

/** Spec 001 §2 Distribution centres → create (name, phone, e-mail). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, "distributionCenter.aAdd");
  return saveForm(
    { request, context, api },
    centreFormSchema,
    (value) => api.distributionCentre.create({ municipalityId }, value),
    (saved, t) => ({ to: centrePath(municipalityId, saved.id), text: t("distributionCenter:flash.created") }),
  );
}

export default function CreateCentre({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const list = centresPath(loaderData.municipalityId);
  return (
    <CreatePage ns="distributionCenter" list={list}>
      <CentreForm
        lastResult={actionData?.result}
        defaultValue={emptyCentre()}
        submitLabel={t("distributionCenter:create.submit")}
        cancelTo={list}
      />
    </CreatePage>
  );
}
