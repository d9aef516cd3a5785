/** The bins' state changes of spec 001 §4: discard, restore, transfer to another subject. */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { wasteEvidenceHeader as weh } from "../../db/schema";
import { validation } from "../../lib/errors";
import type { BinHistoryEvent, BinState } from "#contract/waste-evidence-header";
import { refreshBinCount } from "../subject/counts";
import { ASSIGNED_STATES, checkSubject, writeHistory } from "./shared";

const DISCARDED_TRANSFER = "Vyřazenou nádobu nelze převést.";

/** The selected bins of the municipality, locked for the change (ids of other municipalities are left alone). */
async function lockHeaders(tx: Db, municipalityId: number, ids: number[]) {
  return tx
    .select({
      id: weh.id,
      state: weh.state,
      subjectId: weh.subjectId,
      disposable: weh.disposable,
      lastEvidenceAt: weh.lastEvidenceAt,
    })
    .from(weh)
    .where(and(eq(weh.municipalityId, municipalityId), inArray(weh.id, [...new Set(ids)])))
    .for("update");
}

type LockedHeader = Awaited<ReturnType<typeof lockHeaders>>[number];

/**
 * A state change in one transaction: the selected bins of the municipality are locked, `pick` chooses the ones the
 * change applies to (or refuses the change), and `apply` writes those at one time; with none, nothing is written.
 */
function changeStates(
  db: Db,
  municipalityId: number,
  ids: number[],
  pick: (locked: LockedHeader[]) => LockedHeader[],
  apply: (tx: Db, rows: LockedHeader[], now: Date) => Promise<{ updated: number }>,
): Promise<{ updated: number }> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const rows = pick(await lockHeaders(tx, municipalityId, ids));
    if (!rows.length) return { updated: 0 };
    return apply(tx, rows, new Date());
  });
}

/**
 * What every state change ends with: one history row per changed bin, at the change's time, naming the bin's
 * subject (after a transfer: the new one), and the bin counts of the subjects it touched.
 */
async function recordChange(
  tx: Db,
  change: { event: BinHistoryEvent; userId: number; at: Date; toSubjectId?: number },
  changed: LockedHeader[],
  details: (r: LockedHeader) => Record<string, unknown>,
): Promise<{ updated: number }> {
  const { event, userId, at, toSubjectId } = change;
  await writeHistory(
    tx,
    changed.map((r) => ({ headerId: r.id, event, subjectId: toSubjectId ?? r.subjectId, userId, details: details(r) })),
    at,
  );
  await refreshBinCount(tx, [...changed.map((r) => r.subjectId), toSubjectId]);
  return { updated: changed.length };
}

/** Spec 001 §4 discard: every state but Discarded; an already discarded bin is left as it is. */
export async function discardHeaders(
  db: Db,
  municipalityId: number,
  ids: number[],
  userId: number,
): Promise<{ updated: number }> {
  const notDiscarded = (locked: LockedHeader[]) => locked.filter((r) => r.state !== "Discarded");
  return changeStates(db, municipalityId, ids, notDiscarded, async (tx, rows, now) => {
    await tx
      .update(weh)
      .set({ state: "Discarded", discardedAt: now, updatedAt: now })
      .where(
        inArray(
          weh.id,
          rows.map((r) => r.id),
        ),
      );
    return recordChange(tx, { event: "Discarded", userId, at: now }, rows, (r) => ({ previousState: r.state }));
  });
}

/**
 * Spec 001 §4 restore (history 'Reactivated'): a discarded bin is Assigned again when it has a subject, else Free.
 * A disposable bin that was collected comes back as Used, so it is still never reused.
 */
export async function restoreHeaders(
  db: Db,
  municipalityId: number,
  ids: number[],
  userId: number,
): Promise<{ updated: number }> {
  const discarded = (locked: LockedHeader[]) => locked.filter((r) => r.state === "Discarded");
  return changeStates(db, municipalityId, ids, discarded, async (tx, rows, now) => {
    const stateOf = (r: LockedHeader): BinState =>
      r.disposable && r.lastEvidenceAt ? "Used" : r.subjectId !== null ? "Assigned" : "Free";
    const groups = new Map<BinState, number[]>();
    for (const r of rows) groups.set(stateOf(r), [...(groups.get(stateOf(r)) ?? []), r.id]);
    for (const [state, groupIds] of groups) {
      await tx.update(weh).set({ state, discardedAt: null, updatedAt: now }).where(inArray(weh.id, groupIds));
    }
    return recordChange(tx, { event: "Reactivated", userId, at: now }, rows, (r) => ({ state: stateOf(r) }));
  });
}

/**
 * Spec 001 §2/§4 transfer to another subject: Assigned (or Free) bins become Assigned to the new subject; a discarded
 * one refuses the whole transfer. The 'move evidence records' choice is kept in the history row, where the
 * collections area reads it.
 */
export async function transferHeaders(
  db: Db,
  municipalityId: number,
  body: { ids: number[]; subjectId: number; moveEvidences: boolean },
  userId: number,
): Promise<{ updated: number }> {
  await checkSubject(db, municipalityId, body.subjectId);
  const moving = (locked: LockedHeader[]) => {
    if (locked.some((r) => r.state === "Discarded"))
      throw validation({ ids: [DISCARDED_TRANSFER] }, DISCARDED_TRANSFER);
    // A bin already with the subject stays as it is.
    return locked.filter((r) => r.subjectId !== body.subjectId || !ASSIGNED_STATES.has(r.state));
  };
  return changeStates(db, municipalityId, body.ids, moving, async (tx, rows, now) => {
    await tx
      .update(weh)
      .set({
        // A collected disposable bin stays Used (it is never reused); everything else is Assigned.
        state: sql`case when ${weh.state} = 'Used' then 'Used' else 'Assigned' end`,
        subjectId: body.subjectId,
        assignedAt: now,
        assignedFrom: now,
        assignedBy: userId,
        updatedAt: now,
      })
      .where(
        inArray(
          weh.id,
          rows.map((r) => r.id),
        ),
      );
    const to = { event: "Transferred", userId, at: now, toSubjectId: body.subjectId } as const;
    return recordChange(tx, to, rows, (r) => ({
      fromSubjectId: r.subjectId,
      toSubjectId: body.subjectId,
      moveEvidences: body.moveEvidences,
    }));
  });
}
