/**
 * What the domains' endpoints declare alike (decision 0027): the tenancy and path params of the calls below a
 * municipality. The short answers many calls give (an id, a count of changed records, items) are in ../common.ts.
 */
import { z } from "zod";
import { idParam } from "../common";

/** A call below /municipality/:municipalityId: the API checks that id against the user's municipalities. */
export const municipalityTenancy = { municipalityParam: "municipalityId" } as const;

/** The path params of a call below /municipality/:municipalityId. */
export const inMunicipality = z.object({ municipalityId: idParam });

/** The path params of a call on one record of a municipality: /municipality/:municipalityId/…/:<name>. */
export const municipalityRecord = <const K extends string>(name: K) =>
  z.object({ municipalityId: idParam, ...({ [name]: idParam } as Record<K, typeof idParam>) });
