/**
 * Demo waste collections of Třebíč (issue 13): the last six weeks of the fortnightly run of the mixed-waste vehicle,
 * as its terminal would send them, processed by the import's own row processing (process.ts): the houses' bins
 * emptied, now and then a tag nobody knows and a bin read twice in a day, weighed per bin.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { municipality, wasteEvidenceHeader } from "../db/schema";
import type { CollectionRow } from "#contract/collection-import";
import type { DuplicateHandlingStrategy } from "#contract/enums";
import { processRows, type RowIn } from "../modules/waste-collection/process";
import { loadWasteTypes } from "../modules/waste-collection/waste-types";
import { settleMeasuredWeight, settleState } from "../modules/waste-collection/settle";

const TERMINAL = "MT-2024-0117";
const PLATE = "1J7 4410";
/** Around Třebíč's centre: each bin gets a fixed spot. */
const spot = (i: number) => ({ latitude: 49.2149 + ((i * 37) % 20) / 2000, longitude: 15.8817 + ((i * 53) % 20) / 1500 });

export async function seedDemoCollections(tx: Db, municipalityId: number): Promise<void> {
  const bins = await tx
    .select({ barcode: wasteEvidenceHeader.barcode })
    .from(wasteEvidenceHeader)
    .where(
      and(
        eq(wasteEvidenceHeader.municipalityId, municipalityId),
        eq(wasteEvidenceHeader.state, "Assigned"),
        isNotNull(wasteEvidenceHeader.subjectId),
      ),
    )
    .orderBy(wasteEvidenceHeader.id);
  if (!bins.length) return;
  const [m] = await tx
    .select({ strategy: municipality.duplicateHandlingStrategy })
    .from(municipality)
    .where(eq(municipality.id, municipalityId));
  const rows: RowIn[] = [];
  const today = new Date();
  for (let week = 6; week >= 2; week -= 2) {
    // Monday of that week, from 6:00 Prague time (5:00 UTC in winter is close enough for demo data).
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - week * 7));
    day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
    bins.forEach((b, i) => {
      const time = new Date(day.getTime() + (5 * 60 + i * 3) * 60_000).toISOString();
      const row: CollectionRow = {
        time,
        code: b.barcode,
        rfid: null,
        waste: "200301",
        binVolume: 120,
        fullness: [100, 80, 120, 60][(i + week) % 4]!,
        weightGrams: 9_000 + ((i * 1_731 + week * 977) % 8_000),
        ...spot(i),
        licencePlate: PLATE,
        device: TERMINAL,
        nonconformingStateIds: (i + week) % 5 === 0 ? [33] : [],
      };
      rows.push({ rowNumber: null, raw: null, row });
      // The driver scanned the first bin again a few minutes later (Třebíč merges such readings).
      if (i === 0 && week === 4) rows.push({ rowNumber: null, raw: null, row: { ...row, time: new Date(Date.parse(time) + 240_000).toISOString() } });
    });
    // A tag the municipality does not know yet (a new bin not labelled in the product).
    const time = new Date(day.getTime() + 7 * 3_600_000).toISOString();
    rows.push({
      rowNumber: null,
      raw: null,
      row: {
        time,
        code: null,
        rfid: `E2003412B8${String(week).padStart(6, "0")}`,
        waste: "200301",
        binVolume: null,
        fullness: 100,
        weightGrams: 11_500,
        ...spot(99),
        licencePlate: PLATE,
        device: TERMINAL,
        nonconformingStateIds: [],
      },
    });
  }
  const res = await processRows(
    tx,
    {
      municipalityId,
      strategy: (m?.strategy ?? "NoAction") as DuplicateHandlingStrategy,
      wasteTypes: await loadWasteTypes(tx, municipalityId),
      importJobId: null,
      origin: "Terminal",
      userId: null,
    },
    rows,
  );
  for (const id of res.collectionIds) await settleMeasuredWeight(tx, id);
  await settleState(tx, [...res.collectionIds]);
}
