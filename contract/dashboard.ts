/**
 * The dashboard (spec 001 §1 'Dashboard' widgets; §9 'Dashboard: last 6 months for evidence counts, yard counts for
 * the last month; period month or quarter; data type weight or count; year selector: current year back 10 years').
 * One call answers every widget of the active municipality; sums are exact decimals as text, counts numbers. A widget
 * is null when the user's role may not read its area (DASHBOARD_WIDGET_PERMISSIONS): a yard manager sees the yards,
 * not the fees.
 */
import { z } from "zod";
import { listFilter } from "./list";
import { BIN_STATES } from "./waste-evidence-header";
import { feeYearField } from "./fee";
import type { Permission } from "./permissions";

/** The year-on-year comparison's buckets and what it sums. */
export const DASHBOARD_PERIODS = ["month", "quarter"] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DASHBOARD_MEASURES = ["weight", "count"] as const;
export type DashboardMeasure = (typeof DASHBOARD_MEASURES)[number];

/** How many months the record count shows, how many producers the top list, how many collections the last list. */
export const EVIDENCE_MONTHS = 6;
export const TOP_PRODUCER_LIMIT = 10;
export const LAST_COLLECTION_LIMIT = 5;
/** The yard widget's window, in days up to today. */
export const YARD_WINDOW_DAYS = 30;

/** GET municipality/{id}/dashboard: the year (absent: this year in Prague), the comparison's period and measure. */
export const dashboardQuery = z.object({
  year: feeYearField,
  period: listFilter.select(DASHBOARD_PERIODS),
  measure: listFilter.select(DASHBOARD_MEASURES),
});
export type DashboardQuery = z.output<typeof dashboardQuery>;

/** The permission each widget needs besides dashboard.aDetail (spec 000 §6: a role sees only its areas' data). */
export const DASHBOARD_WIDGET_PERMISSIONS = {
  bins: "wasteEvidenceHeader.aDetail",
  subjects: "subject.aDetail",
  feePayers: "feePayer.aDetail",
  evidenceMonths: "wasteEvidence.aDetail",
  yards: "yardReport.aDetail",
  lastCollections: "wasteCollection.aDetail",
  composition: "wasteEvidence.aDetail",
  topProducers: "wasteEvidence.aDetail",
  comparison: "wasteCollection.aDetail",
  cost: "fee.aDetail",
} as const satisfies Record<string, Permission>;
export type DashboardWidget = keyof typeof DASHBOARD_WIDGET_PERMISSIONS;

const kg = z.string();
const money = z.string();

export const dashboard = z.object({
  year: z.number(),
  period: z.enum(DASHBOARD_PERIODS),
  measure: z.enum(DASHBOARD_MEASURES),
  /** The bins of the municipality by state (every state, 0 where none). */
  bins: z.array(z.object({ state: z.enum(BIN_STATES), count: z.number() })).nullable(),
  /** Collection points and fee payers of the municipality. */
  subjects: z.number().nullable(),
  feePayers: z.number().nullable(),
  /** Evidence records of the last six calendar months, this one included, oldest first ('2026-06'). */
  evidenceMonths: z.array(z.object({ month: z.string(), records: z.number() })).nullable(),
  /** Yard visits and the weight they brought in the last 30 days. */
  yards: z.object({ from: z.string(), to: z.string(), visits: z.number(), weightKg: kg }).nullable(),
  /** The newest collections. */
  lastCollections: z
    .array(
      z.object({
        id: z.number(),
        name: z.string(),
        collectedOn: z.string(),
        wasteName: z.string().nullable(),
        recordCount: z.number(),
        weightKg: kg.nullable(),
      }),
    )
    .nullable(),
  /**
   * The year's collected weight by waste type (records' acknowledged weights), heaviest first, and the sort ratio:
   * the share of sorted wastes in it, in percent with two decimals (null: nothing weighed).
   */
  composition: z
    .object({
      wastes: z.array(z.object({ wasteTypeId: z.number().nullable(), name: z.string().nullable(), kg })),
      sortRatio: z.string().nullable(),
    })
    .nullable(),
  /** The year's heaviest producers: collection points by their records' weight. */
  topProducers: z.array(z.object({ subjectId: z.number(), name: z.string(), kg, records: z.number() })).nullable(),
  /**
   * Collections of the year and the year before, by month (1–12) or quarter (1–4): their weight in kg or their
   * number of records, as the measure asks.
   */
  comparison: z.array(z.object({ bucket: z.number(), current: z.string(), previous: z.string() })).nullable(),
  /** The cost of waste management in the year: expenditures against the prescribed fees and what has been paid. */
  cost: z.object({ expenditure: money, prescribed: money, paid: money }).nullable(),
});
export type Dashboard = z.infer<typeof dashboard>;
