/**
 * Demo distribution reports of Třebíč (issue 15 part 3): four weeks of visits at the municipality's distribution
 * centres, written and processed through the reports' own services, so the register changes as a clerk's processing
 * would change it (payers joining and leaving, free codes handed out as new bins, dispose counts); some end in a
 * warning (a code that does not exist), one is discarded and the last few wait unprocessed.
 *
 * The centres are made by the distribution-centre module's demo step: this step runs after it and does nothing when
 * the municipality has no centre.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { binType, distributionCentre, feePayer, subject, user, wasteEvidenceHeader, wasteType } from "../db/schema";
import type { DistributionRecordForm } from "#contract/distribution-report";
import { createReport, discardReport } from "../modules/distribution-report/service";
import { processReport } from "../modules/distribution-report/process";
import { today } from "../modules/subject/membership";
import { oldestRows } from "./rows";

const dayBefore = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

export async function seedDemoDistributionReports(tx: Db, municipalityId: number): Promise<void> {
  const centres = await oldestRows(tx, distributionCentre, municipalityId);
  if (!centres.length) return;
  const [clerk] = await oldestRows(tx, user, municipalityId, 1);
  const points = await oldestRows(tx, subject, municipalityId, 14);
  const payers = await oldestRows(tx, feePayer, municipalityId, 60);
  const freeCodes = await tx
    .select({ plainCode: wasteEvidenceHeader.plainCode })
    .from(wasteEvidenceHeader)
    .where(
      and(
        eq(wasteEvidenceHeader.municipalityId, municipalityId),
        isNull(wasteEvidenceHeader.subjectId),
        inArray(wasteEvidenceHeader.state, ["Free", "NoBin"]),
      ),
    )
    .orderBy(asc(wasteEvidenceHeader.id))
    .limit(8);
  const [bin] = await tx
    .select({ id: binType.id })
    .from(binType)
    .where(and(eq(binType.active, true), isNull(binType.municipalityId)))
    .orderBy(asc(binType.id))
    .limit(1);
  const [waste] = await tx
    .select({ id: wasteType.id })
    .from(wasteType)
    .where(and(eq(wasteType.name, "Papír"), isNull(wasteType.municipalityId)));
  const [anyWaste] = waste ? [waste] : await tx.select({ id: wasteType.id }).from(wasteType).limit(1);
  if (!clerk || points.length < 2 || payers.length < 10 || !bin || !anyWaste) return;

  const day = today();
  // The newest payers of the register join; the oldest ones leave (they are members of the first collection points).
  const joining = payers.slice(-10).map((p) => p.id);
  const codes = freeCodes.map((c) => c.plainCode!);
  const newBin = (code: string): DistributionRecordForm => ({
    type: "NewBin",
    code,
    binTypeId: bin.id,
    wasteTypeId: anyWaste.id,
  });
  /** `point`: the collection point's index when a visit is about an earlier one's payer (else the visit's own). */
  type Visit = {
    point?: number;
    daysAgo: number;
    records: DistributionRecordForm[];
    description?: string;
    then?: "discard" | "wait";
  };
  const visits: Visit[] = [
    { daysAgo: 27, records: [{ type: "FeePayerAdded", feePayerId: joining[0] }, ...codes.slice(0, 1).map(newBin)] },
    {
      daysAgo: 25,
      records: [{ type: "OrderedDisposeCount", orderedDisposeCount: 26 }],
      description: "Přechod na vývoz jednou za 14 dní",
    },
    {
      daysAgo: 23,
      records: [...codes.slice(1, 2).map(newBin), newBin("99999999")],
      description: "Druhá nádoba na papír",
    },
    {
      daysAgo: 20,
      records: [
        { type: "FeePayerAdded", feePayerId: joining[1] },
        { type: "FeePayerAdded", feePayerId: joining[2] },
      ],
    },
    { daysAgo: 18, records: [{ type: "Description", description: "Předán leták k třídění bioodpadu" }] },
    {
      point: 0,
      daysAgo: 16,
      records: [{ type: "FeePayerChanged", feePayerId: joining[0], description: "Nové příjmení po sňatku" }],
    },
    {
      daysAgo: 13,
      records: [...codes.slice(2, 4).map(newBin), { type: "OrderedDisposeCount", orderedDisposeCount: 52 }],
    },
    // Joined at the fourth visit's point and leaves it; the next one names a payer who never lived there: an error.
    {
      point: 3,
      daysAgo: 11,
      records: [{ type: "FeePayerRemoved", feePayerId: joining[1] }],
      description: "Odstěhování",
    },
    { daysAgo: 10, records: [{ type: "FeePayerRemoved", feePayerId: joining[9] }], description: "Odhlášení" },
    {
      daysAgo: 9,
      records: [{ type: "FeePayerAdded", feePayerId: joining[4] }],
      then: "discard",
      description: "Zapsáno omylem",
    },
    { daysAgo: 6, records: [...codes.slice(4, 5).map(newBin), { type: "FeePayerAdded", feePayerId: joining[5] }] },
    {
      daysAgo: 3,
      records: [{ type: "FeePayerAdded", feePayerId: joining[6] }, ...codes.slice(5, 6).map(newBin)],
      then: "wait",
    },
    { daysAgo: 1, records: [{ type: "OrderedDisposeCount", orderedDisposeCount: 13 }], then: "wait" },
    {
      daysAgo: 0,
      records: [...codes.slice(6, 7).map(newBin), { type: "Description", description: "Pytle na plasty 10 ks" }],
      then: "wait",
    },
  ];
  for (const [i, v] of visits.entries()) {
    const records = v.records.filter((r) => r.type !== "FeePayerAdded" || r.feePayerId);
    if (!records.length) continue;
    const { id } = await createReport(
      tx,
      municipalityId,
      {
        centreId: centres[i % centres.length]!.id,
        subjectId: points[(v.point ?? i) % points.length]!.id,
        reportDate: dayBefore(day, v.daysAgo),
        description: v.description,
        records,
      },
      clerk.id,
    );
    if (v.then === "discard") await discardReport(tx, municipalityId, id, clerk.id);
    else if (v.then !== "wait") await processReport(tx, municipalityId, id, clerk.id);
  }
}
