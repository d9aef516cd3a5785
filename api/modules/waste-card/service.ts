/**
 * Waste cards: spec 001 §2 'Waste cards' (list, set expiration date, assign subject, remove), §3 Waste card, §4
 * states Free, Assigned, Discarded, Expired. Every function takes the municipality of the path and filters every
 * query by it (docs/decisions/0009). The subject detail's virtual cards live in api/modules/subject/cards.ts.
 *
 * Expiry is by date: a Free or Assigned card whose valid_to is before today IS Expired, whether or not a write has
 * stored it yet. The list and its filters compute the state in SQL; every write here stores the state of the day,
 * and expireWasteCards() stores it for all cards (server.ts runs it with the other daily recounts).
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isInMunicipality } from "../../lib/records";
import { feePayer, subject, wasteCard } from "../../db/schema";
import { notFound, validation } from "../../lib/errors";
import { listConditions, listTotalOf } from "../../lib/list-counts";
import { pageWindow } from "../../lib/paging";
import { parseListSort, wasteCardListKeys, type SortKey as ListSortKey } from "#contract/lists";
import { likeLiteral, searchMatches } from "../../lib/search";
import { feePayerName } from "#contract/fee-payer";
import type { SubjectType } from "#contract/subject";
import { type WasteCardListItem, type WasteCardListQuery, type WasteCardState } from "#contract/waste-card";
import { isMemberOn, today } from "../subject/membership";
import { wasteCardColumns } from "./shared";

export const cardsNotFound = () => notFound("Karty nebyly nalezeny.");
/** Spec 001 §8 'municipality of subject and card do not match'. */
export const SUBJECT_MUNICIPALITY_MISMATCH = "Obec odběrného místa a karty se neshoduje.";
const NOT_A_MEMBER = "Poplatník není současným členem tohoto odběrného místa.";
const DISCARDED_NOT_ASSIGNABLE = "Vyřazenou kartu nelze přiřadit odběrnému místu.";

/** SQL: the card's state on `day` (Free and Assigned cards past their validity are Expired). */
export const stateOn = (day: string): SQL<string> =>
  sql<string>`case when ${wasteCard.state} in ('Free', 'Assigned') and ${wasteCard.validTo} < ${day}::date then 'Expired' else ${wasteCard.state} end`;

/** SQL: the card is in `state` on `day` — index-friendly conditions on the stored columns. */
function inState(state: WasteCardState, day: string): SQL {
  switch (state) {
    case "Expired":
      return sql`(${wasteCard.state} = 'Expired' or (${wasteCard.state} in ('Free', 'Assigned') and ${wasteCard.validTo} < ${day}::date))`;
    case "Discarded":
      return sql`${wasteCard.state} = 'Discarded'`;
    default:
      return sql`(${wasteCard.state} = ${state} and (${wasteCard.validTo} is null or ${wasteCard.validTo} >= ${day}::date))`;
  }
}

/** Stores Expired on every Free or Assigned card whose validity ended before today; answers how many changed. */
export async function expireWasteCards(db: Db, day = today()): Promise<number> {
  const rows = await db
    .update(wasteCard)
    .set({ state: "Expired" })
    .where(and(inArray(wasteCard.state, ["Free", "Assigned"]), sql`${wasteCard.validTo} < ${day}::date`))
    .returning({ id: wasteCard.id });
  return rows.length;
}

// ---------------------------------------------------------------------------------------------------------------
// List

type SortKey = ListSortKey<typeof wasteCardListKeys>;

function orderBy(sort: { key: SortKey; desc: boolean }): SQL[] {
  const dir = (c: SQL | typeof wasteCard.id) => (sort.desc ? desc(c) : asc(c));
  switch (sort.key) {
    case "code":
      return [dir(sql`${wasteCard.code}`), dir(wasteCard.id)];
    case "validTo":
      // Cards without an end date last in both directions.
      return [sql`${wasteCard.validTo} ${sql.raw(sort.desc ? "desc" : "asc")} nulls last`, dir(wasteCard.id)];
    case "id":
      return [dir(wasteCard.id)];
    default:
      return [dir(sql`${wasteCard.plainCode}`), dir(wasteCard.id)];
  }
}

/** LIKE pattern of a code prefix typed by the user (its own % and _ matched literally). */
const prefixPattern = (term: string) => `${likeLiteral(term.trim())}%`;

/**
 * The search (docs/benchmarks.md 'waste cards'): a code or plain-code prefix, or a collection point's or fee
 * payer's name (or another part of their search texts). The codes are byte-ordered (COLLATE "C", migration 0013),
 * so each prefix is a range of its unique index; the names are the card's own search column (migration 0031, kept
 * by triggers) under a trigram index. The three are OR-ed into one bitmap: a common name ('novak', thousands of
 * cards) costs one index read, not a name lookup and a pass over every card.
 */
function searchFilter(term: string): SQL {
  const prefix = prefixPattern(term);
  return sql`(${wasteCard.code} like ${prefix} or ${wasteCard.plainCode} like ${prefix}
    or ${searchMatches(wasteCard.search, term)})`;
}

function listFilter(municipalityId: number, q: WasteCardListQuery, day: string) {
  const where: SQL[] = [];
  if (q.state) where.push(inState(q.state, day));
  if (q.subjectId) where.push(eq(wasteCard.subjectId, q.subjectId));
  if (q.validFrom) where.push(sql`${wasteCard.validFrom} >= ${q.validFrom}::date`);
  if (q.subjectType) {
    where.push(
      sql`${wasteCard.subjectId} in (select ${subject.id} from ${subject} where ${subject.municipalityId} = ${municipalityId} and ${subject.type} = ${q.subjectType})`,
    );
  }
  if (q.search) where.push(searchFilter(q.search));
  return listConditions(eq(wasteCard.municipalityId, municipalityId), where);
}

/** The same orders as orderBy(), on the columns of the search's materialized matches. */
function matchOrder(sort: { key: SortKey; desc: boolean }): SQL {
  const dir = sql.raw(sort.desc ? "desc" : "asc");
  switch (sort.key) {
    case "code":
      return sql`code ${dir}, id ${dir}`;
    case "validTo":
      return sql`valid_to ${dir} nulls last, id ${dir}`;
    case "id":
      return sql`id ${dir}`;
    default:
      return sql`plain_code ${dir}, id ${dir}`;
  }
}

/**
 * The ids of the page and the total. Without a search: the page read in index order and a count. With a search
 * (prefixes and names OR-ed, which no single index serves): the matches are read once into a materialized set that
 * gives both the count and the page — otherwise the planner may walk the whole sort index looking for a few matches.
 */
async function pageIds(
  db: Db,
  municipalityId: number,
  where: { cond: SQL; filtered: boolean },
  sort: { key: SortKey; desc: boolean },
  window: { limit: number; offset: number; search: boolean },
): Promise<{ ids: number[]; total: number }> {
  const { cond } = where;
  const countAll = () => listTotalOf(db, "waste_card", municipalityId, where, wasteCard);
  if (!window.search) {
    const [rows, total] = await Promise.all([
      db
        .select({ id: wasteCard.id })
        .from(wasteCard)
        .where(cond)
        .orderBy(...orderBy(sort))
        .limit(window.limit)
        .offset(window.offset),
      countAll(),
    ]);
    return { ids: rows.map((r) => r.id), total };
  }
  const res = await db.execute(sql`
    with m as materialized (
      select ${wasteCard.id} as id, ${wasteCard.plainCode} as plain_code, ${wasteCard.code} as code,
        ${wasteCard.validTo} as valid_to
      from ${wasteCard} where ${cond}
    )
    select id, (select count(*) from m)::int as total from m
    order by ${matchOrder(sort)} limit ${window.limit} offset ${window.offset}`);
  const rows = (res as unknown as { rows: { id: number; total: number }[] }).rows;
  // A page past the end has no row to carry the total.
  const total = rows.length ? Number(rows[0]!.total) : window.offset ? await countAll() : 0;
  return { ids: rows.map((r) => Number(r.id)), total };
}

export async function listWasteCards(
  db: Db,
  municipalityId: number,
  q: WasteCardListQuery,
): Promise<{ items: WasteCardListItem[]; total: number }> {
  const day = today();
  const where = listFilter(municipalityId, q, day);
  const sort = parseListSort(wasteCardListKeys, q.sort);
  // The page's ids from waste_card alone, then names of only those rows (docs/decisions/0007).
  const { ids, total } = await pageIds(db, municipalityId, where, sort, { ...pageWindow(q), search: !!q.search });
  if (!ids.length) return { items: [], total };
  const rows = await db
    .select({
      ...wasteCardColumns,
      subjectId: wasteCard.subjectId,
      subjectName: subject.name,
      subjectType: subject.type,
      state: stateOn(day),
    })
    .from(wasteCard)
    .leftJoin(subject, eq(subject.id, wasteCard.subjectId))
    .leftJoin(feePayer, eq(feePayer.id, wasteCard.feePayerId))
    .where(inArray(wasteCard.id, ids))
    .orderBy(...orderBy(sort));
  return {
    items: rows.map(({ payer, ...r }) => ({
      ...r,
      subjectName: r.subjectName ?? null,
      subjectType: (r.subjectType as SubjectType | null) ?? null,
      feePayerName: payer ? feePayerName(payer) : null,
      state: r.state as WasteCardState,
    })),
    total,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Bulk actions

const ofMunicipality = (municipalityId: number, ids: number[]) =>
  and(eq(wasteCard.municipalityId, municipalityId), inArray(wasteCard.id, [...new Set(ids)]));

/** Spec 001 §2 'set expiration date': the last valid day of the cards; a past day makes them Expired at once. */
export async function setExpiration(
  db: Db,
  municipalityId: number,
  ids: number[],
  validTo: string,
): Promise<{ updated: number }> {
  const day = today();
  const rows = await db
    .update(wasteCard)
    .set({
      validTo,
      // The state of the new validity (a column reference on this side would read the old valid_to).
      state: sql`case when ${wasteCard.state} = 'Discarded' then 'Discarded'
        when ${validTo}::date < ${day}::date then 'Expired'
        when ${wasteCard.subjectId} is null then 'Free' else 'Assigned' end`,
    })
    .where(ofMunicipality(municipalityId, ids))
    .returning({ id: wasteCard.id });
  if (!rows.length) throw cardsNotFound();
  return { updated: rows.length };
}

/**
 * Spec 001 §2 'assign subject': the cards go to a subject of this municipality (spec 001 §8 'municipality of subject
 * and card do not match' otherwise), optionally to one of its current fee payers. Discarded cards are refused.
 */
export async function assignSubject(
  db: Db,
  municipalityId: number,
  ids: number[],
  subjectId: number,
  feePayerId: number | undefined,
): Promise<{ updated: number }> {
  const day = today();
  if (!(await isInMunicipality(db, subject, municipalityId, subjectId))) {
    throw validation({ subjectId: [SUBJECT_MUNICIPALITY_MISMATCH] }, SUBJECT_MUNICIPALITY_MISMATCH);
  }
  if (feePayerId) {
    if (!(await isMemberOn(db, municipalityId, subjectId, feePayerId, day)))
      throw validation({ feePayerId: [NOT_A_MEMBER] }, NOT_A_MEMBER);
  }
  return db.transaction(async (tx) => {
    const cards = await tx
      .select({ id: wasteCard.id, state: wasteCard.state })
      .from(wasteCard)
      .where(ofMunicipality(municipalityId, ids))
      .for("update");
    if (!cards.length) throw cardsNotFound();
    if (cards.some((c) => c.state === "Discarded")) {
      throw validation({ ids: [DISCARDED_NOT_ASSIGNABLE] }, DISCARDED_NOT_ASSIGNABLE);
    }
    const rows = await tx
      .update(wasteCard)
      .set({
        subjectId,
        feePayerId: feePayerId ?? null,
        validFrom: sql`coalesce(${wasteCard.validFrom}, ${day}::date)`,
        state: sql`case when ${wasteCard.validTo} < ${day}::date then 'Expired' else 'Assigned' end`,
      })
      .where(
        inArray(
          wasteCard.id,
          cards.map((c) => c.id),
        ),
      )
      .returning({ id: wasteCard.id });
    return { updated: rows.length };
  });
}

/**
 * Spec 001 §2 'remove': a virtual card (made for one subject, nothing printed) is deleted; a physical card is
 * Discarded and keeps its subject and payer, so the subject's detail still shows whose it was.
 */
export async function removeCards(db: Db, municipalityId: number, ids: number[]): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    const where = ofMunicipality(municipalityId, ids);
    const deleted = await tx
      .delete(wasteCard)
      .where(and(where, eq(wasteCard.virtual, true)))
      .returning({ id: wasteCard.id });
    const discarded = await tx
      .update(wasteCard)
      .set({ state: "Discarded" })
      .where(and(where, eq(wasteCard.virtual, false)))
      .returning({ id: wasteCard.id });
    const updated = deleted.length + discarded.length;
    if (!updated) throw cardsNotFound();
    return { updated };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Import jobs of this type (the import is import.ts; reading them is api/modules/import/service.ts)

export const WASTE_CARD_IMPORT_TYPE = "wasteCard";
