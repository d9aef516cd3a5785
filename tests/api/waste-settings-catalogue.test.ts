/**
 * Waste settings API tests: the catalogue (municipality_id null, seeded at start); permissions. Shared setup in
 * ./waste-settings-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { eq, isNull, sql } from "drizzle-orm";
import { binType, wasteType } from "../../api/db/schema";
import { CATALOGUE_BIN_TYPES, CATALOGUE_WASTE_TYPES, syncCatalogue } from "../../api/db/catalogue";
import {
  t,
  A,
  TYPE_NOT_FOUND,
  wasteUrl,
  binUrl,
  wasteForm,
  binForm,
  catalogueId,
  setupWasteSettingsTests,
} from "./waste-settings-fixtures";

setupWasteSettingsTests();

describe("the catalogue (municipality_id null, seeded at start)", () => {
  it("lists the Czech waste catalogue with exact coefficients and the sorted flag", async () => {
    const res = await t.call("GET", wasteUrl(A), { as: "manager" });
    expect(res.status).toBe(200);
    const catalogue = res.body.items.filter((w: { catalogue: boolean }) => w.catalogue);
    expect(catalogue.map((w: { name: string }) => w.name)).toEqual(CATALOGUE_WASTE_TYPES.map((w) => w.name));
    const byCode = (code: string) => catalogue.find((w: { catalogCode: string }) => w.catalogCode === code);
    expect(byCode("200301")).toMatchObject({
      name: "Směsný komunální odpad",
      coefficient: "0.1200",
      sorted: false,
      active: true,
      binCount: 0,
    });
    for (const code of ["150102", "200139", "150101", "200101", "150107", "200102", "200201", "200140", "150105"]) {
      expect(byCode(code)?.sorted, code).toBe(true);
    }
    expect(byCode("200307")).toMatchObject({ name: "Objemný odpad", sorted: false });
  });

  it("lists real bin types: bins, containers up to 19,000 l (weighed), disposable bags, a bucket and 1 l", async () => {
    const res = await t.call("GET", binUrl(A), { as: "manager" });
    expect(res.status).toBe(200);
    const items = res.body.items as {
      name: string;
      category: string;
      kind: string;
      capacity: number;
      allowExact: boolean;
      catalogue: boolean;
    }[];
    const byName = (n: string) => items.find((b) => b.name === n);
    expect(items.filter((b) => b.catalogue)).toHaveLength(CATALOGUE_BIN_TYPES.length);
    for (const capacity of [110, 120, 240]) {
      expect(byName(`Popelnice ${capacity} l`)).toMatchObject({
        category: "bin",
        kind: "fixed",
        capacity,
        allowExact: false,
      });
    }
    for (const capacity of [660, 770, 1100, 2500, 5000]) {
      expect(byName(`Kontejner ${capacity} l`)).toMatchObject({ category: "container", kind: "fixed", capacity });
    }
    expect(byName("Velkoobjemový kontejner 19 000 l")).toMatchObject({ capacity: 19_000, allowExact: true });
    expect(byName("Pytel 120 l")).toMatchObject({ category: "bag", kind: "disposable", capacity: 120 });
    expect(byName("Koš 50 l")).toMatchObject({ category: "wasteBucket", capacity: 50 });
    expect(byName("Nádoba 1 l")).toMatchObject({ category: "other", capacity: 1 });
    // Ordered by volume.
    const capacities = items.map((b) => b.capacity);
    expect(capacities).toEqual([...capacities].sort((x, y) => x - y));
    expect(Math.min(...capacities)).toBe(1);
    expect(Math.max(...capacities)).toBe(19_000);
    // A picker asks without counts: the same rows, binCount null.
    const plain = await t.call("GET", binUrl(A), { as: "manager", query: { counts: "false" } });
    expect(plain.body.items.map((b: { id: number }) => b.id)).toEqual(res.body.items.map((b: { id: number }) => b.id));
    expect(new Set(plain.body.items.map((b: { binCount: number | null }) => b.binCount))).toEqual(new Set([null]));
  });

  it("the sync is idempotent and repairs a changed catalogue row", async () => {
    const count = async () => {
      const [w] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(wasteType)
        .where(isNull(wasteType.municipalityId));
      const [b] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(binType)
        .where(isNull(binType.municipalityId));
      return [w!.n, b!.n];
    };
    const before = await count();
    const id = await catalogueId(wasteType, "Sklo");
    await t.db.update(wasteType).set({ coefficient: "1.0000", active: false }).where(eq(wasteType.id, id));
    await syncCatalogue(t.db);
    await syncCatalogue(t.db);
    expect(await count()).toEqual(before);
    expect(before).toEqual([CATALOGUE_WASTE_TYPES.length, CATALOGUE_BIN_TYPES.length]);
    const [row] = await t.db.select().from(wasteType).where(eq(wasteType.id, id));
    expect(row).toMatchObject({ coefficient: "0.3000", active: true });
  });

  it("catalogue rows cannot be changed or deleted by a municipality: 404 'Typ nebyl nalezen.'", async () => {
    const wasteId = await catalogueId(wasteType, "Plasty");
    const binId = await catalogueId(binType, "Popelnice 120 l");
    const put = await t.call("PUT", wasteUrl(A, `/${wasteId}`), {
      as: "manager",
      json: wasteForm({ name: "Plasty 2" }),
    });
    expect(put).toMatchObject({ status: 404, body: TYPE_NOT_FOUND });
    const patch = await t.call("PATCH", binUrl(A, `/${binId}/active`), { as: "manager", json: { active: false } });
    expect(patch).toMatchObject({ status: 404, body: TYPE_NOT_FOUND });
    const del = await t.call("DELETE", binUrl(A, `/${binId}`), { as: "admin" });
    expect(del).toMatchObject({ status: 404, body: TYPE_NOT_FOUND });
    const [row] = await t.db.select().from(binType).where(eq(binType.id, binId));
    expect(row).toMatchObject({ name: "Popelnice 120 l", active: true });
  });
});

describe("permissions", () => {
  it("the read-only administrator and the worker read but change nothing (403)", async () => {
    for (const as of ["readonly", "worker"] as const) {
      expect((await t.call("GET", binUrl(A), { as })).status).toBe(200);
      expect((await t.call("GET", wasteUrl(A), { as })).status).toBe(200);
      const post = await t.call("POST", binUrl(A), { as, json: binForm({ name: `Nádoba ${as}` }) });
      expect(post).toMatchObject({ status: 403, body: { Message: "Přístup byl odepřen" } });
      expect((await t.call("POST", wasteUrl(A), { as, json: wasteForm({ name: `Odpad ${as}` }) })).status).toBe(403);
    }
    const rows = await t.db.select().from(binType).where(eq(binType.name, "Nádoba readonly"));
    expect(rows).toEqual([]);
  });

  it("a citizen cannot read the settings (403)", async () => {
    expect((await t.call("GET", binUrl(A), { as: "citizen" })).status).toBe(403);
  });
});
