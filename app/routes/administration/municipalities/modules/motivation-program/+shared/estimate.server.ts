/**
 * SortRatio's estimated results (spec 001 §3 'sort ratio also shows estimated results (fees, expenditures,
 * difference)'): the fee engine's simulation (issue 14 part 7) of the year with the programme as it is saved, run as a
 * background job. The card shows the newest simulation of this programme type for the year.
 */
import type { ApiClient } from "~/server/api.server";
import type { ProgrammeAnswer } from "#contract/motivation-programme";
import type { EstimateCardProps } from "./estimate-card";

type Estimate = Pick<EstimateCardProps, "state" | "income" | "expenditures" | "difference">;

/** The year's newest simulation of the programme type: none, running, or done with its figures. */
export async function loadEstimate(
  api: ApiClient,
  municipalityId: number,
  year: number,
  type: ProgrammeAnswer["type"],
): Promise<Estimate> {
  const runs = await api.feeCalculation.calculations({ municipalityId, year });
  for (const run of runs.items.filter((c) => c.kind === "Simulation")) {
    const detail = await api.feeCalculation.calculation({ municipalityId, calculationId: run.id });
    const asked = (detail.parameters as { programme?: { type?: string } | null } | null)?.programme?.type;
    if (asked !== type) continue;
    if (run.state === "Queued" || run.state === "Running") return { state: "running" };
    if (run.state !== "Done" || !detail.result) return { state: "none" };
    const r = detail.result;
    return { state: "done", income: r.incomeAfter, expenditures: r.expenditures, difference: r.balance };
  }
  return { state: "none" };
}

/**
 * Asks for an estimate of the year with the stored base fee and the programme's saved parameters and intervals;
 * answers the API's failure, or a Czech message when the year has no base fee (nothing to estimate from).
 */
export async function requestEstimate(
  api: ApiClient,
  municipalityId: number,
  year: number,
  p: ProgrammeAnswer,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const { setting } = await api.feeCalculation.baseFee({ municipalityId, year });
  if (!setting) return { ok: false, message: `Základní poplatek pro rok ${year} není nastaven.` };
  const res = await api.result.feeCalculation.simulate(
    { municipalityId },
    {
      year,
      baseFee: setting.baseFee,
      minFeePercent: setting.minFeePercent,
      maxFeePercent: setting.maxFeePercent,
      programme: {
        type: p.type,
        unit: p.unit,
        feePerUnit: p.feePerUnit,
        minimalUnitPerPeriod: p.minimalUnitPerPeriod,
        orderedDisposeCount: p.orderedDisposeCount,
        useBinVolume: p.useBinVolume,
        useOrderedDisposeCount: p.useOrderedDisposeCount,
        discountDistribution: p.discountDistribution,
        intervals: p.intervals.map((i) => ({ fromValue: i.from, toValue: i.to, discountPercent: i.discountPercent })),
      },
    },
  );
  return res.ok ? { ok: true } : { ok: false, message: res.problem.Message ?? "" };
}
