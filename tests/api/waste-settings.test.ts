/**
 * Spec 001 §2 'Waste and bin types settings', §3 'Bin type / waste configuration', §9 bin kinds and types, through
 * /v1/municipality/{id}/waste-type and …/bin-type (docs/api-bins.md 'Bin and waste types'): the seeded catalogue,
 * the municipality's own types, validation, bin counts, deactivation and the delete refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull, sql } from "drizzle-orm";
import { binType, printBatch, wasteEvidenceHeader, wasteType } from "../../api/db/schema";
import { CATALOGUE_BIN_TYPES, CATALOGUE_WASTE_TYPES, syncCatalogue } from "../../api/db/catalogue";
import { setupApiWithIds, type TestApi } from "./helpers";

let t: TestApi;
let A: number;
let B: number;

const TYPE_NOT_FOUND = { Message: "Typ nebyl nalezen." };
const IN_USE = { Message: "Typ používají nádoby obce; nejdřív ho deaktivujte." };
const wasteUrl = (m: number, rest = "") => `/municipality/${m}/waste-type${rest}`;
const binUrl = (m: number, rest = "") => `/municipality/${m}/bin-type${rest}`;

const wasteForm = (over: Record<string, unknown> = {}) => ({
  // The version an edit saw (decision 0020): a row not edited before is at 0; POST ignores it.
  version: 0,
  name: "Textil",
  catalogCode: "200111",
  coefficient: "0.1500",
  sorted: true,
  ...over,
});
const binForm = (over: Record<string, unknown> = {}) => ({
  // The version an edit saw (decision 0020): a row not edited before is at 0; POST ignores it.
  version: 0,
  name: "Popelnice 80 l",
  category: "bin",
  capacity: 80,
  allowExact: false,
  ...over,
});

async function catalogueId(table: typeof wasteType | typeof binType, name: string): Promise<number> {
  const [row] = await t.db
    .select({ id: table.id })
    .from(table)
    .where(and(isNull(table.municipalityId), eq(table.name, name)));
  return row!.id;
}

let plainCode = 0;
/** A bin (waste evidence header) of the municipality, straight into the table. */
async function insertBin(
  municipalityId: number,
  values: { binTypeId?: number | null; wasteTypeId?: number | null; state?: string },
): Promise<number> {
  plainCode++;
  const [row] = await t.db
    .insert(wasteEvidenceHeader)
    .values({
      municipalityId,
      barcode: `T${municipalityId}-${plainCode}`,
      plainCode: String(plainCode),
      state: values.state ?? "Assigned",
      binTypeId: values.binTypeId ?? null,
      wasteTypeId: values.wasteTypeId ?? null,
    })
    .returning({ id: wasteEvidenceHeader.id });
  return row!.id;
}

/** A change to a valid form, the field it is refused on and the message under that field. */
type FieldCase = [over: Record<string, unknown>, field: string, message: string];

/** The manager of A posts the form with each case's change: each is a 422 with its message under its field. */
async function expectFieldErrors(url: string, form: (over: Record<string, unknown>) => object, cases: FieldCase[]) {
  for (const [over, field, message] of cases) {
    const res = await t.call("POST", url, { as: "manager", json: form(over) });
    expect(res.status, JSON.stringify(over)).toBe(422);
    expect(res.body.errors[field], JSON.stringify(over)).toEqual([message]);
  }
}

beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
afterAll(() => t?.close());

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
