/** The subject's members (its fee payers): the list with history, adding one, the chief, ending a membership. */
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { findInMunicipality, isInMunicipality } from "../../lib/records";
import { feePayer, subjectFeePayer } from "../../db/schema";
import { notFound, validation } from "../../lib/errors";
import type { SubjectMember } from "#contract/subject";
import { feePayerName } from "#contract/fee-payer";
import { endMemberships, joinSubject, today } from "./membership";
import { findSubject, isCurrent } from "./shared";
import { feePayerNameColumns } from "../fee-payer/shared";

export async function listMembers(
  db: Db,
  municipalityId: number,
  subjectId: number,
): Promise<{ items: SubjectMember[] }> {
  await findSubject(db, municipalityId, subjectId);
  const rows = await db
    .select({
      membershipId: subjectFeePayer.id,
      feePayerId: subjectFeePayer.feePayerId,
      validFrom: subjectFeePayer.validFrom,
      validTo: subjectFeePayer.validTo,
      isChief: subjectFeePayer.isChief,
      ...feePayerNameColumns,
      dateOfBirth: feePayer.dateOfBirth,
      variableSymbol: feePayer.variableSymbol,
    })
    .from(subjectFeePayer)
    .innerJoin(feePayer, eq(feePayer.id, subjectFeePayer.feePayerId))
    .where(and(eq(subjectFeePayer.subjectId, subjectId), eq(subjectFeePayer.municipalityId, municipalityId)));
  const day = today();
  const items: SubjectMember[] = rows.map((r) => ({
    membershipId: r.membershipId,
    feePayerId: r.feePayerId,
    name: feePayerName(r),
    type: r.type as "Company" | "Resident",
    dateOfBirth: r.dateOfBirth,
    variableSymbol: r.variableSymbol,
    validFrom: r.validFrom,
    validTo: r.validTo,
    isChief: r.isChief,
    current: isCurrent(r, day),
  }));
  // Current members first, then the history; within each, the latest start first.
  items.sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      b.validFrom.localeCompare(a.validFrom) ||
      b.membershipId - a.membershipId,
  );
  return { items };
}

export async function addMember(
  db: Db,
  municipalityId: number,
  subjectId: number,
  body: { feePayerId: number; validFrom: string; isChief: boolean },
): Promise<{ id: number }> {
  await findSubject(db, municipalityId, subjectId);
  if (!(await isInMunicipality(db, feePayer, municipalityId, body.feePayerId)))
    throw validation({ feePayerId: ["Poplatník nebyl nalezen."] });
  return db.transaction((tx) =>
    joinSubject(tx as unknown as Db, {
      municipalityId,
      subjectId,
      feePayerId: body.feePayerId,
      validFrom: body.validFrom,
      isChief: body.isChief,
    }),
  );
}

async function findMembership(db: Db, municipalityId: number, subjectId: number, membershipId: number) {
  await findSubject(db, municipalityId, subjectId);
  const missing = () => notFound("Poplatník u tohoto odběrného místa nebyl nalezen.");
  return findInMunicipality(
    db,
    subjectFeePayer,
    municipalityId,
    membershipId,
    missing,
    eq(subjectFeePayer.subjectId, subjectId),
  );
}

/** Spec 001 §4 'a chief can be set or removed': one chief per subject, and only a current member can be one. */
export async function setChief(
  db: Db,
  municipalityId: number,
  subjectId: number,
  membershipId: number,
  isChief: boolean,
): Promise<{ id: number; isChief: boolean }> {
  const m = await findMembership(db, municipalityId, subjectId, membershipId);
  if (isChief && !isCurrent(m, today())) {
    throw validation({ isChief: ["Vedoucím může být jen současný člen odběrného místa."] });
  }
  await db.transaction(async (tx) => {
    if (isChief) {
      await tx
        .update(subjectFeePayer)
        .set({ isChief: false })
        .where(and(eq(subjectFeePayer.subjectId, subjectId), ne(subjectFeePayer.id, membershipId)));
    }
    await tx.update(subjectFeePayer).set({ isChief }).where(eq(subjectFeePayer.id, membershipId));
  });
  return { id: membershipId, isChief };
}

/** The payer leaves the subject on validTo; the row stays as history (membership.ts recounts the members). */
export async function endMember(
  db: Db,
  municipalityId: number,
  subjectId: number,
  membershipId: number,
  validTo: string,
): Promise<{ id: number; validTo: string | null }> {
  const m = await findMembership(db, municipalityId, subjectId, membershipId);
  if (validTo < m.validFrom) throw validation({ validTo: ["Konec členství nemůže být před jeho začátkem."] });
  await db.transaction((tx) =>
    endMemberships(tx as unknown as Db, { feePayerId: m.feePayerId, subjectId, membershipId }, validTo),
  );
  const [after] = await db
    .select({ validTo: subjectFeePayer.validTo })
    .from(subjectFeePayer)
    .where(eq(subjectFeePayer.id, membershipId));
  return { id: membershipId, validTo: after?.validTo ?? null };
}
