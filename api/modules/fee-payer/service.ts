/**
 * Fee payers (spec 001 §2 'Fee payers', §3 Fee payer, §4 active from/to and memberships, §5 age groups): the
 * rules behind the /v1/municipality/{municipalityId}/fee-payer calls. Every query is filtered by the path's
 * municipality again (docs/decisions/0009); a payer of another municipality is simply not found.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  not,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  discount,
  fee,
  feePayer,
  feePayerAddress,
  feePayerDiscount,
  municipality,
  subject,
  subjectFeePayer,
  user,
  userMunicipality,
} from "../../db/schema";
import { ApiError, notFound, validation } from "../../lib/errors";
import { bumped, writtenOrStale } from "../../lib/version";
import { listConditions, listTotalOf } from "../../lib/list-counts";
import { pageWindow, parseSort } from "../../lib/paging";
import { foldText, searchMatches } from "../../lib/search";
import { hashPassword } from "../../lib/password-hash";
import { invitationMail } from "../../lib/email-templates";
import type { AuthContext } from "../../lib/auth";
import type { Services } from "../../services";
import { endMemberships, joinSubject, refreshMemberCount, today, validOn } from "../subject/membership";
import { endSessions, uniqueUserName } from "../user/service";
import { issueRegistrationToken, revokeRegistrationTokens } from "../user/registration";
import { generatePassword, loginLetterPdf } from "./login-letter";
import { pdfResponse } from "../../lib/pdf";
import { ROLES } from "#contract/roles";
import { REGISTRATION_LINK_TTL_HOURS } from "#contract/user";
import { formatSubjectAddress } from "#contract/subject";
import {
  FEE_PAYER_SORTS,
  ageGroupOf,
  ageOn,
  feePayerName,
  type DiscountOption,
  type FeePayerAddress,
  type FeePayerDetail,
  type FeePayerForm,
  type FeePayerUpdate,
  type FeePayerHistoryRow,
  type FeePayerListItem,
  type FeePayerListQuery,
  type FeePayerType,
  type generateLoginBody,
  type deactivateBody,
  type feePayerOptionsQuery,
  type registerBody,
} from "#contract/fee-payer";
import type { z } from "zod";

export const FEE_PAYER_NOT_FOUND = "Poplatník nebyl nalezen.";
export const VARIABLE_SYMBOL_TAKEN = "Variabilní symbol už používá jiný poplatník.";
export const SUBJECT_NOT_FOUND = "Odběrné místo nebylo nalezeno.";
export const DISCOUNT_NOT_FOUND = "Vyberte slevy této obce.";
export const DELETE_REFUSED = "Poplatníka nelze smazat, protože má záznamy o poplatcích. Deaktivujte ho.";
export const DEACTIVATE_BEFORE_START = "Datum deaktivace nemůže být před začátkem aktivity.";
export const EMAIL_REQUIRED = "Zadejte e-mail.";
export const EMAIL_TAKEN = "Tento e-mail už používá jiný uživatel.";
export const LOGIN_UNAVAILABLE =
  "Přihlášení nelze vytvořit: hesla spravuje externí poskytovatel identity. Účet založte u něj.";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const CITIZEN_ROLE_ID = ROLES.find((r) => r.name === "CITIZEN")!.id;

/** Active on `day`: started and not yet ended (active_to is the last active day). */
const activeOn = (day: string) =>
  and(
    sql`${feePayer.activeFrom} <= ${day}::date`,
    or(isNull(feePayer.activeTo), sql`${feePayer.activeTo} >= ${day}::date`),
  )!;
const isActive = (p: { activeFrom: string; activeTo: string | null }, day: string) =>
  p.activeFrom <= day && (!p.activeTo || p.activeTo >= day);

/** The payer row of this municipality, or the payer's own 404. */
async function findPayer(db: Db, municipalityId: number, id: number) {
  const [row] = await db
    .select()
    .from(feePayer)
    .where(and(eq(feePayer.id, id), eq(feePayer.municipalityId, municipalityId)));
  if (!row) throw notFound(FEE_PAYER_NOT_FOUND);
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// List, options, discounts
// ---------------------------------------------------------------------------------------------------------

type SortKey = (typeof FEE_PAYER_SORTS)[number];

/** ORDER BY of the list: the sort's columns, then id (a stable page); a descending sort puts empty values last. */
function orderBy(sort: { key: SortKey; desc: boolean }): SQL[] {
  const dir = (c: AnyColumn) => (sort.desc ? sql`${c} desc nulls last` : sql`${c} asc`);
  if (sort.key === "id") return [sort.desc ? desc(feePayer.id) : asc(feePayer.id)];
  const columns: Record<Exclude<SortKey, "id">, AnyColumn[]> = {
    name: [feePayer.lastName, feePayer.firstName, feePayer.companyName],
    dateOfBirth: [feePayer.dateOfBirth],
    variableSymbol: [feePayer.variableSymbol],
    activeFrom: [feePayer.activeFrom],
    activeTo: [feePayer.activeTo],
    registered: [feePayer.registered],
  };
  return [...columns[sort.key].map(dir), asc(feePayer.id)];
}

/** A term of three letters or more can use the trigram index; shorter ones cannot (pg_trgm works on trigrams). */
const usesSearchIndex = (term: string | undefined) => !!term && foldText(term.trim()).length >= 3;

/**
 * The page of a searched list: the matches are found through the trigram index first and only they are sorted.
 * Left to itself, the planner walks the name index and filters, which for a common surname ('novák' sorts late)
 * read 50,000 rows for 25 (docs/benchmarks.md). OFFSET 0 keeps the subquery from being merged into the outer one.
 */
async function pageOfMatches(
  db: Db,
  cond: SQL,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<{ id: number }[]> {
  const res = await db.execute(
    sql`select "id" from (select * from ${feePayer} where ${cond} offset 0) as ${feePayer}
      order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`,
  );
  return (res as unknown as { rows: { id: number }[] }).rows;
}

function listFilter(municipalityId: number, q: FeePayerListQuery, day: string) {
  const where: (SQL | undefined)[] = [];
  if (q.search) where.push(searchMatches(feePayer.search, q.search));
  if (q.bornFrom) where.push(gte(feePayer.dateOfBirth, q.bornFrom));
  if (q.bornTo) where.push(lte(feePayer.dateOfBirth, q.bornTo));
  if (q.discountId) {
    where.push(
      exists(
        sql`(select 1 from ${feePayerDiscount} where ${feePayerDiscount.feePayerId} = ${feePayer.id} and ${feePayerDiscount.discountId} = ${q.discountId})`,
      ),
    );
  }
  if (q.registered) where.push(eq(feePayer.registered, q.registered === "true"));
  if (q.active === "true") where.push(activeOn(day));
  if (q.active === "false") where.push(not(activeOn(day)));
  if (q.subjectId) {
    where.push(
      exists(
        sql`(select 1 from ${subjectFeePayer} where ${subjectFeePayer.feePayerId} = ${feePayer.id}
          and ${subjectFeePayer.subjectId} = ${q.subjectId} and ${validOn(day)})`,
      ),
    );
  }
  return listConditions(eq(feePayer.municipalityId, municipalityId), where);
}

/**
 * GET fee-payer: the page's ids are chosen from fee_payer alone (indexed filters and sorts), and only those
 * payers are read with their current subjects and fixed discounts, so a deep page of 100,000 payers costs no
 * more than the first.
 */
export async function listFeePayers(
  db: Db,
  municipalityId: number,
  q: FeePayerListQuery,
): Promise<{ items: FeePayerListItem[]; total: number }> {
  const day = today();
  const where = listFilter(municipalityId, q, day);
  const { cond } = where;
  const sort = parseSort(q.sort, FEE_PAYER_SORTS, "name");
  const { limit, offset } = pageWindow(q);
  const [page, total] = await Promise.all([
    usesSearchIndex(q.search)
      ? pageOfMatches(db, cond, orderBy(sort), limit, offset)
      : db
          .select({ id: feePayer.id })
          .from(feePayer)
          .where(cond)
          .orderBy(...orderBy(sort))
          .limit(limit)
          .offset(offset),
    listTotalOf(db, "fee_payer", municipalityId, where, feePayer),
  ]);
  const ids = page.map((r) => r.id);
  if (!ids.length) return { items: [], total };

  const [rows, subjects, discounts] = await Promise.all([
    db
      .select({
        id: feePayer.id,
        type: feePayer.type,
        titleBefore: feePayer.titleBefore,
        firstName: feePayer.firstName,
        lastName: feePayer.lastName,
        titleAfter: feePayer.titleAfter,
        companyName: feePayer.companyName,
        dateOfBirth: feePayer.dateOfBirth,
        variableSymbol: feePayer.variableSymbol,
        email: feePayer.email,
        activeFrom: feePayer.activeFrom,
        activeTo: feePayer.activeTo,
        registered: feePayer.registered,
        userId: feePayer.userId,
        finalFee: feePayer.finalFee,
      })
      .from(feePayer)
      .where(inArray(feePayer.id, ids)),
    db
      .select({ feePayerId: subjectFeePayer.feePayerId, name: subject.name })
      .from(subjectFeePayer)
      .innerJoin(subject, eq(subject.id, subjectFeePayer.subjectId))
      .where(and(inArray(subjectFeePayer.feePayerId, ids), validOn(day)))
      .orderBy(asc(subject.name)),
    db
      .select({ feePayerId: feePayerDiscount.feePayerId, name: discount.name })
      .from(feePayerDiscount)
      .innerJoin(discount, eq(discount.id, feePayerDiscount.discountId))
      .where(inArray(feePayerDiscount.feePayerId, ids))
      .orderBy(asc(discount.name)),
  ]);
  const group = (list: { feePayerId: number; name: string }[]) => {
    const out = new Map<number, string[]>();
    for (const r of list) {
      const names = out.get(r.feePayerId) ?? [];
      if (!names.includes(r.name)) names.push(r.name);
      out.set(r.feePayerId, names);
    }
    return out;
  };
  const subjectsOf = group(subjects);
  const discountsOf = group(discounts);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = ids.map((id): FeePayerListItem => {
    const r = byId.get(id)!;
    return {
      id: r.id,
      type: r.type as FeePayerType,
      name: feePayerName(r),
      dateOfBirth: r.dateOfBirth,
      variableSymbol: r.variableSymbol,
      email: r.email,
      subjects: subjectsOf.get(id)?.join(", ") ?? null,
      activeFrom: r.activeFrom,
      activeTo: r.activeTo,
      active: isActive(r, day),
      registered: r.registered,
      hasLogin: r.userId !== null,
      ageGroup: ageGroupOf(r.dateOfBirth, day),
      discounts: discountsOf.get(id) ?? [],
      finalFee: r.finalFee,
    };
  });
  return { items, total };
}

/** GET fee-payer/options: at most 20 payers for a picker (add a payer to a subject). */
export async function listOptions(db: Db, municipalityId: number, q: z.infer<typeof feePayerOptionsQuery>) {
  const rows = await db
    .select({
      id: feePayer.id,
      type: feePayer.type,
      titleBefore: feePayer.titleBefore,
      firstName: feePayer.firstName,
      lastName: feePayer.lastName,
      titleAfter: feePayer.titleAfter,
      companyName: feePayer.companyName,
      dateOfBirth: feePayer.dateOfBirth,
    })
    .from(feePayer)
    .where(
      and(eq(feePayer.municipalityId, municipalityId), q.search ? searchMatches(feePayer.search, q.search) : undefined),
    )
    .orderBy(...orderBy({ key: "name", desc: false }))
    .limit(20);
  return { items: rows.map((r) => ({ id: r.id, name: feePayerName(r), dateOfBirth: r.dateOfBirth })) };
}

/** GET fee-payer/discounts: the municipality's discounts for the filter and the form. */
export async function listDiscounts(db: Db, municipalityId: number): Promise<{ items: DiscountOption[] }> {
  const rows = await db
    .select({ id: discount.id, name: discount.name, type: discount.type })
    .from(discount)
    .where(eq(discount.municipalityId, municipalityId))
    .orderBy(asc(discount.name), asc(discount.id));
  return { items: rows.map((r) => ({ ...r, type: r.type as DiscountOption["type"] })) };
}

// ---------------------------------------------------------------------------------------------------------
// Create, update, delete
// ---------------------------------------------------------------------------------------------------------

/** The stored columns of the form (`country` only chooses the IČO rule; subjectId/isChief are create-only). */
function columns(form: FeePayerForm) {
  return {
    type: form.type,
    titleBefore: form.titleBefore ?? null,
    firstName: form.firstName ?? null,
    lastName: form.lastName ?? null,
    titleAfter: form.titleAfter ?? null,
    companyName: form.companyName ?? null,
    identificationNumber: form.identificationNumber?.replace(/\s/g, "") ?? null,
    vatNumber: form.vatNumber ?? null,
    gender: form.gender ?? null,
    phone: form.phone ?? null,
    email: form.email ?? null,
    variableSymbol: form.variableSymbol ?? null,
    dateOfBirth: form.dateOfBirth ?? null,
    streetAddress: form.streetAddress ?? null,
    city: form.city ?? null,
    zipCode: form.zipCode ?? null,
    activeFrom: form.activeFrom,
    activeTo: form.activeTo ?? null,
    periodEnd: form.periodEnd ?? null,
    registered: form.registered,
    note: form.note ?? null,
  };
}

/**
 * The checks the schema cannot make: the variable symbol is free in this municipality, the discounts and the
 * subject are this municipality's. All failures answer together.
 */
async function checkReferences(
  db: Db,
  municipalityId: number,
  form: FeePayerForm,
  options: { exceptId?: number; subjectId?: number },
): Promise<number[]> {
  const errors: Record<string, string[]> = {};
  if (form.variableSymbol) {
    const [taken] = await db
      .select({ id: feePayer.id })
      .from(feePayer)
      .where(
        and(
          eq(feePayer.municipalityId, municipalityId),
          eq(feePayer.variableSymbol, form.variableSymbol),
          options.exceptId ? ne(feePayer.id, options.exceptId) : undefined,
        ),
      )
      .limit(1);
    if (taken) errors.variableSymbol = [VARIABLE_SYMBOL_TAKEN];
  }
  const discountIds = [...new Set(form.discountIds)];
  if (discountIds.length) {
    const found = await db
      .select({ id: discount.id })
      .from(discount)
      .where(and(eq(discount.municipalityId, municipalityId), inArray(discount.id, discountIds)));
    if (found.length !== discountIds.length) errors.discountIds = [DISCOUNT_NOT_FOUND];
  }
  if (options.subjectId) {
    const [found] = await db
      .select({ id: subject.id })
      .from(subject)
      .where(and(eq(subject.id, options.subjectId), eq(subject.municipalityId, municipalityId)));
    if (!found) errors.subjectId = [SUBJECT_NOT_FOUND];
  }
  if (Object.keys(errors).length) throw validation(errors);
  return discountIds;
}

/** A second save with the same symbol that slipped between the check and the write is still a 422. */
function asVariableSymbolConflict(err: unknown): never {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const constraint = e?.constraint ?? e?.cause?.constraint;
  if (code === "23505" && (!constraint || constraint === "fee_payer_variable_symbol_unique")) {
    throw validation({ variableSymbol: [VARIABLE_SYMBOL_TAKEN] });
  }
  throw err;
}

/** Addresses and fixed discounts are replaced as a whole: the form always sends the full lists. */
async function writeLists(
  tx: Db,
  feePayerId: number,
  addresses: FeePayerAddress[],
  discountIds: number[],
  replace: boolean,
) {
  if (replace) {
    await tx.delete(feePayerAddress).where(eq(feePayerAddress.feePayerId, feePayerId));
    await tx.delete(feePayerDiscount).where(eq(feePayerDiscount.feePayerId, feePayerId));
  }
  if (addresses.length) {
    await tx.insert(feePayerAddress).values(
      addresses.map((a) => ({
        feePayerId,
        type: a.type,
        street: a.street ?? null,
        conscriptionNumber: a.conscriptionNumber ?? null,
        streetNumber: a.streetNumber ?? null,
        city: a.city ?? null,
        zipCode: a.zipCode ?? null,
      })),
    );
  }
  if (discountIds.length)
    await tx.insert(feePayerDiscount).values(discountIds.map((discountId) => ({ feePayerId, discountId })));
}

/** POST fee-payer: the payer, addresses, discounts and (from a subject's detail) the membership, in one transaction. */
export async function createFeePayer(db: Db, municipalityId: number, form: FeePayerForm): Promise<{ id: number }> {
  const discountIds = await checkReferences(db, municipalityId, form, { subjectId: form.subjectId });
  try {
    return await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const [created] = await tx
        .insert(feePayer)
        .values({ municipalityId, ...columns(form), registeredAt: form.registered ? new Date() : null })
        .returning({ id: feePayer.id });
      const id = created!.id;
      await writeLists(tx, id, form.addresses, discountIds, false);
      if (form.subjectId) {
        await joinSubject(tx, {
          municipalityId,
          subjectId: form.subjectId,
          feePayerId: id,
          validFrom: form.activeFrom,
          validTo: form.activeTo ?? null,
          isChief: form.isChief,
        });
      }
      return { id };
    });
  } catch (err) {
    return asVariableSymbolConflict(err);
  }
}

/**
 * PUT fee-payer/{id} (subjectId ignored). A new end of activity ends the payer's open memberships on that day
 * (spec 001 §4); a change of either activity date is stamped in active_changed_at.
 */
export async function updateFeePayer(
  db: Db,
  municipalityId: number,
  id: number,
  form: FeePayerUpdate,
): Promise<{ id: number }> {
  const current = await findPayer(db, municipalityId, id);
  const discountIds = await checkReferences(db, municipalityId, form, { exceptId: id });
  const activeTo = form.activeTo ?? null;
  const activeChanged = current.activeFrom !== form.activeFrom || current.activeTo !== activeTo;
  const now = new Date();
  try {
    await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const rows = await tx
        .update(feePayer)
        .set({
          ...columns(form),
          // Registered keeps its first date; unregistering clears it.
          registeredAt: form.registered ? (current.registered ? current.registeredAt : now) : null,
          ...(activeChanged ? { activeChangedAt: now } : {}),
          updatedAt: now,
          version: bumped(feePayer.version),
        })
        .where(and(eq(feePayer.id, id), eq(feePayer.municipalityId, municipalityId), eq(feePayer.version, form.version)))
        .returning({ id: feePayer.id });
      writtenOrStale(rows);
      await writeLists(tx, id, form.addresses, discountIds, true);
      if (activeTo && activeTo !== current.activeTo) await endMemberships(tx, { feePayerId: id }, activeTo);
    });
  } catch (err) {
    asVariableSymbolConflict(err);
  }
  return { id };
}

const hasFeeRecords = async (db: Db, feePayerId: number) =>
  !!(await db.select({ id: fee.id }).from(fee).where(eq(fee.feePayerId, feePayerId)).limit(1))[0];

/**
 * DELETE fee-payer/{id}: refused while fee records exist (they are the municipality's accounts; the payer is
 * deactivated instead). Memberships, addresses and discount links go with the payer; the subjects he was in
 * are recounted.
 */
export async function deleteFeePayer(db: Db, municipalityId: number, id: number): Promise<void> {
  await findPayer(db, municipalityId, id);
  if (await hasFeeRecords(db, id)) throw new ApiError(409, DELETE_REFUSED);
  try {
    await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const memberships = await tx
        .selectDistinct({ subjectId: subjectFeePayer.subjectId })
        .from(subjectFeePayer)
        .where(eq(subjectFeePayer.feePayerId, id));
      await tx.delete(feePayer).where(and(eq(feePayer.id, id), eq(feePayer.municipalityId, municipalityId)));
      await refreshMemberCount(
        tx,
        memberships.map((m) => m.subjectId),
      );
    });
  } catch (err) {
    // A fee record written between the check and the delete (fee.fee_payer_id has no cascade).
    const e = err as { code?: string; cause?: { code?: string } };
    if ((e?.code ?? e?.cause?.code) === "23503") throw new ApiError(409, DELETE_REFUSED);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Detail, history
// ---------------------------------------------------------------------------------------------------------

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
  const age = p.dateOfBirth ? ageOn(p.dateOfBirth, day) : null;
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
              eq(discount.municipalityId, municipalityId),
              eq(discount.type, "Age"),
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
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** GET fee-payer/{id}/history: every membership, newest first, with the payer's final fee for that subject. */
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
      street: subject.street,
      conscriptionNumber: subject.conscriptionNumber,
      streetNumber: subject.streetNumber,
      provisionalNumber: subject.provisionalNumber,
      cityDistrict: subject.cityDistrict,
      city: subject.city,
      validFrom: subjectFeePayer.validFrom,
      validTo: subjectFeePayer.validTo,
      isChief: subjectFeePayer.isChief,
      finalFee: sql<string>`(select coalesce(sum(${fee.finalFee}), 0)::numeric(12,2)::text from ${fee}
        where ${fee.feePayerId} = ${subjectFeePayer.feePayerId} and ${fee.subjectId} = ${subjectFeePayer.subjectId})`,
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
      current: r.validFrom <= day && (!r.validTo || r.validTo >= day),
      finalFee: String(r.finalFee),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Deactivate, activate, register
// ---------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------
// Generate login (spec 001 §2: by e-mail or PDF)
// ---------------------------------------------------------------------------------------------------------

/** E-mails are unique among users regardless of case (both sign in on the provider's page). */
async function emailTakenByOther(db: Db, email: string, userId: number | null): Promise<boolean> {
  const [hit] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(sql`lower(${user.email}) = lower(${email})`, userId ? ne(user.id, userId) : undefined))
    .limit(1);
  return !!hit;
}

type Payer = typeof feePayer.$inferSelect;

/**
 * The payer's citizen user: the linked one (re-issued: active again, e-mail updated) or a new one with role
 * CITIZEN in this municipality, named by the user module's unique-user-name rule and linked via fee_payer.user_id.
 */
async function ensureCitizenUser(
  db: Db,
  municipalityId: number,
  payer: Payer,
  values: { email: string | null; passwordHash?: string; storeEmailOnPayer?: boolean },
): Promise<{ id: number; userName: string; language: string; created: boolean }> {
  const linked = payer.userId ? (await db.select().from(user).where(eq(user.id, payer.userId)))[0] : undefined;
  const [m] = await db
    .select({ country: municipality.country })
    .from(municipality)
    .where(eq(municipality.id, municipalityId));
  const names =
    payer.type === "Company"
      ? { firstName: "", lastName: (payer.companyName ?? "").slice(0, 100) }
      : { firstName: payer.firstName ?? "", lastName: payer.lastName ?? "" };
  for (let attempt = 0; ; attempt++) {
    const userName = linked?.userName ?? (await uniqueUserName(db, names.firstName, names.lastName)).userName;
    try {
      return await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const password = values.passwordHash
          ? { passwordHash: values.passwordHash, failedLogins: 0, lastFailedLoginAt: null }
          : {};
        let result: { id: number; userName: string; language: string; created: boolean };
        if (linked) {
          await tx
            .update(user)
            .set({ ...(values.email ? { email: values.email } : {}), active: true, ...password, updatedAt: new Date() })
            .where(eq(user.id, linked.id));
          result = { id: linked.id, userName: linked.userName, language: linked.language, created: false };
        } else {
          const language = m?.country === "SK" ? "sk" : "cs";
          const [created] = await tx
            .insert(user)
            .values({
              userName,
              ...names,
              email: values.email,
              phone: payer.phone,
              roleId: CITIZEN_ROLE_ID,
              municipalityId,
              language,
              ...password,
            })
            .returning({ id: user.id });
          await tx.insert(userMunicipality).values({ userId: created!.id, municipalityId });
          result = { id: created!.id, userName, language, created: true };
        }
        await tx
          .update(feePayer)
          .set({
            userId: result.id,
            ...(values.storeEmailOnPayer && values.email ? { email: values.email } : {}),
            updatedAt: new Date(),
          })
          .where(eq(feePayer.id, payer.id));
        return result;
      });
    } catch (err) {
      // Another request took the same user name in the meantime: pick the next free one.
      const e = err as { code?: string; cause?: { code?: string } };
      if (!linked && attempt < 3 && (e?.code ?? e?.cause?.code) === "23505") continue;
      throw err;
    }
  }
}

/** Name and address lines of the letter: the payment-notice address, else the payer's first stored address. */
async function letterAddress(db: Db, payer: Payer): Promise<string[]> {
  const zipCity = (zip: string | null, city: string | null) =>
    [zip ? zip.replace(/^(\d{3})(\d{2})$/, "$1 $2") : null, city].filter(Boolean).join(" ");
  if (payer.streetAddress || payer.city)
    return [payer.streetAddress, zipCity(payer.zipCode, payer.city)].filter((l): l is string => !!l);
  const [a] = await db
    .select()
    .from(feePayerAddress)
    .where(eq(feePayerAddress.feePayerId, payer.id))
    .orderBy(
      sql`case ${feePayerAddress.type} when 'Permanent' then 0 when 'Temporary' then 1 else 2 end`,
      asc(feePayerAddress.id),
    )
    .limit(1);
  if (!a) return [];
  const number = a.conscriptionNumber
    ? a.streetNumber
      ? `${a.conscriptionNumber}/${a.streetNumber}`
      : a.conscriptionNumber
    : a.streetNumber;
  const street = [a.street ?? (a.city && number ? a.city : null), number].filter(Boolean).join(" ");
  return [street, zipCity(a.zipCode, a.city)].filter((l) => !!l);
}

/**
 * POST fee-payer/{id}/generate-login: a citizen login for the payer (one per payer; generating again re-issues
 * it). 'email' sends the invitation with a set-password link as user registration by e-mail does; 'pdf' sets a
 * random strong password and answers the letter that carries it.
 */
export async function generateLogin(
  services: Services,
  auth: AuthContext,
  municipalityId: number,
  id: number,
  body: z.infer<typeof generateLoginBody>,
): Promise<Response | { userId: number; userName: string; sentTo: string }> {
  const { db } = services;
  const payer = await findPayer(db, municipalityId, id);
  // Without the built-in provider's set-password page an external provider keeps the passwords: a local
  // password or link would not sign anybody in.
  const setPasswordUrl = services.config.setPasswordUrl;
  if (!setPasswordUrl) throw validation({ method: [LOGIN_UNAVAILABLE] }, LOGIN_UNAVAILABLE);

  if (body.method === "email") {
    const email = body.email ?? payer.email;
    if (!email) throw validation({ email: [EMAIL_REQUIRED] });
    if (await emailTakenByOther(db, email, payer.userId)) throw validation({ email: [EMAIL_TAKEN] });
    const u = await ensureCitizenUser(db, municipalityId, payer, { email, storeEmailOnPayer: !payer.email });
    const { token, expiresAt } = await issueRegistrationToken(db, u.id, auth.user.id);
    try {
      if (!services.mailer) throw new Error("no mailer configured");
      await services.mailer.send(
        invitationMail({
          language: u.language,
          to: email,
          name: feePayerName(payer),
          userName: u.userName,
          inviter: auth.user.fullName || auth.user.userName,
          link: `${setPasswordUrl}?token=${encodeURIComponent(token)}`,
          expiresAt,
          hours: REGISTRATION_LINK_TTL_HOURS,
        }),
      );
    } catch (err) {
      console.error("[mail] fee payer invitation not sent", err instanceof Error ? err.message : err);
      throw new ApiError(502, "E-mail se nepodařilo odeslat. Zkuste to prosím později.");
    }
    return { userId: u.id, userName: u.userName, sentTo: email };
  }

  const password = generatePassword();
  // The payer's e-mail goes to the login only where no other user signs in with it.
  const email = payer.email && !(await emailTakenByOther(db, payer.email, payer.userId)) ? payer.email : null;
  const u = await ensureCitizenUser(db, municipalityId, payer, { email, passwordHash: await hashPassword(password) });
  if (!u.created) {
    // The letter's password is now the only one: earlier links stop working and earlier sign-ins end.
    await revokeRegistrationTokens(db, u.id);
    await endSessions(db, [u.id]);
  }
  const [m] = await db
    .select({ name: municipality.name })
    .from(municipality)
    .where(eq(municipality.id, municipalityId));
  const pdf = await loginLetterPdf({
    municipalityName: m?.name ?? "",
    payerName: feePayerName(payer),
    addressLines: await letterAddress(db, payer),
    userName: u.userName,
    password,
    signInUrl: services.config.publicUrl,
  });
  return pdfResponse(pdf, `prihlaseni-${id}.pdf`);
}
