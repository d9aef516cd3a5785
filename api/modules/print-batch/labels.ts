/**
 * Printable labels of bin codes (spec 001 §2 'Print batches', issue 5 part 3): each label carries the barcode as
 * Code 128 with its human-readable text, a QR code of the barcode, the plain code in large type, the municipality
 * and, for an addressed code, the subject's short name (and the bin type). Laid out for the common A4 sheet of
 * 3 × 8 labels of 70 × 37 mm (Avery 3474, "70x37"), which has no margins beyond the labels themselves.
 */
import bwipjs from "bwip-js/node";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { LABEL_SHEET, LABELS_PER_SHEET } from "#contract/print-batch";
import type { Db } from "../../db/client";
import { binType, municipality, subject, wasteEvidenceHeader as weh } from "../../db/schema";
import { createPdf, pdfBuffer } from "../../lib/pdf";

export interface LabelData {
  barcode: string;
  plainCode: string;
  municipalityName: string;
  subjectShortName: string | null;
  binName: string | null;
}

/**
 * What the labels of the bins `where` selects show, in code order: the code, the municipality, and for an addressed
 * code the subject (its short name; a batch's labels print its name when it has none) and the bin type.
 */
export function labelRows(
  db: Db,
  where: SQL | undefined,
  subjectText: "shortName" | "shortNameOrName",
): Promise<LabelData[]> {
  return db
    .select({
      barcode: weh.barcode,
      plainCode: weh.plainCode,
      municipalityName: municipality.name,
      subjectShortName:
        subjectText === "shortName"
          ? subject.shortName
          : sql<string | null>`coalesce(nullif(${subject.shortName}, ''), ${subject.name})`,
      binName: binType.name,
    })
    .from(weh)
    .innerJoin(municipality, eq(municipality.id, weh.municipalityId))
    .leftJoin(subject, eq(subject.id, weh.subjectId))
    .leftJoin(binType, eq(binType.id, weh.binTypeId))
    .where(where)
    .orderBy(asc(weh.id));
}

const MM = 72 / 25.4;
const SHEET = {
  columns: LABEL_SHEET.columns,
  rows: LABEL_SHEET.rows,
  labelWidth: LABEL_SHEET.widthMm * MM,
  labelHeight: LABEL_SHEET.heightMm * MM,
};

const PAD = 3 * MM;
const BAR_HEIGHT = 8.5 * MM;
const BARCODE_TEXT = 7;
const BARCODE_HEIGHT = BAR_HEIGHT + BARCODE_TEXT + 2;
// The QR's quiet zone: the gaps to the text and to the bars stay about three of its modules wide.
const QR_SIZE = LABEL_SHEET.heightMm * MM - 2 * PAD - BARCODE_HEIGHT - 2.5 * MM;
const TEXT_GAP = 3 * MM;
/** Widest Code 128 module (0.4 mm prints and scans well); narrower if the label is too small for it. */
const MAX_MODULE = 0.4 * MM;
const QUIET_MODULES = 10;

/**
 * A code's symbols, computed by bwip-js once per distinct barcode and drawn as vectors: sharp at any printer
 * resolution and many times faster than embedding two PNGs a label (a 1,000-label batch takes a second or two).
 */
export interface Symbols {
  /** Code 128: widths in modules, bar first, alternating bar and space. */
  bars: number[];
  /** QR: modules row by row, 1 = dark. */
  qr: { size: number; dark: number[] };
}

function symbols(barcode: string): Symbols {
  const [linear] = bwipjs.raw("code128", barcode, "") as Array<{ sbs: number[] }>;
  // A fixed mask is valid QR and skips the encoder's trial of all eight masks (three times faster).
  const [matrix] = bwipjs.raw("qrcode", barcode, "eclevel=M mask=1") as Array<{ pixs: number[]; pixx: number }>;
  return { bars: linear!.sbs, qr: { size: matrix!.pixx, dark: matrix!.pixs } };
}

function drawCode128(doc: PDFKit.PDFDocument, bars: number[], text: string, x: number, y: number, width: number): void {
  const modules = bars.reduce((a, b) => a + b, 0);
  const module = Math.min(MAX_MODULE, width / (modules + 2 * QUIET_MODULES));
  let cx = x + (width - modules * module) / 2;
  bars.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(cx, y, w * module, BAR_HEIGHT);
    cx += w * module;
  });
  doc.fill("black");
  doc
    .font("Sans")
    .fontSize(BARCODE_TEXT)
    .text(text, x, y + BAR_HEIGHT + 1, { width, align: "center", lineBreak: false, characterSpacing: 1 });
}

export function drawQr(doc: PDFKit.PDFDocument, qr: Symbols["qr"], x: number, y: number, size: number): void {
  const cell = size / qr.size;
  for (let row = 0; row < qr.size; row++) {
    // Runs of dark modules in a row as one rectangle each.
    let col = 0;
    while (col < qr.size) {
      if (!qr.dark[row * qr.size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < qr.size && qr.dark[row * qr.size + col]) col++;
      doc.rect(x + start * cell, y + row * cell, (col - start) * cell, cell);
    }
  }
  doc.fill("black");
}

/** The text cut to fit one line of the given width (current font), ending with '…' when cut. */
function oneLine(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(text.slice(0, mid).trimEnd() + "…") <= width) low = mid;
    else high = mid - 1;
  }
  return text.slice(0, low).trimEnd() + "…";
}

function drawLabel(doc: PDFKit.PDFDocument, label: LabelData, code: Symbols, x: number, y: number): void {
  const innerWidth = SHEET.labelWidth - 2 * PAD;
  const top = y + PAD;
  drawQr(doc, code.qr, x + PAD, top, QR_SIZE);

  const textX = x + PAD + QR_SIZE + TEXT_GAP;
  const textWidth = x + SHEET.labelWidth - PAD - textX;
  const line = (text: string, font: string, size: number, lineY: number) =>
    doc
      .font(font)
      .fontSize(size)
      .text(oneLine(doc, text, textWidth), textX, lineY, { lineBreak: false });
  line(label.plainCode, "Sans-Bold", 18, top - 3);
  let lineY = top + 20;
  line(label.municipalityName, "Sans", 7, lineY);
  lineY += 10;
  if (label.subjectShortName) {
    line(label.subjectShortName, "Sans-Bold", 7.5, lineY);
    lineY += 10;
  }
  if (label.binName) line(label.binName, "Sans", 7, lineY);

  drawCode128(doc, code.bars, label.barcode, x + PAD, y + SHEET.labelHeight - PAD - BARCODE_HEIGHT, innerWidth);
}

/** Lets other requests run between slices of this CPU-bound work (a 10,000-label batch takes several seconds). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const SLICE = 200;

/** The labels as an A4 PDF, 24 a page, in the given order (row by row). */
export async function labelsPdf(labels: LabelData[]): Promise<Buffer> {
  const codes = new Map<string, Symbols>();
  const doc = createPdf({ size: "A4", margin: 0, autoFirstPage: false, info: { Title: "Štítky" } });
  let offsetY = 0;
  for (let i = 0; i < labels.length; i++) {
    if (i > 0 && i % SLICE === 0) await yieldToEventLoop();
    const label = labels[i]!;
    let code = codes.get(label.barcode);
    if (!code) codes.set(label.barcode, (code = symbols(label.barcode)));
    const onPage = i % LABELS_PER_SHEET;
    if (onPage === 0) {
      doc.addPage();
      // The labels fill the sheet's width exactly; the 1 mm of height left over is split above and below.
      offsetY = (doc.page.height - SHEET.rows * SHEET.labelHeight) / 2;
    }
    const column = onPage % SHEET.columns;
    const row = Math.floor(onPage / SHEET.columns);
    drawLabel(doc, label, code, column * SHEET.labelWidth, offsetY + row * SHEET.labelHeight);
  }
  if (labels.length === 0) doc.addPage();
  return pdfBuffer(doc);
}
