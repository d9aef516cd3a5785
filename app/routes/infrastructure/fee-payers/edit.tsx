import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/edit";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { editTitle } from "~/components/page-title";
import { EditPage } from "~/components/form-page";
import { useCountry } from "~/components/money";
import { FeePayerForm, toFormValues } from "./+shared/form";
import { saveFeePayer } from "./+shared/form.server";
import { detailPath } from "./+shared/ui";

export const handle = editTitle<Route.ComponentProps["loaderData"]>("feePayer", (d) => d.feePayer.name);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const feePayerId = requireId(params.feePayerId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aEdit");
  const [feePayer, discounts] = await Promise.all([
    api.feePayer.detail({ municipalityId, feePayerId }),
    api.feePayer.discounts({ municipalityId }),
  ]);
  return { feePayer, discounts: discounts.items };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const feePayerId = requireId(params.feePayerId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aEdit");
  return saveFeePayer(api, context, await request.formData(), {
    municipalityId,
    feePayerId,
    flash: "saved",
    redirectTo: () => detailPath(feePayerId),
    // The subject is joined only on create (subjectId is ignored by PUT).
    fixed: { subjectId: undefined, isChief: false },
  });
}

export default function EditFeePayer({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { feePayer, discounts } = loaderData;
  const country = useCountry();
  const { t } = useTranslation();
  return (
    <EditPage ns="feePayer" to={detailPath(feePayer.id)} name={feePayer.name}>
      <FeePayerForm
        lastResult={answer?.result}
        defaultValue={toFormValues(feePayer, country)}
        discounts={discounts}
        submitLabel={t("common:save")}
        cancelTo={detailPath(feePayer.id)}
      />
    </EditPage>
  );
}
