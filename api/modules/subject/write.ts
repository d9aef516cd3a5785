/**
 * Subject writes: create, update, parent, dispose frequency, fee paid, delete (with the counts its dialog shows)
 * and the removal of all the municipality's subjects and fee payers.
 */
import { markSubjectFees } from "../fee/paid";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { insertedId, takenInMunicipality } from "../../lib/records";
import { fee, feePayer, subject, subjectFeePayer, wasteCard } from "../../db/schema";
import { uniqueWrite } from "../../lib/db-errors";
import { validation } from "../../lib/errors";
import { orNull } from "../../lib/form-columns";
import { updateVersioned } from "../../lib/version";
import type { DisposeFrequencyPeriod, SubjectDeleteImpact, SubjectForm, SubjectUpdate } from "#contract/subject";
import { releaseBinsOf } from "./counts";
import { ancestorIds, findSubject } from "./shared";
import { waitForFeeRuns } from "../fee-calculation/references";

const VARIABLE_SYMBOL_TAKEN = "Variabilní symbol už používá jiné odběrné místo.";
const PARENT_CYCLE = "Nadřazené odběrné místo nemůže být toto místo ani jeho podřízené.";
const PARENT_NOT_FOUND = "Nadřazené odběrné místo nebylo nalezeno.";

/** The form's fields as columns; operatorCountry only chooses the IČO rule and is not stored. */
function columns(form: SubjectForm) {
  return {
    type: form.type,
    name: form.name,
    ...orNull(form, ["shortName", "variableSymbol", "establishmentIdentificationNumber", "householdCode", "parentId"]),
    externalChief: form.externalChief,
    ...orNull(form, [
      "operatorIdentificationNumber",
      "operatorVatNumber",
      "operatorCompanyName",
      "operatorInvoiceAddress",
      "operatorZipCode",
      "operatorCity",
      "description",
      "cityDistrict",
      "street",
      "conscriptionNumber",
      "streetNumber",
      "provisionalNumber",
      "zipCode",
      "city",
    ]),
  };
}

/** Variable symbols are unique per municipality among subjects (docs/decisions/0009). */
async function checkVariableSymbol(
  db: Db,
  municipalityId: number,
  variableSymbol: string | undefined,
  selfId?: number,
) {
  if (!variableSymbol) return;
  if (await takenInMunicipality(db, subject, municipalityId, subject.variableSymbol, variableSymbol, selfId))
    throw validation({ variableSymbol: [VARIABLE_SYMBOL_TAKEN] });
}

/**
 * The parent must be a subject of the same municipality and, for an existing subject, neither the subject itself
 * nor one of its descendants (the subject must not appear among the new parent's ancestors).
 */
async function checkParent(db: Db, municipalityId: number, parentId: number | null | undefined, selfId?: number) {
  if (!parentId) return;
  if (parentId === selfId) throw validation({ parentId: [PARENT_CYCLE] });
  const chain = await ancestorIds(db, municipalityId, parentId);
  if (!chain.length) throw validation({ parentId: [PARENT_NOT_FOUND] });
  if (selfId && chain.includes(selfId)) throw validation({ parentId: [PARENT_CYCLE] });
}

/** Runs a write; a unique violation of the variable symbol (two requests at once) answers as the check does. */
const writeSubject = <T>(write: () => Promise<T>): Promise<T> =>
  uniqueWrite({ variableSymbol: [VARIABLE_SYMBOL_TAKEN] }, write);

export async function createSubject(db: Db, municipalityId: number, form: SubjectForm): Promise<{ id: number }> {
  await checkVariableSymbol(db, municipalityId, form.variableSymbol);
  await checkParent(db, municipalityId, form.parentId);
  return writeSubject(() => insertedId(db, subject, { ...columns(form), municipalityId }));
}

export async function updateSubject(
  db: Db,
  municipalityId: number,
  subjectId: number,
  form: SubjectUpdate,
): Promise<{ id: number }> {
  await findSubject(db, municipalityId, subjectId);
  await checkVariableSymbol(db, municipalityId, form.variableSymbol, subjectId);
  await checkParent(db, municipalityId, form.parentId, subjectId);
  await writeSubject(() =>
    updateVersioned(
      db,
      subject,
      { id: subjectId, version: form.version },
      columns(form),
      eq(subject.municipalityId, municipalityId),
    ),
  );
  return { id: subjectId };
}

export async function setParent(
  db: Db,
  municipalityId: number,
  subjectId: number,
  { parentId }: { parentId: number | null },
): Promise<{ id: number; parentId: number | null }> {
  await findSubject(db, municipalityId, subjectId);
  await checkParent(db, municipalityId, parentId, subjectId);
  await db
    .update(subject)
    .set({ parentId, updatedAt: new Date() })
    .where(and(eq(subject.id, subjectId), eq(subject.municipalityId, municipalityId)));
  return { id: subjectId, parentId };
}

export async function setDisposeFrequency(
  db: Db,
  municipalityId: number,
  subjectId: number,
  body: { period: DisposeFrequencyPeriod; orderedDisposeCount: number; version: number },
): Promise<{ period: DisposeFrequencyPeriod; orderedDisposeCount: number }> {
  await findSubject(db, municipalityId, subjectId);
  await updateVersioned(
    db,
    subject,
    { id: subjectId, version: body.version },
    { disposeFrequencyPeriod: body.period, orderedDisposeCount: body.orderedDisposeCount },
    eq(subject.municipalityId, municipalityId),
  );
  return { period: body.period, orderedDisposeCount: body.orderedDisposeCount };
}

/**
 * Spec 001 §4 'mark fee paid or unpaid (single or bulk)': ids of other municipalities are left alone; the payers'
 * fees of the current year are marked alike (Fees → Fees shows them).
 */
export async function setFeePaid(
  db: Db,
  municipalityId: number,
  { subjectIds, paid }: { subjectIds: number[]; paid: boolean },
): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const rows = await tx
      .update(subject)
      .set({ feePaid: paid, feePaidChangedAt: now, updatedAt: now })
      .where(and(eq(subject.municipalityId, municipalityId), inArray(subject.id, [...new Set(subjectIds)])))
      .returning({ id: subject.id });
    if (rows.length)
      await markSubjectFees(
        tx as unknown as Db,
        municipalityId,
        rows.map((r) => r.id),
        paid,
      );
    return { updated: rows.length };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Delete

export async function deleteImpact(db: Db, municipalityId: number, subjectId: number): Promise<SubjectDeleteImpact> {
  const s = await findSubject(db, municipalityId, subjectId);
  // One statement for the four counts: the detail page asks on every view (its delete dialog shows them).
  const counted = (table: typeof subjectFeePayer | typeof wasteCard | typeof fee) =>
    sql<number>`(select count(*)::int from ${table} where ${table.subjectId} = ${subjectId} and ${table.municipalityId} = ${municipalityId})`;
  const [row] = await db
    .select({
      memberships: counted(subjectFeePayer),
      wasteCards: counted(wasteCard),
      fees: counted(fee),
      children: sql<number>`(select count(*)::int from ${subject} where ${subject.parentId} = ${subjectId} and ${subject.municipalityId} = ${municipalityId})`,
    })
    .from(sql`(select 1) as one`);
  return {
    memberships: Number(row?.memberships ?? 0),
    wasteCards: Number(row?.wasteCards ?? 0),
    fees: Number(row?.fees ?? 0),
    children: Number(row?.children ?? 0),
    bins: s.binCount,
  };
}

/**
 * Deletes the subject in one transaction: its memberships (history included) and fee rows go with it (cascade);
 * its waste cards are released — a virtual card (made for this subject only) is deleted, a physical one becomes
 * Free with no subject or payer; its children lose their parent.
 */
export async function deleteSubject(db: Db, municipalityId: number, subjectId: number): Promise<void> {
  await findSubject(db, municipalityId, subjectId);
  await db.transaction(async (tx) => {
    // Before the children are updated: a running fee calculation may update them too (decision 0035).
    await waitForFeeRuns(tx as unknown as Db);
    const ofSubject = and(eq(wasteCard.subjectId, subjectId), eq(wasteCard.municipalityId, municipalityId));
    await tx.delete(wasteCard).where(and(ofSubject, eq(wasteCard.virtual, true)));
    await tx.update(wasteCard).set({ subjectId: null, feePayerId: null, state: "Free" }).where(ofSubject);
    await releaseBinsOf(tx as unknown as Db, municipalityId, [subjectId]);
    await tx
      .update(subject)
      .set({ parentId: null, updatedAt: new Date() })
      .where(and(eq(subject.parentId, subjectId), eq(subject.municipalityId, municipalityId)));
    await tx.delete(subject).where(and(eq(subject.id, subjectId), eq(subject.municipalityId, municipalityId)));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// 'Delete municipality data' (spec 001 §4): the subjects and fee payers of the municipality

/**
 * Removes the municipality's fee rows, waste cards, memberships, fee payers (their addresses and discount links
 * cascade) and subjects; answers how many subjects and fee payers were removed. Fee rows go first: they hold the
 * payers without a cascade.
 */
export async function purgeSubjectsAndFeePayers(tx: Db, municipalityId: number): Promise<number> {
  // Before the fees are deleted: a running fee calculation may be writing them (decision 0035).
  await waitForFeeRuns(tx);
  await tx.delete(fee).where(eq(fee.municipalityId, municipalityId));
  await tx.delete(wasteCard).where(eq(wasteCard.municipalityId, municipalityId));
  await releaseBinsOf(tx, municipalityId, "all");
  await tx.delete(subjectFeePayer).where(eq(subjectFeePayer.municipalityId, municipalityId));
  const payers = await tx
    .delete(feePayer)
    .where(eq(feePayer.municipalityId, municipalityId))
    .returning({ id: feePayer.id });
  const subjects = await tx
    .delete(subject)
    .where(eq(subject.municipalityId, municipalityId))
    .returning({ id: subject.id });
  return subjects.length + payers.length;
}
