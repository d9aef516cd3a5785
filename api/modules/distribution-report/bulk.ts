/**
 * Processing or discarding the checked reports (docs/distribution-reports.md 'Bulk'): each report goes through the
 * single report's call in a transaction of its own, so one report's refusal (already processed or discarded, not the
 * municipality's) skips that report with the reason and the others still go through. The answer lists each report.
 */
import type { Db } from "../../db/client";
import { ApiError } from "../../lib/errors";
import type { BulkReportAnswer, BulkReportOutcome, ReportIdsBody } from "#contract/distribution-report";
import { processReport } from "./process";
import { discardReport } from "./service";

type OneReport = (db: Db, municipalityId: number, id: number, userId: number) => Promise<{ state: string }>;

async function eachReport(
  one: OneReport,
  db: Db,
  municipalityId: number,
  { ids }: ReportIdsBody,
  userId: number,
): Promise<BulkReportAnswer> {
  const results: BulkReportOutcome[] = [];
  // In the order checked, each id once; one after another, as a clerk would press the row buttons.
  for (const id of new Set(ids)) {
    try {
      const report = await one(db, municipalityId, id, userId);
      results.push({ id, done: true, state: report.state as BulkReportOutcome["state"], message: null });
    } catch (err) {
      // 404 (not the municipality's) and 409 (not unprocessed) skip the report; anything else fails the call.
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      results.push({ id, done: false, state: null, message: err.message });
    }
  }
  const done = results.filter((r) => r.done).length;
  return { done, skipped: results.length - done, results };
}

export const processSelected = (db: Db, municipalityId: number, body: ReportIdsBody, userId: number) =>
  eachReport(processReport, db, municipalityId, body, userId);

export const discardSelected = (db: Db, municipalityId: number, body: ReportIdsBody, userId: number) =>
  eachReport(discardReport, db, municipalityId, body, userId);
