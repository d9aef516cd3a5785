import { z } from "zod";
import { idAnswer, idParam, itemsAnswer, listAnswer } from "../common";
import { endpoint } from "../endpoint";
import { inMunicipality, municipalityRecord, municipalityTenancy as tenancy } from "./shared";
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

const base = "/municipality/:municipalityId/distribution-centre";
const byCentre = municipalityRecord("centreId");
const byCentreUser = byCentre.extend({ userId: idParam });

/** Distribution centres (spec 001 §2 Distribution centres; docs/distribution-centres.md). */
export const distributionCentreEndpoints = {
  list: endpoint({
    method: "get",
    path: base,
    summary: "The municipality's distribution centres with their user and report counts (search; sort; paging)",
    permission: "distributionCenter.aDetail",
    tenancy,
    params: inMunicipality,
    query: centreList.query,
    response: listAnswer(centreListItem),
  }),
  chart: endpoint({
    method: "get",
    path: `${base}/chart`,
    summary: "Served and unserved collection points per week or month (all centres or one)",
    permission: "distributionCenter.aDetail",
    tenancy,
    params: inMunicipality,
    query: centreChartQuery,
    response: centreChart,
  }),
  userOptions: endpoint({
    method: "get",
    path: `${base}/user-options`,
    summary: "The municipality's users a centre may be given, with the centre each works at",
    permission: "distributionCenter.aEdit",
    tenancy,
    params: inMunicipality,
    query: centreUserOptionsQuery,
    response: itemsAnswer(centreUserOption),
  }),
  create: endpoint({
    method: "post",
    path: base,
    summary: "Create a distribution centre (name, phone, e-mail)",
    permission: "distributionCenter.aAdd",
    tenancy,
    params: inMunicipality,
    body: centreFormSchema,
    response: idAnswer,
  }),
  detail: endpoint({
    method: "get",
    path: `${base}/:centreId`,
    summary: "One centre: its data, users and latest reports",
    permission: "distributionCenter.aDetail",
    tenancy,
    params: byCentre,
    response: centreDetail,
  }),
  update: endpoint({
    method: "put",
    path: `${base}/:centreId`,
    summary: "Update a centre; 409 on a stale version",
    permission: "distributionCenter.aEdit",
    tenancy,
    params: byCentre,
    body: centreUpdateSchema,
    response: idAnswer,
  }),
  remove: endpoint({
    method: "delete",
    path: `${base}/:centreId`,
    summary: "Delete a centre (409 while it has reports); its users stay, unassigned",
    permission: "distributionCenter.aRemove",
    tenancy,
    params: byCentre,
  }),
  addUser: endpoint({
    method: "post",
    path: `${base}/:centreId/user`,
    summary: "Assign a user of the municipality to the centre (409 when at another centre unless moved explicitly)",
    permission: "distributionCenter.aEdit",
    tenancy,
    params: byCentre,
    body: assignUserBody,
    response: idAnswer,
  }),
  removeUser: endpoint({
    method: "delete",
    path: `${base}/:centreId/user/:userId`,
    summary: "Remove a user from the centre (the user account stays)",
    permission: "distributionCenter.aEdit",
    tenancy,
    params: byCentreUser,
  }),
};

export type CentreUserParams = z.infer<typeof byCentreUser>;
