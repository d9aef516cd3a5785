/** The subject's detail and the hierarchy tree it belongs to. */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subject } from "../../db/schema";
import { iso, timestampsOf } from "../../lib/records";
import {
  formatSubjectAddress,
  type DisposeFrequencyPeriod,
  type SubjectDetail,
  type SubjectTreeNode,
  type SubjectType,
} from "#contract/subject";
import { ancestorIds, MAX_HIERARCHY_DEPTH, parent, rowsOf, subjectNotFound } from "./shared";

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
    ...timestampsOf(s),
  };
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
