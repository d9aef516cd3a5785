import { useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/edit";
import type { DiscountOption, FeePayerDetail } from "#contract/fee-payer";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { FeePayerForm, toFormValues } from "./form";
import { saveFeePayer } from "./form.server";
import { detailPath, feePayerApi, useCountry } from "./shared";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.feePayer.name ?? "Poplatník"} · úprava` }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = requireId(params.feePayerId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aEdit");
  const [feePayer, discounts] = await Promise.all([
    api.get<FeePayerDetail>(feePayerApi(municipalityId, id)),
    api.get<{ items: DiscountOption[] }>(feePayerApi(municipalityId, undefined, "/discounts")),
  ]);
  return { feePayer, discounts: discounts.items };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = requireId(params.feePayerId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aEdit");
  const t = await userT(api.session);
  return saveFeePayer(api, context, await request.formData(), {
    method: "PUT",
    path: feePayerApi(municipalityId, id),
    flash: t("feePayer:flash.saved", "Změny uloženy."),
    redirectTo: () => detailPath(id),
    // The subject is joined only on create (subjectId is ignored by PUT).
    fixed: { subjectId: undefined, isChief: false },
  });
}

export default function EditFeePayer() {
  const { feePayer, discounts } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const country = useCountry();
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">
        {t("feePayer:edit.title", "Úprava poplatníka")}: {feePayer.name}
      </h1>
      <FeePayerForm
        lastResult={actionData?.result}
        defaultValue={toFormValues(feePayer, country)}
        discounts={discounts}
        submitLabel={t("common:save", "Uložit")}
        cancelTo={detailPath(feePayer.id)}
      />
    </div>
  );
}
