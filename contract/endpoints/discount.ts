import { idAnswer, listAnswer } from "../common";
import { endpoint } from "../endpoint";
import { inMunicipality, municipalityRecord, municipalityTenancy as tenancy } from "./shared";
import {
  discountCreateSchema,
  discountCreated,
  discountDetail,
  discountList,
  discountListItem,
  discountUpdateSchema,
} from "../discount";

const base = "/municipality/:municipalityId/discount";
const byDiscount = municipalityRecord("discountId");

/**
 * Fixed discounts (spec 001 §2 Discounts; docs/discounts-expenditures.md). Every change queues a fee recalculation
 * of the current year when the municipality has a base fee for it.
 */
export const discountEndpoints = {
  list: endpoint({
    method: "get",
    path: base,
    summary: "The municipality's fixed discounts with their fee payer counts (search, type; sort; paging)",
    permission: "discount.aDetail",
    tenancy,
    params: inMunicipality,
    query: discountList.query,
    response: listAnswer(discountListItem),
  }),
  create: endpoint({
    method: "post",
    path: base,
    summary:
      "Create a discount, or several age levels of one citizen group at once; 422 when levels overlap each other or the group's discounts",
    permission: "discount.aAdd",
    tenancy,
    params: inMunicipality,
    body: discountCreateSchema,
    response: discountCreated,
  }),
  detail: endpoint({
    method: "get",
    path: `${base}/:discountId`,
    summary: "One discount with its version and fee payer count",
    permission: "discount.aDetail",
    tenancy,
    params: byDiscount,
    response: discountDetail,
  }),
  update: endpoint({
    method: "put",
    path: `${base}/:discountId`,
    summary: "Update a discount; 409 on a stale version, 422 when its ages overlap another discount of the group",
    permission: "discount.aEdit",
    tenancy,
    params: byDiscount,
    body: discountUpdateSchema,
    response: idAnswer,
  }),
  remove: endpoint({
    method: "delete",
    path: `${base}/:discountId`,
    summary: "Delete a discount; 409 while fee payers have it assigned",
    permission: "discount.aRemove",
    tenancy,
    params: byDiscount,
  }),
};
