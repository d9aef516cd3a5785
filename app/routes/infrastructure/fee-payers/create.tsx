import { useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import type { DiscountOption } from "#contract/fee-payer";
import { toIsoDate } from "#contract/calendar";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { FeePayerForm, emptyFeePayer } from "./form";
import { saveFeePayer } from "./form.server";
import { LIST_PATH, detailPath, feePayerApi, useCountry } from "./shared";

export const meta = () => [{ title: "Nový poplatník · Odpady obce" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aAdd");
  const discounts = await api.get<{ items: DiscountOption[] }>(feePayerApi(municipalityId, undefined, "/discounts"));
  return { discounts: discounts.items, today: toIsoDate(new Date()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aAdd");
  const t = await userT(api.session);
  return saveFeePayer(api, context, await request.formData(), {
    method: "POST",
    path: feePayerApi(municipalityId),
    flash: t("feePayer:flash.created", "Poplatník vytvořen."),
    redirectTo: detailPath,
  });
}

export default function CreateFeePayer() {
  const { discounts, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const country = useCountry();
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("feePayer:create.title", "Nový poplatník")}</h1>
      <FeePayerForm
        lastResult={actionData?.result}
        defaultValue={emptyFeePayer(today, country)}
        discounts={discounts}
        submitLabel={t("feePayer:create.submit", "Vytvořit poplatníka")}
        cancelTo={LIST_PATH}
      />
    </div>
  );
}
