import { activeAnswer, idAnswer, itemsAnswer } from "../common";
import { endpoint } from "../endpoint";
import { inMunicipality, municipalityTenancy as tenancy, municipalityRecordCalls } from "./shared";
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

const yard = municipalityRecordCalls("collectionYard", "collection-yard", "yardId");
const byWaste = yard.byRecord.extend({ yardWasteId: idParam });

/** Collection yards and their waste configuration (spec 001 §2 Collection yards; docs/yards.md). */
export const collectionYardEndpoints = {
  list: yard.list(
    "The municipality's collection yards (search, waste operator; sort; paging)",
    yardList.query,
    yardListItem,
  ),
  options: endpoint({
    method: "get",
    path: `${yard.base}/options`,
    summary: "The yards with their active wastes (the visit form)",
    permission: "yardReport.aDetail",
    tenancy,
    params: inMunicipality,
    response: itemsAnswer(yardOption),
  }),
  create: yard.create("Create a yard with its weekly schedule and closing exceptions", yardFormSchema),
  detail: yard.detail(
    "One yard: schedule, exceptions, wastes with their fee periods, last 30 days' statistics",
    yardDetail,
  ),
  statistics: endpoint({
    method: "get",
    path: `${yard.one}/statistics`,
    summary: "A yard's workload by month, week or day, its top visitors and waste income in a period",
    permission: "collectionYard.aDetail",
    tenancy,
    params: yard.byRecord,
    query: yardStatisticsQuery,
    response: yardStatistics,
  }),
  update: yard.update("Update a yard, its schedule and exceptions; 409 on a stale version", yardUpdateSchema),
  remove: yard.remove("Delete a yard (409 while it has visits)"),
  addWaste: endpoint({
    method: "post",
    path: `${yard.one}/waste`,
    summary: "Add a waste to the yard with its capacity, default weight, code and fee periods",
    permission: "collectionYard.aEdit",
    tenancy,
    params: yard.byRecord,
    body: yardWasteFormSchema,
    response: idAnswer,
  }),
  waste: endpoint({
    method: "get",
    path: `${yard.one}/waste/:yardWasteId`,
    summary: "One waste of the yard with its fee periods",
    permission: "collectionYard.aDetail",
    tenancy,
    params: byWaste,
    response: yardWaste,
  }),
  updateWaste: endpoint({
    method: "put",
    path: `${yard.one}/waste/:yardWasteId`,
    summary: "Update a yard waste and replace its fee periods; 409 on a stale version",
    permission: "collectionYard.aEdit",
    tenancy,
    params: byWaste,
    body: yardWasteUpdateSchema,
    response: idAnswer,
  }),
  setWasteActive: endpoint({
    method: "patch",
    path: `${yard.one}/waste/:yardWasteId/active`,
    summary: "Activate or deactivate a yard waste (inactive ones are not offered for new visits)",
    permission: "collectionYard.aEdit",
    tenancy,
    params: byWaste,
    body: activeBody,
    response: activeAnswer,
  }),
};

export type YardWasteParams = z.infer<typeof byWaste>;
