/**
 * Issue 11 security 9: no input makes the API answer 500. For every registered route (so routes added later are
 * covered without touching this file), with a user who passes every permission and tenancy check: a NUL byte in
 * each query field and each body field answers 422 'Text obsahuje nepovolené znaky.'; a JSON body that is null,
 * an array or a bare value answers 422; a NUL in a text path parameter or an upload's file name is no 500 either.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { allRoutes } from "../../api/app";
import type { AnyRoute } from "../../api/lib/route";
import { FORBIDDEN_TEXT_MESSAGE } from "#contract/common";
import type { TestApi } from "./helpers";
import { emptyBody, fillPath, fixedParamValue, routeCases, startWalk } from "./walk";

const NUL = "a\u0000b";

let t: TestApi;
let probeToken: string;
let close = async () => {};
beforeAll(async () => ({ t, probeToken, close } = await startWalk()));
afterAll(() => close());

/** The field names of an object schema, through preprocess / pipe / optional / default / refinements (zod 4). */
function fieldNames(schema: z.ZodType | undefined): string[] {
  let s = schema as unknown as { _zod?: { def: Record<string, unknown> } } | undefined;
  for (let i = 0; s?._zod && i < 20; i++) {
    const def = s._zod.def;
    if (def.type === "object") return Object.keys(def.shape as object);
    // An edit's body: the form's schema and its version (withVersion, decision 0020).
    if (def.type === "intersection") {
      return [...fieldNames(def.left as z.ZodType), ...fieldNames(def.right as z.ZodType)];
    }
    s = (
      def.type === "pipe"
        ? (def.in as typeof s)?._zod?.def.type === "transform"
          ? def.out
          : def.in
        : (def.innerType ?? def.schema)
    ) as typeof s;
  }
  return [];
}

/** A path parameter's value: the one that fits where only one does, else `text` (under test, or a sample). */
function paramValue(r: AnyRoute, name: string, text: string): string {
  const fixed = fixedParamValue(r, name, {
    municipalityId: t.fixtures.municipalities.a.id,
    userId: t.fixtures.users.worker.id,
  });
  if (fixed !== undefined) return fixed;
  return /id$/i.test(name) ? "1" : text;
}
const urlFor = (r: AnyRoute, text = "sample") => fillPath(r, (name) => paramValue(r, name, text));

const jsonRoutes = allRoutes.filter((r) => r.body && r.bodyKind !== "multipart");
const queryRoutes = allRoutes.filter((r) => fieldNames(r.query).length);

describe("NUL in a query field → 422 (every route with a query)", () => {
  it("there are such routes", () => expect(queryRoutes.length).toBeGreaterThan(5));
  it.each(routeCases(queryRoutes))("%s", async (_l, r) => {
    for (const field of fieldNames(r.query)) {
      const res = await t.call(r.method, urlFor(r), {
        token: probeToken,
        query: { [field]: NUL },
        ...(r.method === "get" ? {} : { json: {} }),
      });
      expect(res.status, field).toBe(422);
      expect(res.body.errors?.[field], field).toEqual([FORBIDDEN_TEXT_MESSAGE]);
    }
  });
});

describe("JSON bodies (every route that takes one)", () => {
  it("there are such routes", () => expect(jsonRoutes.length).toBeGreaterThan(20));
  it.each(routeCases(jsonRoutes))("%s: NUL in each field → 422; null, [] or a bare value → 422", async (_l, r) => {
    const fields = fieldNames(r.body);
    expect(fields.length, "body fields found").toBeGreaterThan(0);
    for (const field of fields) {
      const res = await t.call(r.method, urlFor(r), { token: probeToken, json: { [field]: NUL } });
      expect(res.status, field).toBe(422);
      expect(res.body.errors?.[field], field).toEqual([FORBIDDEN_TEXT_MESSAGE]);
      // Inside an array or object too.
      const nested = await t.call(r.method, urlFor(r), { token: probeToken, json: { [field]: [NUL] } });
      expect(nested.status, `${field}[0]`).toBe(422);
    }
    for (const body of [null, [], "text", 5, true]) {
      const res = await t.call(r.method, urlFor(r), { token: probeToken, json: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.Message).toBe("Tělo požadavku musí být objekt JSON.");
    }
  });
});

describe("NUL in a text path parameter or an uploaded file's name is never a 500", () => {
  it.each(routeCases(allRoutes.filter((r) => /:[A-Za-z]/.test(r.path))))("%s", async (_l, r) => {
    const res = await t.call(r.method, urlFor(r, NUL), { token: probeToken, ...emptyBody(r) });
    expect(res.status).toBeLessThan(500);
  });

  it.each(routeCases(allRoutes.filter((r) => r.bodyKind === "multipart")))(
    "%s: upload named with a NUL",
    async (_l, r) => {
      for (const field of ["file", "logo"]) {
        const form = new FormData();
        form.append(
          field,
          new Blob(["plainCode;code;subjectId;feePayerId\nA1;B1;;\n"], { type: "text/csv" }),
          `a${"\u0000"}b.csv`,
        );
        const res = await t.call(r.method, urlFor(r), { token: probeToken, body: form });
        expect(res.status, field).toBeLessThan(500);
      }
    },
  );
});
