/**
 * A yard's waste configuration (spec 001 §3 Yard waste configuration, §4 activate/deactivate): the waste from the
 * catalogue, capacity, default weight, code, use of member count, and the fee periods with their weight ranges,
 * which an edit replaces whole in one transaction (the visits keep the fees they were computed with).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { collectionYardWaste, collectionYardWasteFee, collectionYardWasteFeeRange, wasteType } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { checkWasteType } from "../waste-evidence/shared";
import { bumped, updateVersioned } from "../../lib/version";
import { uniqueWrite } from "../../lib/db-errors";
import { orNull } from "../../lib/form-columns";
import { insertedId } from "../../lib/records";
import {
  YARD_WASTE_NOT_FOUND,
  YARD_WASTE_TAKEN,
  type FeePeriodAnswer,
  type YardWaste,
  type YardWasteForm,
  type YardWasteUpdate,
} from "#contract/yard";
import { findYard } from "./shared";

/** The fee periods of the given yard wastes, each with its ranges sorted by the lower bound. */
export async function feePeriodsOf(db: Db, yardWasteIds: number[]): Promise<Map<number, FeePeriodAnswer[]>> {
  const out = new Map<number, FeePeriodAnswer[]>();
  if (!yardWasteIds.length) return out;
  const rows = await db
    .select({
      feeId: collectionYardWasteFee.id,
      yardWasteId: collectionYardWasteFee.yardWasteId,
      period: {
        validFrom: collectionYardWasteFee.validFrom,
        validTo: collectionYardWasteFee.validTo,
        vatRate: collectionYardWasteFee.vatRate,
      },
      // Null for a period without ranges (the left join found none).
      range: {
        fromKg: collectionYardWasteFeeRange.fromKg,
        toKg: collectionYardWasteFeeRange.toKg,
        value: collectionYardWasteFeeRange.value,
        note: collectionYardWasteFeeRange.note,
      },
    })
    .from(collectionYardWasteFee)
    .leftJoin(collectionYardWasteFeeRange, eq(collectionYardWasteFeeRange.feeId, collectionYardWasteFee.id))
    .where(inArray(collectionYardWasteFee.yardWasteId, yardWasteIds))
    .orderBy(asc(collectionYardWasteFee.validFrom), asc(collectionYardWasteFeeRange.fromKg));
  const byFee = new Map<number, FeePeriodAnswer>();
  for (const r of rows) {
    let period = byFee.get(r.feeId);
    if (!period) {
      period = { ...r.period, ranges: [] };
      byFee.set(r.feeId, period);
      out.set(r.yardWasteId, [...(out.get(r.yardWasteId) ?? []), period]);
    }
    if (r.range) period.ranges.push(r.range);
  }
  return out;
}

/** The wastes of the given yards (the detail's table, the visit form's options), by waste name. */
export async function listYardWastes(db: Db, yardIds: number[]): Promise<(YardWaste & { yardId: number })[]> {
  const rows = await db
    .select({
      id: collectionYardWaste.id,
      version: collectionYardWaste.version,
      yardId: collectionYardWaste.yardId,
      wasteTypeId: collectionYardWaste.wasteTypeId,
      wasteName: wasteType.name,
      catalogCode: wasteType.catalogCode,
      capacityKg: collectionYardWaste.capacityKg,
      defaultWeightKg: collectionYardWaste.defaultWeightKg,
      code: collectionYardWaste.code,
      useMemberCount: collectionYardWaste.useMemberCount,
      active: collectionYardWaste.active,
    })
    .from(collectionYardWaste)
    .innerJoin(wasteType, eq(wasteType.id, collectionYardWaste.wasteTypeId))
    .where(inArray(collectionYardWaste.yardId, yardIds))
    .orderBy(asc(wasteType.name), asc(collectionYardWaste.id));
  const fees = await feePeriodsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, fees: fees.get(r.id) ?? [] }));
}

async function findWaste(db: Db, municipalityId: number, yardId: number, id: number) {
  await findYard(db, municipalityId, yardId);
  const [row] = await db
    .select()
    .from(collectionYardWaste)
    .where(and(eq(collectionYardWaste.id, id), eq(collectionYardWaste.yardId, yardId)));
  if (!row) throw notFound(YARD_WASTE_NOT_FOUND);
  return row;
}

export async function getYardWaste(db: Db, municipalityId: number, yardId: number, id: number): Promise<YardWaste> {
  await findWaste(db, municipalityId, yardId, id);
  const [waste] = (await listYardWastes(db, [yardId])).filter((w) => w.id === id);
  const { yardId: _, ...rest } = waste!;
  return rest;
}

const columns = (f: YardWasteForm) => ({
  wasteTypeId: f.wasteTypeId,
  ...orNull(f, ["capacityKg", "defaultWeightKg", "code"]),
  useMemberCount: f.useMemberCount,
});

async function writeFees(tx: Db, yardWasteId: number, f: YardWasteForm) {
  await tx.delete(collectionYardWasteFee).where(eq(collectionYardWasteFee.yardWasteId, yardWasteId));
  for (const p of f.fees) {
    const [fee] = await tx
      .insert(collectionYardWasteFee)
      .values({ yardWasteId, validFrom: p.validFrom, validTo: p.validTo ?? null, vatRate: p.vatRate })
      .returning({ id: collectionYardWasteFee.id });
    await tx.insert(collectionYardWasteFeeRange).values(
      p.ranges.map((r) => ({
        feeId: fee!.id,
        fromKg: r.fromKg,
        toKg: r.toKg ?? null,
        value: r.value,
        note: r.note ?? null,
      })),
    );
  }
}

export async function addYardWaste(db: Db, municipalityId: number, yardId: number, f: YardWasteForm) {
  await findYard(db, municipalityId, yardId);
  await checkWasteType(db, municipalityId, f.wasteTypeId);
  return uniqueWrite({ wasteTypeId: [YARD_WASTE_TAKEN] }, () =>
    db.transaction(async (tx) => {
      const created = await insertedId(tx, collectionYardWaste, { yardId, ...columns(f) });
      await writeFees(tx as unknown as Db, created.id, f);
      return created;
    }),
  );
}

export async function updateYardWaste(db: Db, municipalityId: number, yardId: number, id: number, f: YardWasteUpdate) {
  await findWaste(db, municipalityId, yardId, id);
  await checkWasteType(db, municipalityId, f.wasteTypeId);
  return uniqueWrite({ wasteTypeId: [YARD_WASTE_TAKEN] }, () =>
    db.transaction(async (tx) => {
      await updateVersioned(tx, collectionYardWaste, { id, version: f.version }, columns(f));
      await writeFees(tx as unknown as Db, id, f);
      return { id };
    }),
  );
}

export async function setYardWasteActive(db: Db, municipalityId: number, yardId: number, id: number, active: boolean) {
  await findWaste(db, municipalityId, yardId, id);
  await db
    .update(collectionYardWaste)
    .set({ active, updatedAt: new Date(), version: bumped(collectionYardWaste.version) })
    .where(eq(collectionYardWaste.id, id));
  return { id, active };
}
