/**
 * subject.bin_count: the bins (waste evidence headers) assigned to the subject now, states Assigned and Used. Kept
 * by every service that assigns, transfers, discards or restores a bin, and by print batches addressed to subjects.
 */
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subject, wasteEvidenceHeader } from "../../db/schema";

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
