/**
 * What several fee-payer topics need: the messages the API answers, the name's columns, whether a payer is active,
 * the payer's 404.
 */
import type { Db } from "../../db/client";
import { feePayer } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { findInMunicipality } from "../../lib/records";

export const FEE_PAYER_NOT_FOUND = "Poplatník nebyl nalezen.";
export const VARIABLE_SYMBOL_TAKEN = "Variabilní symbol už používá jiný poplatník.";
export const SUBJECT_NOT_FOUND = "Odběrné místo nebylo nalezeno.";
export const DISCOUNT_NOT_FOUND = "Vyberte slevy této obce.";
export const DELETE_REFUSED = "Poplatníka nelze smazat, protože má záznamy o poplatcích. Deaktivujte ho.";
export const DEACTIVATE_BEFORE_START = "Datum deaktivace nemůže být před začátkem aktivity.";
export const EMAIL_REQUIRED = "Zadejte e-mail.";
export const EMAIL_TAKEN = "Tento e-mail už používá jiný uživatel.";
export const LOGIN_UNAVAILABLE =
  "Přihlášení nelze vytvořit: hesla spravuje externí poskytovatel identity. Účet založte u něj.";

/**
 * The columns feePayerName() (contract/fee-payer.ts) makes a payer's display name of: every select that shows the
 * name reads them from here. Selected as a nested object under a left join, the object is null without a payer.
 */
export const feePayerNameColumns = {
  type: feePayer.type,
  titleBefore: feePayer.titleBefore,
  firstName: feePayer.firstName,
  lastName: feePayer.lastName,
  titleAfter: feePayer.titleAfter,
  companyName: feePayer.companyName,
};

export const isActive = (p: { activeFrom: string; activeTo: string | null }, day: string) =>
  p.activeFrom <= day && (!p.activeTo || p.activeTo >= day);

/** The payer row of this municipality, or the payer's own 404. */
export const findPayer = (db: Db, municipalityId: number, id: number) =>
  findInMunicipality(db, feePayer, municipalityId, id, () => notFound(FEE_PAYER_NOT_FOUND));
