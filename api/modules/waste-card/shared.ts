import { wasteCard } from "../../db/schema";
import { feePayerNameColumns } from "../fee-payer/shared";

/**
 * A waste card as the card tables show it (the waste cards list, a collection point's cards): its codes, its payer
 * (read under a left join of fee_payer; null without one) and its validity.
 */
export const wasteCardColumns = {
  id: wasteCard.id,
  plainCode: wasteCard.plainCode,
  code: wasteCard.code,
  feePayerId: wasteCard.feePayerId,
  payer: feePayerNameColumns,
  validFrom: wasteCard.validFrom,
  validTo: wasteCard.validTo,
  virtual: wasteCard.virtual,
};
