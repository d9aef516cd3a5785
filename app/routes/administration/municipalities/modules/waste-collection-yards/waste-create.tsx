import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/waste-create";
import { requireId } from "~/lib/route-checks";
import { useMessage } from "~/lib/messages";
import { requirePermission } from "~/server/guard.server";
import { pageTitle } from "~/components/page-title";
import { FormPage } from "~/components/form-page";
import { Alert } from "~/components/ui/alert";
import { emptyYardWaste, YardWasteForm } from "./+shared/waste-form";
import { wasteTypeOptions, yardWasteAction } from "./+shared/waste-action.server";
import { yardPath } from "./+shared/ui";

export const handle = pageTitle("collectionYard:waste.createTitle");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const yardId = requireId(params.yardId, request);
  const api = await requirePermission(request, context, "collectionYard.aEdit");
  const [yard, wasteTypes] = await Promise.all([
    api.collectionYard.detail({ municipalityId, yardId }),
    wasteTypeOptions(api, municipalityId),
  ]);
  return { municipalityId, yard: { id: yard.id, name: yard.name }, wasteTypes, year: new Date().getFullYear() };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const yardId = requireId(params.yardId, request);
  const api = await requirePermission(request, context, "collectionYard.aEdit");
  return yardWasteAction(request, api, context, { municipalityId, yardId });
}

export default function CreateYardWaste({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const shown = useMessage();
  const { yard, municipalityId } = loaderData;
  const back = yardPath(municipalityId, yard.id);
  return (
    <FormPage back={{ to: back, label: yard.name }} title={t("collectionYard:waste.createTitle")}>
      {actionData?.message && <Alert tone="error">{shown(actionData.message)}</Alert>}
      <YardWasteForm
        lastResult={actionData?.result}
        defaultValue={emptyYardWaste(loaderData.year)}
        wasteTypes={loaderData.wasteTypes}
        submitLabel={t("collectionYard:waste.add")}
        cancelTo={back}
      />
    </FormPage>
  );
}
