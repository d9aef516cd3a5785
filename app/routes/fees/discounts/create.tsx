/**
 * Spec 001 §2 Discounts → create: the type is chosen first (two links, ?type=Age|Other, so the form shows only its
 * fields without JavaScript too); an Age discount may get several levels of one group at once.
 */
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { DISCOUNT_TYPES, discountCreateSchema, type DiscountType } from "#contract/discount";
import { requireMunicipality } from "~/server/guard.server";
import { saveForm } from "~/server/save-form.server";
import { pageTitle } from "~/components/page-title";
import { CreatePage } from "~/components/form-page";
import { PillLink } from "~/components/pill-link";
import { CreateDiscountForm } from "./+shared/form";
import { DISCOUNTS_PATH } from "./+shared/ui";

export const handle = pageTitle("discount:create.title");

const typeOf = (url: string): DiscountType => {
  const asked = new URL(url).searchParams.get("type");
  return (DISCOUNT_TYPES as readonly string[]).includes(asked ?? "") ? (asked as DiscountType) : "Age";
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMunicipality(request, context, "discount.aAdd");
  return { type: typeOf(request.url) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "discount.aAdd");
  return saveForm(
    { request, context, api },
    discountCreateSchema,
    (value) => api.discount.create({ municipalityId }, value),
    (saved, t) => ({ to: DISCOUNTS_PATH, text: t("discount:flash.created", { n: saved.ids.length }) }),
  );
}

export default function CreateDiscount({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { type } = loaderData;
  return (
    <CreatePage ns="discount" list={DISCOUNTS_PATH}>
      <nav aria-label={t("discount:field.type")} className="flex gap-2">
        {DISCOUNT_TYPES.map((v) => (
          <PillLink key={v} to={`${DISCOUNTS_PATH}/create?type=${v}`} current={v === type}>
            {t(`discount:type.${v}`)}
          </PillLink>
        ))}
      </nav>
      {/* Keyed by type: switching starts the other form afresh. */}
      <CreateDiscountForm key={type} type={type} lastResult={answer?.result} cancelTo={DISCOUNTS_PATH} />
    </CreatePage>
  );
}
