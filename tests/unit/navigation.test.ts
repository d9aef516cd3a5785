/** The navigation marks a module's item (not 'Obce') on a municipality's module pages. */
import { describe, expect, it } from "vitest";
import { NAV_ITEMS, moduleItemOf } from "~/lib/navigation";

describe("moduleItemOf", () => {
  it("finds the item of a module page and of the pages below it", () => {
    expect(moduleItemOf(NAV_ITEMS, "/administration/municipalities/7/modules/distribution-centers")?.to).toBe(
      "/administration/distribution-centers",
    );
    expect(moduleItemOf(NAV_ITEMS, "/administration/municipalities/7/modules/waste-collection-yards/3/edit")?.to).toBe(
      "/administration/waste-collection-yards",
    );
    expect(moduleItemOf(NAV_ITEMS, "/administration/municipalities/7/modules/waste-bins")?.to).toBe(
      "/administration/waste-bins",
    );
  });

  it("leaves other pages to the links' own matching", () => {
    expect(moduleItemOf(NAV_ITEMS, "/administration/municipalities/7")).toBeUndefined();
    expect(moduleItemOf(NAV_ITEMS, "/administration/municipalities/7/modules/motivation-program")).toBeUndefined();
    expect(moduleItemOf(NAV_ITEMS, "/infrastructure/subjects")).toBeUndefined();
  });
});
