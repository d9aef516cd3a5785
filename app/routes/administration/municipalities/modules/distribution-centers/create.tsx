import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { centreFormSchema } from "#contract/distribution-centre";
import { requireId } from "~/lib/route-checks";
import { requirePermission } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { formAnswer, readIntent, redirectWithFlash } from "~/server/action.server";
import { submitForm } from "~/server/form.server";
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
  const { formData, intent } = await readIntent(request);
  const outcome = await submitForm(formData, centreFormSchema, (value) =>
    api.distributionCentre.create({ municipalityId }, value),
  );
  if (!outcome.ok) return formAnswer(intent, outcome);
  const t = await userT(api.session);
  return redirectWithFlash(
    api,
    context,
    centrePath(municipalityId, outcome.data.id),
    t("distributionCenter:flash.created"),
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
