/**
 * A programme's simulation (issue 14 part 7; spec 001 §3 'sort ratio also shows estimated results (fees,
 * expenditures, difference)', now for every programme): the fee engine simulates the year with its stored base fee
 * and the programme as the clerk typed it on the edit page's tab (over the stored rest), or as stored when it is
 * about to be activated. The page then shows ?simulation=<id> in the shared panel (app/routes/fees/+shared/).
 */
import type { AppLoadContext } from "react-router";
import type { TFunction } from "i18next";
import { yearField } from "#contract/common";
import { noBaseFeeMessage, programmeProposal, type SimulationParameters } from "#contract/fee-calculation";
import type { MotivationProgrammeType, ProgrammeAnswer, ProgrammeTab } from "#contract/motivation-programme";
import type { ApiClient, ApiResult } from "~/server/api.server";
import { formAnswer, redirectWithFlash } from "~/server/action.server";
import { submitForm } from "~/server/form.server";
import { SIMULATION_YEAR_FIELD } from "~/routes/fees/+shared/simulation";
import {
  latestSimulation,
  requestSimulation,
  SIMULATION_PARAM,
  simulationOf,
} from "~/routes/fees/+shared/simulation.server";
import { tabFormSchema } from "./forms";

/** The page with ?simulation=<id> added. */
export const withSimulation = (path: string, id: number) =>
  `${path}${path.includes("?") ? "&" : "?"}${SIMULATION_PARAM}=${id}`;

/** The simulation a programme's page shows: the one the URL names (its proposal fills the form), else the newest. */
export async function programmeSimulation(
  api: ApiClient,
  municipalityId: number,
  url: URL,
  type: MotivationProgrammeType,
  year: number,
) {
  const accept = (p: SimulationParameters) => p.purpose !== "BaseFee" && p.programme?.type === type;
  const named = await simulationOf(api, municipalityId, url, accept);
  return { named, shown: named ?? (await latestSimulation(api, municipalityId, year, accept)) };
}

/** The stored programme with a simulation's proposal over it (what the form shows after 'Simulovat'). */
export function withProposal(p: ProgrammeAnswer, parameters: SimulationParameters): ProgrammeAnswer {
  const q = parameters.programme;
  if (!q) return p;
  const { type: _type, intervals, ...rest } = q;
  return {
    ...p,
    ...rest,
    intervals: intervals.map((i) => ({ from: i.fromValue, to: i.toValue, discountPercent: i.discountPercent })),
  };
}

type TabValue = {
  parameters?: Partial<Pick<ProgrammeAnswer, "unit" | "feePerUnit" | "minimalUnitPerPeriod" | "discountDistribution">>;
  orderedDispose?: { useBinVolume: boolean; useOrderedDisposeCount: boolean; orderedDisposeCount?: number };
  intervals?: { from: string; to?: string; discountPercent: string }[];
};

/** A tab form's values (tabFormSchema's output) over the stored programme: each tab has its own part. */
function typedOver(p: ProgrammeAnswer, value: TabValue): ProgrammeAnswer {
  const { orderedDispose: o, intervals } = value;
  return {
    ...p,
    ...(value.parameters ?? {}),
    ...(o ? { ...o, orderedDisposeCount: o.orderedDisposeCount ?? p.orderedDisposeCount } : {}),
    intervals: intervals
      ? intervals.map((i) => ({ from: i.from, to: i.to ?? null, discountPercent: i.discountPercent }))
      : p.intervals,
  };
}

/** Queues the simulation of a year with its stored base fee and the programme; a year without one is refused. */
export async function simulateProgramme(
  api: ApiClient,
  municipalityId: number,
  year: number,
  programme: ProgrammeAnswer,
): Promise<ApiResult<{ id: number }>> {
  const { setting } = await api.feeCalculation.baseFee({ municipalityId, year });
  if (!setting) return { ok: false, status: 422, problem: { Message: noBaseFeeMessage(year) } };
  return requestSimulation(api, municipalityId, {
    year,
    baseFee: setting.baseFee,
    minFeePercent: setting.minFeePercent,
    maxFeePercent: setting.maxFeePercent,
    programme: programmeProposal(programme),
    purpose: "Programme",
  });
}

/** The year a simulation form asked for, when the programme may be activated in it; else the current year. */
export function simulationYear(
  formData: FormData,
  list: { yearOptions: number[]; currentYear: number },
  name = SIMULATION_YEAR_FIELD,
) {
  const asked = yearField.safeParse(formData.get(name));
  return asked.success && list.yearOptions.includes(asked.data) ? asked.data : list.currentYear;
}

/** The edit page's 'Simulovat': the tab's form validated as for a save, simulated, the page shown with it. */
export async function simulateTab(args: {
  context: AppLoadContext;
  api: ApiClient;
  t: TFunction;
  municipalityId: number;
  type: MotivationProgrammeType;
  tab: ProgrammeTab;
  formData: FormData;
  here: string;
}) {
  const { context, api, t, municipalityId, type, tab, formData, here } = args;
  const list = await api.motivationProgramme.list({ municipalityId });
  const stored = list.items.find((p) => p.type === type)!;
  const year = simulationYear(formData, list);
  const outcome = await submitForm(formData, tabFormSchema(type, tab), (value) =>
    simulateProgramme(api, municipalityId, year, typedOver(stored, value as TabValue)),
  );
  if (!outcome.ok) return formAnswer("save", outcome);
  return redirectWithFlash(api, context, withSimulation(here, outcome.data.id), t("simulation:queuedFlash"));
}
