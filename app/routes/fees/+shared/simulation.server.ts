/**
 * The simulation's loader and action side (issue 14 part 7; the panel is ./simulation.tsx): a screen asks the fee
 * engine to simulate a proposal (POST …/fee/simulation, a background job), redirects to itself with
 * ?simulation=<id>, and reads that simulation back — with its parameters, so the form shows the proposal again
 * (also without JavaScript). Each screen accepts only its own simulations (purpose, year, programme type).
 */
import type { z } from "zod";
import { simulateBody, type SimulationParameters } from "#contract/fee-calculation";
import type { ApiClient } from "~/server/api.server";
import { formId } from "~/server/action.server";
import type { SimulationView } from "./simulation";

/** The search param naming the simulation a page shows. */
export const SIMULATION_PARAM = "simulation";

export type LoadedSimulation = { view: SimulationView; parameters: SimulationParameters };
type Accept = (parameters: SimulationParameters) => boolean;
type Detail = Awaited<ReturnType<ApiClient["feeCalculation"]["calculation"]>>;

function loaded(d: Detail, accept: Accept): LoadedSimulation | null {
  if (d.kind !== "Simulation") return null;
  const parameters = simulateBody.safeParse(d.parameters);
  if (!parameters.success || !accept(parameters.data)) return null;
  const { id, year, state, progress, finishedAt, error, result } = d;
  return { view: { id, year, state, progress, finishedAt, error, result }, parameters: parameters.data };
}

/** The simulation ?simulation= names, when it is this municipality's and the screen's own; otherwise null. */
export async function simulationOf(
  api: ApiClient,
  municipalityId: number,
  url: URL,
  accept: Accept,
): Promise<LoadedSimulation | null> {
  const calculationId = formId(url.searchParams.get(SIMULATION_PARAM));
  if (!calculationId) return null;
  const res = await api.result.feeCalculation.calculation({ municipalityId, calculationId });
  return res.ok ? loaded(res.data, accept) : null;
}

/** The year's newest simulation the screen accepts (a look at the latest few only). */
export async function latestSimulation(
  api: ApiClient,
  municipalityId: number,
  year: number,
  accept: Accept,
): Promise<LoadedSimulation | null> {
  const runs = await api.feeCalculation.calculations({ municipalityId, year });
  for (const run of runs.items.filter((c) => c.kind === "Simulation").slice(0, 5)) {
    const found = loaded(await api.feeCalculation.calculation({ municipalityId, calculationId: run.id }), accept);
    if (found) return found;
  }
  return null;
}

/** Queues a simulation; the API's answer (202 with the id, or 422 with messages per field). */
export function requestSimulation(api: ApiClient, municipalityId: number, body: z.input<typeof simulateBody>) {
  return api.result.feeCalculation.simulate({ municipalityId }, body);
}
