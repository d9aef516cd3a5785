import { activeAnswer, idAnswer, itemsAnswer } from "../common";
import { endpoint } from "../endpoint";
import { inMunicipality, municipalityRecord, municipalityTenancy as tenancy } from "./shared";
import { activeBody } from "../municipality";
import {
  binTypeFormSchema,
  binTypeItem,
  binTypeUpdateSchema,
  typeListQuery,
  wasteTypeFormSchema,
  wasteTypeItem,
  wasteTypeUpdateSchema,
} from "../waste-settings";

const byWasteType = municipalityRecord("wasteTypeId");
const byBinType = municipalityRecord("binTypeId");

/**
 * Waste and bin types settings (spec 001 §2; docs/api-bins.md 'Bin and waste types'). Reading needs the
 * municipality's detail permission, changing its edit permission: the types are the municipality's settings.
 */
export const wasteSettingsEndpoints = {
  wasteTypes: endpoint({
    method: "get",
    path: "/municipality/:municipalityId/waste-type",
    summary: "Waste types: the catalogue's and the municipality's own, with the municipality's bin count",
    permission: "municipality.aDetail",
    tenancy,
    params: inMunicipality,
    query: typeListQuery,
    response: itemsAnswer(wasteTypeItem),
  }),
  createWasteType: endpoint({
    method: "post",
    path: "/municipality/:municipalityId/waste-type",
    summary: "Add a waste type of the municipality",
    permission: "municipality.aEdit",
    tenancy,
    params: inMunicipality,
    body: wasteTypeFormSchema,
    response: idAnswer,
  }),
  updateWasteType: endpoint({
    method: "put",
    path: "/municipality/:municipalityId/waste-type/:wasteTypeId",
    summary: "Update the municipality's own waste type (the catalogue is read-only)",
    permission: "municipality.aEdit",
    tenancy,
    params: byWasteType,
    body: wasteTypeUpdateSchema,
    response: idAnswer,
  }),
  setWasteTypeActive: endpoint({
    method: "patch",
    path: "/municipality/:municipalityId/waste-type/:wasteTypeId/active",
    summary: "Deactivate or activate the municipality's own waste type",
    permission: "municipality.aEdit",
    tenancy,
    params: byWasteType,
    body: activeBody,
    response: activeAnswer,
  }),
  removeWasteType: endpoint({
    method: "delete",
    path: "/municipality/:municipalityId/waste-type/:wasteTypeId",
    summary: "Delete the municipality's own waste type (409 while bins or bin types use it)",
    permission: "municipality.aEdit",
    tenancy,
    params: byWasteType,
  }),
  binTypes: endpoint({
    method: "get",
    path: "/municipality/:municipalityId/bin-type",
    summary: "Bin types: the catalogue's and the municipality's own, with the municipality's bin count",
    permission: "municipality.aDetail",
    tenancy,
    params: inMunicipality,
    query: typeListQuery,
    response: itemsAnswer(binTypeItem),
  }),
  createBinType: endpoint({
    method: "post",
    path: "/municipality/:municipalityId/bin-type",
    summary: "Add a bin type of the municipality",
    permission: "municipality.aEdit",
    tenancy,
    params: inMunicipality,
    body: binTypeFormSchema,
    response: idAnswer,
  }),
  updateBinType: endpoint({
    method: "put",
    path: "/municipality/:municipalityId/bin-type/:binTypeId",
    summary: "Update the municipality's own bin type (the catalogue is read-only)",
    permission: "municipality.aEdit",
    tenancy,
    params: byBinType,
    body: binTypeUpdateSchema,
    response: idAnswer,
  }),
  setBinTypeActive: endpoint({
    method: "patch",
    path: "/municipality/:municipalityId/bin-type/:binTypeId/active",
    summary: "Deactivate or activate the municipality's own bin type",
    permission: "municipality.aEdit",
    tenancy,
    params: byBinType,
    body: activeBody,
    response: activeAnswer,
  }),
  removeBinType: endpoint({
    method: "delete",
    path: "/municipality/:municipalityId/bin-type/:binTypeId",
    summary: "Delete the municipality's own bin type (409 while bins or print batches use it)",
    permission: "municipality.aEdit",
    tenancy,
    params: byBinType,
  }),
};
