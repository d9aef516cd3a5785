/**
 * Motivation programmes of a municipality (issue 14 part 5; docs/motivation-programmes.md): the three programmes with
 * their parameters, intervals and active years, their edit by sub-tab, activation for a fee year (which queues the
 * recalculation of that year's fees) and the Custom distribution's discounts per collection point.
 */
import { z } from "zod";
import { idParam, itemsAnswer } from "../common";
import { endpoint } from "../endpoint";
import { inMunicipality, municipalityTenancy as tenancy } from "./shared";
import {
  activationBody,
  customDiscountBody,
  customDiscountItem,
  customDiscountQuery,
  MOTIVATION_PROGRAMME_TYPES,
  programmeAnswer,
  programmeListAnswer,
  programmeUpdateBody,
} from "../motivation-programme";

const base = "/municipality/:municipalityId/motivation-programme";
const byType = inMunicipality.extend({ type: z.enum(MOTIVATION_PROGRAMME_TYPES) });
const bySubject = byType.extend({ subjectId: idParam });
const activationAnswer = z.object({ year: z.number(), feeCalculationId: z.number() });

export const motivationProgrammeEndpoints = {
  list: endpoint({
    method: "get",
    path: base,
    summary:
      "The three motivation programmes (stored or default parameters, intervals, active years) and the years to activate",
    permission: "motivationProgram.aDetail",
    tenancy,
    params: inMunicipality,
    response: programmeListAnswer,
  }),
  detail: endpoint({
    method: "get",
    path: `${base}/:type`,
    summary: "One motivation programme (stored or default parameters, intervals, active years)",
    permission: "motivationProgram.aDetail",
    tenancy,
    params: byType,
    response: programmeAnswer,
  }),
  update: endpoint({
    method: "put",
    path: `${base}/:type`,
    summary:
      "Save a programme's parameters and/or intervals with its version (409 stale); an active programme's fees are recalculated",
    permission: "motivationProgram.aEdit",
    tenancy,
    params: byType,
    body: programmeUpdateBody,
    response: programmeAnswer,
  }),
  reset: endpoint({
    method: "delete",
    path: `${base}/:type`,
    summary: "Reset a programme (its parameters, intervals and custom discounts); refused while it is active",
    permission: "motivationProgram.aEdit",
    tenancy,
    params: byType,
  }),
  activate: endpoint({
    method: "post",
    path: `${base}/:type/activate`,
    summary: "Activate the programme for a fee year (one programme a year) and queue the year's fee recalculation",
    permission: "motivationProgram.aEdit",
    tenancy,
    params: byType,
    body: activationBody,
    response: activationAnswer,
  }),
  deactivate: endpoint({
    method: "post",
    path: `${base}/:type/deactivate`,
    summary: "Deactivate the programme for a fee year and queue the year's fee recalculation",
    permission: "motivationProgram.aEdit",
    tenancy,
    params: byType,
    body: activationBody,
    status: 200,
    response: activationAnswer,
  }),
  customDiscounts: endpoint({
    method: "get",
    path: `${base}/:type/custom-discount`,
    summary: "The Custom distribution's discount percent per collection point for a year",
    permission: "motivationProgram.aDetail",
    tenancy,
    params: byType,
    query: customDiscountQuery,
    response: itemsAnswer(customDiscountItem),
  }),
  setCustomDiscount: endpoint({
    method: "put",
    path: `${base}/:type/custom-discount/:subjectId`,
    summary: "Set a collection point's custom discount percent for a year",
    permission: "motivationProgram.aEdit",
    tenancy,
    params: bySubject,
    body: customDiscountBody,
    response: customDiscountItem,
  }),
  removeCustomDiscount: endpoint({
    method: "delete",
    path: `${base}/:type/custom-discount/:subjectId`,
    summary: "Remove a collection point's custom discount for a year",
    permission: "motivationProgram.aEdit",
    tenancy,
    params: bySubject,
    query: customDiscountQuery,
  }),
};
