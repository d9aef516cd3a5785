import { useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { requirePermission } from "~/server/guard.server";
import { DeviceForm } from "./form";
import { deviceFormAction, municipalityOptions, type PickerAnswer } from "./form.server";
import { DEVICES_PATH } from "./shared";

export const meta = () => [{ title: "Nové zařízení · Odpady obce" }];

/** ?municipalityId= (the municipality detail's 'Přidat zařízení') starts the form paired with that municipality. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await requirePermission(request, context, "device.aAdd");
  const requested = Number(new URL(request.url).searchParams.get("municipalityId"));
  const selected = Number.isSafeInteger(requested) && requested > 0 ? requested : null;
  const municipalities = await municipalityOptions(api, "", selected);
  const known = selected && municipalities.some((m) => m.id === selected);
  return { municipalities, municipalityId: known ? String(selected) : "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await requirePermission(request, context, "device.aAdd");
  return deviceFormAction(api, context, await request.formData());
}

export default function CreateDevice() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as PickerAnswer | undefined;
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("device:create.title", "Nové zařízení")}</h1>
      <DeviceForm
        lastResult={answer?.result}
        defaultValue={{ type: "MobileTerminal", municipalityId: loaded.municipalityId }}
        pairing={{
          municipalities: answer?.municipalities ?? loaded.municipalities,
          search: answer?.municipalitySearch,
        }}
        submitLabel={t("device:create.submit", "Vytvořit zařízení")}
        cancelTo={DEVICES_PATH}
      />
    </div>
  );
}
