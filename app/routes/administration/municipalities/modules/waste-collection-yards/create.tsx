import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { yardFormSchema } from "#contract/yard";
import { requireId } from "~/lib/route-checks";
import { requirePermission } from "~/server/guard.server";
import { saveForm } from "~/server/save-form.server";
import { pageTitle } from "~/components/page-title";
import { CreatePage } from "~/components/form-page";
import { emptyYard, YardForm } from "./+shared/form";
import { yardPath, yardsPath } from "./+shared/ui";

export const handle = pageTitle("collectionYard:create.title");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  await requirePermission(request, context, "collectionYard.aAdd");
  return { municipalityId };
}

/** Spec 001 §2 Collection yards → create: the yard with its schedule and exceptions. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, "collectionYard.aAdd");
  return saveForm(
    { request, context, api },
    yardFormSchema,
    (value) => api.collectionYard.create({ municipalityId }, value),
    (saved, t) => ({ to: yardPath(municipalityId, saved.id), text: t("collectionYard:flash.created") }),
  );
}

export default function CreateYard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const list = yardsPath(loaderData.municipalityId);
  return (
    <CreatePage ns="collectionYard" list={list}>
      <YardForm
        lastResult={actionData?.result}
        defaultValue={emptyYard()}
        submitLabel={t("collectionYard:create.submit")}
        cancelTo={list}
      />
    </CreatePage>
  );
}
