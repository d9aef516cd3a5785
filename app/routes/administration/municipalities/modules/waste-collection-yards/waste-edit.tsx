import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/waste-edit";
import { requireId } from "~/lib/route-checks";
import { useMessage } from "~/lib/messages";
import { requirePermission } from "~/server/guard.server";
import { pageTitle } from "~/components/page-title";
import { FormPage } from "~/components/form-page";
import { Alert } from "~/components/ui/alert";
import { toYardWasteValues, YardWasteForm } from "./+shared/waste-form";
import { wasteTypeOptions, yardWasteAction } from "./+shared/waste-action.server";
import { yardPath } from "./+shared/ui";

export const handle = pageTitle<Route.ComponentProps["loaderData"]>(
  (t, d) => `${d?.waste.wasteName ?? t("collectionYard:waste.editTitle")} · ${t("common:editTitle")}`,
);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const yardId = requireId(params.yardId, request);
  const yardWasteId = requireId(params.yardWasteId, request);
  const api = await requirePermission(request, context, "collectionYard.aEdit");
  const [yard, waste, wasteTypes] = await Promise.all([
    api.collectionYard.detail({ municipalityId, yardId }),
    api.collectionYard.waste({ municipalityId, yardId, yardWasteId }),
    wasteTypeOptions(api, municipalityId),
  ]);
  return { municipalityId, yard: { id: yard.id, name: yard.name }, waste, wasteTypes };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const yardId = requireId(params.yardId, request);
  const yardWasteId = requireId(params.yardWasteId, request);
  const api = await requirePermission(request, context, "collectionYard.aEdit");
  return yardWasteAction(request, api, context, { municipalityId, yardId, yardWasteId });
}

export default function EditYardWaste({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const shown = useMessage();
  const { yard, waste, municipalityId } = loaderData;
  const back = yardPath(municipalityId, yard.id);
  return (
    <FormPage
      back={{ to: back, label: yard.name }}
      title={`${t("collectionYard:waste.editTitle")}: ${waste.wasteName}`}
    >
      {actionData?.message && <Alert tone="error">{shown(actionData.message)}</Alert>}
      <YardWasteForm
        lastResult={actionData?.result}
        defaultValue={toYardWasteValues(waste)}
        wasteTypes={loaderData.wasteTypes}
        submitLabel={t("common:save")}
        cancelTo={back}
      />
    </FormPage>
  );
}
