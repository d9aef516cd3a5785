/**
 * Print batches (spec 001 §2 'Print batches', §3 Print batch, §4 Generated → Printed, §8 print results, §9 code types;
 * docs/api-bins.md 'Print batches', docs/decisions/0012). A batch's codes are waste evidence header rows with its id:
 * Free for a NoSubject batch, Assigned to the subjects of a Regular one. Every query is filtered by the municipality
 * of the path: a batch of another municipality is simply not found.
 */
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  binType,
  printBatch,
  subject,
  user,
  disposeCount,
  wasteEvidenceHeader as weh,
  wasteEvidenceHeaderHistory as history,
} from "../../db/schema";
import type { AuthContext } from "../../lib/auth";
import { ApiError, notFound, validation } from "../../lib/errors";
import { listPage, pageWindow } from "../../lib/paging";
import { parseListSort, printBatchCodeListKeys, printBatchListKeys, type SortKey } from "#contract/lists";
import { pdfResponse } from "../../lib/pdf";
import { findInMunicipality, iso, nameOf, userFullName, userNameColumns } from "../../lib/records";
import type { BinState } from "#contract/waste-evidence-header";
import {
  ALREADY_PRINTED,
  BATCH_NOT_FOUND,
  batchInUseMessage,
  BIN_TYPE_NOT_FOUND,
  printResultMessage,
  SUBJECTS_NOT_FOUND,
  type PrintAnswer,
  type PrintBatchCodeType,
  type PrintBatchDetail,
  type PrintBatchDetailQuery,
  type PrintBatchForm,
  type PrintBatchListItem,
  type PrintBatchListQuery,
  type PrintBatchState,
} from "#contract/print-batch";
import { refreshBinCount } from "../subject/counts";
import { allocatePlainCodes } from "./codes";
import { labelRows, labelsPdf, type LabelData } from "./labels";
import { sendToPrinter } from "./printer";

export const batchNotFound = () => notFound(BATCH_NOT_FOUND);

/** Rows per multi-row INSERT: 1,000 headers × 11 columns stays far below PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1000;

const findBatch = (db: Db, municipalityId: number, batchId: number) =>
  findInMunicipality(db, printBatch, municipalityId, batchId, batchNotFound);

// ---------------------------------------------------------------------------------------------------------------
// Create

/** The bin types asked for, the catalogue's or the municipality's own, in the order given (422 otherwise). */
async function binTypesOf(db: Db, municipalityId: number, ids: number[]) {
  const rows = await db
    .select({ id: binType.id, kind: binType.kind, wasteTypeId: binType.wasteTypeId })
    .from(binType)
    .where(
      and(inArray(binType.id, ids), or(isNull(binType.municipalityId), eq(binType.municipalityId, municipalityId))),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (ids.some((id) => !byId.has(id))) throw validation({ binTypeIds: [BIN_TYPE_NOT_FOUND] });
  return ids.map((id) => byId.get(id)!);
}

/** The subjects asked for must all be the municipality's (422 otherwise). */
async function checkSubjects(db: Db, municipalityId: number, ids: number[]) {
  const rows = await db
    .select({ id: subject.id })
    .from(subject)
    .where(and(inArray(subject.id, ids), eq(subject.municipalityId, municipalityId)));
  if (rows.length !== ids.length) throw validation({ subjectIds: [SUBJECTS_NOT_FOUND] });
}

/**
 * Generates the batch in one transaction: the print_batch row, the plain codes (one allocation), the headers in
 * multi-row inserts, their history (Created, and Assigned for a Regular batch) and the subjects' bin counts.
 * NoSubject: codeCount Free codes per bin type, grouped by bin type. Regular: one Assigned code per subject and bin
 * type, a subject's labels side by side (they go on the same household's bins).
 */
export async function createPrintBatch(
  db: Db,
  municipalityId: number,
  auth: AuthContext,
  body: PrintBatchForm,
): Promise<{ id: number }> {
  const binTypeIds = [...new Set(body.binTypeIds)];
  const subjectIds = body.codeType === "Regular" ? [...new Set(body.subjectIds)] : [];
  const types = await binTypesOf(db, municipalityId, binTypeIds);
  if (body.codeType === "Regular") await checkSubjects(db, municipalityId, subjectIds);

  const userId = auth.user.id;
  const now = new Date();
  const slots: { subjectId: number | null; type: (typeof types)[number] }[] =
    body.codeType === "Regular"
      ? subjectIds.flatMap((subjectId) => types.map((type) => ({ subjectId, type })))
      : types.flatMap((type) => Array.from({ length: body.codeCount! }, () => ({ subjectId: null, type })));

  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [batch] = await tx
      .insert(printBatch)
      .values({
        municipalityId,
        codeType: body.codeType,
        codeCount: body.codeType === "Regular" ? subjectIds.length : body.codeCount!,
        binTypeIds,
        rfid: body.rfid,
        note: body.note ?? null,
        state: "Generated",
        createdBy: userId,
        createdAt: now,
      })
      .returning({ id: printBatch.id });
    const batchId = batch!.id;
    const codes = await allocatePlainCodes(tx, municipalityId, slots.length);
    const assigned = body.codeType === "Regular";
    for (let start = 0; start < slots.length; start += INSERT_CHUNK) {
      await tx.insert(weh).values(
        slots.slice(start, start + INSERT_CHUNK).map((slot, i) => ({
          municipalityId,
          barcode: codes[start + i]!.barcode,
          plainCode: codes[start + i]!.plainCode,
          binTypeId: slot.type.id,
          wasteTypeId: slot.type.wasteTypeId,
          subjectId: slot.subjectId,
          printBatchId: batchId,
          state: (assigned ? "Assigned" : "Free") satisfies BinState,
          disposable: slot.type.kind === "disposable",
          assignedAt: assigned ? now : null,
          assignedFrom: assigned ? now : null,
          assignedBy: assigned ? userId : null,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    // The history of every new header in one statement per event (no round trip per code).
    await tx.execute(sql`
      insert into ${history} (header_id, event, subject_id, user_id, details, at)
      select ${weh.id}, 'Created', null, ${userId}::int, ${JSON.stringify({ printBatchId: batchId })}::jsonb, ${now.toISOString()}::timestamptz
      from ${weh} where ${weh.printBatchId} = ${batchId}`);
    if (assigned) {
      await tx.execute(sql`
        insert into ${history} (header_id, event, subject_id, user_id, details, at)
        select ${weh.id}, 'Assigned', ${weh.subjectId}, ${userId}::int, ${JSON.stringify({ printBatchId: batchId })}::jsonb, ${now.toISOString()}::timestamptz
        from ${weh} where ${weh.printBatchId} = ${batchId}`);
      await refreshBinCount(tx, subjectIds);
    }
    return { id: batchId };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// List and detail

/** Names of the bin types of many batches at once: id → name. */
async function binTypeNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: binType.id, name: binType.name }).from(binType).where(inArray(binType.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

const labelCount = sql<number>`(select count(*)::int from ${weh} where ${weh.printBatchId} = ${printBatch.id})`;

const batchColumns = {
  id: printBatch.id,
  createdAt: printBatch.createdAt,
  codeType: printBatch.codeType,
  codeCount: printBatch.codeCount,
  binTypeIds: printBatch.binTypeIds,
  rfid: printBatch.rfid,
  note: printBatch.note,
  state: printBatch.state,
  printedAt: printBatch.printedAt,
  createdBy: userNameColumns,
  labelCount,
};

type BatchRow = {
  id: number;
  createdAt: Date;
  codeType: string;
  codeCount: number;
  binTypeIds: number[];
  rfid: boolean;
  note: string | null;
  state: string;
  createdBy: { firstName: string; lastName: string } | null;
  labelCount: number;
};

function toListItem(row: BatchRow, names: Map<number, string>): PrintBatchListItem {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    codeType: row.codeType as PrintBatchCodeType,
    codeCount: row.codeCount,
    binTypeNames: row.binTypeIds.map((id) => names.get(id)).filter((n): n is string => !!n),
    rfid: row.rfid,
    note: row.note,
    state: row.state as PrintBatchState,
    createdByName: userFullName(row.createdBy),
    labelCount: Number(row.labelCount),
  };
}

/** The columns of each sort key; the id breaks ties in the same direction. */
const BATCH_SORT_COLUMNS: Record<SortKey<typeof printBatchListKeys>, AnyColumn[]> = {
  createdAt: [printBatch.createdAt, printBatch.id],
  id: [printBatch.id],
};

/** Newest first (the (municipality_id, created_at) index), filtered by state. */
export async function listPrintBatches(
  db: Db,
  municipalityId: number,
  q: PrintBatchListQuery,
): Promise<{ items: PrintBatchListItem[]; total: number }> {
  const where: SQL[] = [eq(printBatch.municipalityId, municipalityId)];
  if (q.state) where.push(eq(printBatch.state, q.state));
  const cond = and(...where)!;
  // Without a sort the newest come first ('-createdAt'); 'createdAt' asks for the oldest first.
  const sort = parseListSort(printBatchListKeys, q.sort);
  const order = BATCH_SORT_COLUMNS[sort.key].map((c) => (sort.desc ? desc(c) : asc(c)));
  const { rows, total } = await listPage(
    db.select(batchColumns).from(printBatch).leftJoin(user, eq(user.id, printBatch.createdBy)).where(cond).$dynamic(),
    db.select({ n: count() }).from(printBatch).where(cond),
    order,
    q,
  );
  const names = await binTypeNames(
    db,
    rows.flatMap((r) => r.binTypeIds),
  );
  return { items: rows.map((r) => toListItem(r, names)), total };
}

/** The batch with a page of its codes, in the order they were generated (= label order). */
export async function getPrintBatch(
  db: Db,
  municipalityId: number,
  batchId: number,
  q: PrintBatchDetailQuery,
): Promise<PrintBatchDetail> {
  const [row] = await db
    .select(batchColumns)
    .from(printBatch)
    .leftJoin(user, eq(user.id, printBatch.createdBy))
    .where(and(eq(printBatch.id, batchId), eq(printBatch.municipalityId, municipalityId)));
  if (!row) throw batchNotFound();
  const cond = and(eq(weh.printBatchId, batchId), eq(weh.municipalityId, municipalityId));
  const { limit, offset } = pageWindow(q);
  const codeOrder = parseListSort(printBatchCodeListKeys, q.sort).desc ? desc(weh.id) : asc(weh.id);
  const [codes, names] = await Promise.all([
    db
      .select({
        id: weh.id,
        barcode: weh.barcode,
        plainCode: weh.plainCode,
        binName: nameOf(binType, weh.binTypeId),
        subjectId: weh.subjectId,
        subjectName: nameOf(subject, weh.subjectId),
        state: weh.state,
      })
      .from(weh)
      .where(cond)
      .orderBy(codeOrder)
      .limit(limit)
      .offset(offset),
    binTypeNames(db, row.binTypeIds),
  ]);
  return {
    ...toListItem(row, names),
    binTypeIds: row.binTypeIds,
    printedAt: iso(row.printedAt),
    codes: {
      items: codes.map((c) => ({ ...c, state: c.state as BinState })),
      total: Number(row.labelCount),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Printed, labels, printer

/** Generated → Printed (spec 001 §4); a second time 409 'Dávka už byla vytištěna.'. */
export async function markPrinted(db: Db, municipalityId: number, batchId: number) {
  const [updated] = await db
    .update(printBatch)
    .set({ state: "Printed", printedAt: new Date() })
    .where(
      and(eq(printBatch.id, batchId), eq(printBatch.municipalityId, municipalityId), eq(printBatch.state, "Generated")),
    )
    .returning({ id: printBatch.id });
  if (updated) return { id: updated.id, state: "Printed" as const };
  await findBatch(db, municipalityId, batchId);
  throw new ApiError(409, ALREADY_PRINTED);
}

/**
 * What each label of the batch shows, in label order: the code, the municipality, and for an addressed code the
 * subject's short name (its name when it has none) and the bin type.
 */
function batchLabels(db: Db, municipalityId: number, batchId: number): Promise<LabelData[]> {
  const ofBatch = and(eq(weh.printBatchId, batchId), eq(weh.municipalityId, municipalityId));
  return labelRows(db, ofBatch, "shortNameOrName");
}

/** GET …/labels.pdf: every label of the batch on A4 label sheets, as a download 'stitky-<id>.pdf'. */
export async function labelsDocument(db: Db, municipalityId: number, batchId: number): Promise<Response> {
  await findBatch(db, municipalityId, batchId);
  const pdf = await labelsPdf(await batchLabels(db, municipalityId, batchId));
  return pdfResponse(pdf, `stitky-${batchId}.pdf`, "attachment");
}

/**
 * POST …/print: sends the labels to the printer handler and answers its result with the message to show; an OK
 * print marks a Generated batch Printed.
 */
export async function printBatchOnPrinter(
  db: Db,
  municipalityId: number,
  batchId: number,
  handlerUrl: string | undefined,
): Promise<PrintAnswer> {
  const batch = await findBatch(db, municipalityId, batchId);
  const labels = await batchLabels(db, municipalityId, batchId);
  const result = await sendToPrinter(handlerUrl, {
    printBatchId: batchId,
    municipalityId,
    rfid: batch.rfid,
    labels,
  });
  if (result === "OK" && batch.state === "Generated") {
    await db
      .update(printBatch)
      .set({ state: "Printed", printedAt: new Date() })
      .where(
        and(
          eq(printBatch.id, batchId),
          eq(printBatch.municipalityId, municipalityId),
          eq(printBatch.state, "Generated"),
        ),
      );
  }
  return { result, message: printResultMessage(result) };
}

// ---------------------------------------------------------------------------------------------------------------
// Delete

/**
 * Which codes count as put to use (docs/api-bins.md 'Deleting a print batch'). A code is untouched while it is
 * exactly as its batch made it: Free with no subject (NoSubject), or Assigned to the subject the batch addressed
 * with that Assigned event as its only one (Regular); never discarded, no evidence (no last evidence time, no
 * dispose counts), and no history event but Created and the batch's own Assigned. A table added later that refers
 * to headers (collections, evidence records) must join this rule.
 */
const codeInUse = (batchId: number) => sql`(
  ${weh.state} not in ('Free', 'Assigned')
  or (${weh.state} = 'Free' and (${weh.subjectId} is not null or ${weh.assignedAt} is not null))
  or ${weh.discardedAt} is not null
  or ${weh.lastEvidenceAt} is not null
  or exists (select 1 from ${disposeCount} where ${disposeCount.headerId} = ${weh.id})
  or exists (select 1 from ${history} where ${history.headerId} = ${weh.id} and (${history.event} not in ('Created', 'Assigned')
    or (${history.event} = 'Assigned' and ${history.details}->>'printBatchId' is distinct from ${String(batchId)})))
  or (${weh.state} = 'Assigned' and not exists (select 1 from ${history} where ${history.headerId} = ${weh.id}
    and ${history.event} = 'Assigned' and ${history.subjectId} = ${weh.subjectId}))
)`;

/**
 * DELETE print-batch/{id} (spec 001 §8 'Failures shown: delete of … print batches'): the batch and its codes (their
 * history rows go with them) in one transaction, only while every code is untouched (codeInUse) — so a batch
 * generated by mistake, addressed or not, can be taken back until its labels are used; otherwise 409
 * 'Tiskovou dávku nelze smazat, 12 kódů je již použito.' and nothing is deleted. The addressed subjects' bin counts
 * are recounted. The batch row and its codes are locked first, so an assignment running at the same time either
 * finishes before (and is counted) or waits and then finds no code. The plain codes are not given back to the
 * sequence: a stray printed label never names another bin.
 */
export async function deletePrintBatch(db: Db, municipalityId: number, batchId: number): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [batch] = await tx
      .select({ id: printBatch.id })
      .from(printBatch)
      .where(and(eq(printBatch.id, batchId), eq(printBatch.municipalityId, municipalityId)))
      .for("update");
    if (!batch) throw batchNotFound();
    const ofBatch = and(eq(weh.printBatchId, batchId), eq(weh.municipalityId, municipalityId));
    await tx.select({ id: weh.id }).from(weh).where(ofBatch).for("update");
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(weh)
      .where(and(ofBatch, codeInUse(batchId)));
    const inUse = Number(used?.n ?? 0);
    if (inUse > 0) throw new ApiError(409, batchInUseMessage(inUse));
    // History rows and dispose counts of the codes go with them (on delete cascade).
    const gone = await tx.delete(weh).where(ofBatch).returning({ subjectId: weh.subjectId });
    const subjectIds = [...new Set(gone.flatMap((g) => (g.subjectId ? [g.subjectId] : [])))];
    if (subjectIds.length) await refreshBinCount(tx, subjectIds);
    await tx.delete(printBatch).where(and(eq(printBatch.id, batchId), eq(printBatch.municipalityId, municipalityId)));
  });
}
