/**
 * The base fee dialog's 'Simulovat' (issue 14 part 7): the typed base fee, minimum and maximum are simulated with the
 * year's active programme (so 'before' and 'after' differ only by the proposal), then the page opens the dialog again
 * with ?simulation=<id>: the proposal stays in its fields and the panel under them shows the result.
 */
import { baseFeeSettingBody } from "#contract/fee-calculation";
import type { ApiClient } from "~/server/api.server";
import { formAnswer, redirectWithFlash, type ActionContext } from "~/server/action.server";
import { submitForm } from "~/server/form.server";
import { listUrl } from "~/server/list-action.server";
import { DIALOG_PARAM } from "~/components/ui/dialog";
import { requestSimulation, SIMULATION_PARAM, simulationOf } from "../../+shared/simulation.server";

/** The dialog's name (its form's id): ?dialog=base-fee opens it. */
export const BASE_FEE_DIALOG = "base-fee";

/** The base fee simulation the URL names, for the page's year. */
export const baseFeeSimulationOf = (api: ApiClient, municipalityId: number, request: Request, year: number) =>
  simulationOf(api, municipalityId, new URL(request.url), (p) => p.purpose === "BaseFee" && p.year === year);

export async function simulateBaseFee(args: Omit<ActionContext, "intent"> & { municipalityId: number }) {
  const { request, context, api, t, municipalityId, formData } = args;
  const outcome = await submitForm(formData, baseFeeSettingBody, async (v) => {
    const { programme } = await api.fee.activeProgramme({ municipalityId, year: v.year });
    const { baseFee, minFeePercent, maxFeePercent, year } = v;
    return requestSimulation(api, municipalityId, {
      year,
      baseFee,
      minFeePercent,
      maxFeePercent,
      programme,
      purpose: "BaseFee",
    });
  });
  if (!outcome.ok) return formAnswer("saveBaseFee", outcome);
  const to = listUrl(request, [SIMULATION_PARAM], {
    [DIALOG_PARAM]: BASE_FEE_DIALOG,
    [SIMULATION_PARAM]: outcome.data.id,
  });
  return redirectWithFlash(api, context, to, t("simulation:queuedFlash"));
}
