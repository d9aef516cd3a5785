import { idAnswer, listAnswer } from "../common";
import { endpoint } from "../endpoint";
import { inMunicipality, municipalityRecord, municipalityTenancy as tenancy } from "./shared";
import {
  expenditureDetail,
  expenditureFormSchema,
  expenditureItem,
  expenditureList,
  expenditureSetting,
  expenditureSettingUpdate,
  expenditureSummary,
  expenditureSummaryQuery,
  expenditureUpdateSchema,
} from "../expenditure";

const base = "/municipality/:municipalityId/expenditure";
const byExpenditure = municipalityRecord("expenditureId");

/** Expenditures and their configuration card (spec 001 §2 Expenditures; docs/discounts-expenditures.md). */
export const expenditureEndpoints = {
  list: endpoint({
    method: "get",
    path: base,
    summary: "The municipality's expenditures, newest first (year, type, source; sort; paging)",
    permission: "expenditure.aDetail",
    tenancy,
    params: inMunicipality,
    query: expenditureList.query,
    response: listAnswer(expenditureItem),
  }),
  summary: endpoint({
    method: "get",
    path: `${base}/summary`,
    summary: "A year's totals: the total, by type, by source and by month, the years with data, the configuration",
    permission: "expenditure.aDetail",
    tenancy,
    params: inMunicipality,
    query: expenditureSummaryQuery,
    response: expenditureSummary,
  }),
  setting: endpoint({
    method: "get",
    path: `${base}/setting`,
    summary: "The configuration card: waste treatment flat rate and mixed waste processing price (version 0 if unset)",
    permission: "expenditure.aDetail",
    tenancy,
    params: inMunicipality,
    response: expenditureSetting,
  }),
  saveSetting: endpoint({
    method: "put",
    path: `${base}/setting`,
    summary: "Save the configuration card; 409 on a stale version",
    permission: "expenditure.aEdit",
    tenancy,
    params: inMunicipality,
    body: expenditureSettingUpdate,
    status: 200,
    response: expenditureSetting,
  }),
  create: endpoint({
    method: "post",
    path: base,
    summary: "Add an expenditure (processed date, type, sub type, source, description, amount)",
    permission: "expenditure.aAdd",
    tenancy,
    params: inMunicipality,
    body: expenditureFormSchema,
    response: idAnswer,
  }),
  detail: endpoint({
    method: "get",
    path: `${base}/:expenditureId`,
    summary: "One expenditure with its version",
    permission: "expenditure.aDetail",
    tenancy,
    params: byExpenditure,
    response: expenditureDetail,
  }),
  update: endpoint({
    method: "put",
    path: `${base}/:expenditureId`,
    summary: "Update an expenditure; 409 on a stale version",
    permission: "expenditure.aEdit",
    tenancy,
    params: byExpenditure,
    body: expenditureUpdateSchema,
    response: idAnswer,
  }),
  remove: endpoint({
    method: "delete",
    path: `${base}/:expenditureId`,
    summary: "Delete an expenditure",
    permission: "expenditure.aRemove",
    tenancy,
    params: byExpenditure,
  }),
};
