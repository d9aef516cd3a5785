/**
 * Waste collections of the large city (issue 13 part 7): a year of weekly mixed-waste runs over its assigned bins
 * (one collection per 5,000 bins a week) and a four-weekly sorted run, about 2 million evidence records; the
 * collection detail (5,000 records) with its map data, a collection point's evidence, and the throughput of a
 * 500,000-row Universal file through the real API and the job queue, with the process's memory watched.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { importJob, wasteCollection, wasteEvidenceRecord } from "../../../api/db/schema";
import { createBenchApi, importAndFollow } from "../api";
import type { Area, GenerateContext } from "../harness";
import { BENCH_MANAGER } from "./users";
import type { BinState } from "./bins";

const WEEKS = 52;
const PER_COLLECTION = 5_000;
const IMPORT_ROWS = 500_000;

export interface CollectionState {
  municipalityId: number;
  /** A collection of 5,000 records. */
  bigCollectionId: number;
  /** A collection point with a year of records. */
  subjectId: number;
  import: { rows: number; ms: number; peakRssMb: number; baseRssMb: number };
}

interface Bin {
  id: number;
  barcode: string;
  subjectId: number;
  wasteTypeId: number;
  capacity: number;
}

async function generate(ctx: GenerateContext) {
  const { db, rnd } = ctx;
  const b = ctx.state.bins as BinState;
  const municipalityId = b.municipalityId;
  const bins = (await db.execute(sql`
    select h.id, h.barcode, h.subject_id as "subjectId", h.waste_type_id as "wasteTypeId", bt.capacity
    from waste_evidence_header h join bin_type bt on bt.id = h.bin_type_id
    where h.municipality_id = ${municipalityId} and h.state = 'Assigned' and h.subject_id is not null
    order by h.id`)) as unknown as { rows: Bin[] };
  const mixedCode = "200301";
  const mixed = (
    (await db.execute(
      sql`select id from waste_type where catalog_code = ${mixedCode} and municipality_id is null`,
    )) as unknown as {
      rows: { id: number }[];
    }
  ).rows[0]!.id;
  const weekly = bins.rows.filter((x) => x.wasteTypeId === mixed);
  const sorted = bins.rows.filter((x) => x.wasteTypeId !== mixed);
  const weeks = Math.max(2, Math.round(WEEKS * Math.min(1, ctx.scale)));
  const start = Date.UTC(new Date().getUTCFullYear() - 1, 0, 5, 5, 0); // a Monday a year back, 6:00 Prague
  let bigCollectionId = 0;
  let records = 0;
  const t0 = performance.now();
  for (let w = 0; w < weeks; w++) {
    const runs: { list: Bin[]; waste: string }[] = [];
    for (let i = 0; i < weekly.length; i += PER_COLLECTION)
      runs.push({ list: weekly.slice(i, i + PER_COLLECTION), waste: mixedCode });
    if (w % 4 === 0)
      for (let i = 0; i < sorted.length; i += PER_COLLECTION)
        runs.push({ list: sorted.slice(i, i + PER_COLLECTION), waste: "sorted" });
    for (const [r, run] of runs.entries()) {
      const day = new Date(start + (w * 7 + (r % 5)) * 86_400_000);
      const plate = `${r + 1}T${String(r).padStart(1, "0")} ${1000 + r}`;
      const [c] = await db
        .insert(wasteCollection)
        .values({
          municipalityId,
          name: `${plate} · týden ${w + 1}`,
          collectedOn: day.toISOString().slice(0, 10),
          startedAt: day,
          endedAt: new Date(day.getTime() + run.list.length * 4_000),
          licencePlate: plate,
          wasteName: run.waste,
          origin: "Terminal",
          state: "Processed",
          recordCount: run.list.length,
          importKey: `bench|${w}|${r}`,
        })
        .returning({ id: wasteCollection.id });
      // The first run: 5,000 records (fewer on a smaller --scale).
      if (!bigCollectionId) bigCollectionId = c!.id;
      const rows = run.list.map((bin, i) => {
        const fullness = rnd.pick([50, 80, 100, 100, 120]);
        const kg = ((bin.capacity * fullness) / 100) * 0.12;
        return {
          municipalityId,
          wasteCollectionId: c!.id,
          headerId: bin.id,
          code: bin.barcode,
          wasteTypeId: bin.wasteTypeId,
          subjectId: bin.subjectId,
          collectedAt: new Date(day.getTime() + i * 4_000),
          fullness,
          binVolume: bin.capacity,
          weightKg: kg.toFixed(3),
          acknowledgedWeightKg: kg.toFixed(3),
          latitude: (49.2 + rnd.next() * 0.04).toFixed(6),
          longitude: (15.86 + rnd.next() * 0.06).toFixed(6),
          origin: "Terminal",
        };
      });
      await ctx.insertMany(wasteEvidenceRecord, rows, { label: "waste_evidence_record (a year of collections)" });
      records += rows.length;
    }
    await db.execute(sql`update waste_collection set weight_kg = (select sum(acknowledged_weight_kg) from waste_evidence_record r
      where r.waste_collection_id = waste_collection.id) where municipality_id = ${municipalityId} and import_key like ${`bench|${w}|%`}`);
  }
  console.log(
    `  waste collections: ${records.toLocaleString("en-US")} records in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  ctx.sizes.wasteEvidenceRecords = records;
  await db.execute("analyze waste_evidence_record");
  await db.execute("analyze waste_collection");

  const state: CollectionState = {
    municipalityId,
    bigCollectionId,
    subjectId: weekly[0]!.subjectId,
    import: await importThroughput(ctx, municipalityId, weekly),
  };
  ctx.state.collections = state;
}

/** A 500,000-row Universal file (a few unknown codes) POSTed like the upload form does, then followed to its end. */
async function importThroughput(ctx: GenerateContext, municipalityId: number, bins: Bin[]) {
  const rows = Math.max(5_000, Math.round(IMPORT_ROWS * ctx.scale));
  const day = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1, 5, 0);
  const lines = [
    "time;code;rfid;waste;binVolume;fullness;weight;latitude;longitude;licencePlate;device;nonconformingStates",
  ];
  for (let i = 0; i < rows; i++) {
    const bin = bins[i % bins.length]!;
    // Each bin read once a day: ten days of the vehicle's runs.
    const at = new Date(day + Math.floor(i / bins.length) * 86_400_000 + (i % bins.length) * 1_000).toISOString();
    const code = i % 97 === 0 ? `99${i}` : bin.barcode;
    lines.push(`${at};${code};;200301;${bin.capacity};100;${(bin.capacity * 0.12).toFixed(1)};49.21;15.88;9T9 9999;;`);
  }
  const csv = lines.join("\n") + "\n";
  const api = await createBenchApi(ctx.database);
  const token = await api.token(BENCH_MANAGER);
  const body = new FormData();
  body.set("format", "Universal");
  body.set("file", new File([csv], "svoz.csv", { type: "text/csv" }));
  const baseRss = process.memoryUsage().rss;
  let peakRss = baseRss;
  const watch = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const started = performance.now();
  const job = await importAndFollow(api, token, municipalityId, "waste-collection", body);
  const ms = performance.now() - started;
  clearInterval(watch);
  if (job.totalRows !== rows) throw new Error(`collection import: ${JSON.stringify(job)}`);
  const mb = (Buffer.byteLength(csv) / 2 ** 20).toFixed(1);
  console.log(
    `  collection CSV import: ${rows.toLocaleString("en-US")} rows (${mb} MB) in ${(ms / 1000).toFixed(2)} s = ${Math.round(rows / (ms / 1000)).toLocaleString("en-US")} rows/s; ${job.acceptedRows} accepted, ${job.errorRows} rejected; RSS ${Math.round(baseRss / 2 ** 20)} → peak ${Math.round(peakRss / 2 ** 20)} MB`,
  );
  ctx.stats.push({ table: "waste collection CSV import through the API and the job queue", rows, ms });
  // Back to the documented data set.
  const made = await ctx.db
    .select({ id: wasteCollection.id })
    .from(wasteCollection)
    .where(eq(wasteCollection.importJobId, job.id));
  if (made.length)
    await ctx.db.delete(wasteCollection).where(
      inArray(
        wasteCollection.id,
        made.map((m) => m.id),
      ),
    );
  await ctx.db.delete(importJob).where(eq(importJob.id, job.id));
  return { rows, ms, peakRssMb: Math.round(peakRss / 2 ** 20), baseRssMb: Math.round(baseRss / 2 ** 20) };
}

export const collectionsArea: Area = {
  name: "collections",
  generate,
  scenarios({ state }) {
    const c = state.collections as CollectionState;
    const base = `/municipality/${c.municipalityId}`;
    const lastYear = new Date().getUTCFullYear() - 1;
    return [
      { name: "waste collections list, first page", as: "manager", path: `${base}/waste-collection` },
      {
        name: "collection detail (5,000 records: summary by street and bin size)",
        as: "manager",
        path: `${base}/waste-collection/${c.bigCollectionId}`,
        budgetMs: 100,
      },
      {
        name: "collection map data (5,000 records)",
        as: "manager",
        path: `${base}/waste-collection/${c.bigCollectionId}/map`,
        budgetMs: 100,
      },
      {
        name: "collection records, first page",
        as: "manager",
        path: `${base}/waste-collection/${c.bigCollectionId}/records`,
      },
      { name: "collection point's evidence (a year)", as: "manager", path: `${base}/subject/${c.subjectId}/evidence` },
      {
        name: "evidence records list, filtered by collection point",
        as: "manager",
        path: `${base}/waste-evidence?subjectId=${c.subjectId}`,
        budgetMs: 30,
      },
      // The global search asks every list with the typed term (decision 0042); the records' list is the largest.
      {
        name: "evidence records list, searched for a name (the global search's heaviest call)",
        as: "manager",
        path: `${base}/waste-evidence?search=novak&pageSize=5`,
        budgetMs: 400,
      },
      // Reports (decision 0043) over a year of ~2 million records: a report asked for, not a page of a list. By
      // collection point a whole year reads the kept yearly sums; by waste and by bin the records are grouped.
      ...(
        [
          ["subject", 400],
          ["waste", 1_000],
          ["bin", 2_500],
        ] as const
      ).map(([type, budgetMs]) => ({
        name: `report by ${type}, last year (about 2 million records)`,
        as: "manager" as const,
        path: `${base}/report?type=${type}&dateFrom=${lastYear}-01-01&dateTo=${lastYear}-12-31`,
        budgetMs,
      })),
    ];
  },
};
