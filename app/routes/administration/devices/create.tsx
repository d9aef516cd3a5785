import { useTranslation } from "~/i18n/use-translation";
import { pageTitle } from "~/components/page-title";
import { CreatePage } from "~/components/form-page";
import type { Route } from "./+types/create";
import { requirePermission } from "~/server/guard.server";
import { DeviceForm } from "./+shared/form";
import { deviceFormAction, municipalityOptions } from "./+shared/form.server";
import { DEVICES_PATH } from "./+shared/ui";

export const handle = pageTitle("device:create.title");

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

export default function CreateDevice({ loaderData: loaded, actionData: answer }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <CreatePage ns="device" list={DEVICES_PATH}>
      <DeviceForm
        lastResult={answer?.result}
        defaultValue={{ type: "MobileTerminal", municipalityId: loaded.municipalityId }}
        pairing={{
          municipalities: answer?.municipalities ?? loaded.municipalities,
          search: answer?.municipalitySearch,
        }}
        submitLabel={t("device:create.submit")}
        cancelTo={DEVICES_PATH}
      />
    </CreatePage>
  );
}
