/** The fee payer's detail (age group, age discounts, login, fee records) and membership history. */
import { and, asc, count, desc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  discount,
  fee,
  feePayer,
  feePayerAddress,
  feePayerDiscount,
  subject,
  subjectFeePayer,
  user,
} from "../../db/schema";
import { notFound } from "../../lib/errors";
import { iso, timestampsOf } from "../../lib/records";
import { today } from "../subject/membership";
import { isCurrent, subjectAddressColumns } from "../subject/shared";
import { formatSubjectAddress } from "#contract/subject";
import {
  ageGroupOf,
  ageReachedIn,
  feePayerName,
  type FeePayerAddress,
  type FeePayerDetail,
  type FeePayerHistoryRow,
  type FeePayerType,
} from "#contract/fee-payer";
import { FEE_PAYER_NOT_FOUND, findPayer, isActive } from "./shared";
import { ageDiscountsOf } from "../discount/service";

/** GET fee-payer/{id}: every field, the automatic age group and age discounts, the login, the fee record count. */
export async function getFeePayer(db: Db, municipalityId: number, id: number): Promise<FeePayerDetail> {
  const [row] = await db
    .select({ p: feePayer, userName: user.userName, userActive: user.active })
    .from(feePayer)
    .leftJoin(user, eq(user.id, feePayer.userId))
    .where(and(eq(feePayer.id, id), eq(feePayer.municipalityId, municipalityId)));
  if (!row) throw notFound(FEE_PAYER_NOT_FOUND);
  const p = row.p;
  const day = today();
  // The age discounts of this year's fee, as the fee engine applies them (docs/fees.md).
  const age = p.dateOfBirth ? ageReachedIn(p.dateOfBirth, Number(day.slice(0, 4))) : null;
  const [addresses, discounts, ageDiscounts, records] = await Promise.all([
    db.select().from(feePayerAddress).where(eq(feePayerAddress.feePayerId, id)).orderBy(asc(feePayerAddress.id)),
    db
      .select({ id: discount.id, name: discount.name })
      .from(feePayerDiscount)
      .innerJoin(discount, eq(discount.id, feePayerDiscount.discountId))
      .where(eq(feePayerDiscount.feePayerId, id))
      .orderBy(asc(discount.name), asc(discount.id)),
    age === null
      ? Promise.resolve([])
      : db
          .select({ id: discount.id, name: discount.name })
          .from(discount)
          .where(
            and(
              ageDiscountsOf(municipalityId),
              or(isNull(discount.ageFrom), lte(discount.ageFrom, age)),
              or(isNull(discount.ageUntil), gte(discount.ageUntil, age)),
            ),
          )
          .orderBy(asc(discount.name), asc(discount.id)),
    db.select({ n: count() }).from(fee).where(eq(fee.feePayerId, id)),
  ]);
  return {
    id: p.id,
    version: p.version,
    municipalityId: p.municipalityId,
    type: p.type as FeePayerType,
    name: feePayerName(p),
    titleBefore: p.titleBefore,
    firstName: p.firstName,
    lastName: p.lastName,
    titleAfter: p.titleAfter,
    companyName: p.companyName,
    identificationNumber: p.identificationNumber,
    vatNumber: p.vatNumber,
    gender: p.gender as FeePayerDetail["gender"],
    phone: p.phone,
    email: p.email,
    variableSymbol: p.variableSymbol,
    dateOfBirth: p.dateOfBirth,
    streetAddress: p.streetAddress,
    city: p.city,
    zipCode: p.zipCode,
    addresses: addresses.map((a) => ({
      id: a.id,
      type: a.type as FeePayerAddress["type"],
      street: a.street ?? undefined,
      conscriptionNumber: a.conscriptionNumber ?? undefined,
      streetNumber: a.streetNumber ?? undefined,
      city: a.city ?? undefined,
      zipCode: a.zipCode ?? undefined,
    })),
    discounts,
    ageGroup: ageGroupOf(p.dateOfBirth, day),
    ageDiscounts,
    activeFrom: p.activeFrom,
    activeTo: p.activeTo,
    periodEnd: p.periodEnd,
    active: isActive(p, day),
    activeChangedAt: iso(p.activeChangedAt),
    registered: p.registered,
    registeredAt: iso(p.registeredAt),
    login:
      p.userId !== null && row.userName !== null
        ? { userId: p.userId, userName: row.userName, active: !!row.userActive }
        : null,
    finalFee: p.finalFee,
    feeRecordCount: Number(records[0]?.n ?? 0),
    note: p.note,
    ...timestampsOf(p),
  };
}

/**
 * GET fee-payer/{id}/history: every membership, newest first, with the payer's final fee at that subject in the
 * membership's newest billed year.
 */
export async function feePayerHistory(
  db: Db,
  municipalityId: number,
  id: number,
): Promise<{ items: FeePayerHistoryRow[] }> {
  await findPayer(db, municipalityId, id);
  const day = today();
  const rows = await db
    .select({
      membershipId: subjectFeePayer.id,
      subjectId: subject.id,
      subjectName: subject.name,
      ...subjectAddressColumns,
      validFrom: subjectFeePayer.validFrom,
      validTo: subjectFeePayer.validTo,
      isChief: subjectFeePayer.isChief,
      newestFee: sql<string | null>`(select ${fee.year} || ':' || ${fee.finalFee} from ${fee}
        where ${fee.feePayerId} = ${subjectFeePayer.feePayerId} and ${fee.subjectId} = ${subjectFeePayer.subjectId}
          and ${fee.month} is null
          and ${fee.year} between extract(year from ${subjectFeePayer.validFrom})
            and coalesce(extract(year from ${subjectFeePayer.validTo}), ${fee.year})
        order by ${fee.year} desc limit 1)`,
    })
    .from(subjectFeePayer)
    .innerJoin(subject, eq(subject.id, subjectFeePayer.subjectId))
    .where(and(eq(subjectFeePayer.feePayerId, id), eq(subjectFeePayer.municipalityId, municipalityId)))
    .orderBy(desc(subjectFeePayer.validFrom), desc(subjectFeePayer.id));
  return {
    items: rows.map((r) => ({
      membershipId: r.membershipId,
      subjectId: r.subjectId,
      subjectName: r.subjectName,
      address: formatSubjectAddress(r),
      validFrom: r.validFrom,
      validTo: r.validTo,
      isChief: r.isChief,
      current: isCurrent(r, day),
      feeYear: r.newestFee ? Number(r.newestFee.split(":")[0]) : null,
      finalFee: r.newestFee?.split(":")[1] ?? null,
    })),
  };
}
