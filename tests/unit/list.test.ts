import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  DEFAULT_PAGE_SIZE,
  defineList,
  hasActiveFilters,
  pageCount,
  pageWindow,
  parseSort,
  shownRange,
  toSearch,
  toggleSort,
  withSearchParams,
} from "~/lib/list";
import { readListParams } from "~/lib/list-params";
import { listKeys } from "#contract/lists";
import { listFilter, listQuery } from "#contract/list";

type Municipality = {
  id: number;
  name: string;
  district: string;
  active: boolean;
};

const keys = listKeys({ id: "municipalities", sorts: ["name", "district"], defaultSort: "name" });
const municipalityList = listQuery(keys, {
  search: listFilter.search(),
  country: listFilter.select(["CZ", "SK"]),
  active: listFilter.boolean(),
  lastLoginFrom: listFilter.date(),
  type: z.array(z.enum(["city", "village"])).default([]),
});

const municipalities = defineList(keys, {
  columns: [
    { key: "name", label: "Název", render: (row: Municipality) => row.name },
    { key: "district", label: { key: "municipalities:district" } },
    { key: "active", label: "Stav" },
  ],
  filters: [
    { key: "search", label: "Hledat", kind: "search" },
    {
      key: "country",
      label: "Země",
      kind: "select",
      options: [
        { value: "CZ", label: "Česko" },
        { value: "SK", label: "Slovensko" },
      ],
    },
    { key: "active", label: "Aktivní", kind: "boolean" },
    { key: "lastLoginFrom", label: "Poslední přihlášení od", kind: "date" },
  ],
});

/** What an empty URL gives: the values every invalid one falls back to. */
const DEFAULTS = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  sort: "name",
  search: undefined,
  country: undefined,
  active: undefined,
  lastLoginFrom: undefined,
  type: [],
};

const parse = (qs: string) => readListParams(municipalityList, new URLSearchParams(qs));

describe("defineList (issue 12: one list contract)", () => {
  it("takes the id, the default sort and the sortable columns from the list's keys", () => {
    expect(municipalities.id).toBe("municipalities");
    expect(municipalities.defaultSort).toBe("name");
    expect(municipalities.columns.map((c) => [c.key, c.sortable])).toEqual([
      ["name", true],
      ["district", true],
      ["active", false],
    ]);
  });
});

describe("readListParams (lists keep filters, sort and page in the URL)", () => {
  it("gives defaults for an empty URL", () => {
    expect(parse("")).toEqual(DEFAULTS);
  });

  it("a NUL byte in any param is an invalid value: it falls back instead of reaching the API (issue 11)", () => {
    expect(parse("search=a%00b&country=CZ%00&type=city%00&type=village&sort=name%00&active=true%00")).toEqual({
      ...DEFAULTS,
      type: ["village"],
    });
  });

  it("accepts a URL object or a string like request.url", () => {
    const url = "http://localhost/administration/municipalities?page=3&pageSize=50&sort=-district&search=Brno";
    for (const input of [new URL(url), url]) {
      expect(readListParams(municipalityList, input)).toMatchObject({
        page: 3,
        pageSize: 50,
        sort: "-district",
        search: "Brno",
      });
    }
  });

  it("parses every filter kind", () => {
    expect(
      parse("search=%20Hradec%20&country=SK&active=false&lastLoginFrom=2024-02-29&type=city&type=village"),
    ).toMatchObject({
      search: "Hradec",
      country: "SK",
      active: false,
      lastLoginFrom: "2024-02-29",
      type: ["city", "village"],
    });
    expect(parse("active=true").active).toBe(true);
    expect(parse("type=city").type).toEqual(["city"]);
  });

  it("falls back to defaults for invalid values and never throws", () => {
    const values = parse(
      "page=-2&pageSize=33&sort=password&search=%20%20&country=DE&active=maybe&lastLoginFrom=2023-02-30&type=town",
    );
    expect(values).toEqual({ ...DEFAULTS, pageSize: 25 });
    expect(parse("page=abc&pageSize=").page).toBe(1);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=1e9").page).toBe(1);
    expect(parse("sort=-").sort).toBe("name");
    expect(parse("sort=active").sort).toBe("name"); // a column, but not one of the list's sort keys
  });

  it("treats empty params from a submitted GET form as absent", () => {
    expect(parse("search=&country=&active=&lastLoginFrom=&pageSize=25")).toMatchObject({
      search: undefined,
      country: undefined,
      active: undefined,
      pageSize: 25,
    });
  });

  it("accepts every page size option", () => {
    for (const size of [10, 25, 50, 100]) expect(parse(`pageSize=${size}`).pageSize).toBe(size);
  });

  it("a search as long as the API allows is kept; a longer one falls back (the web never sends what the API refuses)", () => {
    expect(parse(`search=${"a".repeat(200)}`).search).toHaveLength(200);
    expect(parse(`search=${"a".repeat(201)}`).search).toBeUndefined();
  });

  it("types the parsed values from the schema", () => {
    const values = parse("");
    expectTypeOf(values.page).toEqualTypeOf<number>();
    expectTypeOf(values.search).toEqualTypeOf<string | undefined>();
    expectTypeOf(values.active).toEqualTypeOf<boolean | undefined>();
    expectTypeOf(values.country).toEqualTypeOf<"CZ" | "SK" | undefined>();
  });
});

describe("sorting helpers", () => {
  it("parses the sort direction", () => {
    expect(parseSort("name")).toEqual({ key: "name", direction: "asc" });
    expect(parseSort("-name")).toEqual({ key: "name", direction: "desc" });
  });

  it("toggles: another column sorts ascending, the same column flips", () => {
    expect(toggleSort("name", "district")).toBe("district");
    expect(toggleSort("-name", "district")).toBe("district");
    expect(toggleSort("name", "name")).toBe("-name");
    expect(toggleSort("-name", "name")).toBe("name");
    expect(toggleSort(undefined, "name")).toBe("name");
  });
});

describe("URL helpers", () => {
  it("changes params and keeps the others", () => {
    const current = new URLSearchParams("search=Brno&sort=-name&page=3");
    const next = withSearchParams(current, { page: 4 });
    expect(next.toString()).toBe("search=Brno&sort=-name&page=4");
    expect(current.get("page")).toBe("3"); // not mutated
    expect(toSearch(withSearchParams(current, { search: null, sort: undefined, page: "" }))).toBe("");
    expect(toSearch(withSearchParams(current, { active: true }))).toBe("?search=Brno&sort=-name&page=3&active=true");
  });
});

describe("paging helpers", () => {
  it("counts pages (at least one)", () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(120, 25)).toBe(5);
  });

  it("shows the range 'Zobrazeno 1–25 z 120'", () => {
    expect(shownRange(1, 25, 120)).toEqual({ from: 1, to: 25 });
    expect(shownRange(5, 25, 120)).toEqual({ from: 101, to: 120 });
    expect(shownRange(1, 25, 0)).toEqual({ from: 0, to: 0 });
    expect(shownRange(9, 25, 120)).toEqual({ from: 0, to: 0 }); // beyond the last page
  });

  it("windows page numbers around the current page", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(7, 20)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(99, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it("knows when filters are active", () => {
    expect(hasActiveFilters(municipalities, parse("sort=-name&page=2"))).toBe(false);
    expect(hasActiveFilters(municipalities, parse("active=false"))).toBe(true);
  });
});
