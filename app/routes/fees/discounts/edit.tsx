/** Spec 001 §2 Discounts → update: one discount (one level) with the version it was loaded with (409 when stale). */
import type { Route } from "./+types/edit";
import { discountUpdateSchema } from "#contract/discount";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { saveForm } from "~/server/save-form.server";
import { editTitle } from "~/components/page-title";
import { EditPage } from "~/components/form-page";
import { EditDiscountForm, toEditValues } from "./+shared/form";
import { DISCOUNTS_PATH } from "./+shared/ui";

export const handle = editTitle<Route.ComponentProps["loaderData"]>("discount", (d) => d.discount.name);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const discountId = requireId(params.discountId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "discount.aEdit");
  return { discount: await api.discount.detail({ municipalityId, discountId }) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const discountId = requireId(params.discountId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "discount.aEdit");
  return saveForm(
    { request, context, api },
    discountUpdateSchema,
    (value) => api.discount.update({ municipalityId, discountId }, value),
    (_, t) => ({ to: DISCOUNTS_PATH, text: t("discount:flash.saved") }),
  );
}

export default function EditDiscount({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { discount } = loaderData;
  return (
    <EditPage ns="discount" to={DISCOUNTS_PATH} name={discount.name}>
      <EditDiscountForm defaultValue={toEditValues(discount)} lastResult={answer?.result} cancelTo={DISCOUNTS_PATH} />
    </EditPage>
  );
}
