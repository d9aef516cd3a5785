import { Link, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/edit";
import type { DeviceDetail } from "#contract/device";
import { requireId } from "~/lib/route-checks";
import { requirePermission } from "~/server/guard.server";
import { DeviceForm, toFormValues } from "./form";
import { deviceFormAction, type PickerAnswer } from "./form.server";
import { Period, devicePath } from "./shared";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.device.name ?? "Zařízení"} · úprava` }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = requireId(params.deviceId, request);
  const api = await requirePermission(request, context, "device.aEdit");
  return { device: await api.get<DeviceDetail>(`/device/${id}`) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = requireId(params.deviceId, request);
  const api = await requirePermission(request, context, "device.aEdit");
  return deviceFormAction(api, context, await request.formData(), id);
}

export default function EditDevice() {
  const { device } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as PickerAnswer | undefined;
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">
        {t("device:edit.title", "Úprava zařízení")}: {device.name}
      </h1>
      {/* Pairings are history: they change on the detail (pair, end), never by overwriting. */}
      <p className="text-sm text-slate-600">
        {device.municipalityName && device.validFrom ? (
          <>
            {t("device:edit.pairedWith", "Spárováno s obcí {{name}}", { name: device.municipalityName })}{" "}
            <Period from={device.validFrom} to={device.validTo} />.{" "}
          </>
        ) : null}
        <Link className="text-emerald-800 underline" to={devicePath(device.id)}>
          {t("device:edit.pairingOnDetail", "Přiřazení k obcím měníte na detailu zařízení.")}
        </Link>
      </p>
      <DeviceForm
        lastResult={answer?.result}
        defaultValue={toFormValues(device)}
        submitLabel={t("common:save", "Uložit")}
        cancelTo={devicePath(device.id)}
      />
    </div>
  );
}
