/**
 * Paid or unpaid (spec 001 §2 'mark fee paid or unpaid, single or bulk'; §4 'Subject fee is paid or unpaid'). The
 * flag is kept on each payer's fee (a recalculation keeps it, docs/fees.md); a collection point's 'fee paid' of the
 * subjects list follows its fees of the current year: paid when none of them is unpaid.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fee, subject } from "../../db/schema";
import { feeYearOf, ownFees } from "./list";

export async function setFeesPaid(
  db: Db,
  municipalityId: number,
  { feeIds, paid }: { feeIds: number[]; paid: boolean },
): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const changed = await tx
      .update(fee)
      .set({ paid, paidChangedAt: now })
      .where(and(ownFees(municipalityId, [...new Set(feeIds)]), sql`${fee.paid} is distinct from ${paid}`))
      .returning({ id: fee.id, subjectId: fee.subjectId, year: fee.year });
    const year = feeYearOf(undefined);
    const subjectIds = [...new Set(changed.filter((f) => f.year === year && f.subjectId).map((f) => f.subjectId!))];
    if (subjectIds.length) await followFees(tx as unknown as Db, municipalityId, subjectIds, year, now);
    return { updated: changed.length };
  });
}

/** The subjects' 'fee paid' from their yearly fees of the year (a subject without fees keeps its flag). */
async function followFees(db: Db, municipalityId: number, subjectIds: number[], year: number, now: Date) {
  await db
    .update(subject)
    .set({
      feePaid: sql`not exists (select 1 from ${fee} where ${fee.subjectId} = ${subject.id} and ${fee.year} = ${year}
        and ${fee.month} is null and not ${fee.paid})`,
      feePaidChangedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(subject.municipalityId, municipalityId),
        inArray(subject.id, subjectIds),
        sql`exists (select 1 from ${fee} where ${fee.subjectId} = ${subject.id} and ${fee.year} = ${year} and ${fee.month} is null)`,
      ),
    );
}

/** The subjects list's bulk 'paid' / 'unpaid' marks their payers' fees of the current year alike. */
export async function markSubjectFees(db: Db, municipalityId: number, subjectIds: number[], paid: boolean) {
  await db
    .update(fee)
    .set({ paid, paidChangedAt: new Date() })
    .where(
      and(
        eq(fee.municipalityId, municipalityId),
        inArray(fee.subjectId, subjectIds),
        eq(fee.year, feeYearOf(undefined)),
        sql`${fee.paid} is distinct from ${paid}`,
      ),
    );
}
