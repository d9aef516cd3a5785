/** The fee payer's activity and registration: deactivate (ending memberships), activate, mark registered. */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { feePayer } from "../../db/schema";
import { validation } from "../../lib/errors";
import { endMemberships } from "../subject/membership";
import type { deactivateBody, registerBody } from "#contract/fee-payer";
import { DEACTIVATE_BEFORE_START, findPayer } from "./shared";

/** POST fee-payer/{id}/deactivate: the last active day; the payer's memberships end the same day (spec 001 §4). */
export async function deactivateFeePayer(
  db: Db,
  municipalityId: number,
  id: number,
  body: z.infer<typeof deactivateBody>,
): Promise<{ id: number; activeTo: string }> {
  const current = await findPayer(db, municipalityId, id);
  if (body.activeTo < current.activeFrom) throw validation({ activeTo: [DEACTIVATE_BEFORE_START] });
  const now = new Date();
  await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await tx
      .update(feePayer)
      .set({
        activeTo: body.activeTo,
        ...(body.periodEnd ? { periodEnd: body.periodEnd } : {}),
        ...(body.dateOfBirth ? { dateOfBirth: body.dateOfBirth } : {}),
        activeChangedAt: now,
        updatedAt: now,
      })
      .where(and(eq(feePayer.id, id), eq(feePayer.municipalityId, municipalityId)));
    await endMemberships(tx, { feePayerId: id }, body.activeTo);
  });
  return { id, activeTo: body.activeTo };
}

/** POST fee-payer/{id}/activate: active again without an end (ended memberships stay history). */
export async function activateFeePayer(db: Db, municipalityId: number, id: number): Promise<{ id: number }> {
  await findPayer(db, municipalityId, id);
  const now = new Date();
  await db
    .update(feePayer)
    .set({ activeTo: null, activeChangedAt: now, updatedAt: now })
    .where(and(eq(feePayer.id, id), eq(feePayer.municipalityId, municipalityId)));
  return { id };
}

/** PATCH fee-payer/register: the municipality's payers among the ids; a payer registered before keeps the date. */
export async function registerFeePayers(
  db: Db,
  municipalityId: number,
  body: z.infer<typeof registerBody>,
): Promise<{ updated: number }> {
  const ids = [...new Set(body.feePayerIds)];
  const rows = await db
    .update(feePayer)
    .set({
      registered: body.registered,
      registeredAt: body.registered
        ? sql`case when ${feePayer.registered} then ${feePayer.registeredAt} else now() end`
        : null,
      updatedAt: new Date(),
    })
    .where(and(eq(feePayer.municipalityId, municipalityId), inArray(feePayer.id, ids)))
    .returning({ id: feePayer.id });
  return { updated: rows.length };
}
