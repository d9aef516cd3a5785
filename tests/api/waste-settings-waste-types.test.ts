/**
 * Waste settings API tests: waste types of the municipality. Shared setup in ./waste-settings-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { wasteType } from "../../api/db/schema";
import { CATALOGUE_WASTE_TYPES } from "../../api/db/catalogue";
import {
  t,
  A,
  B,
  TYPE_NOT_FOUND,
  IN_USE,
  wasteUrl,
  binUrl,
  wasteForm,
  binForm,
  insertBin,
  type FieldCase,
  expectFieldErrors,
  setupWasteSettingsTests,
} from "./waste-settings-fixtures";

setupWasteSettingsTests();

describe("waste types of the municipality", () => {
  it("creates one (a decimal comma is accepted, stored exactly) and lists it after the catalogue", async () => {
    const res = await t.call("POST", wasteUrl(A), { as: "manager", json: wasteForm({ coefficient: "0,125" }) });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(wasteType).where(eq(wasteType.id, res.body.id));
    expect(row).toMatchObject({
      municipalityId: A,
      name: "Textil",
      catalogCode: "200111",
      coefficient: "0.1250",
      sorted: true,
      active: true,
    });
    const list = await t.call("GET", wasteUrl(A), { as: "worker" });
    expect(list.body.items.at(-1)).toEqual({
      id: res.body.id,
      version: 0,
      name: "Textil",
      catalogCode: "200111",
      coefficient: "0.1250",
      sorted: true,
      active: true,
      catalogue: false,
      binCount: 0,
    });
    // Another municipality sees the catalogue, not A's own rows.
    const other = await t.call("GET", wasteUrl(B), { as: "managerB" });
    expect(other.body.items.some((w: { id: number }) => w.id === res.body.id)).toBe(false);
    expect(other.body.items).toHaveLength(CATALOGUE_WASTE_TYPES.length);
  });

  it("422 with the messages under the fields", async () => {
    const cases: FieldCase[] = [
      [{ name: " " }, "name", "Vyplňte toto pole."],
      [{ coefficient: "2.5" }, "coefficient", "Koeficient je 0 až 2 s nejvýše 4 desetinnými místy."],
      [{ coefficient: "0.12345" }, "coefficient", "Koeficient je 0 až 2 s nejvýše 4 desetinnými místy."],
      [{ coefficient: "-0.1" }, "coefficient", "Koeficient je 0 až 2 s nejvýše 4 desetinnými místy."],
      [{ coefficient: "" }, "coefficient", "Koeficient je 0 až 2 s nejvýše 4 desetinnými místy."],
      [{ catalogCode: "2003" }, "catalogCode", "Kód katalogu odpadů má 6 číslic."],
      [{ name: "směsný KOMUNÁLNÍ odpad" }, "name", "Typ s tímto názvem už existuje."],
    ];
    await expectFieldErrors(wasteUrl(A), wasteForm, cases);
    // The bounds themselves are valid.
    for (const [name, coefficient] of [
      ["Nula", "0"],
      ["Dva", "2.0000"],
    ]) {
      const res = await t.call("POST", wasteUrl(A), {
        as: "manager",
        json: wasteForm({ name, coefficient, catalogCode: "" }),
      });
      expect(res.status).toBe(201);
    }
  });

  it("updates its own row; another municipality's row is not found", async () => {
    const created = await t.call("POST", wasteUrl(A), {
      as: "manager",
      json: wasteForm({ name: "Jedlé oleje", catalogCode: "200125" }),
    });
    const id = created.body.id as number;
    const res = await t.call("PUT", wasteUrl(A, `/${id}`), {
      as: "manager",
      json: wasteForm({ name: "Jedlé oleje a tuky", catalogCode: "200125", coefficient: "0.9", sorted: false }),
    });
    expect(res).toMatchObject({ status: 200, body: { id } });
    const [row] = await t.db.select().from(wasteType).where(eq(wasteType.id, id));
    expect(row).toMatchObject({ name: "Jedlé oleje a tuky", coefficient: "0.9000", sorted: false });
    // Its own name is not a duplicate of itself.
    const same = await t.call("PUT", wasteUrl(A, `/${id}`), {
      as: "manager",
      json: wasteForm({ name: "JEDLÉ oleje a tuky", version: 1 }),
    });
    expect(same.status).toBe(200);
    // B's manager names A's row under B's own municipality: the type's own 404.
    const foreign = await t.call("PUT", wasteUrl(B, `/${id}`), { as: "managerB", json: wasteForm({ name: "Cizí" }) });
    expect(foreign).toMatchObject({ status: 404, body: TYPE_NOT_FOUND });
    const foreignDelete = await t.call("DELETE", wasteUrl(B, `/${id}`), { as: "managerB" });
    expect(foreignDelete).toMatchObject({ status: 404, body: TYPE_NOT_FOUND });
    // A's manager asking under B's id: the tenancy 404.
    const tenancy = await t.call("PUT", wasteUrl(B, `/${id}`), { as: "manager", json: wasteForm() });
    expect(tenancy).toMatchObject({ status: 404, body: { Message: "Záznam nebyl nalezen." } });
    const missing = await t.call("PUT", wasteUrl(A, "/999999"), { as: "manager", json: wasteForm({ name: "Nic" }) });
    expect(missing).toMatchObject({ status: 404, body: TYPE_NOT_FOUND });
    const [unchanged] = await t.db.select().from(wasteType).where(eq(wasteType.id, id));
    expect(unchanged!.name).toBe("JEDLÉ oleje a tuky");
  });

  it("counts the municipality's bins of the waste (their own waste, else their bin type's)", async () => {
    const created = await t.call("POST", wasteUrl(A), {
      as: "manager",
      json: wasteForm({ name: "Dřevo", catalogCode: "200138" }),
    });
    const id = created.body.id as number;
    const bt = await t.call("POST", binUrl(A), {
      as: "manager",
      json: binForm({ name: "Kontejner na dřevo", category: "container", capacity: 1100, wasteTypeId: id }),
    });
    await insertBin(A, { wasteTypeId: id });
    await insertBin(A, { binTypeId: bt.body.id });
    await insertBin(A, { wasteTypeId: id, state: "Used" });
    // Not counted: a free code and a discarded bin.
    await insertBin(A, { wasteTypeId: id, state: "Free" });
    await insertBin(A, { wasteTypeId: id, state: "Discarded" });
    const list = await t.call("GET", wasteUrl(A), { as: "manager" });
    expect(list.body.items.find((w: { id: number }) => w.id === id).binCount).toBe(3);

    // The bins and the bin type keep it: 409, deactivate instead.
    const del = await t.call("DELETE", wasteUrl(A, `/${id}`), { as: "manager" });
    expect(del).toMatchObject({ status: 409, body: IN_USE });
    const off = await t.call("PATCH", wasteUrl(A, `/${id}/active`), { as: "manager", json: { active: false } });
    expect(off).toMatchObject({ status: 200, body: { id, active: false } });
    const active = await t.call("GET", wasteUrl(A), { as: "manager", query: { active: "true" } });
    expect(active.body.items.some((w: { id: number }) => w.id === id)).toBe(false);
    const inactive = await t.call("GET", wasteUrl(A), { as: "manager", query: { active: "false" } });
    expect(inactive.body.items.map((w: { id: number }) => w.id)).toContain(id);
    const [row] = await t.db.select().from(wasteType).where(eq(wasteType.id, id));
    expect(row!.active).toBe(false);
  });

  it("a waste type only a bin type uses: 409 with its own message; unused: deleted", async () => {
    const w = await t.call("POST", wasteUrl(A), {
      as: "manager",
      json: wasteForm({ name: "Elektro", catalogCode: "200136" }),
    });
    const bt = await t.call("POST", binUrl(A), {
      as: "manager",
      json: binForm({ name: "Box na elektro", category: "other", capacity: 60, wasteTypeId: w.body.id }),
    });
    const refused = await t.call("DELETE", wasteUrl(A, `/${w.body.id}`), { as: "manager" });
    expect(refused).toMatchObject({
      status: 409,
      body: { Message: "Typ odpadu používají typy nádob obce; nejdřív ho deaktivujte." },
    });
    expect((await t.call("DELETE", binUrl(A, `/${bt.body.id}`), { as: "manager" })).status).toBe(204);
    expect((await t.call("DELETE", wasteUrl(A, `/${w.body.id}`), { as: "manager" })).status).toBe(204);
    expect(await t.db.select().from(wasteType).where(eq(wasteType.id, w.body.id))).toEqual([]);
  });
});
