/**
 * The municipality's bins by code, read once for an import (or a reprocess): a file's code is found in memory by
 * its barcode, plain code or RFID instead of by three index probes a row (issue 13 'Benchmark', throughput).
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { binType, wasteEvidenceHeader as weh } from "../../db/schema";
import { binCodeColumns } from "../waste-evidence-header/shared";

export interface IndexedBin {
  id: number;
  state: string;
  disposable: boolean;
  binTypeId: number | null;
  capacity: number | null;
  subjectId: number | null;
  wasteTypeId: number | null;
  city: string | null;
}

export interface BinIndex {
  /** The bin of a scanned code (barcode, else plain code) or of an RFID tag; undefined when none has it. */
  find(code: string | null, rfid: string | null): IndexedBin | undefined;
}

export async function loadBinIndex(db: Db, municipalityId: number): Promise<BinIndex> {
  const rows = await db
    .select({
      ...binCodeColumns,
      binTypeId: weh.binTypeId,
      capacity: sql<number | null>`${binType.capacity}`,
      subjectId: weh.subjectId,
      wasteTypeId: weh.wasteTypeId,
      city: weh.city,
    })
    .from(weh)
    .leftJoin(binType, eq(binType.id, weh.binTypeId))
    .where(eq(weh.municipalityId, municipalityId));
  const byBarcode = new Map<string, IndexedBin>();
  const byPlain = new Map<string, IndexedBin>();
  const byRfid = new Map<string, IndexedBin>();
  for (const { barcode, plainCode, rfid, ...bin } of rows) {
    byBarcode.set(barcode, bin);
    byPlain.set(plainCode, bin);
    if (rfid) byRfid.set(rfid, bin);
  }
  return {
    find: (code, rfid) =>
      (code !== null ? (byBarcode.get(code) ?? byPlain.get(code)) : undefined) ??
      (rfid !== null ? byRfid.get(rfid) : undefined),
  };
}
