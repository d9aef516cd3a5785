/**
 * Waste settings API tests: bin types of the municipality. Shared setup in ./waste-settings-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { binType, printBatch, wasteType } from "../../api/db/schema";
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
  catalogueId,
  insertBin,
  type FieldCase,
  expectFieldErrors,
  setupWasteSettingsTests,
} from "./waste-settings-fixtures";

setupWasteSettingsTests();

describe("bin types of the municipality", () => {
  it("creates one with a catalogue waste type; lists it with the waste type's name", async () => {
    const paper = await catalogueId(wasteType, "Papír a lepenka");
    const res = await t.call("POST", binUrl(A), {
      as: "manager",
      json: binForm({ name: "Modrá popelnice 240 l", capacity: "240", wasteTypeId: String(paper), allowExact: "on" }),
    });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(binType).where(eq(binType.id, res.body.id));
    expect(row).toMatchObject({
      municipalityId: A,
      category: "bin",
      kind: "fixed",
      capacity: 240,
      allowExact: true,
      wasteTypeId: paper,
      active: true,
    });
    const list = await t.call("GET", binUrl(A), { as: "readonly" });
    expect(list.body.items.find((b: { id: number }) => b.id === res.body.id)).toEqual({
      id: res.body.id,
      version: 0,
      name: "Modrá popelnice 240 l",
      category: "bin",
      kind: "fixed",
      capacity: 240,
      allowExact: true,
      wasteTypeId: paper,
      wasteTypeName: "Papír a lepenka",
      active: true,
      catalogue: false,
      binCount: 0,
    });
  });

  it("a bag is disposable unless told otherwise; an explicit kind is kept", async () => {
    const bag = await t.call("POST", binUrl(A), {
      as: "manager",
      json: binForm({ name: "Pytel na plasty 110 l", category: "bag", capacity: 110 }),
    });
    const reusable = await t.call("POST", binUrl(A), {
      as: "manager",
      json: binForm({ name: "Látkový pytel 90 l", category: "bag", kind: "fixed", capacity: 90 }),
    });
    const empty = await t.call("POST", binUrl(A), {
      as: "manager",
      json: binForm({ name: "Kbelík 10 l", category: "wasteBucket", kind: "", capacity: 10 }),
    });
    const kinds = await t.db.select({ id: binType.id, kind: binType.kind }).from(binType);
    const kindOf = (id: number) => kinds.find((k) => k.id === id)?.kind;
    expect(kindOf(bag.body.id)).toBe("disposable");
    expect(kindOf(reusable.body.id)).toBe("fixed");
    expect(kindOf(empty.body.id)).toBe("fixed");
  });

  it("422 with the messages under the fields", async () => {
    const volume = "Objem je 1 až 19 000 l.";
    const cases: FieldCase[] = [
      [{ name: "" }, "name", "Vyplňte toto pole."],
      [{ capacity: 0 }, "capacity", volume],
      [{ capacity: 19_001 }, "capacity", volume],
      [{ capacity: "12.5" }, "capacity", volume],
      [{ capacity: "" }, "capacity", volume],
      [{ capacity: "sto" }, "capacity", volume],
      [{ category: "box" }, "category", "Vyberte hodnotu."],
      [{ kind: "forever" }, "kind", "Vyberte hodnotu."],
      [{ name: "popelnice 120 L" }, "name", "Typ s tímto názvem už existuje."],
    ];
    await expectFieldErrors(binUrl(A), binForm, cases);
    // The volumes of spec 001 §3 themselves: 1 l and 19,000 l (written with a space).
    for (const [name, capacity] of [
      ["Odměrka", 1],
      ["Vana", "19 000"],
    ] as const) {
      const res = await t.call("POST", binUrl(A), { as: "manager", json: binForm({ name, capacity }) });
      expect(res.status).toBe(201);
    }
  });

  it("the waste type must be the catalogue's or this municipality's", async () => {
    const ownOfB = await t.call("POST", wasteUrl(B), { as: "managerB", json: wasteForm({ name: "Textil B" }) });
    expect(ownOfB.status).toBe(201);
    const res = await t.call("POST", binUrl(A), {
      as: "manager",
      json: binForm({ name: "Kontejner na textil", wasteTypeId: ownOfB.body.id }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ wasteTypeId: ["Typ odpadu nebyl nalezen."] });
    const missing = await t.call("POST", binUrl(A), {
      as: "manager",
      json: binForm({ name: "Kontejner na textil", wasteTypeId: 999999 }),
    });
    expect(missing.body.errors).toEqual({ wasteTypeId: ["Typ odpadu nebyl nalezen."] });
    const ok = await t.call("POST", binUrl(B), {
      as: "managerB",
      json: binForm({ name: "Kontejner na textil", wasteTypeId: ownOfB.body.id }),
    });
    expect(ok.status).toBe(201);
  });

  it("counts only the municipality's assigned and used bins; delete refused while bins use it; deactivate instead", async () => {
    const created = await t.call("POST", binUrl(A), {
      as: "manager",
      json: binForm({ name: "Popelnice 140 l", capacity: 140 }),
    });
    const id = created.body.id as number;
    const catalogueBin = await catalogueId(binType, "Popelnice 240 l");
    await insertBin(A, { binTypeId: id });
    await insertBin(A, { binTypeId: id, state: "Used" });
    await insertBin(A, { binTypeId: id, state: "Free" });
    await insertBin(A, { binTypeId: catalogueBin });
    await insertBin(B, { binTypeId: catalogueBin });
    await insertBin(B, { binTypeId: catalogueBin });
    const listA = await t.call("GET", binUrl(A), { as: "manager" });
    const countIn = (items: { id: number; binCount: number }[], typeId: number) =>
      items.find((b) => b.id === typeId)?.binCount;
    expect(countIn(listA.body.items, id)).toBe(2);
    expect(countIn(listA.body.items, catalogueBin)).toBe(1);
    const listB = await t.call("GET", binUrl(B), { as: "managerB" });
    expect(countIn(listB.body.items, catalogueBin)).toBe(2);

    const del = await t.call("DELETE", binUrl(A, `/${id}`), { as: "manager" });
    expect(del).toMatchObject({ status: 409, body: IN_USE });
    expect(await t.db.select().from(binType).where(eq(binType.id, id))).toHaveLength(1);

    const off = await t.call("PATCH", binUrl(A, `/${id}/active`), { as: "manager", json: { active: false } });
    expect(off).toMatchObject({ status: 200, body: { id, active: false } });
    const active = await t.call("GET", binUrl(A), { as: "manager", query: { active: "true" } });
    expect(active.body.items.some((b: { id: number }) => b.id === id)).toBe(false);
    const on = await t.call("PATCH", binUrl(A, `/${id}/active`), { as: "manager", json: { active: true } });
    expect(on.body).toEqual({ id, active: true });
  });

  it("a bin type a print batch was made for cannot be deleted; an unused one can", async () => {
    const used = await t.call("POST", binUrl(A), {
      as: "manager",
      json: binForm({ name: "Štítkovaná 120 l", capacity: 120 }),
    });
    await t.db
      .insert(printBatch)
      .values({ municipalityId: A, codeType: "NoSubject", codeCount: 10, binTypeIds: [used.body.id] });
    expect(await t.call("DELETE", binUrl(A, `/${used.body.id}`), { as: "manager" })).toMatchObject({
      status: 409,
      body: IN_USE,
    });

    const unused = await t.call("POST", binUrl(A), {
      as: "manager",
      json: binForm({ name: "Zkušební 30 l", capacity: 30 }),
    });
    const res = await t.call("DELETE", binUrl(A, `/${unused.body.id}`), { as: "manager" });
    expect(res.status).toBe(204);
    expect(await t.db.select().from(binType).where(eq(binType.id, unused.body.id))).toEqual([]);
  });

  it("updates its own row; another municipality's row is not found", async () => {
    const created = await t.call("POST", binUrl(A), {
      as: "manager",
      json: binForm({ name: "Popelnice 60 l", capacity: 60 }),
    });
    const id = created.body.id as number;
    const res = await t.call("PUT", binUrl(A, `/${id}`), {
      as: "manager",
      json: binForm({ name: "Pytel 60 l na bio", category: "bag", capacity: 60 }),
    });
    expect(res).toMatchObject({ status: 200, body: { id } });
    const [row] = await t.db.select().from(binType).where(eq(binType.id, id));
    expect(row).toMatchObject({ name: "Pytel 60 l na bio", category: "bag", kind: "disposable" });
    const foreign = await t.call("PATCH", binUrl(B, `/${id}/active`), { as: "managerB", json: { active: false } });
    expect(foreign).toMatchObject({ status: 404, body: TYPE_NOT_FOUND });
    const [still] = await t.db.select().from(binType).where(eq(binType.id, id));
    expect(still!.active).toBe(true);
  });
});
