import { z } from "zod";
import { idAnswer, idParam } from "../common";
import { endpoint } from "../endpoint";
import { inMunicipality, municipalityRecord, municipalityTenancy } from "./shared";
import {
  baseFeeSettingAnswer,
  baseFeeSettingBody,
  calculationDetail,
  calculationsAnswer,
  feeExplanation,
  recalculateBody,
  simulateBody,
  yearQuery,
} from "../fee-calculation";

/**
 * The fee engine (issue 14 parts 1 and 7; docs/fees.md): base fee settings per year, recalculations and simulations
 * run as background jobs (202 with the calculation's id, then poll it), and a fee explained line by line. Reads
 * need fee.aDetail, writes fee.aEdit; everything is below the municipality (tenancy).
 */
export const feeCalculationEndpoints = {
  baseFee: endpoint({
    method: "get",
    path: "/municipality/:municipalityId/fee/base-fee",
    summary: "The base fee settings of a year (null when not set) and the municipality's currency",
    permission: "fee.aDetail",
    tenancy: municipalityTenancy,
    params: inMunicipality,
    query: yearQuery,
    response: baseFeeSettingAnswer,
  }),
  saveBaseFee: endpoint({
    method: "put",
    path: "/municipality/:municipalityId/fee/base-fee",
    summary: "Set the base fee, min and max percent of a year (version 0 creates); queues a recalculation (BaseFee)",
    permission: "fee.aEdit",
    tenancy: municipalityTenancy,
    params: inMunicipality,
    body: baseFeeSettingBody,
    response: z.object({ id: z.number(), version: z.number(), calculationId: z.number() }),
  }),
  recalculate: endpoint({
    method: "post",
    path: "/municipality/:municipalityId/fee/calculation",
    summary: "Queue a recalculation of the year's fees (joins one already queued); 202 with its id",
    permission: "fee.aEdit",
    tenancy: municipalityTenancy,
    params: inMunicipality,
    body: recalculateBody,
    status: 202,
    response: idAnswer,
  }),
  calculations: endpoint({
    method: "get",
    path: "/municipality/:municipalityId/fee/calculation",
    summary: "The year's latest recalculations and simulations, the one queued or running and the last finished one",
    permission: "fee.aDetail",
    tenancy: municipalityTenancy,
    params: inMunicipality,
    query: yearQuery,
    response: calculationsAnswer,
  }),
  calculation: endpoint({
    method: "get",
    path: "/municipality/:municipalityId/fee/calculation/:calculationId",
    summary: "One recalculation or simulation: state, progress, error, a simulation's parameters and result",
    permission: "fee.aDetail",
    tenancy: municipalityTenancy,
    params: municipalityRecord("calculationId"),
    response: calculationDetail,
  }),
  simulate: endpoint({
    method: "post",
    path: "/municipality/:municipalityId/fee/simulation",
    summary: "Queue a simulation of the year with proposed settings (writes no fee); 202 with its id",
    permission: "fee.aEdit",
    tenancy: municipalityTenancy,
    params: inMunicipality,
    body: simulateBody,
    status: 202,
    response: idAnswer,
  }),
  explanation: endpoint({
    method: "get",
    path: "/municipality/:municipalityId/fee/:feeId/explanation",
    summary: "One fee with its lines (BaseFee, BinFee, MotivationFee, FixedDiscount, MotivationDiscount, totals)",
    permission: "fee.aDetail",
    tenancy: municipalityTenancy,
    params: z.object({ municipalityId: idParam, feeId: idParam }),
    response: feeExplanation,
  }),
};
