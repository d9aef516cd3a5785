import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { endpoints } from "#contract/endpoints/index";
import { endpointUrl, type EndpointDef } from "#contract/endpoint";
import { listKeysOf } from "#contract/list";
import { MAX_SEARCH_LENGTH, PAGE_SIZES } from "#contract/lists";
import { readListParams } from "~/lib/list-params";

/**
 * Issue 12 'one list contract': every paged list of the API is built from its list contract, and whatever the web
 * reads from a URL (any URL: wrong sorts, long searches, odd page sizes) the API accepts. Walks every endpoint of
 * contract/endpoints/, so a list added later is covered without touching this file.
 */
const all = Object.entries(endpoints).flatMap(([domain, calls]) =>
  Object.entries(calls as Record<string, EndpointDef>).map(([name, def]) => ({ name: `${domain}.${name}`, def })),
);
const shapeOf = (schema: z.ZodType | undefined) => (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
const lists = all.filter(({ def }) => listKeysOf(def.query));

/** URLs a user or a link may bring to a list page: every sort both ways, bad values, the longest search. */
function urlsFor(keys: NonNullable<ReturnType<typeof listKeysOf>>, shape: Record<string, unknown>): string[] {
  const sorts = keys.sorts.flatMap((k) => [`sort=${k}`, `sort=-${k}`]);
  const search =
    "search" in shape
      ? [
          `search=${"ž".repeat(MAX_SEARCH_LENGTH)}`,
          `search=${"a".repeat(MAX_SEARCH_LENGTH + 1)}`,
          "search=%00x",
          "search=%20",
        ]
      : [];
  const filters = Object.keys(shape)
    .filter((k) => !["page", "pageSize", "sort", "search"].includes(k))
    .flatMap((k) => [`${k}=`, `${k}=nonsense`, `${k}=true`, `${k}=2026-02-30`, `${k}=12`]);
  return [
    "",
    ...sorts,
    "sort=nosuchkey",
    "sort=--name",
    ...PAGE_SIZES.map((n) => `pageSize=${n}`),
    "pageSize=7",
    "pageSize=100000",
    "page=0",
    "page=-3",
    "page=99999999999",
    "page=2.5",
    ...search,
    ...filters,
  ].map((q) => `http://localhost/list?${q}`);
}

describe("list contracts (issue 12)", () => {
  it("there are list endpoints to check, and every paged GET is built from a list contract", () => {
    expect(lists.length).toBeGreaterThan(0);
    const paged = all.filter(
      ({ def }) => def.method === "get" && shapeOf(def.query) && "pageSize" in shapeOf(def.query)!,
    );
    expect(paged.filter(({ def }) => !listKeysOf(def.query)).map(({ name }) => name)).toEqual([]);
  });

  it.each(lists.map(({ name, def }) => [name, def] as const))(
    "%s: what the web reads from any URL the API accepts",
    (_, def) => {
      const keys = listKeysOf(def.query)!;
      const list = { keys, query: def.query as z.ZodObject<z.ZodRawShape> };
      for (const url of urlsFor(keys, list.query.shape)) {
        const params = readListParams(list, url);
        expect(keys.sorts.map(String)).toContain(String(params.sort).replace(/^-/, ""));
        // The params go to the API as the typed client sends them: as text, path params aside.
        const { query } = endpointUrl({ ...def, path: def.path.replace(/:[A-Za-z]+/g, "1") }, params);
        const parsed = def.query!.safeParse(Object.fromEntries(query));
        expect(parsed.success, `${url} → ${query} → ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    },
  );

  it("the API refuses a sort that is not one of the list's keys", () => {
    for (const { def } of lists) expect(def.query!.safeParse({ sort: "nosuchkey" }).success).toBe(false);
  });
});
