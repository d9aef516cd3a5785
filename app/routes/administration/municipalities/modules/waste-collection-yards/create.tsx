import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { yardFormSchema } from "#contract/yard";
import { requireId } from "~/lib/route-checks";
import { requirePermission } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { formAnswer, readIntent, redirectWithFlash } from "~/server/action.server";
import { submitForm } from "~/server/form.server";
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
  const { formData, intent } = await readIntent(request);
  const outcome = await submitForm(formData, yardFormSchema, (value) =>
    api.collectionYard.create({ municipalityId }, value),
  );
  if (!outcome.ok) return formAnswer(intent, outcome);
  const t = await userT(api.session);
  return redirectWithFlash(api, context, yardPath(municipalityId, outcome.data.id), t("collectionYard:flash.created"));
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
