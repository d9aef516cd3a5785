/**
 * What the domains' endpoints declare alike (decision 0027): the tenancy and path params of the calls below a
 * municipality, and the short answers many calls give (an id, a count of changed records, a record's items).
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

/** The answer of a create or an edit: the record's id. */
export const idAnswer = z.object({ id: z.number() });

/** The answer of switching a record on or off. */
export const activeAnswer = z.object({ id: z.number(), active: z.boolean() });

/** The answer of a bulk change: how many records it changed. */
export const updatedAnswer = z.object({ updated: z.number() });

/** The answer of a list that is not paged (a record's members, cards, history; options): its items. */
export const itemsAnswer = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
