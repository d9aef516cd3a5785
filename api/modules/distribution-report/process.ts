/**
 * Processing a distribution report (docs/distribution-reports.md): its rows are applied to the register in one
 * transaction through the register's own services (memberships of subject/membership.ts, the bins' code assignment
 * of waste-evidence-header/assign.ts, the subject's dispose frequency), each row in a savepoint of its own, so that a
 * refused row is skipped with its outcome and message and the others still apply. The report then is processed
 * (every row ok), warning (some rows skipped) or error (nothing could be applied).
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { distributionReport, distributionReportRecord, feePayer, subject } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import { isInMunicipality } from "../../lib/records";
import { bumped } from "../../lib/version";
import type { DistributionRecordType, DistributionReportState, RecordOutcome } from "#contract/distribution-report";
import type { DisposeFrequencyPeriod } from "#contract/subject";
import { endMemberships, isMemberOn, joinSubject } from "../subject/membership";
import { setDisposeFrequency } from "../subject/write";
import { assignCodes } from "../waste-evidence-header/assign";
import { findReport, getReport, notUnprocessed } from "./service";

type RecordRow = typeof distributionReportRecord.$inferSelect;
interface Outcome {
  outcome: RecordOutcome;
  message: string | null;
  wasteEvidenceHeaderId?: number;
}

const czechDate = (iso: string) => {
  const [y, m, d] = iso.split("-");
  return `${Number(d)}. ${Number(m)}. ${y}`;
};
const ok = (message: string | null = null, more: Partial<Outcome> = {}): Outcome => ({
  outcome: "ok",
  message,
  ...more,
});
const warning = (message: string): Outcome => ({ outcome: "warning", message });
const error = (message: string): Outcome => ({ outcome: "error", message });

/** A refusal of a register service (its 422 or 409) as the row's message. */
const refusalText = (err: ApiError) => Object.values(err.errors ?? {})[0]?.[0] ?? err.message;

const PAYER_MISSING = "Poplatník v evidenci obce není.";
const NOT_A_MEMBER = "Poplatník u odběrného místa v den hlášení není.";

interface Context {
  tx: Db;
  municipalityId: number;
  subjectId: number;
  reportDate: string;
  userId: number;
}

async function applyRecord(c: Context, r: RecordRow): Promise<Outcome> {
  const { tx, municipalityId, subjectId, reportDate } = c;
  const payerKnown = () => r.feePayerId !== null && isInMunicipality(tx, feePayer, municipalityId, r.feePayerId);
  switch (r.type as DistributionRecordType) {
    case "FeePayerAdded": {
      if (!(await payerKnown())) return error(PAYER_MISSING);
      await joinSubject(tx, { municipalityId, subjectId, feePayerId: r.feePayerId!, validFrom: reportDate });
      return ok(`Poplatník přidán k odběrnému místu od ${czechDate(reportDate)}.`);
    }
    case "FeePayerRemoved": {
      if (!(await payerKnown())) return error(PAYER_MISSING);
      const touched = await endMemberships(tx, { feePayerId: r.feePayerId!, subjectId }, reportDate);
      return touched.length ? ok(`Členství ukončeno k ${czechDate(reportDate)}.`) : warning(NOT_A_MEMBER);
    }
    case "FeePayerChanged": {
      // The change itself is the description (e.g. a new surname); the register is checked, nothing is written.
      if (!(await payerKnown())) return error(PAYER_MISSING);
      const member = await isMemberOn(tx, municipalityId, subjectId, r.feePayerId!, reportDate);
      return member ? ok("Změna poplatníka zaznamenána.") : warning(NOT_A_MEMBER);
    }
    case "NewBin": {
      const { results } = await assignCodes(
        tx,
        municipalityId,
        {
          subjectId,
          codes: [r.code ?? ""],
          binTypeId: r.binTypeId ?? undefined,
          wasteTypeId: r.wasteTypeId ?? undefined,
          assignedFrom: reportDate,
          moveEvidences: false,
        },
        c.userId,
      );
      const result = results[0];
      if (result?.status !== "assigned") return warning(result?.message ?? "Kód nebyl nalezen.");
      return ok("Kód přiřazen k odběrnému místu.", { wasteEvidenceHeaderId: result.id ?? undefined });
    }
    case "OrderedDisposeCount": {
      const [s] = await tx
        .select({ version: subject.version, period: subject.disposeFrequencyPeriod })
        .from(subject)
        .where(eq(subject.id, subjectId));
      // The collection point keeps its period; one without any counts per year.
      const period = (s!.period as DisposeFrequencyPeriod | null) ?? "Year";
      await setDisposeFrequency(tx, municipalityId, subjectId, {
        period,
        orderedDisposeCount: r.orderedDisposeCount ?? 0,
        version: s!.version,
      });
      return ok(`Objednaný počet vývozů je ${r.orderedDisposeCount ?? 0}.`);
    }
    case "Description":
      return ok();
    default:
      return error("Neznámý typ záznamu.");
  }
}

/** The report's state from its rows' outcomes: all ok → processed; some applied → warning; none → error. */
function stateOf(records: RecordRow[], outcomes: Outcome[]): DistributionReportState {
  if (outcomes.every((o) => o.outcome === "ok")) return "processed";
  const applied = outcomes.some((o, i) => o.outcome === "ok" && records[i]!.type !== "Description");
  return applied ? "warning" : "error";
}

export async function processReport(db: Db, municipalityId: number, id: number, userId: number) {
  await findReport(db, municipalityId, id);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // The row lock makes a second click (or a second clerk) wait, then find the report processed: 409.
    const [report] = await tx
      .select()
      .from(distributionReport)
      .where(and(eq(distributionReport.id, id), eq(distributionReport.municipalityId, municipalityId)))
      .for("update");
    if (report!.state !== "unprocessed") throw notUnprocessed();
    const records = await tx
      .select()
      .from(distributionReportRecord)
      .where(eq(distributionReportRecord.reportId, id))
      .orderBy(asc(distributionReportRecord.position));
    const subjectOk =
      report!.subjectId !== null && (await isInMunicipality(tx, subject, municipalityId, report!.subjectId));
    const outcomes: Outcome[] = [];
    for (const r of records) {
      if (!subjectOk) {
        outcomes.push(error("Odběrné místo hlášení v evidenci obce není."));
        continue;
      }
      const context = { municipalityId, subjectId: report!.subjectId!, reportDate: report!.reportDate, userId };
      try {
        outcomes.push(await tx.transaction((sp) => applyRecord({ ...context, tx: sp as unknown as Db }, r)));
      } catch (err) {
        if (!(err instanceof ApiError) || err.status >= 500) throw err;
        outcomes.push(warning(refusalText(err)));
      }
    }
    for (const [i, r] of records.entries()) {
      const o = outcomes[i]!;
      await tx
        .update(distributionReportRecord)
        .set({ outcome: o.outcome, message: o.message, wasteEvidenceHeaderId: o.wasteEvidenceHeaderId ?? null })
        .where(eq(distributionReportRecord.id, r.id));
    }
    const state = stateOf(records, outcomes);
    const skipped = outcomes.filter((o) => o.outcome !== "ok").length;
    await tx
      .update(distributionReport)
      .set({
        state,
        resultMessage:
          state === "processed"
            ? null
            : state === "warning"
              ? `Přeskočené záznamy: ${skipped} z ${records.length}.`
              : "Žádný záznam se nepodařilo použít.",
        processedAt: new Date(),
        processedBy: userId,
        updatedAt: new Date(),
        version: bumped(distributionReport.version),
      })
      .where(eq(distributionReport.id, id));
  });
  return getReport(db, municipalityId, id);
}
