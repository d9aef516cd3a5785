/** The subject's waste cards: the list, a new virtual card, removing (or releasing) a card. */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { hasRow } from "../../lib/records";
import { feePayer, wasteCard } from "../../db/schema";
import { isUniqueViolation } from "../../lib/db-errors";
import { ApiError, notFound, validation } from "../../lib/errors";
import type { SubjectWasteCard } from "#contract/subject";
import { feePayerName } from "#contract/fee-payer";
import { isMemberOn, today } from "./membership";
import { virtualCardCode } from "./waste-card-code";
import { findSubject } from "./shared";
import { wasteCardColumns } from "../waste-card/shared";

export async function listWasteCards(
  db: Db,
  municipalityId: number,
  subjectId: number,
): Promise<{ items: SubjectWasteCard[] }> {
  await findSubject(db, municipalityId, subjectId);
  const rows = await db
    .select({ ...wasteCardColumns, state: wasteCard.state })
    .from(wasteCard)
    .leftJoin(feePayer, eq(feePayer.id, wasteCard.feePayerId))
    .where(and(eq(wasteCard.subjectId, subjectId), eq(wasteCard.municipalityId, municipalityId)))
    .orderBy(asc(wasteCard.plainCode), asc(wasteCard.id));
  return {
    items: rows.map(({ payer, ...r }) => ({
      ...r,
      feePayerName: payer ? feePayerName(payer) : null,
      state: r.state as SubjectWasteCard["state"],
    })),
  };
}

/** Spec 001 §4 'created as virtual': a card with a fresh code, assigned to the subject (and one current member). */
export async function createVirtualCard(
  db: Db,
  municipalityId: number,
  subjectId: number,
  { feePayerId }: { feePayerId?: number },
): Promise<{ id: number; code: string }> {
  await findSubject(db, municipalityId, subjectId);
  const day = today();
  if (feePayerId) {
    if (!(await isMemberOn(db, municipalityId, subjectId, feePayerId, day)))
      throw validation({ feePayerId: ["Poplatník není současným členem tohoto odběrného místa."] });
  }
  // A random code is taken only rarely; a few tries make a clash practically impossible.
  for (let attempt = 0; attempt < 10; attempt++) {
    const { plainCode, code } = virtualCardCode();
    const taken = await hasRow(
      db,
      wasteCard,
      eq(wasteCard.municipalityId, municipalityId),
      sql`(${wasteCard.code} = ${code} or ${wasteCard.plainCode} = ${plainCode})`,
    );
    if (taken) continue;
    try {
      const [row] = await db
        .insert(wasteCard)
        .values({
          municipalityId,
          plainCode,
          code,
          subjectId,
          feePayerId: feePayerId ?? null,
          state: "Assigned",
          validFrom: day,
          virtual: true,
        })
        .returning({ id: wasteCard.id });
      return { id: row!.id, code };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new ApiError(409, "Nepodařilo se vytvořit jedinečný kód karty, zkuste to znovu.");
}

/** A virtual card is deleted; a physical card is released (Free, with no subject or payer) for another subject. */
export async function removeWasteCard(
  db: Db,
  municipalityId: number,
  subjectId: number,
  wasteCardId: number,
): Promise<void> {
  await findSubject(db, municipalityId, subjectId);
  const where = and(
    eq(wasteCard.id, wasteCardId),
    eq(wasteCard.subjectId, subjectId),
    eq(wasteCard.municipalityId, municipalityId),
  );
  const [card] = await db.select({ id: wasteCard.id, virtual: wasteCard.virtual }).from(wasteCard).where(where);
  if (!card) throw notFound("Karta nebyla u tohoto odběrného místa nalezena.");
  if (card.virtual) await db.delete(wasteCard).where(where);
  else await db.update(wasteCard).set({ subjectId: null, feePayerId: null, state: "Free" }).where(where);
}
