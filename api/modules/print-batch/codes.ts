/**
 * Allocation of bin codes (docs/decisions/0012): plain codes are numbered per municipality by one atomic upsert of
 * code_sequence, so concurrent batches never share a code and a batch's codes are consecutive; the barcode adds the
 * municipality and a check digit (contract/codes.ts).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { codeSequence } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import { makeBarcode, MAX_PLAIN_CODE } from "#contract/codes";
import { CODES_EXHAUSTED } from "#contract/print-batch";

export interface AllocatedCode {
  plainCode: string;
  barcode: string;
}

/**
 * Reserves the next n plain codes of the municipality and answers them in order with their barcodes. Run it inside
 * the transaction that writes the codes: the sequence row stays locked until it commits, and a rollback gives the
 * numbers back.
 */
export async function allocatePlainCodes(tx: Db, municipalityId: number, n: number): Promise<AllocatedCode[]> {
  if (!Number.isInteger(n) || n < 1) return [];
  const [row] = await tx
    .insert(codeSequence)
    .values({ municipalityId, lastPlainCode: n })
    .onConflictDoUpdate({
      target: codeSequence.municipalityId,
      // Qualified: inside ON CONFLICT a bare column could be read as the proposed row's.
      set: { lastPlainCode: sql`"code_sequence"."last_plain_code" + ${n}::int` },
    })
    .returning({ last: codeSequence.lastPlainCode });
  const last = row!.last;
  if (last > MAX_PLAIN_CODE) throw new ApiError(409, CODES_EXHAUSTED);
  const first = last - n + 1;
  return Array.from({ length: n }, (_, i) => ({
    plainCode: String(first + i),
    barcode: makeBarcode(municipalityId, first + i),
  }));
}
