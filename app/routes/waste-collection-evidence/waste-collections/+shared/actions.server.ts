/**
 * What the collections list and a collection's detail post alike: the invoice price (of the checked collections, or
 * of the one shown) and the answer to a dialog's refused values.
 */
import type { z } from "zod";
import { collectionPriceBody } from "#contract/collection";
import { afterCall, invalidAnswer, textValues, type ActionContext } from "~/server/action.server";

/** A collection dialog's values the schema refused: the fields' errors under them, 'check the values' above. */
export function invalidCollection({ intent, t }: ActionContext, error: z.ZodError, values: Record<string, string>) {
  return invalidAnswer(intent, error, { message: t("wasteCollection:flash.invalid"), values });
}

/** Spec 001 §2 'set invoice price' of the collections `ids`, then back to `to` with the flash. */
export async function setCollectionPrice(args: ActionContext, municipalityId: number, ids: number[], to: string) {
  const values = textValues(args.formData);
  const parsed = collectionPriceBody.safeParse({ ...values, ids });
  if (!parsed.success) return invalidCollection(args, parsed.error, values);
  const res = await args.api.wasteCollection.setPrice({ municipalityId }, parsed.data);
  return afterCall(args.api, args.context, args.intent)(res, to, args.t("wasteCollection:flash.priceSet"), { values });
}
