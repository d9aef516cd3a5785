import { route } from "../../lib/route";
import { registryEndpoints as ep } from "#contract/endpoints/registry";

/** Company registry lookups (contract/endpoints/registry.ts): ARES for Czech numbers, RPO for the others. */
export const registryRoutes = [
  route(ep.ares, async ({ services, params }) => ({ data: await services.registry.lookup("ares", params.ico) })),
  route(ep.rpo, async ({ services, params }) => ({ data: await services.registry.lookup("rpo", params.ico) })),
];
