import { endpoint } from "../endpoint";
import { companyLookupAnswer, icoParams } from "../registry";

/**
 * Company registry lookups (spec 000 §3, §7): ARES for Czech numbers, RPO for the others. Open to every signed-in
 * user ('none' tenancy): the answer is public company data.
 */
export const registryEndpoints = {
  ares: endpoint({
    method: "get",
    path: "/ares/:ico",
    summary: "Company data from the Czech ARES registry",
    permission: "authenticated",
    tenancy: "none",
    params: icoParams,
    response: companyLookupAnswer,
  }),
  rpo: endpoint({
    method: "get",
    path: "/rpo/:ico",
    summary: "Company data from the Slovak RPO registry",
    permission: "authenticated",
    tenancy: "none",
    params: icoParams,
    response: companyLookupAnswer,
  }),
};
