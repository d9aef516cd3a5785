/**
 * Bins of the large city (issue 5): 60,000 waste evidence headers of the bench manager's municipality — two bins for
 * most inhabited collection points (mixed waste and a sorted one), containers for apartment buildings and
 * companies, a few thousand free codes from print batches, some discarded — with their catalogue bin and waste
 * types; the bins list (first page, filtered, deep page, date sort), the detail and both barcode searches.
 */
import { isNull } from "drizzle-orm";
import { binType, wasteEvidenceHeader, wasteType } from "../../../api/db/schema";
import { makeBarcode } from "#contract/codes";
import { spread, stateArea, type Area, type GenerateContext } from "../harness";
import type { SubjectState } from "./subjects";

const BINS = 60_000;

export interface BinState {
  municipalityId: number;
  ids: number[];
  barcodes: string[];
  subjectId: number;
}

async function generate(ctx: GenerateContext) {
  const { rnd, db } = ctx;
  const s = ctx.state.subjects as SubjectState;
  const municipalityId = s.municipalityId;
  const count = Math.max(300, Math.round(BINS * ctx.scale));
  const catalogueBins = await db.select().from(binType).where(isNull(binType.municipalityId));
  const catalogueWaste = await db.select().from(wasteType).where(isNull(wasteType.municipalityId));
  const binOf = (capacity: number) => catalogueBins.find((b) => b.capacity === capacity) ?? catalogueBins[0]!;
  const mixed = catalogueWaste.find((w) => w.catalogCode === "200301") ?? catalogueWaste[0]!;
  const sorted = catalogueWaste.filter((w) => w.sorted);
  const now = Date.now();

  const rows: (typeof wasteEvidenceHeader.$inferInsert)[] = [];
  let plain = 0;
  const add = (row: Omit<typeof wasteEvidenceHeader.$inferInsert, "municipalityId" | "barcode" | "plainCode">) => {
    plain++;
    rows.push({ municipalityId, plainCode: String(plain), barcode: makeBarcode(municipalityId, plain), ...row });
  };
  // Assigned bins, subject by subject, until 90 % of the set; then free codes and discarded bins.
  for (let i = 0; rows.length < count * 0.9; i = (i + 1) % s.subjectIds.length) {
    const subjectId = s.subjectIds[i]!;
    const big = rnd.chance(0.08);
    const assignedAt = new Date(now - rnd.int(1, 2000) * 86_400_000);
    const lastEvidenceAt = rnd.chance(0.85) ? new Date(now - rnd.int(0, 60) * 86_400_000) : null;
    const type = binOf(big ? 1100 : rnd.pick([110, 120, 240]));
    add({
      subjectId,
      binTypeId: type.id,
      wasteTypeId: mixed.id,
      state: "Assigned",
      assignedAt,
      assignedFrom: assignedAt,
      lastEvidenceAt,
    });
    if (rows.length < count * 0.9 && rnd.chance(0.6)) {
      add({
        subjectId,
        binTypeId: binOf(240).id,
        wasteTypeId: rnd.pick(sorted).id,
        state: "Assigned",
        assignedAt,
        assignedFrom: assignedAt,
        lastEvidenceAt,
      });
    }
  }
  while (rows.length < count) {
    if (rnd.chance(0.7)) add({ binTypeId: binOf(120).id, state: "Free" });
    else
      add({
        subjectId: rnd.pick(s.subjectIds),
        binTypeId: binOf(120).id,
        state: "Discarded",
        discardedAt: new Date(now - rnd.int(1, 900) * 86_400_000),
      });
  }
  const ids = await ctx.insertMany<typeof wasteEvidenceHeader, number>(wasteEvidenceHeader, rows, {
    returning: wasteEvidenceHeader.id,
  });
  // bin_count as the product keeps it (Assigned and Used bins).
  await db.execute(`update subject s set bin_count = b.n from (
      select subject_id, count(*)::int n from waste_evidence_header
      where municipality_id = ${municipalityId} and state in ('Assigned', 'Used') and subject_id is not null group by subject_id) b
    where b.subject_id = s.id`);

  ctx.state.bins = {
    municipalityId,
    ids,
    barcodes: rows.map((r) => r.barcode),
    subjectId: rows[0]!.subjectId!,
  } satisfies BinState;
  ctx.sizes.bins = ids.length;
}

export const binsArea: Area = stateArea<BinState>("bins", "bins", generate, (b) => {
  const base = `/municipality/${b.municipalityId}`;
  const sample = spread(b.ids);
  const codes = spread(b.barcodes);
  const deep = Math.max(1, Math.floor(b.ids.length / 25) - 10);
  return [
    { name: "bins list, first page", as: "manager", path: `${base}/waste-evidence-header?page=1&pageSize=25` },
    {
      name: "bins list, filtered (state Discarded)",
      as: "manager",
      path: `${base}/waste-evidence-header?state=Discarded`,
    },
    {
      name: "bins list, one subject's bins",
      as: "manager",
      path: `${base}/waste-evidence-header?subjectId=${b.subjectId}`,
    },
    {
      name: `bins list, deep page (${deep} × 25)`,
      as: "manager",
      path: `${base}/waste-evidence-header?page=${deep}&pageSize=25`,
    },
    {
      name: "bins list, sorted by last evidence desc",
      as: "manager",
      path: `${base}/waste-evidence-header?sort=-lastEvidenceAt`,
    },
    { name: "bin detail", as: "manager", path: (i) => `${base}/waste-evidence-header/${sample[i % sample.length]}` },
    {
      name: "waste-evidence-header/search-by-barcode",
      as: "manager",
      path: (i) => `/waste-evidence-header/search-by-barcode?barcode=${codes[i % codes.length]}`,
    },
    {
      name: "municipality/{id}/find-code-by-barcode",
      as: "manager",
      path: (i) => `${base}/find-code-by-barcode?barcode=${codes[i % codes.length]}`,
    },
    {
      name: "page /infrastructure/waste-evidence-headers",
      as: "manager",
      web: true,
      budgetMs: 150,
      path: "/infrastructure/waste-evidence-headers",
    },
  ];
});
