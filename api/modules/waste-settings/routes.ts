import { z } from "zod";
import { route } from "../../lib/route";
import { idParam } from "#contract/common";
import { activeBody } from "#contract/municipality";
import {
  binTypeFormSchema,
  binTypeUpdateSchema,
  binTypeItem,
  typeListQuery,
  wasteTypeFormSchema,
  wasteTypeUpdateSchema,
  wasteTypeItem,
} from "#contract/waste-settings";
import * as svc from "./service";

const tenancy = { municipalityParam: "municipalityId" } as const;
const base = "/municipality/:municipalityId";
const inMunicipality = z.object({ municipalityId: idParam });
const byWasteType = z.object({ municipalityId: idParam, wasteTypeId: idParam });
const byBinType = z.object({ municipalityId: idParam, binTypeId: idParam });
const idAnswer = z.object({ id: z.number() });
const activeAnswer = z.object({ id: z.number(), active: z.boolean() });

/**
 * Waste and bin types settings (spec 001 §2; docs/api-bins.md 'Bin and waste types'). Reading needs the
 * municipality's detail permission, changing its edit permission: the types are the municipality's settings.
 */
export const wasteSettingsRoutes = [
  route({
    method: "get",
    path: `${base}/waste-type`,
    summary: "Waste types: the catalogue's and the municipality's own, with the municipality's bin count",
    permission: "municipality.aDetail",
    tenancy,
    params: inMunicipality,
    query: typeListQuery,
    response: z.object({ items: z.array(wasteTypeItem) }),
    handler: ({ services, params, query }) => svc.listWasteTypes(services.db, params.municipalityId, query),
  }),
  route({
    method: "post",
    path: `${base}/waste-type`,
    summary: "Add a waste type of the municipality",
    permission: "municipality.aEdit",
    tenancy,
    params: inMunicipality,
    body: wasteTypeFormSchema,
    response: idAnswer,
    handler: ({ services, params, body }) => svc.createWasteType(services.db, params.municipalityId, body),
  }),
  route({
    method: "put",
    path: `${base}/waste-type/:wasteTypeId`,
    summary: "Update the municipality's own waste type (the catalogue is read-only)",
    permission: "municipality.aEdit",
    tenancy,
    params: byWasteType,
    body: wasteTypeUpdateSchema,
    response: idAnswer,
    handler: ({ services, params, body }) =>
      svc.updateWasteType(services.db, params.municipalityId, params.wasteTypeId, body),
  }),
  route({
    method: "patch",
    path: `${base}/waste-type/:wasteTypeId/active`,
    summary: "Deactivate or activate the municipality's own waste type",
    permission: "municipality.aEdit",
    tenancy,
    params: byWasteType,
    body: activeBody,
    response: activeAnswer,
    handler: ({ services, params, body }) =>
      svc.setWasteTypeActive(services.db, params.municipalityId, params.wasteTypeId, body.active),
  }),
  route({
    method: "delete",
    path: `${base}/waste-type/:wasteTypeId`,
    summary: "Delete the municipality's own waste type (409 while bins or bin types use it)",
    permission: "municipality.aEdit",
    tenancy,
    params: byWasteType,
    handler: async ({ services, params }) => {
      await svc.deleteWasteType(services.db, params.municipalityId, params.wasteTypeId);
      return null;
    },
  }),
  route({
    method: "get",
    path: `${base}/bin-type`,
    summary: "Bin types: the catalogue's and the municipality's own, with the municipality's bin count",
    permission: "municipality.aDetail",
    tenancy,
    params: inMunicipality,
    query: typeListQuery,
    response: z.object({ items: z.array(binTypeItem) }),
    handler: ({ services, params, query }) => svc.listBinTypes(services.db, params.municipalityId, query),
  }),
  route({
    method: "post",
    path: `${base}/bin-type`,
    summary: "Add a bin type of the municipality",
    permission: "municipality.aEdit",
    tenancy,
    params: inMunicipality,
    body: binTypeFormSchema,
    response: idAnswer,
    handler: ({ services, params, body }) => svc.createBinType(services.db, params.municipalityId, body),
  }),
  route({
    method: "put",
    path: `${base}/bin-type/:binTypeId`,
    summary: "Update the municipality's own bin type (the catalogue is read-only)",
    permission: "municipality.aEdit",
    tenancy,
    params: byBinType,
    body: binTypeUpdateSchema,
    response: idAnswer,
    handler: ({ services, params, body }) =>
      svc.updateBinType(services.db, params.municipalityId, params.binTypeId, body),
  }),
  route({
    method: "patch",
    path: `${base}/bin-type/:binTypeId/active`,
    summary: "Deactivate or activate the municipality's own bin type",
    permission: "municipality.aEdit",
    tenancy,
    params: byBinType,
    body: activeBody,
    response: activeAnswer,
    handler: ({ services, params, body }) =>
      svc.setBinTypeActive(services.db, params.municipalityId, params.binTypeId, body.active),
  }),
  route({
    method: "delete",
    path: `${base}/bin-type/:binTypeId`,
    summary: "Delete the municipality's own bin type (409 while bins or print batches use it)",
    permission: "municipality.aEdit",
    tenancy,
    params: byBinType,
    handler: async ({ services, params }) => {
      await svc.deleteBinType(services.db, params.municipalityId, params.binTypeId);
      return null;
    },
  }),
];
