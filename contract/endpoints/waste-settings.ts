import type { z } from "zod";
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

/**
 * The calls of one kind of type (waste or bin), at /municipality/:municipalityId/<segment>: the catalogue's and the
 * municipality's own listed together; the own ones added, changed, switched on or off and deleted (409 while
 * `usedBy` use one). Reading needs the municipality's detail permission, changing its edit permission: the types
 * are the municipality's settings.
 */
function typeCalls<const K extends string, I extends z.ZodType, F extends z.ZodType, U extends z.ZodType>(
  kind: { segment: string; idName: K; what: string; usedBy: string },
  schemas: { item: I; form: F; update: U },
) {
  const { segment, idName, what, usedBy } = kind;
  const base = `/municipality/:municipalityId/${segment}`;
  const one = `${base}/:${idName}`;
  const byType = municipalityRecord(idName);
  const edit = { permission: "municipality.aEdit", tenancy } as const;
  return {
    list: endpoint({
      method: "get",
      path: base,
      summary: `${what[0]!.toUpperCase()}${what.slice(1)}s: the catalogue's and the municipality's own, with the municipality's bin count`,
      permission: "municipality.aDetail",
      tenancy,
      params: inMunicipality,
      query: typeListQuery,
      response: itemsAnswer(schemas.item),
    }),
    create: endpoint({
      method: "post",
      path: base,
      summary: `Add a ${what} of the municipality`,
      ...edit,
      params: inMunicipality,
      body: schemas.form,
      response: idAnswer,
    }),
    update: endpoint({
      method: "put",
      path: one,
      summary: `Update the municipality's own ${what} (the catalogue is read-only)`,
      ...edit,
      params: byType,
      body: schemas.update,
      response: idAnswer,
    }),
    setActive: endpoint({
      method: "patch",
      path: `${one}/active`,
      summary: `Deactivate or activate the municipality's own ${what}`,
      ...edit,
      params: byType,
      body: activeBody,
      response: activeAnswer,
    }),
    remove: endpoint({
      method: "delete",
      path: one,
      summary: `Delete the municipality's own ${what} (409 while ${usedBy} use it)`,
      ...edit,
      params: byType,
    }),
  };
}

const wasteType = typeCalls(
  { segment: "waste-type", idName: "wasteTypeId", what: "waste type", usedBy: "bins or bin types" },
  { item: wasteTypeItem, form: wasteTypeFormSchema, update: wasteTypeUpdateSchema },
);
const binType = typeCalls(
  { segment: "bin-type", idName: "binTypeId", what: "bin type", usedBy: "bins or print batches" },
  { item: binTypeItem, form: binTypeFormSchema, update: binTypeUpdateSchema },
);

/** Waste and bin types settings (spec 001 §2; docs/api-bins.md 'Bin and waste types'). */
export const wasteSettingsEndpoints = {
  wasteTypes: wasteType.list,
  createWasteType: wasteType.create,
  updateWasteType: wasteType.update,
  setWasteTypeActive: wasteType.setActive,
  removeWasteType: wasteType.remove,
  binTypes: binType.list,
  createBinType: binType.create,
  updateBinType: binType.update,
  setBinTypeActive: binType.setActive,
  removeBinType: binType.remove,
};
