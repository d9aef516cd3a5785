/**
 * The protocol of a yard visit (spec 001 §2 Yard visits 'print protocol', §3 Collection yard 'default report print
 * type'; docs/yards.md): an A4 PDF in Czech with the yard, the fee payer, the wastes and their quantities, the fee
 * and VAT, and two signature lines. 'basic' lists each waste with its quantity; 'weighing' adds the weight in kg
 * and the weighing time of each record.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { collectionYard, feePayer, municipality } from "../../db/schema";
import { createPdf, pdfBuffer } from "../../lib/pdf";
import { formatDate, formatDateTime } from "#contract/calendar";
import type { ReportPrintType } from "#contract/yard";
import type { YardReportDetail } from "#contract/yard-report";
import { getYardReport } from "./service";
import { formatZip } from "#contract/identifiers";

/** The payment types as the printed protocol names them (the protocol is a Czech document). */
const paymentLabels: Record<string, string> = { Cash: "Hotově", Invoice: "Fakturou", Transfer: "Převodem" };

/** '1234.5' → '1 234,50' (spec 000 §9: thousands by spaces, decimal comma). */
export function czechNumber(value: string, decimals: number): string {
  const [whole, frac = ""] = value.split(".");
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  return decimals ? `${grouped},${frac.padEnd(decimals, "0").slice(0, decimals)}` : grouped;
}

/** A quantity with up to 3 decimals, without trailing zeros: '12.500' → '12,5'. */
export const quantityText = (v: string) => czechNumber(v, 3).replace(/0+$/, "").replace(/,$/, "");

export interface ProtocolData {
  report: YardReportDetail;
  layout: ReportPrintType;
  currency: string;
  yard: {
    name: string;
    address: string;
    icz: string | null;
    zuj: string | null;
    operatorName: string | null;
    operatorIdentificationNumber: string | null;
  };
  payerAddress: string;
}

export async function protocolData(
  db: Db,
  municipalityId: number,
  id: number,
  layout?: ReportPrintType,
): Promise<ProtocolData> {
  const report = await getYardReport(db, municipalityId, id);
  const [[yard], [payer], [town]] = await Promise.all([
    db.select().from(collectionYard).where(eq(collectionYard.id, report.yardId)),
    db
      .select({ street: feePayer.streetAddress, city: feePayer.city, zip: feePayer.zipCode })
      .from(feePayer)
      .where(eq(feePayer.id, report.feePayerId)),
    db.select({ country: municipality.country }).from(municipality).where(eq(municipality.id, municipalityId)),
  ]);
  const line = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(", ");
  return {
    report,
    layout: layout ?? report.reportPrintType,
    currency: town?.country === "SK" ? "€" : "Kč",
    yard: {
      name: yard!.name,
      address: line(yard!.street, [yard!.zipCode && formatZip(yard!.zipCode), yard!.city].filter(Boolean).join(" ")),
      icz: yard!.icz,
      zuj: yard!.zuj,
      operatorName: yard!.operatorName,
      operatorIdentificationNumber: yard!.operatorIdentificationNumber,
    },
    payerAddress: line(payer?.street, [payer?.zip, payer?.city].filter(Boolean).join(" ")),
  };
}

export const protocolTitle = (layout: ReportPrintType) =>
  layout === "weighing" ? "Vážní protokol" : "Protokol o převzetí odpadu";
/** 'Vážní protokol č. 12': the PDF's heading and the e-mail's subject. */
export const protocolHeading = (layout: ReportPrintType, id: number) => `${protocolTitle(layout)} č. ${id}`;

/** The PDF of the protocol. */
export async function protocolPdf(data: ProtocolData): Promise<Buffer> {
  const { report, layout, yard, currency } = data;
  const title = protocolHeading(layout, report.id);
  const doc = createPdf({ info: { Title: title, Author: yard.name } });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const money = (v: string) => `${czechNumber(v, 2)} ${currency}`;
  const kg = (v: string) => `${quantityText(v)} kg`;

  doc.font("Sans-Bold").fontSize(16).text(title);
  doc.font("Sans").fontSize(10).fillColor("#475569").text(report.municipalityName);
  doc.fillColor("black").moveDown(1);

  const top = doc.y;
  const half = width / 2 - 10;
  const block = (x: number, heading: string, lines: string[]) => {
    doc.font("Sans-Bold").fontSize(10).text(heading, x, top, { width: half });
    doc.font("Sans").fontSize(10);
    for (const l of lines) doc.text(l, x, doc.y, { width: half });
    return doc.y;
  };
  const yardLines = [
    yard.name,
    yard.address,
    yard.icz ? `IČZ: ${yard.icz}` : "",
    yard.zuj ? `ZÚJ: ${yard.zuj}` : "",
    yard.operatorName ? `Provozovatel: ${yard.operatorName}` : "",
    yard.operatorIdentificationNumber ? `IČO: ${yard.operatorIdentificationNumber}` : "",
  ].filter(Boolean);
  const payerLines = [report.feePayerName, data.payerAddress, report.feePayerEmail ?? ""].filter(Boolean);
  const end1 = block(left, "Sběrný dvůr", yardLines);
  const end2 = block(left + half + 20, "Poplatník", payerLines);
  doc.y = Math.max(end1, end2) + 12;
  doc.x = left;

  const time = [report.startTime, report.endTime].filter(Boolean).join(" – ");
  doc
    .fontSize(10)
    .text(`Datum návštěvy: ${formatDate(report.reportDate, "cs")}${time ? `, ${time}` : ""}`, left, doc.y, { width })
    .text(`Způsob platby: ${paymentLabels[report.paymentType] ?? report.paymentType}`, { width })
    .text(`Zaplaceno: ${report.paid ? "ano" : "ne"}`, { width })
    .moveDown(1);

  // The wastes' table: the weighing layout adds the weight in kg and the weighing time.
  const cols =
    layout === "weighing"
      ? [
          { h: "Odpad", w: 0.3 },
          { h: "Množství", w: 0.12, right: true },
          { h: "Hmotnost", w: 0.12, right: true },
          { h: "Váženo", w: 0.16 },
          { h: "DPH", w: 0.07, right: true },
          { h: "Poplatek s DPH", w: 0.23, right: true },
        ]
      : [
          { h: "Odpad", w: 0.42 },
          { h: "Množství", w: 0.16, right: true },
          { h: "Bez DPH", w: 0.14, right: true },
          { h: "DPH", w: 0.1, right: true },
          { h: "Poplatek s DPH", w: 0.18, right: true },
        ];
  const drawRow = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = left;
    let bottom = y;
    doc.font(bold ? "Sans-Bold" : "Sans").fontSize(9);
    cells.forEach((cell, i) => {
      const c = cols[i]!;
      const w = c.w * width;
      doc.text(cell, x + 2, y, { width: w - 4, align: c.right ? "right" : "left" });
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc.y = bottom + 3;
    doc
      .moveTo(left, doc.y - 1)
      .lineTo(left + width, doc.y - 1)
      .lineWidth(0.5)
      .strokeColor("#94a3b8")
      .stroke();
  };
  drawRow(
    cols.map((c) => c.h),
    true,
  );
  for (const r of report.records) {
    const waste = r.catalogCode ? `${r.catalogCode} ${r.wasteName}` : r.wasteName;
    const quantity = `${quantityText(r.quantity)} ${r.unit}`;
    drawRow(
      layout === "weighing"
        ? [
            waste,
            quantity,
            kg(r.quantityKg),
            r.processedAt ? formatDateTime(r.processedAt, "cs") : "",
            `${r.vatRate} %`,
            money(r.fee),
          ]
        : [waste, quantity, money(r.feeWithoutVat), `${r.vatRate} %`, money(r.fee)],
    );
  }
  doc.moveDown(0.8);
  const total = (label: string, value: string, bold = false) =>
    doc
      .font(bold ? "Sans-Bold" : "Sans")
      .fontSize(10)
      .text(`${label}: ${value}`, left, doc.y, { width, align: "right" });
  total("Celková hmotnost", kg(report.totalWeightKg));
  total("Poplatek bez DPH", money(report.feeWithoutVat));
  total("DPH", money(report.vat));
  total("Poplatek celkem", money(report.fee), true);

  // Signature lines, kept together on the page.
  if (doc.y > doc.page.height - doc.page.margins.bottom - 90) doc.addPage();
  doc.y += 50;
  const y = doc.y;
  const lineW = width / 2 - 30;
  doc.lineWidth(0.7).strokeColor("black");
  doc
    .moveTo(left, y)
    .lineTo(left + lineW, y)
    .stroke();
  doc
    .moveTo(left + width - lineW, y)
    .lineTo(left + width, y)
    .stroke();
  doc.font("Sans").fontSize(9);
  doc.text("Předal (poplatník)", left, y + 4, { width: lineW, align: "center" });
  doc.text("Převzal (obsluha sběrného dvora)", left + width - lineW, y + 4, { width: lineW, align: "center" });
  return pdfBuffer(doc);
}
