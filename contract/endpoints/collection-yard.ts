import { activeAnswer, idAnswer, itemsAnswer, listAnswer } from "../common";
import { endpoint } from "../endpoint";
import { inMunicipality, municipalityRecord, municipalityTenancy as tenancy } from "./shared";
import {
  activeBody,
  yardDetail,
  yardFormSchema,
  yardList,
  yardListItem,
  yardOption,
  yardStatistics,
  yardStatisticsQuery,
  yardUpdateSchema,
  yardWaste,
  yardWasteFormSchema,
  yardWasteUpdateSchema,
} from "../yard";
import { z } from "zod";
import { idParam } from "../common";

const base = "/municipality/:municipalityId/collection-yard";
const byYard = municipalityRecord("yardId");
const byWaste = byYard.extend({ yardWasteId: idParam });

/** Collection yards and their waste configuration (spec 001 §2 Collection yards; docs/yards.md). */
export const collectionYardEndpoints = {
  list: endpoint({
    method: "get",
    path: base,
    summary: "The municipality's collection yards (search, waste operator; sort; paging)",
    permission: "collectionYard.aDetail",
    tenancy,
    params: inMunicipality,
    query: yardList.query,
    response: listAnswer(yardListItem),
  }),
  options: endpoint({
    method: "get",
    path: `${base}/options`,
    summary: "The yards with their active wastes (the visit form)",
    permission: "yardReport.aDetail",
    tenancy,
    params: inMunicipality,
    response: itemsAnswer(yardOption),
  }),
  create: endpoint({
    method: "post",
    path: base,
    summary: "Create a yard with its weekly schedule and closing exceptions",
    permission: "collectionYard.aAdd",
    tenancy,
    params: inMunicipality,
    body: yardFormSchema,
    response: idAnswer,
  }),
  detail: endpoint({
    method: "get",
    path: `${base}/:yardId`,
    summary: "One yard: schedule, exceptions, wastes with their fee periods, last 30 days' statistics",
    permission: "collectionYard.aDetail",
    tenancy,
    params: byYard,
    response: yardDetail,
  }),
  statistics: endpoint({
    method: "get",
    path: `${base}/:yardId/statistics`,
    summary: "A yard's workload by month, week or day, its top visitors and waste income in a period",
    permission: "collectionYard.aDetail",
    tenancy,
    params: byYard,
    query: yardStatisticsQuery,
    response: yardStatistics,
  }),
  update: endpoint({
    method: "put",
    path: `${base}/:yardId`,
    summary: "Update a yard, its schedule and exceptions; 409 on a stale version",
    permission: "collectionYard.aEdit",
    tenancy,
    params: byYard,
    body: yardUpdateSchema,
    response: idAnswer,
  }),
  remove: endpoint({
    method: "delete",
    path: `${base}/:yardId`,
    summary: "Delete a yard (409 while it has visits)",
    permission: "collectionYard.aRemove",
    tenancy,
    params: byYard,
  }),
  addWaste: endpoint({
    method: "post",
    path: `${base}/:yardId/waste`,
    summary: "Add a waste to the yard with its capacity, default weight, code and fee periods",
    permission: "collectionYard.aEdit",
    tenancy,
    params: byYard,
    body: yardWasteFormSchema,
    response: idAnswer,
  }),
  waste: endpoint({
    method: "get",
    path: `${base}/:yardId/waste/:yardWasteId`,
    summary: "One waste of the yard with its fee periods",
    permission: "collectionYard.aDetail",
    tenancy,
    params: byWaste,
    response: yardWaste,
  }),
  updateWaste: endpoint({
    method: "put",
    path: `${base}/:yardId/waste/:yardWasteId`,
    summary: "Update a yard waste and replace its fee periods; 409 on a stale version",
    permission: "collectionYard.aEdit",
    tenancy,
    params: byWaste,
    body: yardWasteUpdateSchema,
    response: idAnswer,
  }),
  setWasteActive: endpoint({
    method: "patch",
    path: `${base}/:yardId/waste/:yardWasteId/active`,
    summary: "Activate or deactivate a yard waste (inactive ones are not offered for new visits)",
    permission: "collectionYard.aEdit",
    tenancy,
    params: byWaste,
    body: activeBody,
    response: activeAnswer,
  }),
};

export type YardWasteParams = z.infer<typeof byWaste>;
