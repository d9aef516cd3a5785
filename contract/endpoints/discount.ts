import { municipalityRecordCalls } from "./shared";
import {
  discountCreateSchema,
  discountCreated,
  discountDetail,
  discountList,
  discountListItem,
  discountUpdateSchema,
} from "../discount";

const discount = municipalityRecordCalls("discount", "discount", "discountId");

/**
 * Fixed discounts (spec 001 §2 Discounts; docs/discounts-expenditures.md). Every change queues a fee recalculation
 * of the current year when the municipality has a base fee for it.
 */
export const discountEndpoints = {
  list: discount.list(
    "The municipality's fixed discounts with their fee payer counts (search, type; sort; paging)",
    discountList.query,
    discountListItem,
  ),
  create: discount.create(
    "Create a discount, or several age levels of one citizen group at once; 422 when levels overlap each other or the group's discounts",
    discountCreateSchema,
    discountCreated,
  ),
  detail: discount.detail("One discount with its version and fee payer count", discountDetail),
  update: discount.update(
    "Update a discount; 409 on a stale version, 422 when its ages overlap another discount of the group",
    discountUpdateSchema,
  ),
  remove: discount.remove("Delete a discount; 409 while fee payers have it assigned"),
};
