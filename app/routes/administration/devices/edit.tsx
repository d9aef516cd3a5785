import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { editTitle } from "~/components/page-title";
import { EditPage } from "~/components/form-page";
import type { Route } from "./+types/edit";
import { requireId } from "~/lib/route-checks";
import { requirePermission } from "~/server/guard.server";
import { DeviceForm, toFormValues } from "./+shared/form";
import { deviceFormAction } from "./+shared/form.server";
import { Period, devicePath } from "./+shared/ui";

export const handle = editTitle<Route.ComponentProps["loaderData"]>("device", (d) => d.device.name);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = requireId(params.deviceId, request);
  const api = await requirePermission(request, context, "device.aEdit");
  return { device: await api.device.detail({ deviceId: id }) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = requireId(params.deviceId, request);
  const api = await requirePermission(request, context, "device.aEdit");
  return deviceFormAction(api, context, await request.formData(), id);
}

export default function EditDevice({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { device } = loaderData;
  const { t } = useTranslation();
  return (
    <EditPage ns="device" to={devicePath(device.id)} name={device.name}>
      {/* Pairings are history: they change on the detail (pair, end), never by overwriting. */}
      <p className="text-sm text-slate-600">
        {device.municipalityName && device.validFrom ? (
          <>
            {t("device:edit.pairedWith", { name: device.municipalityName })}{" "}
            <Period from={device.validFrom} to={device.validTo} />.{" "}
          </>
        ) : null}
        <Link className="text-emerald-800 underline" to={devicePath(device.id)}>
          {t("device:edit.pairingOnDetail")}
        </Link>
      </p>
      <DeviceForm
        lastResult={answer?.result}
        defaultValue={toFormValues(device)}
        submitLabel={t("common:save")}
        cancelTo={devicePath(device.id)}
      />
    </EditPage>
  );
}
