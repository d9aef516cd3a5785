/**
 * The payment notice as an A4 page (issue 14 part 6): the municipality, the payer's name and notice address where
 * a window envelope shows it, the year's fees per collection point in short, the amount to pay, the payment details
 * and a payment QR code — 'QR Platba' (SPAYD) for CZK, 'PAY by square' for EUR. A payer whose fees are all paid gets
 * the notice marked paid, without payment details or code. Many notices make one document, a page each.
 */
import bwipjs from "bwip-js/node";
import { groupedIban } from "#contract/bank-account";
import { formatDate, toIsoDate } from "#contract/calendar";
import { dueDateOf, type PaymentSettings } from "#contract/payment-notice";
import { drawQr, type Symbols } from "../print-batch/labels";
import { createPdf } from "../../lib/pdf";
import { bySquarePayload } from "./bysquare";
import type { NoticeMunicipality, NoticePayer } from "./data";
import { spaydPayload } from "./spayd";
import { noticeTexts } from "./texts";

const MM = 72 / 25.4;
const QR_SIZE = 38 * MM;

export interface NoticeContext {
  municipality: NoticeMunicipality;
  settings: PaymentSettings;
  year: number;
  issuedOn: Date;
}

const formatters = new Map<string, Intl.NumberFormat>();
/** '1 234,50 Kč' / '11,67 €' (spec 000 §9 money; the notice's language, not the clerk's). */
export function noticeMoney(amount: string, ctx: Pick<NoticeContext, "municipality">): string {
  const { currency, language } = ctx.municipality;
  const key = `${language}-${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(language === "sk" ? "sk-SK" : "cs-CZ", { style: "currency", currency });
    formatters.set(key, f);
  }
  return f.format(Number(amount));
}

/**
 * The notice's due date and how it reads: a notice issued after it (a late one, a reminder) says the period has run
 * out and its QR code carries no date, since a bank would schedule a payment dated in the past for that past day or
 * refuse it.
 */
export function noticeDue(ctx: NoticeContext): { date: string; passed: boolean; text: string } {
  const date = dueDateOf(ctx.settings, ctx.year);
  const passed = date < toIsoDate(ctx.issuedOn);
  const shown = formatDate(date, ctx.municipality.language);
  return { date, passed, text: passed ? `${shown} (${noticeTexts[ctx.municipality.language].overdue})` : shown };
}

/** The QR code's text: SPAYD for CZK, PAY by square for EUR. */
export function paymentCode(payer: NoticePayer, ctx: NoticeContext): string {
  const t = noticeTexts[ctx.municipality.language];
  const payment = {
    iban: ctx.settings.iban,
    amount: payer.due,
    variableSymbol: payer.variableSymbol,
    constantSymbol: ctx.settings.constantSymbol,
    dueDate: noticeDue(ctx).passed ? null : dueDateOf(ctx.settings, ctx.year),
  };
  return ctx.municipality.currency === "EUR"
    ? bySquarePayload({
        ...payment,
        currency: "EUR",
        note: t.message(ctx.year),
        beneficiaryName: ctx.municipality.name,
      })
    : spaydPayload({ ...payment, currency: "CZK", message: t.message(ctx.year) });
}

function qrSymbol(text: string): Symbols["qr"] {
  // Level M as the banks' apps expect; a fixed mask spares the encoder's trial of all eight (labels.ts).
  const [matrix] = bwipjs.raw("qrcode", text, "eclevel=M mask=1") as Array<{ pixs: number[]; pixx: number }>;
  return { size: matrix!.pixx, dark: matrix!.pixs };
}

/** Draws one notice on a new page of `doc`. */
export function drawNotice(doc: PDFKit.PDFDocument, payer: NoticePayer, ctx: NoticeContext): void {
  const t = noticeTexts[ctx.municipality.language];
  const money = (v: string) => noticeMoney(v, ctx);
  doc.addPage();
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc
    .font("Sans-Bold")
    .fontSize(14)
    .text(ctx.municipality.name, left, doc.page.margins.top, { width: width / 2 });
  doc.font("Sans").fontSize(9).fillColor("#475569");
  for (const line of ctx.municipality.addressLines) doc.text(line, { width: width / 2 });
  doc.text(`${t.issued}: ${formatDate(ctx.issuedOn, ctx.municipality.language)}`, { width: width / 2 });
  doc.fillColor("black");

  // The recipient, where a window envelope (DL, right window) shows it.
  const recipientX = left + width / 2 + 10;
  doc
    .font("Sans-Bold")
    .fontSize(11)
    .text(payer.name, recipientX, 130, { width: width / 2 - 10 });
  doc.font("Sans");
  for (const line of payer.addressLines) doc.text(line, { width: width / 2 - 10 });

  doc.font("Sans-Bold").fontSize(14).text(t.title(ctx.year), left, 230, { width });
  doc.moveDown(0.6).font("Sans").fontSize(10).text(t.greeting, { width }).text(t.intro(ctx.year), { width });
  doc.moveDown(0.8);

  // The fees per collection point: base, surcharges (bins, motivation), discounts, final.
  const cols = [width * 0.4, width * 0.14, width * 0.14, width * 0.14, width * 0.18];
  const row = (cells: string[], font: string, size = 9) => {
    const y = doc.y;
    let x = left;
    let bottom = y;
    cells.forEach((cell, i) => {
      doc
        .font(font)
        .fontSize(size)
        .text(cell, x, y, { width: cols[i]! - 4, align: i === 0 ? "left" : "right" });
      bottom = Math.max(bottom, doc.y);
      x += cols[i]!;
    });
    doc.y = bottom + 3;
  };
  row([t.point, t.base, t.surcharge, t.discount, t.fee], "Sans-Bold");
  doc
    .moveTo(left, doc.y - 1)
    .lineTo(left + width, doc.y - 1)
    .lineWidth(0.5)
    .stroke("#94a3b8");
  for (const line of payer.lines) {
    const point = [line.subjectName ?? t.noPoint, line.subjectAddress].filter(Boolean).join(", ");
    const discount = Number(line.totalDiscount) > 0 ? `−${money(line.totalDiscount)}` : money("0");
    row(
      [
        line.fixedDiscountNames ? `${point} (${line.fixedDiscountNames})` : point,
        money(line.baseFee),
        money(line.surcharge),
        discount,
        line.paid ? `${money(line.finalFee)} (${t.paid})` : money(line.finalFee),
      ],
      "Sans",
    );
  }
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.5)
    .stroke("#94a3b8");
  doc.moveDown(0.4);
  row([t.total, "", "", "", money(payer.total)], "Sans-Bold", 10);
  doc.moveDown(0.8);
  doc.x = left;

  if (Number(payer.due) <= 0) {
    doc.font("Sans-Bold").fontSize(12).text(t.paidAll, left, doc.y, { width });
  } else {
    drawPayment(doc, payer, ctx, left, width);
  }
  if (ctx.settings.noticeText) {
    doc.moveDown(1).font("Sans").fontSize(9).text(ctx.settings.noticeText, left, doc.y, { width });
  }
}

function drawPayment(doc: PDFKit.PDFDocument, payer: NoticePayer, ctx: NoticeContext, left: number, width: number) {
  const t = noticeTexts[ctx.municipality.language];
  const top = doc.y;
  doc.font("Sans-Bold").fontSize(12).text(t.payment, left, top);
  doc.moveDown(0.4);
  const labelWidth = 120;
  const fact = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font("Sans").fontSize(10).text(label, left, y, { width: labelWidth });
    // No ligatures: an account or a symbol must copy as typed.
    doc
      .font(bold ? "Sans-Bold" : "Sans")
      .fontSize(bold ? 12 : 10)
      .text(value, left + labelWidth, y, { width: width - QR_SIZE - labelWidth - 20, features: [] });
    doc.moveDown(0.3);
  };
  fact(t.due, noticeMoney(payer.due, ctx), true);
  if (ctx.settings.account) fact(t.account, ctx.settings.account, true);
  fact(t.iban, groupedIban(ctx.settings.iban));
  if (payer.variableSymbol) fact(t.vs, payer.variableSymbol, true);
  if (ctx.settings.constantSymbol) fact(t.ks, ctx.settings.constantSymbol);
  fact(t.dueDate, noticeDue(ctx).text);
  const bottom = doc.y;

  const qrX = left + width - QR_SIZE;
  drawQr(doc, qrSymbol(paymentCode(payer, ctx)), qrX, top, QR_SIZE);
  doc
    .font("Sans")
    .fontSize(8)
    .text(t.qrCaption, qrX, top + QR_SIZE + 2, { width: QR_SIZE, align: "center" });
  doc.x = left;
  doc.y = Math.max(bottom, top + QR_SIZE + 14);
}

/** A document for notices: A4, no first page (each notice adds its own), titled for the year. */
export function noticeDocument(ctx: Pick<NoticeContext, "municipality" | "year">): PDFKit.PDFDocument {
  const t = noticeTexts[ctx.municipality.language];
  return createPdf({ autoFirstPage: false, info: { Title: t.title(ctx.year), Author: ctx.municipality.name } });
}
