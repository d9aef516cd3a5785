import { endpoint } from "../endpoint";
import { inMunicipality, municipalityTenancy as tenancy, municipalityRecordCalls } from "./shared";
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

const expenditure = municipalityRecordCalls("expenditure", "expenditure", "expenditureId");

/** Expenditures and their configuration card (spec 001 §2 Expenditures; docs/discounts-expenditures.md). */
export const expenditureEndpoints = {
  list: expenditure.list(
    "The municipality's expenditures, newest first (year, type, source; sort; paging)",
    expenditureList.query,
    expenditureItem,
  ),
  summary: endpoint({
    method: "get",
    path: `${expenditure.base}/summary`,
    summary: "A year's totals: the total, by type, by source and by month, the years with data, the configuration",
    permission: "expenditure.aDetail",
    tenancy,
    params: inMunicipality,
    query: expenditureSummaryQuery,
    response: expenditureSummary,
  }),
  setting: endpoint({
    method: "get",
    path: `${expenditure.base}/setting`,
    summary: "The configuration card: waste treatment flat rate and mixed waste processing price (version 0 if unset)",
    permission: "expenditure.aDetail",
    tenancy,
    params: inMunicipality,
    response: expenditureSetting,
  }),
  saveSetting: endpoint({
    method: "put",
    path: `${expenditure.base}/setting`,
    summary: "Save the configuration card; 409 on a stale version",
    permission: "expenditure.aEdit",
    tenancy,
    params: inMunicipality,
    body: expenditureSettingUpdate,
    status: 200,
    response: expenditureSetting,
  }),
  create: expenditure.create(
    "Add an expenditure (processed date, type, sub type, source, description, amount)",
    expenditureFormSchema,
  ),
  detail: expenditure.detail("One expenditure with its version", expenditureDetail),
  update: expenditure.update("Update an expenditure; 409 on a stale version", expenditureUpdateSchema),
  remove: expenditure.remove("Delete an expenditure"),
};
