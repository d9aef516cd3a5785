/**
 * Membership of fee payers in subjects (spec 001 §4: "a payer belongs to a subject for a period"): shared by the
 * subject and fee-payer services. Rows of subject_fee_payer are history: ending a membership sets valid_to,
 * nothing is overwritten or deleted. subject.member_count is the number of memberships valid today.
 */
import { and, asc, eq, gte, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { hasRow } from "../../lib/records";
import { subject, subjectFeePayer } from "../../db/schema";
import { validation } from "../../lib/errors";
import { daysBefore, formatDate, toIsoDate } from "#contract/calendar";

/** Today's date in Europe/Prague as YYYY-MM-DD (a membership day is a Czech calendar day; one calendar for both tiers). */
export function today(now = new Date()): string {
  return toIsoDate(now);
}

/** SQL: the membership row is valid on the given day. */
export const validOn = (day: string) =>
  and(
    sql`${subjectFeePayer.validFrom} <= ${day}::date`,
    or(isNull(subjectFeePayer.validTo), gte(subjectFeePayer.validTo, day)),
  );

/** Whether the payer is a member of the municipality's subject on the day (a card's payer, a report's payer). */
export const isMemberOn = (db: Db, municipalityId: number, subjectId: number, feePayerId: number, day: string) =>
  hasRow(
    db,
    subjectFeePayer,
    eq(subjectFeePayer.subjectId, subjectId),
    eq(subjectFeePayer.feePayerId, feePayerId),
    eq(subjectFeePayer.municipalityId, municipalityId),
    validOn(day),
  );

/** Recounts member_count of the given subjects from their memberships valid today. */
export async function refreshMemberCount(db: Db, subjectIds: number[]): Promise<void> {
  const ids = [...new Set(subjectIds)];
  if (!ids.length) return;
  const day = today();
  await db
    .update(subject)
    .set({
      memberCount: sql`(select count(distinct ${subjectFeePayer.feePayerId})::int from ${subjectFeePayer}
        where ${subjectFeePayer.subjectId} = ${subject.id} and ${validOn(day)})`,
    })
    .where(inArray(subject.id, ids));
}

/**
 * Memberships start and end on dates, so counts move without any write: the server recounts every subject
 * whose stored count differs, at start and once a day (server.ts).
 */
export async function refreshAllMemberCounts(db: Db): Promise<number> {
  const day = today();
  const rows = await db.execute<{ id: number }>(sql`
    update ${subject} s set member_count = c.n
    from (
      select s2.id, coalesce(m.n, 0)::int as n
      from ${subject} s2
      left join (
        select subject_id, count(distinct fee_payer_id) as n from ${subjectFeePayer}
        where valid_from <= ${day}::date and (valid_to is null or valid_to >= ${day}::date)
        group by subject_id
      ) m on m.subject_id = s2.id
    ) c
    where c.id = s.id and s.member_count <> c.n
    returning s.id`);
  // Both drivers answer { rows }.
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

export interface JoinInput {
  municipalityId: number;
  subjectId: number;
  feePayerId: number;
  validFrom: string;
  validTo?: string | null;
  isChief?: boolean;
}

/**
 * Adds a payer to a subject from validFrom. Refused (422 on feePayerId) when the payer already has a membership of
 * this subject that overlaps the new period. A new chief takes the flag from the subject's other members.
 *
 * A payer lives at one collection point at a time (docs/fees.md 'Months and rows': memberships do not overlap, or
 * the fee counts a month twice): joining another subject is a move, so the membership elsewhere that is open on
 * validFrom ends the day before. One elsewhere that starts on or after validFrom is refused (422): which of the two
 * is right is the clerk's call.
 */
export async function joinSubject(db: Db, input: JoinInput): Promise<{ id: number }> {
  if (input.validTo && input.validTo < input.validFrom) {
    throw validation({ validTo: ["Konec členství nemůže být před jeho začátkem."] });
  }
  const overlapping = await hasRow(
    db,
    subjectFeePayer,
    eq(subjectFeePayer.subjectId, input.subjectId),
    eq(subjectFeePayer.feePayerId, input.feePayerId),
    or(isNull(subjectFeePayer.validTo), gte(subjectFeePayer.validTo, input.validFrom)),
    input.validTo ? sql`${subjectFeePayer.validFrom} <= ${input.validTo}::date` : undefined,
  );
  if (overlapping) {
    throw validation({ feePayerId: ["Poplatník je k tomuto odběrnému místu v tomto období už přiřazen."] });
  }
  const [later] = await db
    .select({ validFrom: subjectFeePayer.validFrom })
    .from(subjectFeePayer)
    .where(
      and(
        eq(subjectFeePayer.feePayerId, input.feePayerId),
        ne(subjectFeePayer.subjectId, input.subjectId),
        gte(subjectFeePayer.validFrom, input.validFrom),
      ),
    )
    .orderBy(asc(subjectFeePayer.validFrom))
    .limit(1);
  if (later) {
    throw validation({
      validFrom: [`Poplatník je od ${formatDate(later.validFrom)} přiřazen k jinému odběrnému místu.`],
    });
  }
  // The move: memberships elsewhere still open on validFrom end the day before.
  await endMemberships(
    db,
    { feePayerId: input.feePayerId, exceptSubjectId: input.subjectId },
    daysBefore(input.validFrom, 1),
  );
  if (input.isChief) {
    await db.update(subjectFeePayer).set({ isChief: false }).where(eq(subjectFeePayer.subjectId, input.subjectId));
  }
  const [row] = await db
    .insert(subjectFeePayer)
    .values({
      municipalityId: input.municipalityId,
      subjectId: input.subjectId,
      feePayerId: input.feePayerId,
      validFrom: input.validFrom,
      validTo: input.validTo ?? null,
      isChief: input.isChief ?? false,
    })
    .returning({ id: subjectFeePayer.id });
  await refreshMemberCount(db, [input.subjectId]);
  return { id: row!.id };
}

/**
 * Ends the payer's memberships that are still open on `validTo` (deactivation of the payer, removal from a
 * subject). Memberships that would start after that day are ended on their first day. Returns the subjects touched.
 */
export async function endMemberships(
  db: Db,
  where: { feePayerId: number; subjectId?: number; exceptSubjectId?: number; membershipId?: number },
  validTo: string,
): Promise<number[]> {
  const rows = await db
    .update(subjectFeePayer)
    .set({ validTo: sql`greatest(${subjectFeePayer.validFrom}, ${validTo}::date)`, isChief: false })
    .where(
      and(
        eq(subjectFeePayer.feePayerId, where.feePayerId),
        where.subjectId ? eq(subjectFeePayer.subjectId, where.subjectId) : undefined,
        where.exceptSubjectId ? ne(subjectFeePayer.subjectId, where.exceptSubjectId) : undefined,
        where.membershipId ? eq(subjectFeePayer.id, where.membershipId) : undefined,
        or(isNull(subjectFeePayer.validTo), sql`${subjectFeePayer.validTo} > ${validTo}::date`),
      ),
    )
    .returning({ subjectId: subjectFeePayer.subjectId });
  const subjects = [...new Set(rows.map((r) => r.subjectId))];
  await refreshMemberCount(db, subjects);
  return subjects;
}
