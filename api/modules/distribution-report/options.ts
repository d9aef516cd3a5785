/**
 * The create form's options and the list's centre filter, under the reports' own permission: a distribution
 * centre's staff write reports without reading the register's lists (contract/permissions.ts REUSE_CENTER_WORKER).
 * The searches are the subject and fee-payer pickers' own (their listOptions).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { binType, distributionCentre, feePayer, subject, wasteType } from "../../db/schema";
import type { FormOptions } from "#contract/distribution-report";
import type { z } from "zod";
import type { formOptionsQuery } from "#contract/distribution-report";
import { feePayerName } from "#contract/fee-payer";
import { listOptions as subjectOptions } from "../subject/list";
import { listOptions as payerOptions } from "../fee-payer/list";
import { feePayerNameColumns } from "../fee-payer/shared";
import { catalogueOrOwn } from "../waste-settings/shared";

/** The active types the municipality may choose. */
const usable = (table: typeof binType | typeof wasteType, municipalityId: number) =>
  and(eq(table.active, true), catalogueOrOwn(table, municipalityId));

export async function formOptions(
  db: Db,
  municipalityId: number,
  q: z.output<typeof formOptionsQuery>,
): Promise<FormOptions> {
  const [centres, subjects, payers, binTypes, wasteTypes] = await Promise.all([
    db
      .select({ id: distributionCentre.id, name: distributionCentre.name })
      .from(distributionCentre)
      .where(eq(distributionCentre.municipalityId, municipalityId))
      .orderBy(asc(distributionCentre.name)),
    subjectOptions(db, municipalityId, { search: q.subjectSearch }),
    payerOptions(db, municipalityId, { search: q.payerSearch }),
    db
      .select({ id: binType.id, name: binType.name })
      .from(binType)
      .where(usable(binType, municipalityId))
      .orderBy(asc(binType.name)),
    db
      .select({ id: wasteType.id, name: wasteType.name })
      .from(wasteType)
      .where(usable(wasteType, municipalityId))
      .orderBy(asc(wasteType.name)),
  ]);
  const subjectItems = subjects.items.map((s) => ({ id: s.id, name: s.address ? `${s.name} (${s.address})` : s.name }));
  if (q.subjectId && !subjectItems.some((s) => s.id === q.subjectId)) {
    const [chosen] = await db
      .select({ id: subject.id, name: subject.name })
      .from(subject)
      .where(and(eq(subject.id, q.subjectId), eq(subject.municipalityId, municipalityId)));
    if (chosen) subjectItems.unshift(chosen);
  }
  const payerItems = payers.items.map(({ id, name }) => ({ id, name }));
  const missing = q.feePayerIds.filter((id) => !payerItems.some((p) => p.id === id));
  if (missing.length) {
    const rows = await db
      .select({ id: feePayer.id, ...feePayerNameColumns })
      .from(feePayer)
      .where(and(inArray(feePayer.id, missing), eq(feePayer.municipalityId, municipalityId)));
    payerItems.unshift(...rows.map((r) => ({ id: r.id, name: feePayerName(r) })));
  }
  return { centres, subjects: subjectItems, payers: payerItems, binTypes, wasteTypes };
}
