import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { pageTitle } from "~/components/page-title";
import { CreatePage } from "~/components/form-page";
import { requirePermission } from "~/server/guard.server";
import { EMPTY_MUNICIPALITY, MunicipalityForm } from "./+shared/form";
import { municipalityFormAction, parentOptions } from "./+shared/form.server";
import { MUNICIPALITIES_PATH } from "./+shared/ui";

export const handle = pageTitle("municipality:create.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await requirePermission(request, context, "municipality.aAdd");
  return { parents: await parentOptions(api) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await requirePermission(request, context, "municipality.aAdd");
  return municipalityFormAction(api, context, await request.formData());
}

export default function CreateMunicipality({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <CreatePage ns="municipality" list={MUNICIPALITIES_PATH}>
      <MunicipalityForm
        lastResult={actionData?.result}
        defaultValue={EMPTY_MUNICIPALITY}
        parents={loaderData.parents}
        submitLabel={t("municipality:create.submit")}
        cancelTo={MUNICIPALITIES_PATH}
      />
    </CreatePage>
  );
}
