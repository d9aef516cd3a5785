import { z } from "zod";
import { idAnswer, idParam, itemsAnswer } from "../common";
import { endpoint } from "../endpoint";
import { inMunicipality, municipalityTenancy as tenancy, municipalityRecordCalls } from "./shared";
import {
  assignUserBody,
  centreChart,
  centreChartQuery,
  centreDetail,
  centreFormSchema,
  centreList,
  centreListItem,
  centreUpdateSchema,
  centreUserOption,
  centreUserOptionsQuery,
} from "../distribution-centre";

const centre = municipalityRecordCalls("distributionCenter", "distribution-centre", "centreId");
const byCentreUser = centre.byRecord.extend({ userId: idParam });

/** Distribution centres (spec 001 §2 Distribution centres; docs/distribution-centres.md). */
export const distributionCentreEndpoints = {
  list: centre.list(
    "The municipality's distribution centres with their user and report counts (search; sort; paging)",
    centreList.query,
    centreListItem,
  ),
  chart: endpoint({
    method: "get",
    path: `${centre.base}/chart`,
    summary: "Served and unserved collection points per week or month (all centres or one)",
    permission: "distributionCenter.aDetail",
    tenancy,
    params: inMunicipality,
    query: centreChartQuery,
    response: centreChart,
  }),
  userOptions: endpoint({
    method: "get",
    path: `${centre.base}/user-options`,
    summary: "The municipality's users a centre may be given, with the centre each works at",
    permission: "distributionCenter.aEdit",
    tenancy,
    params: inMunicipality,
    query: centreUserOptionsQuery,
    response: itemsAnswer(centreUserOption),
  }),
  create: centre.create("Create a distribution centre (name, phone, e-mail)", centreFormSchema),
  detail: centre.detail("One centre: its data, users and latest reports", centreDetail),
  update: centre.update("Update a centre; 409 on a stale version", centreUpdateSchema),
  remove: centre.remove("Delete a centre (409 while it has reports); its users stay, unassigned"),
  addUser: endpoint({
    method: "post",
    path: `${centre.one}/user`,
    summary: "Assign a user of the municipality to the centre (409 when at another centre unless moved explicitly)",
    permission: "distributionCenter.aEdit",
    tenancy,
    params: centre.byRecord,
    body: assignUserBody,
    response: idAnswer,
  }),
  removeUser: endpoint({
    method: "delete",
    path: `${centre.one}/user/:userId`,
    summary: "Remove a user from the centre (the user account stays)",
    permission: "distributionCenter.aEdit",
    tenancy,
    params: byCentreUser,
  }),
};

export type CentreUserParams = z.infer<typeof byCentreUser>;
