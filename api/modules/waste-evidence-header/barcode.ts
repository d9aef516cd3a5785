/** Barcodes: a copy of the bin's label (PDF) and the barcode searches of spec 000 §7. */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { binType, subject, wasteEvidenceHeader as weh } from "../../db/schema";
import type { AuthContext } from "../../lib/auth";
import { notFound } from "../../lib/errors";
import { pdfResponse } from "../../lib/pdf";
import { ASSIGN_ERROR_MESSAGES, type BarcodeAnswer, type BinState } from "#contract/waste-evidence-header";
import { labelRows, labelsPdf } from "../print-batch/labels";
import { binNotFound } from "./shared";

export const codeNotFound = () => notFound(ASSIGN_ERROR_MESSAGES.CodeNotFound);

// ---------------------------------------------------------------------------------------------------------------
// Label copy

export async function labelPdf(db: Db, municipalityId: number, headerId: number): Promise<Response> {
  const [row] = await labelRows(db, and(eq(weh.id, headerId), eq(weh.municipalityId, municipalityId)), "shortName");
  if (!row) throw binNotFound();
  const pdf = await labelsPdf([row]);
  return pdfResponse(pdf, `stitek-${row.plainCode}.pdf`, "inline");
}

// ---------------------------------------------------------------------------------------------------------------
// Barcode searches (spec 000 §7)

const barcodeColumns = {
  id: weh.id,
  municipalityId: weh.municipalityId,
  barcode: weh.barcode,
  plainCode: weh.plainCode,
  state: weh.state,
  subjectId: weh.subjectId,
  subjectName: subject.name,
  binName: binType.name,
};

async function findByBarcode(db: Db, barcode: string, tenancy: SQL): Promise<BarcodeAnswer> {
  const [row] = await db
    .select(barcodeColumns)
    .from(weh)
    .leftJoin(subject, eq(subject.id, weh.subjectId))
    .leftJoin(binType, eq(binType.id, weh.binTypeId))
    .where(and(eq(weh.barcode, barcode.trim()), tenancy))
    .limit(1);
  if (!row) throw codeNotFound();
  return {
    ...row,
    state: row.state as BinState,
    subjectName: row.subjectName ?? null,
    binName: row.binName ?? null,
  };
}

/** GET municipality/{id}/find-code-by-barcode: the bin of this municipality with the exact barcode. */
export function findCodeByBarcode(db: Db, municipalityId: number, barcode: string): Promise<BarcodeAnswer> {
  return findByBarcode(db, barcode, eq(weh.municipalityId, municipalityId));
}

/** GET waste-evidence-header/search-by-barcode: the exact barcode among the municipalities the user may see. */
export async function searchByBarcode(db: Db, auth: AuthContext, barcode: string): Promise<BarcodeAnswer> {
  if (auth.municipalityIds === "all") return findByBarcode(db, barcode, sql`true`);
  if (!auth.municipalityIds.length) throw codeNotFound();
  return findByBarcode(db, barcode, inArray(weh.municipalityId, auth.municipalityIds));
}
