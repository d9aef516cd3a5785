/**
 * A payer's notice (from one of its fees on the Fees screen) and all notices of a year as one PDF, written page by
 * page: the payers are read 200 at a time and the document is produced as it is read (by a client or by the document
 * job that stores it), so memory stays flat however many payers there are (decision 0033).
 */
import { fileResponse, streamBody } from "../../lib/download";
import { ApiError, notFound } from "../../lib/errors";
import { pdfBuffer } from "../../lib/pdf";
import type { Db } from "../../db/client";
import { NO_NOTICE_FEE_MESSAGE, NO_PAYMENT_SETTINGS_MESSAGE } from "#contract/payment-notice";
import { duePayerIds, feeOwner, noticeMunicipality, noticePayers, type NoticePayer } from "./data";
import { drawNotice, noticeDocument, type NoticeContext } from "./pdf";
import { readPaymentSettings } from "./settings";
import { noticeTexts } from "./texts";

const PAGE = 200;

/** What every notice of the municipality and year shares; without payment settings there is nothing to print (409). */
export async function noticeContext(db: Db, municipalityId: number, year: number): Promise<NoticeContext> {
  const settings = await readPaymentSettings(db, municipalityId);
  if (!settings) throw new ApiError(409, NO_PAYMENT_SETTINGS_MESSAGE);
  return { municipality: await noticeMunicipality(db, municipalityId), settings, year, issuedOn: new Date() };
}

/** The payer and notice of a fee of the municipality (404 for another municipality's or an unknown fee). */
export async function noticeOfFee(db: Db, municipalityId: number, feeId: number) {
  const owner = await feeOwner(db, municipalityId, feeId);
  if (!owner) throw notFound(NO_NOTICE_FEE_MESSAGE);
  const ctx = await noticeContext(db, municipalityId, owner.year);
  const [payer] = await noticePayers(db, municipalityId, owner.year, [owner.feePayerId]);
  if (!payer) throw notFound(NO_NOTICE_FEE_MESSAGE);
  return { payer, ctx };
}

export async function noticePdf(payer: NoticePayer, ctx: NoticeContext): Promise<Buffer> {
  const doc = noticeDocument(ctx);
  drawNotice(doc, payer, ctx);
  return pdfBuffer(doc);
}

export const noticeFileName = (payer: NoticePayer, ctx: NoticeContext) =>
  noticeTexts[ctx.municipality.language].fileName(ctx.year, payer.variableSymbol ?? String(payer.feePayerId));

export async function noticeDocumentOfFee(db: Db, municipalityId: number, feeId: number): Promise<Response> {
  const { payer, ctx } = await noticeOfFee(db, municipalityId, feeId);
  return fileResponse(new Uint8Array(await noticePdf(payer, ctx)), noticeFileName(payer, ctx), "application/pdf");
}

/** Lets other requests run between pages of this CPU-bound work. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The document's bytes as they are written: a page of payers is read only when the client has taken what the
 * previous one produced (the response body pulls), so neither the payers nor the PDF pile up in memory.
 */
export async function* mergedNotices(
  db: Db,
  municipalityId: number,
  ctx: NoticeContext,
  /** Told how many notices are written after each page of payers (a job's progress). */
  onPage?: (written: number) => Promise<void>,
): AsyncGenerator<Uint8Array> {
  const doc = noticeDocument(ctx);
  const chunks: Buffer[] = [];
  let ended = false;
  doc.on("data", (c: Buffer) => chunks.push(c));
  doc.on("end", () => (ended = true));
  let afterId = 0;
  let pages = 0;
  for (;;) {
    const ids = await duePayerIds(db, municipalityId, ctx.year, { afterId, limit: PAGE });
    if (ids.length === 0) break;
    for (const payer of await noticePayers(db, municipalityId, ctx.year, ids)) {
      drawNotice(doc, payer, ctx);
      pages++;
      await nextTurn();
      while (chunks.length) yield chunks.shift()!;
    }
    afterId = ids[ids.length - 1]!;
    await onPage?.(pages);
  }
  // A year without anything to pay still answers a valid PDF (one empty page).
  if (pages === 0) doc.addPage();
  doc.end();
  while (!ended) await nextTurn();
  while (chunks.length) yield chunks.shift()!;
}

export async function mergedNoticesDocument(db: Db, municipalityId: number, year: number): Promise<Response> {
  const ctx = await noticeContext(db, municipalityId, year);
  const name = noticeTexts[ctx.municipality.language].fileName(year, "vse");
  return fileResponse(streamBody(mergedNotices(db, municipalityId, ctx)), name, "application/pdf");
}
