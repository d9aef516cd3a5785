/** Fee payer writes: create (with addresses, discounts and a membership), update, delete. */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { hasRow, isInMunicipality, takenInMunicipality } from "../../lib/records";
import { discount, fee, feePayer, feePayerAddress, feePayerDiscount, subject, subjectFeePayer } from "../../db/schema";
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from "../../lib/db-errors";
import { ApiError, validation } from "../../lib/errors";
import { orNull } from "../../lib/form-columns";
import { updateVersioned } from "../../lib/version";
import { endMemberships, joinSubject, refreshMemberCount } from "../subject/membership";
import type { FeePayerAddress, FeePayerForm, FeePayerUpdate } from "#contract/fee-payer";
import { DELETE_REFUSED, DISCOUNT_NOT_FOUND, findPayer, SUBJECT_NOT_FOUND, VARIABLE_SYMBOL_TAKEN } from "./shared";

/** The stored columns of the form (`country` only chooses the IČO rule; subjectId/isChief are create-only). */
function columns(form: FeePayerForm) {
  return {
    type: form.type,
    ...orNull(form, ["titleBefore", "firstName", "lastName", "titleAfter", "companyName"]),
    identificationNumber: form.identificationNumber?.replace(/\s/g, "") ?? null,
    ...orNull(form, [
      "vatNumber",
      "gender",
      "phone",
      "email",
      "variableSymbol",
      "dateOfBirth",
      "streetAddress",
      "city",
      "zipCode",
    ]),
    activeFrom: form.activeFrom,
    ...orNull(form, ["activeTo", "periodEnd"]),
    registered: form.registered,
    note: form.note ?? null,
  };
}

/**
 * The checks the schema cannot make: the variable symbol is free in this municipality, the discounts and the
 * subject are this municipality's. All failures answer together.
 */
async function checkReferences(
  db: Db,
  municipalityId: number,
  form: FeePayerForm,
  options: { exceptId?: number; subjectId?: number },
): Promise<number[]> {
  const errors: Record<string, string[]> = {};
  const symbol = form.variableSymbol;
  if (
    symbol &&
    (await takenInMunicipality(db, feePayer, municipalityId, feePayer.variableSymbol, symbol, options.exceptId))
  ) {
    errors.variableSymbol = [VARIABLE_SYMBOL_TAKEN];
  }
  const discountIds = [...new Set(form.discountIds)];
  if (discountIds.length) {
    const found = await db
      .select({ id: discount.id })
      .from(discount)
      .where(and(eq(discount.municipalityId, municipalityId), inArray(discount.id, discountIds)));
    if (found.length !== discountIds.length) errors.discountIds = [DISCOUNT_NOT_FOUND];
  }
  if (options.subjectId) {
    if (!(await isInMunicipality(db, subject, municipalityId, options.subjectId)))
      errors.subjectId = [SUBJECT_NOT_FOUND];
  }
  if (Object.keys(errors).length) throw validation(errors);
  return discountIds;
}

/** A second save with the same symbol that slipped between the check and the write is still a 422. */
function asVariableSymbolConflict(err: unknown): never {
  const constraint = violatedConstraint(err);
  if (isUniqueViolation(err) && (!constraint || constraint === "fee_payer_variable_symbol_unique")) {
    throw validation({ variableSymbol: [VARIABLE_SYMBOL_TAKEN] });
  }
  throw err;
}

/** Addresses and fixed discounts are replaced as a whole: the form always sends the full lists. */
async function writeLists(
  tx: Db,
  feePayerId: number,
  addresses: FeePayerAddress[],
  discountIds: number[],
  replace: boolean,
) {
  if (replace) {
    await tx.delete(feePayerAddress).where(eq(feePayerAddress.feePayerId, feePayerId));
    await tx.delete(feePayerDiscount).where(eq(feePayerDiscount.feePayerId, feePayerId));
  }
  if (addresses.length) {
    await tx.insert(feePayerAddress).values(
      addresses.map((a) => ({
        feePayerId,
        type: a.type,
        ...orNull(a, ["street", "conscriptionNumber", "streetNumber", "city", "zipCode"]),
      })),
    );
  }
  if (discountIds.length)
    await tx.insert(feePayerDiscount).values(discountIds.map((discountId) => ({ feePayerId, discountId })));
}

/** POST fee-payer: the payer, addresses, discounts and (from a subject's detail) the membership, in one transaction. */
export async function createFeePayer(db: Db, municipalityId: number, form: FeePayerForm): Promise<{ id: number }> {
  const discountIds = await checkReferences(db, municipalityId, form, { subjectId: form.subjectId });
  try {
    return await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const [created] = await tx
        .insert(feePayer)
        .values({ municipalityId, ...columns(form), registeredAt: form.registered ? new Date() : null })
        .returning({ id: feePayer.id });
      const id = created!.id;
      await writeLists(tx, id, form.addresses, discountIds, false);
      if (form.subjectId) {
        await joinSubject(tx, {
          municipalityId,
          subjectId: form.subjectId,
          feePayerId: id,
          validFrom: form.activeFrom,
          validTo: form.activeTo ?? null,
          isChief: form.isChief,
        });
      }
      return { id };
    });
  } catch (err) {
    return asVariableSymbolConflict(err);
  }
}

/**
 * PUT fee-payer/{id} (subjectId ignored). A new end of activity ends the payer's open memberships on that day
 * (spec 001 §4); a change of either activity date is stamped in active_changed_at.
 */
export async function updateFeePayer(
  db: Db,
  municipalityId: number,
  id: number,
  form: FeePayerUpdate,
): Promise<{ id: number }> {
  const current = await findPayer(db, municipalityId, id);
  const discountIds = await checkReferences(db, municipalityId, form, { exceptId: id });
  const activeTo = form.activeTo ?? null;
  const activeChanged = current.activeFrom !== form.activeFrom || current.activeTo !== activeTo;
  const now = new Date();
  try {
    await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      await updateVersioned(
        tx,
        feePayer,
        { id, version: form.version },
        {
          ...columns(form),
          // Registered keeps its first date; unregistering clears it.
          registeredAt: form.registered ? (current.registered ? current.registeredAt : now) : null,
          ...(activeChanged ? { activeChangedAt: now } : {}),
          updatedAt: now,
        },
        eq(feePayer.municipalityId, municipalityId),
      );
      await writeLists(tx, id, form.addresses, discountIds, true);
      if (activeTo && activeTo !== current.activeTo) await endMemberships(tx, { feePayerId: id }, activeTo);
    });
  } catch (err) {
    asVariableSymbolConflict(err);
  }
  return { id };
}

const hasFeeRecords = (db: Db, feePayerId: number) => hasRow(db, fee, eq(fee.feePayerId, feePayerId));

/**
 * DELETE fee-payer/{id}: refused while fee records exist (they are the municipality's accounts; the payer is
 * deactivated instead). Memberships, addresses and discount links go with the payer; the subjects he was in
 * are recounted.
 */
export async function deleteFeePayer(db: Db, municipalityId: number, id: number): Promise<void> {
  await findPayer(db, municipalityId, id);
  if (await hasFeeRecords(db, id)) throw new ApiError(409, DELETE_REFUSED);
  try {
    await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const memberships = await tx
        .selectDistinct({ subjectId: subjectFeePayer.subjectId })
        .from(subjectFeePayer)
        .where(eq(subjectFeePayer.feePayerId, id));
      await tx.delete(feePayer).where(and(eq(feePayer.id, id), eq(feePayer.municipalityId, municipalityId)));
      await refreshMemberCount(
        tx,
        memberships.map((m) => m.subjectId),
      );
    });
  } catch (err) {
    // A fee record written between the check and the delete (fee.fee_payer_id has no cascade).
    if (isForeignKeyViolation(err)) throw new ApiError(409, DELETE_REFUSED);
    throw err;
  }
}
