import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/edit";
import { editTitle } from "~/components/page-title";
import { EditPage } from "~/components/form-page";
import { requirePermission } from "~/server/guard.server";
import { requireId } from "~/lib/route-checks";
import { MunicipalityForm, toFormValues } from "./+shared/form";
import { municipalityFormAction, parentOptions } from "./+shared/form.server";
import { municipalityPath } from "./+shared/ui";

export const handle = editTitle<Route.ComponentProps["loaderData"]>("municipality", (d) => d.municipality.name);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, "municipality.aEdit");
  const [municipality, options] = await Promise.all([
    api.municipality.detail({ municipalityId }),
    parentOptions(api, municipalityId),
  ]);
  // The current parent stays offered (and so sent back unchanged) even when the user does not manage it.
  const { parentId, parentName } = municipality;
  const parents =
    parentId && !options.some((o) => o.id === parentId)
      ? [{ id: parentId, name: parentName ?? String(parentId) }, ...options]
      : options;
  return { municipality, parents };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, "municipality.aEdit");
  return municipalityFormAction(api, context, await request.formData(), municipalityId);
}

export default function EditMunicipality({ loaderData, actionData }: Route.ComponentProps) {
  const { municipality, parents } = loaderData;
  const { t } = useTranslation();
  const detail = municipalityPath(municipality.id);
  return (
    <EditPage ns="municipality" to={detail} name={municipality.name}>
      <MunicipalityForm
        lastResult={actionData?.result}
        defaultValue={toFormValues(municipality)}
        parents={parents}
        submitLabel={t("common:save")}
        cancelTo={detail}
      />
    </EditPage>
  );
}
