import { z } from "zod";
import { route } from "../../lib/route";
import { idParam } from "#contract/common";
import {
  activeBody,
  deleteDataBody,
  externalAccountsBody,
  LOGO_MAX_BYTES,
  moduleBody,
  moduleParam,
  municipalityDetail,
  municipalityFormSchema,
  municipalityUpdateSchema,
  municipalityListItem,
  municipalityListQuery,
} from "#contract/municipality";
import * as svc from "./service";
import { validation } from "../../lib/errors";

const byId = z.object({ municipalityId: idParam });
const tenancy = { municipalityParam: "municipalityId" } as const;

/** Municipalities (spec 001 §2 Municipalities, spec 000 §2 /administration/municipalities). */
export const municipalityRoutes = [
  route({
    method: "get",
    path: "/municipality",
    summary: "List municipalities the user may see (filters, sort, paging)",
    permission: "municipality.aDetail",
    tenancy: "global",
    query: municipalityListQuery,
    response: z.object({ items: z.array(municipalityListItem), total: z.number() }),
    handler: ({ services, auth, query }) => svc.listMunicipalities(services.db, auth, query),
  }),
  route({
    method: "get",
    path: "/municipality/options",
    summary: "Id and name of every municipality the user may see (selects, the selection modal)",
    permission: "municipality.aDetail",
    tenancy: "global",
    handler: ({ services, auth }) => svc.listOptions(services.db, auth),
  }),
  route({
    method: "get",
    path: "/municipality/districts",
    summary: "Districts used by the user's municipalities (list filter)",
    permission: "municipality.aDetail",
    tenancy: "global",
    handler: async ({ services, auth }) => ({ items: await svc.listDistricts(services.db, auth) }),
  }),
  route({
    method: "post",
    path: "/municipality",
    summary: "Create a municipality",
    permission: "municipality.aAdd",
    tenancy: "global",
    body: municipalityFormSchema,
    handler: ({ services, auth, body }) => svc.createMunicipality(services.db, auth, body),
  }),
  route({
    method: "get",
    path: "/municipality/:municipalityId",
    summary: "One municipality with contacts and modules",
    permission: "municipality.aDetail",
    tenancy,
    params: byId,
    response: municipalityDetail,
    handler: ({ services, params }) => svc.getMunicipality(services.db, params.municipalityId),
  }),
  route({
    method: "put",
    path: "/municipality/:municipalityId",
    summary: "Update a municipality (contacts replaced as a whole)",
    permission: "municipality.aEdit",
    tenancy,
    params: byId,
    body: municipalityUpdateSchema,
    handler: async ({ services, auth, params, body }) => {
      await svc.updateMunicipality(services.db, auth, params.municipalityId, body);
      return { id: params.municipalityId };
    },
  }),
  route({
    method: "patch",
    path: "/municipality/:municipalityId/active",
    summary: "Activate or deactivate a municipality",
    permission: "municipality.aEdit",
    tenancy,
    params: byId,
    body: activeBody,
    handler: async ({ services, params, body }) => {
      await svc.setActive(services.db, params.municipalityId, body.active);
      return { id: params.municipalityId, active: body.active };
    },
  }),
  route({
    method: "put",
    path: "/municipality/:municipalityId/modules/:module",
    summary: "Switch a module on or off",
    permission: "municipality.aEdit",
    tenancy,
    params: z.object({ municipalityId: idParam, module: moduleParam }),
    body: moduleBody,
    handler: async ({ services, params, body }) => {
      await svc.setModule(services.db, params.municipalityId, params.module, body.enabled);
      return { module: params.module, enabled: body.enabled };
    },
  }),
  route({
    method: "get",
    path: "/municipality/:municipalityId/users",
    summary: "Users of a municipality",
    permission: "user.aDetail",
    tenancy,
    params: byId,
    handler: ({ services, params }) => svc.listMunicipalityUsers(services.db, params.municipalityId),
  }),
  route({
    method: "get",
    path: "/municipality/:municipalityId/external-accounts",
    summary: "External accounts of a municipality (passwords never returned)",
    permission: "municipality.aDetail",
    tenancy,
    params: byId,
    handler: ({ services, params }) => svc.listExternalAccounts(services.db, params.municipalityId),
  }),
  route({
    method: "put",
    path: "/municipality/:municipalityId/external-accounts",
    summary: "Replace the external accounts of a municipality",
    permission: "municipality.aEdit",
    tenancy,
    params: byId,
    body: externalAccountsBody,
    handler: async ({ services, params, body }) => {
      await svc.saveExternalAccounts(services.db, services.secretBox, params.municipalityId, body.accounts);
      return svc.listExternalAccounts(services.db, params.municipalityId);
    },
  }),
  route({
    method: "get",
    path: "/municipality/:municipalityId/logo",
    summary: "The municipality's logo image",
    permission: "municipality.aDetail",
    tenancy,
    params: byId,
    handler: async ({ services, params }) => {
      const logo = await svc.getLogo(services.db, params.municipalityId);
      return new Response(logo.data as Uint8Array<ArrayBuffer>, {
        headers: {
          "Content-Type": logo.contentType,
          "Cache-Control": "private, max-age=60",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  }),
  route({
    method: "put",
    path: "/municipality/:municipalityId/logo",
    summary: "Upload the logo (multipart field 'logo'; PNG, JPEG or WebP up to 512 kB)",
    permission: "municipality.aEdit",
    tenancy,
    params: byId,
    bodyKind: "multipart",
    handler: async ({ c, services, params }) => {
      // Refuse an oversized upload before reading it into memory.
      if (Number(c.req.header("content-length") ?? 0) > LOGO_MAX_BYTES + 64 * 1024) {
        throw validation({ logo: ["Logo může mít nejvýše 512 kB."] });
      }
      const form = await c.req.formData().catch(() => null);
      const file = form?.get("logo");
      await svc.saveLogo(services.db, params.municipalityId, file instanceof File ? file : null);
      return { id: params.municipalityId, hasLogo: true };
    },
  }),
  route({
    method: "delete",
    path: "/municipality/:municipalityId/logo",
    summary: "Remove the logo",
    permission: "municipality.aEdit",
    tenancy,
    params: byId,
    handler: async ({ services, params }) => {
      await svc.deleteLogo(services.db, params.municipalityId);
      return null;
    },
  }),
  route({
    method: "post",
    path: "/municipality/:municipalityId/delete-data",
    summary: "Delete all residents and collection points of the municipality (typed confirmation word)",
    permission: "municipality.aRemove",
    tenancy,
    params: byId,
    body: deleteDataBody,
    // An action, not a creation: 200 with the removed counts.
    status: 200,
    handler: async ({ services, params }) => ({ removed: await svc.deleteMunicipalityData(services.db, params.municipalityId) }),
  }),
  route({
    method: "delete",
    path: "/municipality/:municipalityId",
    summary: "Delete a municipality with its data",
    permission: "municipality.aRemove",
    tenancy,
    params: byId,
    handler: async ({ services, params }) => {
      await svc.deleteMunicipality(services.db, params.municipalityId);
      return null;
    },
  }),
];
