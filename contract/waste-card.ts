/**
 * Waste cards and their CSV import: spec 001 §2 'Waste cards', §3 Waste card and Import job, §4 states, §5 import
 * rules, §8 'Import'. The API answers and bodies of docs/api-bins.md "Waste cards and their import".
 */
import { z } from "zod";
import { SUBJECT_TYPES } from "./enums";
import { listFilter, listQuery } from "./list";
import { wasteCardListKeys } from "./lists";
import { dateField, optionalId, subjectIdField } from "./subject";
import { NOTHING_SELECTED, subjectRefAnswer, feePayerRefAnswer, openValidityAnswer } from "./common";

/** Spec 001 §4. Expired also applies by date: a Free or Assigned card whose validTo is before today. */
export const WASTE_CARD_STATES = ["Free", "Assigned", "Discarded", "Expired"] as const;
export type WasteCardState = (typeof WASTE_CARD_STATES)[number];

/**
 * GET municipality/{id}/waste-card: spec 001 §2 filters (state, subject type, valid from, search, subject); paging
 * and the sort keys of contract/lists.ts wasteCardListKeys.
 */
export const wasteCardList = listQuery(wasteCardListKeys, {
  /** Code or plain code (prefix), or the subject's or the fee payer's name (without diacritics). */
  search: listFilter.search(),
  state: listFilter.select(WASTE_CARD_STATES),
  subjectType: listFilter.select(SUBJECT_TYPES),
  /** Cards whose validity starts on or after this day. */
  validFrom: listFilter.date(),
  subjectId: listFilter.id(),
});
export type WasteCardListQuery = z.output<typeof wasteCardList.query>;

/** One row of the list (spec 001 §2 columns). `state` is the state as of today (expiry applied by date). */
export const wasteCardListItem = z.object({
  id: z.number(),
  plainCode: z.string(),
  code: z.string(),
  ...subjectRefAnswer,
  subjectType: z.enum(SUBJECT_TYPES).nullable(),
  ...feePayerRefAnswer,
  state: z.enum(WASTE_CARD_STATES),
  ...openValidityAnswer,
  virtual: z.boolean(),
});
export type WasteCardListItem = z.infer<typeof wasteCardListItem>;

/** The selected cards of a bulk action ('Vyberte položky.' when none). */
const cardIds = z
  .array(z.coerce.number().int().positive().max(2_147_483_647), { message: NOTHING_SELECTED })
  .min(1, { message: NOTHING_SELECTED })
  .max(1000);

/** PATCH municipality/{id}/waste-card/expiration: the last day of validity; a past day makes the cards Expired. */
export const expirationBody = z.object({
  ids: cardIds,
  validTo: dateField("Zadejte datum konce platnosti."),
});

/** PATCH municipality/{id}/waste-card/assign-subject: a subject of this municipality, optionally a current member. */
export const assignSubjectBody = z.object({
  ids: cardIds,
  subjectId: subjectIdField,
  feePayerId: optionalId,
});

/** POST municipality/{id}/waste-card/remove: virtual cards are deleted, physical ones discarded. */
export const wasteCardIdsBody = z.object({ ids: cardIds });

// ---------------------------------------------------------------------------------------------------------------
// CSV import

/** Spec 001 §5: the columns of the file, in this order, separated by ';'. */
export const WASTE_CARD_IMPORT_COLUMNS = ["plainCode", "code", "subjectId", "feePayerId"] as const;
export const WASTE_CARD_IMPORT_DELIMITER = ";";
/** The largest file accepted (413 above it). */
export const WASTE_CARD_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Longest plain code and code (the columns of waste_card). */
export const WASTE_CARD_PLAIN_CODE_MAX = 40;
export const WASTE_CARD_CODE_MAX = 60;
