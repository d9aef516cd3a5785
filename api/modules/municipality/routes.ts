import { noContent, route, municipalityCall } from "../../lib/route";
import { LOGO_MAX_BYTES } from "#contract/municipality";
import { municipalityEndpoints as ep } from "#contract/endpoints/municipality";
import * as svc from "./service";
import { validation } from "../../lib/errors";

/** Municipalities (contract/endpoints/municipality.ts): the handlers of the municipality calls, in the endpoints' order. */
export const municipalityRoutes = [
  route(ep.list, ({ services, auth, query }) => svc.listMunicipalities(services.db, auth, query)),
  route(ep.options, ({ services, auth }) => svc.listOptions(services.db, auth)),
  route(ep.districts, async ({ services, auth }) => ({ items: await svc.listDistricts(services.db, auth) })),
  route(ep.create, ({ services, auth, body }) => svc.createMunicipality(services.db, auth, body)),
  municipalityCall.read(ep.detail, svc.getMunicipality),
  route(ep.update, async ({ services, auth, params, body }) => {
    await svc.updateMunicipality(services.db, auth, params.municipalityId, body);
    return { id: params.municipalityId };
  }),
  route(ep.setActive, async ({ services, params, body }) => {
    await svc.setActive(services.db, params.municipalityId, body.active);
    return { id: params.municipalityId, active: body.active };
  }),
  route(ep.setModule, async ({ services, params, body }) => {
    await svc.setModule(services.db, params.municipalityId, params.module, body.enabled);
    return { module: params.module, enabled: body.enabled };
  }),
  municipalityCall.read(ep.users, svc.listMunicipalityUsers),
  municipalityCall.read(ep.externalAccounts, svc.listExternalAccounts),
  route(ep.saveExternalAccounts, async ({ services, params, body }) => {
    await svc.saveExternalAccounts(services.db, services.secretBox, params.municipalityId, body.accounts);
    return svc.listExternalAccounts(services.db, params.municipalityId);
  }),
  route(ep.logo, async ({ services, params }) => {
    const logo = await svc.getLogo(services.db, params.municipalityId);
    return new Response(logo.data as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": logo.contentType,
        "Cache-Control": "private, max-age=60",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }),
  route(ep.uploadLogo, async ({ c, services, params }) => {
    // Refuse an oversized upload before reading it into memory.
    if (Number(c.req.header("content-length") ?? 0) > LOGO_MAX_BYTES + 64 * 1024) {
      throw validation({ logo: ["Logo může mít nejvýše 512 kB."] });
    }
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("logo");
    await svc.saveLogo(services.db, params.municipalityId, file instanceof File ? file : null);
    return { id: params.municipalityId, hasLogo: true as const };
  }),
  route(ep.removeLogo, ({ services, params }) => noContent(svc.deleteLogo(services.db, params.municipalityId))),
  route(ep.deleteData, async ({ services, params }) => ({
    removed: await svc.deleteMunicipalityData(services.db, params.municipalityId),
  })),
  route(ep.remove, ({ services, params }) => noContent(svc.deleteMunicipality(services.db, params.municipalityId))),
];
