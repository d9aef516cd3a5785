/**
 * What the domains' endpoints declare alike (decision 0027): the tenancy and path params of the calls below a
 * municipality, and the five calls on one kind of record a municipality keeps. The short answers many calls give (an
 * id, a count of changed records, items) are in ../common.ts.
 */
import { z } from "zod";
import { idAnswer, idParam, listAnswer } from "../common";
import { endpoint } from "../endpoint";
import type { Action, Entity } from "../permissions";

/** A call below /municipality/:municipalityId: the API checks that id against the user's municipalities. */
export const municipalityTenancy = { municipalityParam: "municipalityId" } as const;

/** The path params of a call below /municipality/:municipalityId. */
export const inMunicipality = z.object({ municipalityId: idParam });

/** The path params of a call on one record of a municipality: /municipality/:municipalityId/…/:<name>. */
export const municipalityRecord = <const K extends string>(name: K) =>
  z.object({ municipalityId: idParam, ...({ [name]: idParam } as Record<K, typeof idParam>) });

/**
 * The calls on one kind of record a municipality keeps: its list and create at `/municipality/:municipalityId/
 * <segment>`, its detail, update and delete at `…/<segment>/:<idName>`, each needing `<entity>.<action>` (list and
 * detail aDetail, create aAdd, update aEdit, delete aRemove). A domain names only what is its own: the summary and
 * the schemas. Its other calls are plain `endpoint()`s on `base` or `one` with `byRecord` as their params.
 */
export function municipalityRecordCalls<const E extends Entity, const K extends string>(
  entity: E,
  segment: string,
  idName: K,
) {
  const base = `/municipality/:municipalityId/${segment}`;
  const one = `${base}/:${idName}`;
  const byRecord = municipalityRecord(idName);
  const permission = <const A extends Action>(action: A) => `${entity}.${action}` as `${E}.${A}`;
  const tenancy = municipalityTenancy;
  return {
    base,
    one,
    byRecord,
    /** GET: one page of the records, filtered and sorted by the list's query. */
    list: <Q extends z.ZodType, I extends z.ZodType>(summary: string, query: Q, item: I) =>
      endpoint({
        method: "get",
        path: base,
        summary,
        permission: permission("aDetail"),
        tenancy,
        params: inMunicipality,
        query,
        response: listAnswer(item),
      }),
    /** POST: a new record from the form; answers its id unless another answer is given. */
    create: <B extends z.ZodType, R extends z.ZodType = typeof idAnswer>(summary: string, body: B, response?: R) =>
      endpoint({
        method: "post",
        path: base,
        summary,
        permission: permission("aAdd"),
        tenancy,
        params: inMunicipality,
        body,
        response: (response ?? idAnswer) as R,
      }),
    /** GET one: the record's detail (with the version its edit form sends back). */
    detail: <R extends z.ZodType>(summary: string, response: R) =>
      endpoint({
        method: "get",
        path: one,
        summary,
        permission: permission("aDetail"),
        tenancy,
        params: byRecord,
        response,
      }),
    /** PUT one: the edit form with its version; answers the id unless another answer is given. */
    update: <B extends z.ZodType, R extends z.ZodType = typeof idAnswer>(summary: string, body: B, response?: R) =>
      endpoint({
        method: "put",
        path: one,
        summary,
        permission: permission("aEdit"),
        tenancy,
        params: byRecord,
        body,
        response: (response ?? idAnswer) as R,
      }),
    /** DELETE one: 204 once deleted. */
    remove: (summary: string) =>
      endpoint({ method: "delete", path: one, summary, permission: permission("aRemove"), tenancy, params: byRecord }),
  };
}
