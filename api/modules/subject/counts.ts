/**
 * subject.bin_count: the bins (waste evidence headers) assigned to the subject now, states Assigned and Used. Kept
 * by every service that assigns, transfers, discards or restores a bin, and by print batches addressed to subjects.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subject, wasteEvidenceHeader, wasteEvidenceHeaderHistory } from "../../db/schema";

export async function refreshBinCount(db: Db, subjectIds: (number | null | undefined)[]): Promise<void> {
  const ids = [...new Set(subjectIds.filter((id): id is number => typeof id === "number"))];
  if (!ids.length) return;
  await db
    .update(subject)
    .set({
      binCount: sql`(select count(*)::int from ${wasteEvidenceHeader}
        where ${wasteEvidenceHeader.subjectId} = ${subject.id} and ${wasteEvidenceHeader.state} in ('Assigned', 'Used'))`,
    })
    .where(inArray(subject.id, ids));
}

/**
 * Before subjects are deleted (one subject, or all of a municipality's by 'delete municipality data'): their
 * Assigned bins become Free codes again, with an 'Unassigned' history row; Used and Discarded bins keep their state
 * and only lose the subject (the foreign key does that). Returns how many bins were released.
 */
export async function releaseBinsOf(tx: Db, municipalityId: number, subjectIds: number[] | "all"): Promise<number> {
  if (subjectIds !== "all" && !subjectIds.length) return 0;
  const released = await tx
    .update(wasteEvidenceHeader)
    .set({
      state: "Free",
      subjectId: null,
      assignedAt: null,
      assignedFrom: null,
      assignedBy: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(wasteEvidenceHeader.municipalityId, municipalityId),
        eq(wasteEvidenceHeader.state, "Assigned"),
        subjectIds === "all" ? undefined : inArray(wasteEvidenceHeader.subjectId, subjectIds),
      ),
    )
    .returning({ id: wasteEvidenceHeader.id });
  if (released.length) {
    await tx.insert(wasteEvidenceHeaderHistory).values(released.map((b) => ({ headerId: b.id, event: "Unassigned" })));
  }
  return released.length;
}
