import { municipalityCall, recordRoutes, route } from "../../lib/route";
import { discountEndpoints as ep } from "#contract/endpoints/discount";
import { createDiscounts, deleteDiscount, getDiscount, listDiscounts, updateDiscount } from "./service";
import { recalculateAfterDiscountChange } from "./recalculate";

/** Fixed discounts (contract/endpoints/discount.ts); each change queues the current year's fee recalculation. */
export const discountRoutes = [
  municipalityCall.query(ep.list, listDiscounts),
  route(ep.create, async ({ services, params, body, auth }) => {
    const created = await createDiscounts(services.db, params.municipalityId, body);
    await recalculateAfterDiscountChange(services.db, services.jobs, params.municipalityId, auth.user.id);
    return created;
  }),
  recordRoutes("discountId").read(ep.detail, getDiscount),
  route(ep.update, async ({ services, params, body, auth }) => {
    const saved = await updateDiscount(services.db, params.municipalityId, params.discountId, body);
    await recalculateAfterDiscountChange(services.db, services.jobs, params.municipalityId, auth.user.id);
    return saved;
  }),
  route(ep.remove, async ({ services, params, auth }) => {
    await deleteDiscount(services.db, params.municipalityId, params.discountId);
    await recalculateAfterDiscountChange(services.db, services.jobs, params.municipalityId, auth.user.id);
    return null;
  }),
];
