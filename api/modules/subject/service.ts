/**
 * Collection points (subjects): spec 001 §2 'Collection points (subjects)', §3 Subject, §4. Every function takes
 * the municipality of the path and filters every query by it (docs/decisions/0009): a subject of another
 * municipality is simply not found.
 */
import { and, asc, desc, eq, gt, inArray, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { fee, feePayer, subject, subjectFeePayer, wasteCard } from "../../db/schema";
import { ApiError, notFound, validation } from "../../lib/errors";
import { bumped, writtenOrStale } from "../../lib/version";
import { listConditions, listTotalOf, optionValues } from "../../lib/list-counts";
import { pageWindow, parseSort } from "../../lib/paging";
import { searchMatches } from "../../lib/search";
import {
  formatSubjectAddress,
  SUBJECT_SORTS,
  type DisposeFrequencyPeriod,
  type SubjectDeleteImpact,
  type SubjectDetail,
  type SubjectFeeRow,
  type SubjectFilterValues,
  type SubjectForm,
  type SubjectUpdate,
  type SubjectListItem,
  type SubjectListQuery,
  type SubjectMember,
  type SubjectOption,
  type SubjectTreeNode,
  type SubjectType,
  type SubjectWasteCard,
  type subjectFeesQuery,
} from "#contract/subject";
import { feePayerName } from "#contract/fee-payer";
import { endMemberships, joinSubject, today } from "./membership";
import { virtualCardCode } from "./waste-card-code";
import { releaseBinsOf } from "./counts";

const parent = alias(subject, "parent");
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** How far the hierarchy is followed up or down: deeper trees do not occur, and a broken (cyclic) one stops here. */
export const MAX_HIERARCHY_DEPTH = 20;

export const subjectNotFound = () => notFound("Odběrné místo nebylo nalezeno.");
const VARIABLE_SYMBOL_TAKEN = "Variabilní symbol už používá jiné odběrné místo.";
const PARENT_CYCLE = "Nadřazené odběrné místo nemůže být toto místo ani jeho podřízené.";
const PARENT_NOT_FOUND = "Nadřazené odběrné místo nebylo nalezeno.";

/** The subject's row, only within the municipality; 404 'Odběrné místo nebylo nalezeno.' otherwise. */
/** The subject exists in the municipality (else its 404); only what callers use is read, not the whole row. */
export async function findSubject(db: Db, municipalityId: number, subjectId: number) {
  const [row] = await db
    .select({ id: subject.id, binCount: subject.binCount })
    .from(subject)
    .where(and(eq(subject.id, subjectId), eq(subject.municipalityId, municipalityId)));
  if (!row) throw subjectNotFound();
  return row;
}

/** Both drivers answer db.execute with { rows }. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

/** A unique violation that slipped between the check and the write (two requests at once) is still a 422. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

// ---------------------------------------------------------------------------------------------------------------
// List, options, filters

type SortKey = (typeof SUBJECT_SORTS)[number];
const SORT_COLUMNS: Record<SortKey, AnyColumn> = {
  name: subject.name,
  type: subject.type,
  street: subject.street,
  cityDistrict: subject.cityDistrict,
  variableSymbol: subject.variableSymbol,
  memberCount: subject.memberCount,
  binCount: subject.binCount,
  totalFee: subject.totalFee,
  feePaid: subject.feePaid,
  id: subject.id,
};
/** Columns that may be empty: a descending sort puts empty values last (an ascending one does anyway). */
const NULLABLE_SORTS = new Set<SortKey>(["street", "cityDistrict", "variableSymbol"]);

/**
 * ORDER BY of the list: the sort column, then id in the same direction (a stable page). On the not-null columns
 * that keeps the (municipality_id, name, id) index usable in both directions.
 */
function orderBy(sort: { key: SortKey; desc: boolean }): SQL[] {
  if (sort.key === "id") return [sort.desc ? desc(subject.id) : asc(subject.id)];
  const column = SORT_COLUMNS[sort.key];
  if (!sort.desc) return [asc(column), asc(subject.id)];
  return [NULLABLE_SORTS.has(sort.key) ? sql`${column} desc nulls last` : desc(column), desc(subject.id)];
}

function listFilter(municipalityId: number, q: SubjectListQuery) {
  return listConditions(eq(subject.municipalityId, municipalityId), [
    q.search ? searchMatches(subject.search, q.search) : undefined,
    q.type ? eq(subject.type, q.type) : undefined,
    q.cityDistrict ? eq(subject.cityDistrict, q.cityDistrict) : undefined,
    q.street ? eq(subject.street, q.street) : undefined,
    q.feePaid ? eq(subject.feePaid, q.feePaid === "true") : undefined,
    q.hasBins ? (q.hasBins === "true" ? gt(subject.binCount, 0) : eq(subject.binCount, 0)) : undefined,
    q.parentId ? eq(subject.parentId, q.parentId) : undefined,
  ]);
}

export async function listSubjects(
  db: Db,
  municipalityId: number,
  q: SubjectListQuery,
): Promise<{ items: SubjectListItem[]; total: number }> {
  const where = listFilter(municipalityId, q);
  const { cond } = where;
  const sort = parseSort(q.sort, SUBJECT_SORTS, "name");
  const { limit, offset } = pageWindow(q);
  // The page's ids first, from subject alone (indexed for the name and street sorts); only those rows are then
  // read and given their parent's name (docs/decisions/0007).
  const page = db
    .select({ id: subject.id })
    .from(subject)
    .where(cond)
    .orderBy(...orderBy(sort))
    .limit(limit)
    .offset(offset)
    .as("page");
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: subject.id,
        type: subject.type,
        name: subject.name,
        shortName: subject.shortName,
        variableSymbol: subject.variableSymbol,
        street: subject.street,
        conscriptionNumber: subject.conscriptionNumber,
        streetNumber: subject.streetNumber,
        provisionalNumber: subject.provisionalNumber,
        cityDistrict: subject.cityDistrict,
        city: subject.city,
        parentId: subject.parentId,
        parentName: parent.name,
        memberCount: subject.memberCount,
        binCount: subject.binCount,
        totalFee: subject.totalFee,
        feePaid: subject.feePaid,
      })
      .from(page)
      .innerJoin(subject, eq(subject.id, page.id))
      .leftJoin(parent, eq(parent.id, subject.parentId))
      .orderBy(...orderBy(sort)),
    listTotalOf(db, "subject", municipalityId, where, subject),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type as SubjectType,
      name: r.name,
      shortName: r.shortName,
      variableSymbol: r.variableSymbol,
      address: formatSubjectAddress(r),
      street: r.street,
      cityDistrict: r.cityDistrict,
      parentId: r.parentId,
      parentName: r.parentName ?? null,
      memberCount: r.memberCount,
      binCount: r.binCount,
      totalFee: r.totalFee,
      feePaid: r.feePaid,
    })),
    total: totals,
  };
}

/** SQL: the ids of the subject and all its descendants (within the municipality, depth-limited). */
function subtreeIds(municipalityId: number, rootId: number): SQL {
  return sql`with recursive down(id, depth) as (
      select id, 0 from ${subject} where id = ${rootId} and municipality_id = ${municipalityId}
      union
      select s.id, down.depth + 1 from ${subject} s join down on s.parent_id = down.id
      where down.depth < ${MAX_HIERARCHY_DEPTH} and s.municipality_id = ${municipalityId}
    ) select id from down`;
}

export async function listOptions(
  db: Db,
  municipalityId: number,
  q: { search?: string; exclude?: number },
): Promise<{ items: SubjectOption[] }> {
  const rows = await db
    .select({
      id: subject.id,
      name: subject.name,
      type: subject.type,
      street: subject.street,
      conscriptionNumber: subject.conscriptionNumber,
      streetNumber: subject.streetNumber,
      provisionalNumber: subject.provisionalNumber,
      cityDistrict: subject.cityDistrict,
      city: subject.city,
    })
    .from(subject)
    .where(
      and(
        eq(subject.municipalityId, municipalityId),
        q.search ? searchMatches(subject.search, q.search) : undefined,
        // The parent picker must not offer a cycle: the subject itself and everything under it are left out.
        q.exclude ? sql`${subject.id} not in (${subtreeIds(municipalityId, q.exclude)})` : undefined,
      ),
    )
    .orderBy(asc(subject.name), asc(subject.id))
    .limit(20);
  return {
    items: rows.map((r) => ({ id: r.id, name: r.name, type: r.type as SubjectType, address: formatSubjectAddress(r) })),
  };
}

export async function listFilterValues(db: Db, municipalityId: number): Promise<SubjectFilterValues> {
  const [cityDistricts, streets] = await Promise.all([
    optionValues(db, "subject.city_district", municipalityId),
    optionValues(db, "subject.street", municipalityId),
  ]);
  return { cityDistricts, streets };
}

// ---------------------------------------------------------------------------------------------------------------
// Detail, create, update

export async function getSubject(db: Db, municipalityId: number, subjectId: number): Promise<SubjectDetail> {
  const [row] = await db
    .select({
      s: subject,
      parentName: parent.name,
      childCount: sql<number>`(select count(*) from ${subject} c where c.parent_id = ${subject.id})`.mapWith(Number),
    })
    .from(subject)
    .leftJoin(parent, eq(parent.id, subject.parentId))
    .where(and(eq(subject.id, subjectId), eq(subject.municipalityId, municipalityId)));
  if (!row) throw subjectNotFound();
  const s = row.s;
  return {
    id: s.id,
    version: s.version,
    municipalityId: s.municipalityId,
    type: s.type as SubjectType,
    name: s.name,
    shortName: s.shortName,
    variableSymbol: s.variableSymbol,
    establishmentIdentificationNumber: s.establishmentIdentificationNumber,
    householdCode: s.householdCode,
    parentId: s.parentId,
    parentName: row.parentName ?? null,
    externalChief: s.externalChief,
    operatorIdentificationNumber: s.operatorIdentificationNumber,
    operatorVatNumber: s.operatorVatNumber,
    operatorCompanyName: s.operatorCompanyName,
    operatorInvoiceAddress: s.operatorInvoiceAddress,
    operatorZipCode: s.operatorZipCode,
    operatorCity: s.operatorCity,
    description: s.description,
    cityDistrict: s.cityDistrict,
    street: s.street,
    conscriptionNumber: s.conscriptionNumber,
    streetNumber: s.streetNumber,
    provisionalNumber: s.provisionalNumber,
    zipCode: s.zipCode,
    city: s.city,
    address: formatSubjectAddress(s),
    binCount: s.binCount,
    memberCount: s.memberCount,
    sortRatio: s.sortRatio,
    totalFee: s.totalFee,
    feePaid: s.feePaid,
    feePaidChangedAt: iso(s.feePaidChangedAt),
    disposeFrequencyPeriod: (s.disposeFrequencyPeriod as DisposeFrequencyPeriod | null) ?? null,
    orderedDisposeCount: s.orderedDisposeCount,
    childCount: Number(row.childCount ?? 0),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** The form's fields as columns; operatorCountry only chooses the IČO rule and is not stored. */
function columns(form: SubjectForm) {
  return {
    type: form.type,
    name: form.name,
    shortName: form.shortName ?? null,
    variableSymbol: form.variableSymbol ?? null,
    establishmentIdentificationNumber: form.establishmentIdentificationNumber ?? null,
    householdCode: form.householdCode ?? null,
    parentId: form.parentId ?? null,
    externalChief: form.externalChief,
    operatorIdentificationNumber: form.operatorIdentificationNumber ?? null,
    operatorVatNumber: form.operatorVatNumber ?? null,
    operatorCompanyName: form.operatorCompanyName ?? null,
    operatorInvoiceAddress: form.operatorInvoiceAddress ?? null,
    operatorZipCode: form.operatorZipCode ?? null,
    operatorCity: form.operatorCity ?? null,
    description: form.description ?? null,
    cityDistrict: form.cityDistrict ?? null,
    street: form.street ?? null,
    conscriptionNumber: form.conscriptionNumber ?? null,
    streetNumber: form.streetNumber ?? null,
    provisionalNumber: form.provisionalNumber ?? null,
    zipCode: form.zipCode ?? null,
    city: form.city ?? null,
  };
}

/** Variable symbols are unique per municipality among subjects (docs/decisions/0009). */
async function checkVariableSymbol(
  db: Db,
  municipalityId: number,
  variableSymbol: string | undefined,
  selfId?: number,
) {
  if (!variableSymbol) return;
  const [hit] = await db
    .select({ id: subject.id })
    .from(subject)
    .where(
      and(
        eq(subject.municipalityId, municipalityId),
        eq(subject.variableSymbol, variableSymbol),
        selfId ? ne(subject.id, selfId) : undefined,
      ),
    )
    .limit(1);
  if (hit) throw validation({ variableSymbol: [VARIABLE_SYMBOL_TAKEN] });
}

/** The subject and its ancestors, nearest first (within the municipality; stops at MAX_HIERARCHY_DEPTH). */
async function ancestorIds(db: Db, municipalityId: number, fromId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from ${subject} where id = ${fromId} and municipality_id = ${municipalityId}
        union all
        select s.id, s.parent_id, up.depth + 1 from ${subject} s join up on s.id = up.parent_id
        where up.depth < ${MAX_HIERARCHY_DEPTH} and s.municipality_id = ${municipalityId}
      ) select id from up order by depth`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The parent must be a subject of the same municipality and, for an existing subject, neither the subject itself
 * nor one of its descendants (the subject must not appear among the new parent's ancestors).
 */
async function checkParent(db: Db, municipalityId: number, parentId: number | null | undefined, selfId?: number) {
  if (!parentId) return;
  if (parentId === selfId) throw validation({ parentId: [PARENT_CYCLE] });
  const chain = await ancestorIds(db, municipalityId, parentId);
  if (!chain.length) throw validation({ parentId: [PARENT_NOT_FOUND] });
  if (selfId && chain.includes(selfId)) throw validation({ parentId: [PARENT_CYCLE] });
}

/** Runs a write; a unique violation of the variable symbol (two requests at once) answers as the check does. */
async function writeSubject<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw validation({ variableSymbol: [VARIABLE_SYMBOL_TAKEN] });
    throw err;
  }
}

export async function createSubject(db: Db, municipalityId: number, form: SubjectForm): Promise<{ id: number }> {
  await checkVariableSymbol(db, municipalityId, form.variableSymbol);
  await checkParent(db, municipalityId, form.parentId);
  return writeSubject(async () => {
    const [row] = await db
      .insert(subject)
      .values({ ...columns(form), municipalityId })
      .returning({ id: subject.id });
    return { id: row!.id };
  });
}

export async function updateSubject(
  db: Db,
  municipalityId: number,
  subjectId: number,
  form: SubjectUpdate,
): Promise<{ id: number }> {
  await findSubject(db, municipalityId, subjectId);
  await checkVariableSymbol(db, municipalityId, form.variableSymbol, subjectId);
  await checkParent(db, municipalityId, form.parentId, subjectId);
  const rows = await writeSubject(() =>
    db
      .update(subject)
      .set({ ...columns(form), updatedAt: new Date(), version: bumped(subject.version) })
      .where(
        and(eq(subject.id, subjectId), eq(subject.municipalityId, municipalityId), eq(subject.version, form.version)),
      )
      .returning({ id: subject.id }),
  );
  writtenOrStale(rows);
  return { id: subjectId };
}

export async function setParent(
  db: Db,
  municipalityId: number,
  subjectId: number,
  parentId: number | null,
): Promise<{ id: number; parentId: number | null }> {
  await findSubject(db, municipalityId, subjectId);
  await checkParent(db, municipalityId, parentId, subjectId);
  await db
    .update(subject)
    .set({ parentId, updatedAt: new Date() })
    .where(and(eq(subject.id, subjectId), eq(subject.municipalityId, municipalityId)));
  return { id: subjectId, parentId };
}

export async function setDisposeFrequency(
  db: Db,
  municipalityId: number,
  subjectId: number,
  body: { period: DisposeFrequencyPeriod; orderedDisposeCount: number; version: number },
): Promise<{ period: DisposeFrequencyPeriod; orderedDisposeCount: number }> {
  await findSubject(db, municipalityId, subjectId);
  const res = await db
    .update(subject)
    .set({
      disposeFrequencyPeriod: body.period,
      orderedDisposeCount: body.orderedDisposeCount,
      updatedAt: new Date(),
      version: bumped(subject.version),
    })
    .where(and(eq(subject.id, subjectId), eq(subject.municipalityId, municipalityId), eq(subject.version, body.version)))
    .returning({ id: subject.id });
  writtenOrStale(res);
  return { period: body.period, orderedDisposeCount: body.orderedDisposeCount };
}

/** Spec 001 §4 'mark fee paid or unpaid (single or bulk)': ids of other municipalities are left alone. */
export async function setFeePaid(
  db: Db,
  municipalityId: number,
  subjectIds: number[],
  paid: boolean,
): Promise<{ updated: number }> {
  const now = new Date();
  const rows = await db
    .update(subject)
    .set({ feePaid: paid, feePaidChangedAt: now, updatedAt: now })
    .where(and(eq(subject.municipalityId, municipalityId), inArray(subject.id, [...new Set(subjectIds)])))
    .returning({ id: subject.id });
  return { updated: rows.length };
}

// ---------------------------------------------------------------------------------------------------------------
// Delete

export async function deleteImpact(db: Db, municipalityId: number, subjectId: number): Promise<SubjectDeleteImpact> {
  const s = await findSubject(db, municipalityId, subjectId);
  // One statement for the four counts: the detail page asks on every view (its delete dialog shows them).
  const counted = (table: typeof subjectFeePayer | typeof wasteCard | typeof fee) =>
    sql<number>`(select count(*)::int from ${table} where ${table.subjectId} = ${subjectId} and ${table.municipalityId} = ${municipalityId})`;
  const [row] = await db
    .select({
      memberships: counted(subjectFeePayer),
      wasteCards: counted(wasteCard),
      fees: counted(fee),
      children: sql<number>`(select count(*)::int from ${subject} where ${subject.parentId} = ${subjectId} and ${subject.municipalityId} = ${municipalityId})`,
    })
    .from(sql`(select 1) as one`);
  return {
    memberships: Number(row?.memberships ?? 0),
    wasteCards: Number(row?.wasteCards ?? 0),
    fees: Number(row?.fees ?? 0),
    children: Number(row?.children ?? 0),
    bins: s.binCount,
  };
}

/**
 * Deletes the subject in one transaction: its memberships (history included) and fee rows go with it (cascade);
 * its waste cards are released — a virtual card (made for this subject only) is deleted, a physical one becomes
 * Free with no subject or payer; its children lose their parent.
 */
export async function deleteSubject(db: Db, municipalityId: number, subjectId: number): Promise<void> {
  await findSubject(db, municipalityId, subjectId);
  await db.transaction(async (tx) => {
    const ofSubject = and(eq(wasteCard.subjectId, subjectId), eq(wasteCard.municipalityId, municipalityId));
    await tx.delete(wasteCard).where(and(ofSubject, eq(wasteCard.virtual, true)));
    await tx.update(wasteCard).set({ subjectId: null, feePayerId: null, state: "Free" }).where(ofSubject);
    await releaseBinsOf(tx as unknown as Db, municipalityId, [subjectId]);
    await tx
      .update(subject)
      .set({ parentId: null, updatedAt: new Date() })
      .where(and(eq(subject.parentId, subjectId), eq(subject.municipalityId, municipalityId)));
    await tx.delete(subject).where(and(eq(subject.id, subjectId), eq(subject.municipalityId, municipalityId)));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Hierarchy

/** The whole tree the subject belongs to, from its top ancestor down (children by name). */
export async function getHierarchy(db: Db, municipalityId: number, subjectId: number): Promise<SubjectTreeNode> {
  const chain = await ancestorIds(db, municipalityId, subjectId);
  if (!chain.length) throw subjectNotFound();
  const topId = chain[chain.length - 1]!;
  const rows = await rowsOf<{
    id: number;
    parent_id: number | null;
    name: string;
    type: string;
    total_fee: string;
    depth: number;
  }>(
    db,
    sql`with recursive down(id, parent_id, name, type, total_fee, depth) as (
        select id, parent_id, name, type, total_fee, 0 from ${subject} where id = ${topId} and municipality_id = ${municipalityId}
        union all
        select s.id, s.parent_id, s.name, s.type, s.total_fee, down.depth + 1 from ${subject} s join down on s.parent_id = down.id
        where down.depth < ${MAX_HIERARCHY_DEPTH} and s.municipality_id = ${municipalityId}
      ) select id, parent_id, name, type, total_fee::text as total_fee, depth from down order by depth`,
  );
  const nodes = new Map<number, SubjectTreeNode>();
  const childrenOf = new Map<number, SubjectTreeNode[]>();
  for (const r of rows) {
    const id = Number(r.id);
    // A node met again (only in a cyclic tree) is kept where it was first met.
    if (nodes.has(id)) continue;
    const node: SubjectTreeNode = {
      id,
      name: r.name,
      type: r.type as SubjectType,
      totalFee: String(r.total_fee),
      children: [],
    };
    nodes.set(id, node);
    if (id !== topId && r.parent_id !== null) {
      const list = childrenOf.get(Number(r.parent_id)) ?? [];
      list.push(node);
      childrenOf.set(Number(r.parent_id), list);
    }
  }
  for (const [pid, list] of childrenOf) {
    const p = nodes.get(pid);
    if (p) p.children = list.sort((a, b) => a.name.localeCompare(b.name, "cs") || a.id - b.id);
  }
  return nodes.get(topId)!;
}

// ---------------------------------------------------------------------------------------------------------------
// Members (fee payers of the subject)

const isCurrent = (m: { validFrom: string; validTo: string | null }, day: string) =>
  m.validFrom <= day && (m.validTo === null || m.validTo >= day);

export async function listMembers(
  db: Db,
  municipalityId: number,
  subjectId: number,
): Promise<{ items: SubjectMember[] }> {
  await findSubject(db, municipalityId, subjectId);
  const rows = await db
    .select({
      membershipId: subjectFeePayer.id,
      feePayerId: subjectFeePayer.feePayerId,
      validFrom: subjectFeePayer.validFrom,
      validTo: subjectFeePayer.validTo,
      isChief: subjectFeePayer.isChief,
      type: feePayer.type,
      titleBefore: feePayer.titleBefore,
      firstName: feePayer.firstName,
      lastName: feePayer.lastName,
      titleAfter: feePayer.titleAfter,
      companyName: feePayer.companyName,
      dateOfBirth: feePayer.dateOfBirth,
      variableSymbol: feePayer.variableSymbol,
    })
    .from(subjectFeePayer)
    .innerJoin(feePayer, eq(feePayer.id, subjectFeePayer.feePayerId))
    .where(and(eq(subjectFeePayer.subjectId, subjectId), eq(subjectFeePayer.municipalityId, municipalityId)));
  const day = today();
  const items: SubjectMember[] = rows.map((r) => ({
    membershipId: r.membershipId,
    feePayerId: r.feePayerId,
    name: feePayerName(r),
    type: r.type as "Company" | "Resident",
    dateOfBirth: r.dateOfBirth,
    variableSymbol: r.variableSymbol,
    validFrom: r.validFrom,
    validTo: r.validTo,
    isChief: r.isChief,
    current: isCurrent(r, day),
  }));
  // Current members first, then the history; within each, the latest start first.
  items.sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      b.validFrom.localeCompare(a.validFrom) ||
      b.membershipId - a.membershipId,
  );
  return { items };
}

export async function addMember(
  db: Db,
  municipalityId: number,
  subjectId: number,
  body: { feePayerId: number; validFrom: string; isChief: boolean },
): Promise<{ id: number }> {
  await findSubject(db, municipalityId, subjectId);
  const [payer] = await db
    .select({ id: feePayer.id })
    .from(feePayer)
    .where(and(eq(feePayer.id, body.feePayerId), eq(feePayer.municipalityId, municipalityId)));
  if (!payer) throw validation({ feePayerId: ["Poplatník nebyl nalezen."] });
  return db.transaction((tx) =>
    joinSubject(tx as unknown as Db, {
      municipalityId,
      subjectId,
      feePayerId: body.feePayerId,
      validFrom: body.validFrom,
      isChief: body.isChief,
    }),
  );
}

async function findMembership(db: Db, municipalityId: number, subjectId: number, membershipId: number) {
  await findSubject(db, municipalityId, subjectId);
  const [m] = await db
    .select()
    .from(subjectFeePayer)
    .where(
      and(
        eq(subjectFeePayer.id, membershipId),
        eq(subjectFeePayer.subjectId, subjectId),
        eq(subjectFeePayer.municipalityId, municipalityId),
      ),
    );
  if (!m) throw notFound("Poplatník u tohoto odběrného místa nebyl nalezen.");
  return m;
}

/** Spec 001 §4 'a chief can be set or removed': one chief per subject, and only a current member can be one. */
export async function setChief(
  db: Db,
  municipalityId: number,
  subjectId: number,
  membershipId: number,
  isChief: boolean,
): Promise<{ id: number; isChief: boolean }> {
  const m = await findMembership(db, municipalityId, subjectId, membershipId);
  if (isChief && !isCurrent(m, today())) {
    throw validation({ isChief: ["Vedoucím může být jen současný člen odběrného místa."] });
  }
  await db.transaction(async (tx) => {
    if (isChief) {
      await tx
        .update(subjectFeePayer)
        .set({ isChief: false })
        .where(and(eq(subjectFeePayer.subjectId, subjectId), ne(subjectFeePayer.id, membershipId)));
    }
    await tx.update(subjectFeePayer).set({ isChief }).where(eq(subjectFeePayer.id, membershipId));
  });
  return { id: membershipId, isChief };
}

/** The payer leaves the subject on validTo; the row stays as history (membership.ts recounts the members). */
export async function endMember(
  db: Db,
  municipalityId: number,
  subjectId: number,
  membershipId: number,
  validTo: string,
): Promise<{ id: number; validTo: string | null }> {
  const m = await findMembership(db, municipalityId, subjectId, membershipId);
  if (validTo < m.validFrom) throw validation({ validTo: ["Konec členství nemůže být před jeho začátkem."] });
  await db.transaction((tx) =>
    endMemberships(tx as unknown as Db, { feePayerId: m.feePayerId, subjectId, membershipId }, validTo),
  );
  const [after] = await db
    .select({ validTo: subjectFeePayer.validTo })
    .from(subjectFeePayer)
    .where(eq(subjectFeePayer.id, membershipId));
  return { id: membershipId, validTo: after?.validTo ?? null };
}

// ---------------------------------------------------------------------------------------------------------------
// Waste cards of the subject

export async function listWasteCards(
  db: Db,
  municipalityId: number,
  subjectId: number,
): Promise<{ items: SubjectWasteCard[] }> {
  await findSubject(db, municipalityId, subjectId);
  const rows = await db
    .select({
      id: wasteCard.id,
      plainCode: wasteCard.plainCode,
      code: wasteCard.code,
      feePayerId: wasteCard.feePayerId,
      state: wasteCard.state,
      validFrom: wasteCard.validFrom,
      validTo: wasteCard.validTo,
      virtual: wasteCard.virtual,
      payerType: feePayer.type,
      titleBefore: feePayer.titleBefore,
      firstName: feePayer.firstName,
      lastName: feePayer.lastName,
      titleAfter: feePayer.titleAfter,
      companyName: feePayer.companyName,
    })
    .from(wasteCard)
    .leftJoin(feePayer, eq(feePayer.id, wasteCard.feePayerId))
    .where(and(eq(wasteCard.subjectId, subjectId), eq(wasteCard.municipalityId, municipalityId)))
    .orderBy(asc(wasteCard.plainCode), asc(wasteCard.id));
  return {
    items: rows.map((r) => ({
      id: r.id,
      plainCode: r.plainCode,
      code: r.code,
      feePayerId: r.feePayerId,
      feePayerName: r.payerType ? feePayerName({ ...r, type: r.payerType }) : null,
      state: r.state as SubjectWasteCard["state"],
      validFrom: r.validFrom,
      validTo: r.validTo,
      virtual: r.virtual,
    })),
  };
}

/** Spec 001 §4 'created as virtual': a card with a fresh code, assigned to the subject (and one current member). */
export async function createVirtualCard(
  db: Db,
  municipalityId: number,
  subjectId: number,
  feePayerId: number | undefined,
): Promise<{ id: number; code: string }> {
  await findSubject(db, municipalityId, subjectId);
  const day = today();
  if (feePayerId) {
    const memberships = await db
      .select({ validFrom: subjectFeePayer.validFrom, validTo: subjectFeePayer.validTo })
      .from(subjectFeePayer)
      .where(
        and(
          eq(subjectFeePayer.subjectId, subjectId),
          eq(subjectFeePayer.feePayerId, feePayerId),
          eq(subjectFeePayer.municipalityId, municipalityId),
        ),
      );
    if (!memberships.some((m) => isCurrent(m, day))) {
      throw validation({ feePayerId: ["Poplatník není současným členem tohoto odběrného místa."] });
    }
  }
  // A random code is taken only rarely; a few tries make a clash practically impossible.
  for (let attempt = 0; attempt < 10; attempt++) {
    const { plainCode, code } = virtualCardCode();
    const [taken] = await db
      .select({ id: wasteCard.id })
      .from(wasteCard)
      .where(
        and(
          eq(wasteCard.municipalityId, municipalityId),
          sql`(${wasteCard.code} = ${code} or ${wasteCard.plainCode} = ${plainCode})`,
        ),
      )
      .limit(1);
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

// ---------------------------------------------------------------------------------------------------------------
// Fees

const MONEY_FIELDS = ["baseFee", "binFee", "motivationFee", "totalDiscount", "totalFee", "finalFee"] as const;
type Money = Record<(typeof MONEY_FIELDS)[number], string>;
/** numeric(12,2) as whole hundredths: exact in a JS number far beyond any fee. */
const cents = (v: string) => Math.round(Number(v) * 100);
const fromCents = (c: number) => (c / 100).toFixed(2);

/**
 * The subject's fee records (written by the fees area). Yearly: the rows of the whole year (month null); a year
 * that has only monthly rows shows their sums per payer. Monthly: the chosen year's monthly rows (the latest year
 * with data unless one is chosen).
 */
export async function listFees(
  db: Db,
  municipalityId: number,
  subjectId: number,
  q: z.infer<typeof subjectFeesQuery>,
): Promise<{ items: SubjectFeeRow[]; years: number[] }> {
  await findSubject(db, municipalityId, subjectId);
  const rows = await db
    .select({
      id: fee.id,
      year: fee.year,
      month: fee.month,
      feePayerId: fee.feePayerId,
      baseFee: fee.baseFee,
      binFee: fee.binFee,
      motivationFee: fee.motivationFee,
      totalDiscount: fee.totalDiscount,
      totalFee: fee.totalFee,
      finalFee: fee.finalFee,
      payerType: feePayer.type,
      titleBefore: feePayer.titleBefore,
      firstName: feePayer.firstName,
      lastName: feePayer.lastName,
      titleAfter: feePayer.titleAfter,
      companyName: feePayer.companyName,
    })
    .from(fee)
    .leftJoin(feePayer, eq(feePayer.id, fee.feePayerId))
    .where(and(eq(fee.subjectId, subjectId), eq(fee.municipalityId, municipalityId)));
  const nameOf = (r: (typeof rows)[number]) => (r.payerType ? feePayerName({ ...r, type: r.payerType }) : null);
  const years = [...new Set(rows.map((r) => r.year))].sort((a, b) => b - a);
  const money = (r: Money): Money => Object.fromEntries(MONEY_FIELDS.map((k) => [k, r[k]])) as Money;
  const byName = (a: SubjectFeeRow, b: SubjectFeeRow) =>
    (a.feePayerName ?? "").localeCompare(b.feePayerName ?? "", "cs");

  if (q.view === "monthly") {
    const year = q.year ?? years[0] ?? Number(today().slice(0, 4));
    const items = rows
      .filter((r) => r.year === year && r.month !== null)
      .map((r) => ({ year: r.year, month: r.month, feePayerName: nameOf(r), ...money(r) }))
      .sort((a, b) => a.month! - b.month! || byName(a, b));
    return { items, years };
  }

  const yearsWithYearly = new Set(rows.filter((r) => r.month === null).map((r) => r.year));
  const items: SubjectFeeRow[] = rows
    .filter((r) => r.month === null && (!q.year || r.year === q.year))
    .map((r) => ({ year: r.year, month: null, feePayerName: nameOf(r), ...money(r) }));
  // Years with monthly rows only: one row per payer with the year's sums.
  const sums = new Map<string, { year: number; feePayerName: string | null; c: Record<string, number> }>();
  for (const r of rows) {
    if (r.month === null || yearsWithYearly.has(r.year) || (q.year && r.year !== q.year)) continue;
    const key = `${r.year}:${r.feePayerId ?? ""}`;
    const sum = sums.get(key) ?? {
      year: r.year,
      feePayerName: nameOf(r),
      c: Object.fromEntries(MONEY_FIELDS.map((k) => [k, 0])),
    };
    for (const k of MONEY_FIELDS) sum.c[k]! += cents(r[k]);
    sums.set(key, sum);
  }
  for (const s of sums.values()) {
    items.push({
      year: s.year,
      month: null,
      feePayerName: s.feePayerName,
      ...(Object.fromEntries(MONEY_FIELDS.map((k) => [k, fromCents(s.c[k]!)])) as Money),
    });
  }
  items.sort((a, b) => b.year - a.year || byName(a, b));
  return { items, years };
}

// ---------------------------------------------------------------------------------------------------------------
// 'Delete municipality data' (spec 001 §4): the subjects and fee payers of the municipality

/**
 * Removes the municipality's fee rows, waste cards, memberships, fee payers (their addresses and discount links
 * cascade) and subjects; answers how many subjects and fee payers were removed. Fee rows go first: they hold the
 * payers without a cascade.
 */
export async function purgeSubjectsAndFeePayers(tx: Db, municipalityId: number): Promise<number> {
  await tx.delete(fee).where(eq(fee.municipalityId, municipalityId));
  await tx.delete(wasteCard).where(eq(wasteCard.municipalityId, municipalityId));
  await releaseBinsOf(tx, municipalityId, "all");
  await tx.delete(subjectFeePayer).where(eq(subjectFeePayer.municipalityId, municipalityId));
  const payers = await tx
    .delete(feePayer)
    .where(eq(feePayer.municipalityId, municipalityId))
    .returning({ id: feePayer.id });
  const subjects = await tx
    .delete(subject)
    .where(eq(subject.municipalityId, municipalityId))
    .returning({ id: subject.id });
  return subjects.length + payers.length;
}
