/**
 * Collection yards of the large city (issue 15 part 4): three yards with five wastes each (the demo's fee ranges
 * with VAT), a year of visits — about 50,000, one to three wastes each, every fee computed by the product's own rule
 * (contract/yard-fee.ts) — by the city's fee payers (a few thousand regulars bring most of them). Timed: the visit
 * list as the screen asks for it (first page, a yard and a month, a payer's search, a deep page), a yard's workload
 * by month, week and day with its top visitors and waste income, one visit's detail (p95 budget 50 ms), and the
 * protocol PDF (200 ms).
 */
import { and, isNull, inArray } from "drizzle-orm";
import {
  collectionYard,
  collectionYardWaste,
  collectionYardWasteFee,
  collectionYardWasteFeeRange,
  wasteType,
  yardReport,
  yardReportRecord,
} from "../../../api/db/schema";
import { sumDecimals, yardWasteFee, type FeePeriod } from "../../../contract/yard-fee";
import { spread, isoDay, stateArea, type Area, type GenerateContext } from "../harness";
import type { SubjectState } from "./subjects";

const VISITS = 50_000;
const PAYMENT_TYPES = ["Cash", "Cash", "Cash", "Invoice", "Transfer"] as const;

/** The demo's wastes: bulky waste in three ranges with 21 % VAT, bio waste free up to 25 kg, the rest free. */
const WASTES: { name: string; period: FeePeriod; kg: [number, number] }[] = [
  {
    name: "Objemný odpad",
    kg: [5, 400],
    period: {
      validFrom: "2000-01-01",
      validTo: null,
      vatRate: 21,
      ranges: [
        { fromKg: "0", toKg: "50", value: "0" },
        { fromKg: "50", toKg: "200", value: "2.50" },
        { fromKg: "200", toKg: null, value: "3.10" },
      ],
    },
  },
  {
    name: "Biologicky rozložitelný odpad",
    kg: [3, 120],
    period: {
      validFrom: "2000-01-01",
      validTo: null,
      vatRate: 21,
      ranges: [
        { fromKg: "0", toKg: "25", value: "0" },
        { fromKg: "25", toKg: null, value: "1.20" },
      ],
    },
  },
  { name: "Sklo", kg: [1, 40], period: { validFrom: "2000-01-01", validTo: null, vatRate: 0, ranges: [] } },
  { name: "Kovy", kg: [1, 80], period: { validFrom: "2000-01-01", validTo: null, vatRate: 0, ranges: [] } },
  { name: "Papír a lepenka", kg: [1, 60], period: { validFrom: "2000-01-01", validTo: null, vatRate: 0, ranges: [] } },
];
const YARDS = ["Sběrný dvůr Hrotovická", "Sběrný dvůr Borovina", "Sběrný dvůr Týn"];

export interface YardState {
  municipalityId: number;
  yardIds: number[];
  visitIds: number[];
  /** A payer with many visits (the payer filter) and a month of the year (the date filter). */
  payerId: number;
  month: { from: string; to: string };
}

async function generate(ctx: GenerateContext) {
  const { rnd } = ctx;
  const s = ctx.state.subjects as SubjectState;
  const municipalityId = s.municipalityId;
  const visitCount = Math.max(500, Math.round(VISITS * ctx.scale));

  const yardIds = await ctx.insertMany<typeof collectionYard, number>(
    collectionYard,
    YARDS.map((name, i) => ({
      municipalityId,
      name,
      street: `${["Hrotovická", "Sportovní", "Průmyslová"][i]} ${100 + i}`,
      city: "Třebíč",
      zipCode: "67401",
      reportPrintType: i === 0 ? "weighing" : "basic",
      icz: `CZJ0012${i}`,
      zuj: "590266",
    })),
    { returning: collectionYard.id },
  );
  const catalogue = await ctx.db
    .select({ id: wasteType.id, name: wasteType.name })
    .from(wasteType)
    .where(
      and(
        isNull(wasteType.municipalityId),
        inArray(
          wasteType.name,
          WASTES.map((w) => w.name),
        ),
      ),
    );
  const typeOf = new Map(catalogue.map((c) => [c.name, c.id]));
  const wastes: { id: number; yard: number; spec: (typeof WASTES)[number] }[] = [];
  for (const yardId of yardIds) {
    for (const spec of WASTES) {
      const typeId = typeOf.get(spec.name);
      if (!typeId) throw new Error(`bench yards: no catalogue waste '${spec.name}'`);
      const [w] = await ctx.db
        .insert(collectionYardWaste)
        .values({ yardId, wasteTypeId: typeId, defaultWeightKg: "25" })
        .returning({ id: collectionYardWaste.id });
      const [fee] = await ctx.db
        .insert(collectionYardWasteFee)
        .values({ yardWasteId: w!.id, validFrom: spec.period.validFrom, vatRate: spec.period.vatRate })
        .returning({ id: collectionYardWasteFee.id });
      if (spec.period.ranges.length) {
        await ctx.db
          .insert(collectionYardWasteFeeRange)
          .values(spec.period.ranges.map((r) => ({ feeId: fee!.id, ...r })));
      }
      wastes.push({ id: w!.id, yard: yardId, spec });
    }
  }

  // Regulars: a tenth of the payers bring about half of the visits.
  const regulars = s.feePayerIds.slice(0, Math.max(10, Math.round(s.feePayerIds.length / 10)));
  const now = Date.now();
  const day = 86_400_000;
  const visits: (typeof yardReport.$inferInsert)[] = [];
  const records: Omit<typeof yardReportRecord.$inferInsert, "yardReportId">[][] = [];
  for (let i = 0; i < visitCount; i++) {
    const x = rnd.next();
    const yardId = yardIds[x < 0.5 ? 0 : x < 0.8 ? 1 : 2]!;
    const reportDate = isoDay(new Date(now - rnd.int(0, 364) * day));
    const brought = rnd.int(1, 3);
    const own = wastes.filter((w) => w.yard === yardId);
    const rows = Array.from({ length: brought }, () => {
      const w = rnd.pick(own);
      const quantityKg = `${rnd.int(w.spec.kg[0], w.spec.kg[1])}.${String(rnd.int(0, 999)).padStart(3, "0")}`;
      const fee = yardWasteFee([w.spec.period], reportDate, quantityKg);
      return {
        yardWasteId: w.id,
        quantity: quantityKg,
        unit: "kg",
        quantityKg,
        vatRate: fee.vatRate,
        feeWithoutVat: fee.withoutVat,
        vat: fee.vat,
        fee: fee.total,
      };
    });
    const hour = rnd.int(8, 16);
    const minute = rnd.int(0, 44);
    visits.push({
      municipalityId,
      yardId,
      feePayerId: rnd.chance(0.5) ? rnd.pick(regulars) : rnd.pick(s.feePayerIds),
      reportDate,
      startTime: `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`,
      endTime: `${String(hour).padStart(2, "0")}:${String(minute + rnd.int(3, 15)).padStart(2, "0")}`,
      paymentType: rnd.pick(PAYMENT_TYPES),
      totalWeightKg: sumDecimals(
        rows.map((r) => r.quantityKg),
        3,
      ),
      feeWithoutVat: sumDecimals(rows.map((r) => r.feeWithoutVat!)),
      vat: sumDecimals(rows.map((r) => r.vat!)),
      fee: sumDecimals(rows.map((r) => r.fee!)),
      paid: rnd.chance(0.7),
    });
    records.push(rows);
  }
  const visitIds = await ctx.insertMany<typeof yardReport, number>(yardReport, visits, {
    returning: yardReport.id,
    label: "yard_report (a year of visits)",
  });
  await ctx.insertMany(
    yardReportRecord,
    records.flatMap((rows, i) => rows.map((r) => ({ ...r, yardReportId: visitIds[i]! }))),
  );
  ctx.sizes["yard visits"] = visitIds.length;
  // The regular with the most visits (the payer filter), and last month's days (the date filter).
  const counts = new Map<number, number>();
  for (const v of visits) counts.set(v.feePayerId, (counts.get(v.feePayerId) ?? 0) + 1);
  const payerId = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const first = new Date(now);
  first.setUTCDate(1);
  first.setUTCMonth(first.getUTCMonth() - 1);
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  ctx.state.yards = {
    municipalityId,
    yardIds,
    visitIds,
    payerId,
    month: { from: isoDay(first), to: isoDay(last) },
  } satisfies YardState;
}

export const yardsArea: Area = stateArea<YardState>("yards", "yards", generate, (y) => {
  const visits = `/municipality/${y.municipalityId}/yard-report`;
  const yards = `/municipality/${y.municipalityId}/collection-yard`;
  const busiest = y.yardIds[0]!;
  const some = spread(y.visitIds);
  return [
    { name: "yard visits: first page (newest first)", as: "manager", path: `${visits}?sort=-reportDate` },
    {
      name: "yard visits: a yard and a month",
      as: "manager",
      path: `${visits}?yardId=${busiest}&dateFrom=${y.month.from}&dateTo=${y.month.to}&sort=-reportDate`,
    },
    { name: "yard visits: one payer's", as: "manager", path: `${visits}?feePayerId=${y.payerId}` },
    { name: "yard visits: unpaid, by fee", as: "manager", path: `${visits}?paid=false&sort=-fee` },
    { name: "yard visits: page 40", as: "manager", path: `${visits}?sort=-reportDate&page=40` },
    { name: "yard visit detail", as: "manager", path: (i) => `${visits}/${some[i % some.length]}` },
    {
      name: "yard workload by month, top visitors, income (this year)",
      as: "manager",
      path: `${yards}/${busiest}/statistics?bucket=month`,
    },
    {
      name: "yard workload by week, top visitors by weight",
      as: "manager",
      path: `${yards}/${busiest}/statistics?bucket=week&topBy=weight`,
    },
    {
      name: "yard workload by day, top visitors of a month",
      as: "manager",
      path: `${yards}/${busiest}/statistics?bucket=day&dateFrom=${y.month.from}&dateTo=${y.month.to}`,
    },
    {
      name: "yard visit protocol PDF",
      as: "manager",
      path: (i) => `${visits}/${some[i % some.length]}/protocol`,
      budgetMs: 200,
    },
  ];
});
