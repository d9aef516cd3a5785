import { z } from "zod";
import { route } from "../../lib/route";

const icoParam = z.object({ ico: z.string().max(20) });

/** Company registry lookups (spec 000 §7): ARES for Czech numbers, RPO for the others. */
export const registryRoutes = [
  route({
    method: "get",
    path: "/ares/:ico",
    summary: "Company data from the Czech ARES registry",
    permission: "authenticated",
    tenancy: "none",
    params: icoParam,
    handler: async ({ services, params }) => ({ data: await services.registry.lookup("ares", params.ico) }),
  }),
  route({
    method: "get",
    path: "/rpo/:ico",
    summary: "Company data from the Slovak RPO registry",
    permission: "authenticated",
    tenancy: "none",
    params: icoParam,
    handler: async ({ services, params }) => ({ data: await services.registry.lookup("rpo", params.ico) }),
  }),
];
