/**
 * Demo bins and waste cards of Třebíč (issue 5), made through the product's own services so that they look exactly
 * like a clerk's work: an addressed print batch (printed) that gave the family houses their 120 l bins, a batch of
 * free 240 l codes waiting to be assigned, one bin discarded, the dispose counts of the last months, and waste cards
 * (assigned, free, expired).
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { binType, disposeCount, subject, subjectFeePayer, wasteCard, wasteEvidenceHeader } from "../db/schema";
import { resolveUser } from "../lib/auth";
import { createPrintBatch, markPrinted } from "../modules/print-batch/service";
import { discardHeaders } from "../modules/waste-evidence-header/service";

const HOUSES = ["Novákovi, Hasskova 12", "Dvořákovi, Bráfova 3", "Kučerovi, Žerotínova 48", "Horákovi, Spojovací 5"];

export async function seedDemoBins(tx: Db, municipalityId: number): Promise<void> {
  const clerk = await resolveUser(tx, { preferred_username: "manager" });
  if (!clerk) return;
  const types = new Map(
    (await tx.select({ id: binType.id, name: binType.name }).from(binType).where(isNull(binType.municipalityId))).map(
      (t) => [t.name, t.id],
    ),
  );
  const bin120 = types.get("Popelnice 120 l");
  const bin240 = types.get("Popelnice 240 l");
  if (!bin120 || !bin240) return;
  const houses = await tx
    .select({ id: subject.id, name: subject.name })
    .from(subject)
    .where(and(eq(subject.municipalityId, municipalityId), inArray(subject.name, HOUSES)));

  const addressed = await createPrintBatch(tx, municipalityId, clerk, {
    codeType: "Regular",
    subjectIds: houses.map((h) => h.id),
    binTypeIds: [bin120],
    rfid: false,
    note: "Popelnice rodinných domů – jarní rozvoz",
  });
  await markPrinted(tx, municipalityId, addressed.id);
  await createPrintBatch(tx, municipalityId, clerk, {
    codeType: "NoSubject",
    codeCount: 24,
    subjectIds: [],
    binTypeIds: [bin240],
    rfid: false,
    note: "Zásoba kódů pro nové nádoby 240 l",
  });

  const bins = await tx
    .select({ id: wasteEvidenceHeader.id, subjectId: wasteEvidenceHeader.subjectId })
    .from(wasteEvidenceHeader)
    .where(eq(wasteEvidenceHeader.printBatchId, addressed.id))
    .orderBy(wasteEvidenceHeader.id);
  // The last house's old bin was broken and discarded.
  const broken = bins.at(-1);
  if (broken) await discardHeaders(tx, municipalityId, [broken.id], clerk.user.id);

  // Fortnightly collection: 2 ordered a month, mostly emptied twice; the last six months.
  const now = new Date();
  const counts = bins.slice(0, -1).flatMap((b, i) =>
    Array.from({ length: 6 }, (_, k) => {
      const d = new Date(now.getFullYear(), now.getMonth() - 1 - k, 1);
      return {
        headerId: b.id,
        year: d.getFullYear(),
        month: d.getMonth() + 1,
        orderedCount: 2,
        actualCount: (i + k) % 4 === 0 ? 1 : 2,
      };
    }),
  );
  if (counts.length) await tx.insert(disposeCount).values(counts);

  // Waste cards for the yard: one per household payer, a free one and one past its validity.
  const payers = await tx
    .select({ id: subjectFeePayer.feePayerId, subjectId: subjectFeePayer.subjectId })
    .from(subjectFeePayer)
    .where(
      inArray(
        subjectFeePayer.subjectId,
        houses.map((h) => h.id),
      ),
    )
    .orderBy(subjectFeePayer.feePayerId);
  const year = now.getFullYear();
  const cards = [
    ...payers.slice(0, 6).map((p, i) => ({
      plainCode: String(5001 + i),
      subjectId: p.subjectId,
      feePayerId: p.id,
      state: "Assigned",
      validFrom: `${year}-01-01`,
      validTo: `${year + 1}-12-31`,
    })),
    { plainCode: "5090", subjectId: null, feePayerId: null, state: "Free", validFrom: null, validTo: null },
    {
      plainCode: "4990",
      subjectId: houses[0]?.id ?? null,
      feePayerId: null,
      state: "Expired",
      validFrom: `${year - 2}-01-01`,
      validTo: `${year - 1}-12-31`,
    },
  ];
  await tx
    .insert(wasteCard)
    .values(cards.map((c) => ({ ...c, municipalityId, code: `TR${c.plainCode.padStart(8, "0")}` })));
}
