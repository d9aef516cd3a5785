/** Spec 001 §2-§5 Municipalities, through /v1/municipality (ARCHITECTURE.md "API conventions"). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, count, eq } from "drizzle-orm";
import {
  externalAccount,
  municipality,
  municipalityContact,
  municipalityLogo,
  municipalityModule,
} from "../../api/db/schema";
import { MUNICIPALITY_MODULES } from "#contract/enums";
import { sealExternalAccountPasswords } from "../../api/modules/municipality/service";
import { setupApiWithIds, TEST_SECRET_BOX, type TestApi, versionOf } from "./helpers";

let t: TestApi;
let A: number;
let B: number;

/** The municipality's own fields as the form sends them: each is stored as sent, the zip code without its space. */
const FIELDS = {
  name: "Nové Město na Moravě",
  shortName: "NMnM",
  type: "Municipality",
  kind: "Medium",
  district: "Žďár nad Sázavou",
  country: "CZ",
  identificationNumber: "00294900",
  vatNumber: "CZ00294900",
  companyName: "Město Nové Město na Moravě",
  companyAddress: "Vratislavovo náměstí 103",
  city: "Nové Město na Moravě",
  zipCode: "592 31",
  labelType: "QrCode",
  monitoredPeriod: "Quarter",
  duplicateHandlingStrategy: "Merge",
  note: "Svoz každé úterý.",
};

/** A valid create/edit body (spec 001 §3 Municipality). */
const form = (over: Record<string, unknown> = {}) => ({
  // The version an edit saw (decision 0020): a row not edited before is at 0; POST ignores it.
  version: 0,
  ...FIELDS,
  contacts: [
    { name: "Jana Malá", type: "MunicipalityAdmin", phone: "+420 566 598 111", email: "mala@nmnm.example" },
    { name: "Petr Velký", type: "ReuseCenterAdmin", phone: "", email: "" },
  ],
  ...over,
});

async function insertMunicipality(values: Partial<typeof municipality.$inferInsert> & { name: string }) {
  const [row] = await t.db.insert(municipality).values(values).returning({ id: municipality.id });
  return row!.id;
}

async function countOf(table: typeof municipality | typeof municipalityContact | typeof externalAccount) {
  const [r] = await t.db.select({ n: count() }).from(table);
  return Number(r!.n);
}

beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
afterAll(() => t?.close());

describe("GET municipality (list)", () => {
  let P: number;
  let brtnice: number;
  let luka: number;
  let kamenice: number;
  let senec: number;

  beforeAll(async () => {
    P = await insertMunicipality({
      name: "Mikroregion Horácko",
      type: "Microregion",
      kind: "Custom",
      district: "Jihlava",
      country: "CZ",
    });
    brtnice = await insertMunicipality({
      name: "Brtnice",
      parentId: P,
      district: "Jihlava",
      country: "CZ",
      identificationNumber: "00285862",
    });
    luka = await insertMunicipality({
      name: "Luka nad Jihlavou",
      parentId: P,
      district: "Jihlava",
      country: "CZ",
      active: false,
    });
    kamenice = await insertMunicipality({
      name: "Kamenice",
      parentId: P,
      district: "Jihlava",
      country: "CZ",
      lastLoginAt: new Date("2025-03-01T10:00:00Z"),
    });
    senec = await insertMunicipality({
      name: "Odpady Senec s.r.o.",
      type: "Company",
      kind: "Custom",
      district: "Senec",
      country: "SK",
    });
  });

  const ids = (body: { items: { id: number }[] }) => body.items.map((i) => i.id);

  it("an administrator sees every municipality, sorted by name, with total", async () => {
    const res = await t.call("GET", "/municipality", { as: "admin" });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(await countOf(municipality));
    expect(ids(res.body)).toEqual([brtnice, kamenice, luka, P, senec, B, A]);
    const a = res.body.items.find((i: { id: number }) => i.id === A);
    expect(a).toEqual({
      id: A,
      name: "Třebíč",
      district: "Třebíč",
      type: "Municipality",
      country: "CZ",
      parentId: null,
      parentName: null,
      lastLoginAt: null,
      lastRecordAt: null,
      // manager, worker and citizen of A
      userCount: 3,
      active: true,
    });
    expect(res.body.items.find((i: { id: number }) => i.id === kamenice)).toMatchObject({
      parentId: P,
      parentName: "Mikroregion Horácko",
      lastLoginAt: "2025-03-01T10:00:00.000Z",
      userCount: 0,
    });
  });

  it("filters by search (name without case or accents, or IČO)", async () => {
    let res = await t.call("GET", "/municipality", { as: "admin", query: { search: "KAMEN" } });
    expect(ids(res.body)).toEqual([kamenice]);
    expect(res.body.total).toBe(1);
    res = await t.call("GET", "/municipality", { as: "admin", query: { search: "TŘEBÍČ" } });
    expect(ids(res.body)).toEqual([A]);
    res = await t.call("GET", "/municipality", { as: "admin", query: { search: "trebic" } });
    expect(ids(res.body)).toEqual([A]);
    res = await t.call("GET", "/municipality", { as: "admin", query: { search: "00285862" } });
    expect(ids(res.body)).toEqual([brtnice]);
    res = await t.call("GET", "/municipality", { as: "admin", query: { search: "100%" } });
    expect(res.body).toEqual({ items: [], total: 0 });
  });

  it("filters by district, active, parentId, country and type", async () => {
    const q = async (query: Record<string, string | number>) => {
      const res = await t.call("GET", "/municipality", { as: "admin", query });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(res.body.items.length);
      return ids(res.body);
    };
    expect(await q({ district: "Jihlava" })).toEqual([brtnice, kamenice, luka, P]);
    expect(await q({ active: "false" })).toEqual([luka]);
    expect(await q({ active: "true", district: "Jihlava" })).toEqual([brtnice, kamenice, P]);
    expect(await q({ parentId: P })).toEqual([brtnice, kamenice, luka]);
    expect(await q({ country: "SK" })).toEqual([senec, B]);
    expect(await q({ type: "Microregion" })).toEqual([P]);
    expect(await q({ type: "Company", country: "SK" })).toEqual([senec]);
  });

  it("sorts ascending and descending; an unknown sort key is refused", async () => {
    let res = await t.call("GET", "/municipality", { as: "admin", query: { parentId: P, sort: "-name" } });
    expect(ids(res.body)).toEqual([luka, kamenice, brtnice]);
    res = await t.call("GET", "/municipality", { as: "admin", query: { parentId: P, sort: "id" } });
    expect(ids(res.body)).toEqual([brtnice, luka, kamenice]);
    res = await t.call("GET", "/municipality", { as: "admin", query: { parentId: P, sort: "-id" } });
    expect(ids(res.body)).toEqual([kamenice, luka, brtnice]);
    // Descending puts the empty values last.
    res = await t.call("GET", "/municipality", { as: "admin", query: { parentId: P, sort: "-lastLoginAt" } });
    expect(ids(res.body)[0]).toBe(kamenice);
    // An unknown key is refused: the sort is one of the list's keys (contract/lists.ts, issue 12).
    res = await t.call("GET", "/municipality", { as: "admin", query: { parentId: P, sort: "passwordHash" } });
    expect(res.status).toBe(422);
    expect(res.body.errors.sort).toBeDefined();
  });

  it("pages: page and pageSize cut the items, total counts them all", async () => {
    const all = await t.call("GET", "/municipality", { as: "admin", query: { sort: "id" } });
    const res = await t.call("GET", "/municipality", { as: "admin", query: { sort: "id", page: 2, pageSize: 2 } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(all.body.total);
    expect(ids(res.body)).toEqual(ids(all.body).slice(2, 4));
    const past = await t.call("GET", "/municipality", { as: "admin", query: { page: 99, pageSize: 50 } });
    expect(past.body).toEqual({ items: [], total: all.body.total });
  });

  it("refuses bad query values with 422 per field", async () => {
    const res = await t.call("GET", "/municipality", {
      as: "admin",
      query: { pageSize: 1000, active: "maybe", country: "PL" },
    });
    expect(res.status).toBe(422);
    expect(res.body.Message).toEqual(expect.any(String));
    expect(Object.keys(res.body.errors).sort()).toEqual(["active", "country", "pageSize"]);
  });

  it("a manager sees only their own municipality", async () => {
    let res = await t.call("GET", "/municipality", { as: "manager" });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(ids(res.body)).toEqual([A]);
    res = await t.call("GET", "/municipality", { as: "manager", query: { search: "Petržalka" } });
    expect(res.body).toEqual({ items: [], total: 0 });
    res = await t.call("GET", "/municipality", { as: "worker", query: { country: "CZ" } });
    expect(ids(res.body)).toEqual([A]);
  });

  it("options: id and name of the municipalities the user may see", async () => {
    const admin = await t.call("GET", "/municipality/options", { as: "admin" });
    expect(admin.status).toBe(200);
    expect(admin.body.total).toBe(await countOf(municipality));
    expect(admin.body.items).toContainEqual({ id: B, name: "Petržalka", country: "SK", active: true });
    const manager = await t.call("GET", "/municipality/options", { as: "manager" });
    expect(manager.body).toEqual({ items: [{ id: A, name: "Třebíč", country: "CZ", active: true }], total: 1 });
  });

  it("districts: the distinct districts, sorted, within the user's municipalities", async () => {
    const admin = await t.call("GET", "/municipality/districts", { as: "admin" });
    expect(admin.status).toBe(200);
    expect(admin.body.items).toEqual(expect.arrayContaining(["Bratislava V", "Jihlava", "Senec", "Třebíč"]));
    expect(new Set(admin.body.items).size).toBe(admin.body.items.length);
    expect(admin.body.items.indexOf("Jihlava")).toBeLessThan(admin.body.items.indexOf("Senec"));
    const manager = await t.call("GET", "/municipality/districts", { as: "manager" });
    expect(manager.body).toEqual({ items: ["Třebíč"] });
  });
});

describe("POST municipality (create)", () => {
  it("creates the municipality and its contacts: 201 with the id, rows written", async () => {
    const res = await t.call("POST", "/municipality", { as: "admin", json: form() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const [row] = await t.db.select().from(municipality).where(eq(municipality.id, res.body.id));
    expect(row).toMatchObject({ ...FIELDS, zipCode: "59231", parentId: null, active: true });
    const contacts = await t.db
      .select()
      .from(municipalityContact)
      .where(eq(municipalityContact.municipalityId, res.body.id))
      .orderBy(asc(municipalityContact.id));
    expect(contacts.map(({ name, type, phone, email }) => ({ name, type, phone, email }))).toEqual([
      { name: "Jana Malá", type: "MunicipalityAdmin", phone: "+420 566 598 111", email: "mala@nmnm.example" },
      { name: "Petr Velký", type: "ReuseCenterAdmin", phone: null, email: null },
    ]);
  });

  it("accepts a form post's shape too: empty optional fields, parentId as text", async () => {
    const res = await t.call("POST", "/municipality", {
      as: "admin",
      json: form({
        name: "Jimramov",
        parentId: String(A),
        identificationNumber: "",
        vatNumber: "",
        zipCode: "",
        note: "  ",
        contacts: [],
      }),
    });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(municipality).where(eq(municipality.id, res.body.id));
    expect(row).toMatchObject({ parentId: A, identificationNumber: null, zipCode: null, note: null });
  });

  it("a Slovak municipality takes a Slovak IČO (8 characters, no checksum)", async () => {
    const res = await t.call("POST", "/municipality", {
      as: "admin",
      json: form({ name: "Pezinok", country: "SK", identificationNumber: "00305022", zipCode: "902 01", contacts: [] }),
    });
    expect(res.status).toBe(201);
  });

  it("422 with a Czech message under each wrong field, nothing written", async () => {
    const before = await countOf(municipality);
    const beforeContacts = await countOf(municipalityContact);
    const res = await t.call("POST", "/municipality", {
      as: "admin",
      json: form({
        name: "   ",
        type: "Village",
        identificationNumber: "12345678",
        zipCode: "1234",
        contacts: [{ name: "Jana Malá", type: "MunicipalityAdmin", email: "mala(at)nmnm" }],
      }),
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      Message: "Formulář obsahuje chyby.",
      errors: {
        name: ["Vyplňte toto pole."],
        type: ["Vyberte hodnotu."],
        identificationNumber: ["Neplatné IČO (8 číslic s kontrolní číslicí)."],
        zipCode: ["PSČ má tvar 123 45."],
        "contacts.0.email": ["Zadejte platný e-mail."],
      },
    });
    expect(await countOf(municipality)).toBe(before);
    expect(await countOf(municipalityContact)).toBe(beforeContacts);
  });

  it("a missing name alone, and an invalid IČO alone, each give their field error", async () => {
    const { name: _omit, ...noName } = form();
    let res = await t.call("POST", "/municipality", { as: "admin", json: noName });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name: ["Vyplňte toto pole."] });
    res = await t.call("POST", "/municipality", { as: "admin", json: form({ identificationNumber: "12345678" }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ identificationNumber: ["Neplatné IČO (8 číslic s kontrolní číslicí)."] });
    res = await t.call("POST", "/municipality", {
      as: "admin",
      json: form({ country: "SK", identificationNumber: "1234567" }),
    });
    expect(res.body.errors).toEqual({ identificationNumber: ["IČO musí mít 8 znaků."] });
    res = await t.call("POST", "/municipality", {
      as: "admin",
      json: form({ contacts: [{ name: "", type: "Mayor" }] }),
    });
    expect(res.body.errors).toEqual({
      "contacts.0.name": ["Vyplňte toto pole."],
      "contacts.0.type": ["Vyberte hodnotu."],
    });
  });

  it("a parent that does not exist is refused on parentId", async () => {
    const res = await t.call("POST", "/municipality", { as: "admin", json: form({ parentId: 999999 }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ parentId: ["Nadřazená obec neexistuje."] });
  });

  it("a body that is not JSON gives 400; no body gives 422", async () => {
    let res = await t.call("POST", "/municipality", {
      as: "admin",
      body: "{",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.Message).toEqual(expect.any(String));
    res = await t.call("POST", "/municipality", { as: "admin" });
    expect(res.status).toBe(422);
  });

  it("a manager may not create municipalities (403)", async () => {
    const res = await t.call("POST", "/municipality", { as: "manager", json: form() });
    expect(res.status).toBe(403);
  });
});

describe("GET municipality/{id} (detail)", () => {
  it("answers the municipality with contacts, every module and the parent's name", async () => {
    const parent = await insertMunicipality({ name: "Svazek obcí Podhůří" });
    const created = await t.call("POST", "/municipality", { as: "admin", json: form({ parentId: parent }) });
    const res = await t.call("GET", `/municipality/${created.body.id}`, { as: "admin" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.body.id,
      name: "Nové Město na Moravě",
      parentId: parent,
      parentName: "Svazek obcí Podhůří",
      country: "CZ",
      zipCode: "59231",
      hasLogo: false,
      active: true,
    });
    expect(res.body.contacts).toEqual([
      {
        id: expect.any(Number),
        name: "Jana Malá",
        type: "MunicipalityAdmin",
        phone: "+420 566 598 111",
        email: "mala@nmnm.example",
      },
      { id: expect.any(Number), name: "Petr Velký", type: "ReuseCenterAdmin", phone: null, email: null },
    ]);
    expect(res.body.modules).toEqual(MUNICIPALITY_MODULES.map((module) => ({ module, enabled: false })));
  });

  it("404 for an unknown id and for a malformed id", async () => {
    let res = await t.call("GET", "/municipality/999999", { as: "admin" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ Message: "Obec nebyla nalezena." });
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999"]) {
      res = await t.call("GET", `/municipality/${bad}`, { as: "admin" });
      expect(res.status, bad).toBe(404);
      expect(res.body.Message).toEqual(expect.any(String));
    }
  });

  it("a manager reads their own municipality; another one is 404", async () => {
    expect((await t.call("GET", `/municipality/${A}`, { as: "manager" })).status).toBe(200);
    const res = await t.call("GET", `/municipality/${B}`, { as: "manager" });
    expect(res.status).toBe(404);
  });
});

describe("PUT municipality/{id} (update)", () => {
  it("saves the fields and replaces the contacts as a whole", async () => {
    const { body } = await t.call("POST", "/municipality", { as: "admin", json: form() });
    const res = await t.call("PUT", `/municipality/${body.id}`, {
      as: "admin",
      json: form({
        name: "Nové Město n. M.",
        kind: "Large",
        duplicateHandlingStrategy: "Overwrite",
        note: "",
        contacts: [{ name: "Eva Nová", type: "MunicipalityAdmin", phone: "777 123 456", email: "eva@nmnm.example" }],
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: body.id });
    const [row] = await t.db.select().from(municipality).where(eq(municipality.id, body.id));
    expect(row).toMatchObject({
      name: "Nové Město n. M.",
      kind: "Large",
      duplicateHandlingStrategy: "Overwrite",
      note: null,
    });
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(row!.createdAt.getTime());
    const contacts = await t.db
      .select()
      .from(municipalityContact)
      .where(eq(municipalityContact.municipalityId, body.id));
    expect(contacts.map(({ name, type, phone, email }) => ({ name, type, phone, email }))).toEqual([
      { name: "Eva Nová", type: "MunicipalityAdmin", phone: "777 123 456", email: "eva@nmnm.example" },
    ]);
    // An empty list removes them all.
    await t.call("PUT", `/municipality/${body.id}`, { as: "admin", json: form({ contacts: [], version: 1 }) });
    expect(
      await t.db.select().from(municipalityContact).where(eq(municipalityContact.municipalityId, body.id)),
    ).toEqual([]);
  });

  it("refuses a parent cycle (and itself as parent) with 422 on parentId", async () => {
    const top = await insertMunicipality({ name: "Top" });
    const mid = await insertMunicipality({ name: "Mid", parentId: top });
    const leaf = await insertMunicipality({ name: "Leaf", parentId: mid });
    let res = await t.call("PUT", `/municipality/${top}`, { as: "admin", json: form({ name: "Top", parentId: leaf }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ parentId: ["Tato volba by vytvořila cyklus nadřazených obcí."] });
    res = await t.call("PUT", `/municipality/${top}`, { as: "admin", json: form({ name: "Top", parentId: mid }) });
    expect(res.status).toBe(422);
    res = await t.call("PUT", `/municipality/${top}`, { as: "admin", json: form({ name: "Top", parentId: top }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ parentId: ["Obec nemůže být sama sobě nadřazená."] });
    const [row] = await t.db.select().from(municipality).where(eq(municipality.id, top));
    expect(row).toMatchObject({ name: "Top", parentId: null });
    // Moving the leaf under the top is no cycle.
    res = await t.call("PUT", `/municipality/${leaf}`, { as: "admin", json: form({ name: "Leaf", parentId: top }) });
    expect(res.status).toBe(200);
  });

  it("a manager edits their own municipality but cannot hang it under one they do not manage", async () => {
    let res = await t.call("PUT", `/municipality/${A}`, {
      as: "manager",
      json: form({ name: "Třebíč", identificationNumber: "00290629" }),
    });
    expect(res.status).toBe(200);
    res = await t.call("PUT", `/municipality/${A}`, { as: "manager", json: form({ name: "Třebíč", parentId: B }) });
    expect(res.status).toBe(422);
    expect(res.body.errors.parentId).toBeDefined();
    const [row] = await t.db.select().from(municipality).where(eq(municipality.id, A));
    expect(row!.parentId).toBeNull();
  });

  it("a manager can save their municipality when it hangs under one they do not manage (parent unchanged)", async () => {
    const region = await insertMunicipality({ name: "Svazek Třebíčsko" });
    await t.db.update(municipality).set({ parentId: region }).where(eq(municipality.id, A));
    try {
      const res = await t.call("PUT", `/municipality/${A}`, {
        as: "manager",
        json: form({
          name: "Třebíč",
          identificationNumber: "00290629",
          parentId: region,
          version: await versionOf(t.db, municipality, A),
        }),
      });
      expect(res.status).toBe(200);
      const [row] = await t.db.select().from(municipality).where(eq(municipality.id, A));
      expect(row!.parentId).toBe(region);
    } finally {
      await t.db.update(municipality).set({ parentId: null }).where(eq(municipality.id, A));
    }
  });

  it("404 for an unknown id, 403 for a worker", async () => {
    expect((await t.call("PUT", "/municipality/999999", { as: "admin", json: form() })).status).toBe(404);
    expect((await t.call("PUT", `/municipality/${A}`, { as: "worker", json: form() })).status).toBe(403);
  });
});

describe("PATCH municipality/{id}/active", () => {
  it("deactivates and activates (spec 001 §4)", async () => {
    const id = await insertMunicipality({ name: "Rokytnice" });
    let res = await t.call("PATCH", `/municipality/${id}/active`, { as: "admin", json: { active: false } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, active: false });
    let [row] = await t.db.select().from(municipality).where(eq(municipality.id, id));
    expect(row!.active).toBe(false);
    const list = await t.call("GET", "/municipality", { as: "admin", query: { active: "false", search: "Rokytnice" } });
    expect(list.body.total).toBe(1);
    res = await t.call("PATCH", `/municipality/${id}/active`, { as: "admin", json: { active: "true" } });
    expect(res.body).toEqual({ id, active: true });
    [row] = await t.db.select().from(municipality).where(eq(municipality.id, id));
    expect(row!.active).toBe(true);
  });

  it("404 for an unknown id; a worker may not (403)", async () => {
    expect(
      (await t.call("PATCH", "/municipality/999999/active", { as: "admin", json: { active: false } })).status,
    ).toBe(404);
    expect((await t.call("PATCH", `/municipality/${A}/active`, { as: "worker", json: { active: false } })).status).toBe(
      403,
    );
  });
});

describe("PUT municipality/{id}/modules/{module}", () => {
  it("switches a module on and off", async () => {
    const id = await insertMunicipality({ name: "Moduly" });
    let res = await t.call("PUT", `/municipality/${id}/modules/CollectionYard`, {
      as: "admin",
      json: { enabled: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ module: "CollectionYard", enabled: true });
    let detail = await t.call("GET", `/municipality/${id}`, { as: "admin" });
    expect(detail.body.modules).toContainEqual({ module: "CollectionYard", enabled: true });
    expect(detail.body.modules.filter((m: { enabled: boolean }) => m.enabled)).toHaveLength(1);
    res = await t.call("PUT", `/municipality/${id}/modules/CollectionYard`, { as: "admin", json: { enabled: false } });
    expect(res.body).toEqual({ module: "CollectionYard", enabled: false });
    detail = await t.call("GET", `/municipality/${id}`, { as: "admin" });
    expect(detail.body.modules).toContainEqual({ module: "CollectionYard", enabled: false });
    const rows = await t.db.select().from(municipalityModule).where(eq(municipalityModule.municipalityId, id));
    expect(rows).toEqual([{ municipalityId: id, module: "CollectionYard", enabled: false }]);
  });

  it("an unknown module is 404", async () => {
    const res = await t.call("PUT", `/municipality/${A}/modules/Teleport`, { as: "admin", json: { enabled: true } });
    expect(res.status).toBe(404);
  });
});

describe("GET municipality/{id}/users", () => {
  it("lists the users of the municipality with their roles, never a password", async () => {
    const res = await t.call("GET", `/municipality/${A}/users`, { as: "worker" });
    expect(res.status).toBe(200);
    const { users } = t.fixtures;
    expect(res.body.total).toBe(3);
    expect(res.body.items.map((u: { id: number; role: string }) => [u.id, u.role]).sort()).toEqual(
      [
        [users.manager.id, "MUNICIPALITY_MANAGER"],
        [users.worker.id, "MUNICIPALITY_WORKER"],
        [users.citizen.id, "CITIZEN"],
      ].sort(),
    );
    expect(res.body.items[0]).toEqual({
      id: expect.any(Number),
      userName: expect.any(String),
      firstName: expect.any(String),
      lastName: "Testovací",
      email: expect.any(String),
      phone: null,
      role: expect.any(String),
      active: true,
      lastLoginAt: null,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it("B's users are B's", async () => {
    const res = await t.call("GET", `/municipality/${B}/users`, { as: "admin" });
    expect(res.body.items.map((u: { id: number }) => u.id)).toEqual([t.fixtures.users.managerB.id]);
  });
});

describe("municipality/{id}/external-accounts", () => {
  let id: number;
  beforeAll(async () => {
    id = await insertMunicipality({ name: "Externí účty" });
  });

  it("saves accounts; the password is stored but never returned", async () => {
    const res = await t.call("PUT", `/municipality/${id}/external-accounts`, {
      as: "admin",
      json: {
        accounts: [
          { type: "ARCO", login: "obec-arco", password: "Tajne-heslo-1", customerNumber: "C-100" },
          { type: "Ekokom", login: "ekokom-1", password: "" },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        { id: expect.any(Number), type: "ARCO", login: "obec-arco", customerNumber: "C-100", hasPassword: true },
        { id: expect.any(Number), type: "Ekokom", login: "ekokom-1", customerNumber: null, hasPassword: false },
      ],
      total: 2,
    });
    expect(JSON.stringify(res.body)).not.toContain("Tajne-heslo-1");
    const get = await t.call("GET", `/municipality/${id}/external-accounts`, { as: "admin" });
    expect(get.body).toEqual(res.body);
    expect(JSON.stringify(get.body)).not.toMatch(/Tajne|"password"/);
    const rows = await t.db
      .select()
      .from(externalAccount)
      .where(eq(externalAccount.municipalityId, id))
      .orderBy(asc(externalAccount.id));
    // Stored sealed (decision 0015): the table does not show the password, the product's key opens it.
    expect(rows.map((r) => [r.login, r.password && TEST_SECRET_BOX.open(r.password)])).toEqual([
      ["obec-arco", "Tajne-heslo-1"],
      ["ekokom-1", null],
    ]);
    expect(rows[0]!.password).toMatch(/^enc:v1:/);
    expect(rows[0]!.password).not.toContain("Tajne");
  });

  it("an edit with an empty password keeps the stored one; an account left out is removed", async () => {
    const before = await t.call("GET", `/municipality/${id}/external-accounts`, { as: "admin" });
    const arco = before.body.items[0];
    const res = await t.call("PUT", `/municipality/${id}/external-accounts`, {
      as: "admin",
      json: { accounts: [{ id: arco.id, type: "ARCO", login: "obec-arco-2", password: "", customerNumber: "C-200" }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      { id: arco.id, type: "ARCO", login: "obec-arco-2", customerNumber: "C-200", hasPassword: true },
    ]);
    const rows = await t.db.select().from(externalAccount).where(eq(externalAccount.municipalityId, id));
    expect(rows).toEqual([
      {
        id: arco.id,
        municipalityId: id,
        type: "ARCO",
        login: "obec-arco-2",
        password: expect.stringMatching(/^enc:v1:/),
        customerNumber: "C-200",
      },
    ]);
    expect(TEST_SECRET_BOX.open(rows[0]!.password!)).toBe("Tajne-heslo-1");
  });

  it("the same account twice is refused with 422 on the duplicate's login, nothing changed", async () => {
    const before = await t.db.select().from(externalAccount).where(eq(externalAccount.municipalityId, id));
    const res = await t.call("PUT", `/municipality/${id}/external-accounts`, {
      as: "admin",
      json: {
        accounts: [
          { type: "Partitalia", login: "dvojce", password: "a" },
          { type: "Partitalia", login: "DVOJCE", password: "b" },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      Message: "Některé externí účty se nepodařilo uložit.",
      errors: { "accounts.1.login": ["Tento účet je v seznamu dvakrát."] },
    });
    expect(await t.db.select().from(externalAccount).where(eq(externalAccount.municipalityId, id))).toEqual(before);
  });

  it("logins may change hands within one save (rename one, add the old login anew; swap two)", async () => {
    const id2 = await insertMunicipality({ name: "Výměna účtů" });
    const put = (accounts: object[]) =>
      t.call("PUT", `/municipality/${id2}/external-accounts`, { as: "admin", json: { accounts } });
    const first = await put([
      { type: "ARCO", login: "a", password: "pa" },
      { type: "ARCO", login: "b", password: "pb" },
    ]);
    const [a, b] = first.body.items;
    let res = await put([
      { id: b.id, type: "ARCO", login: "a" },
      { id: a.id, type: "ARCO", login: "b" },
    ]);
    expect(res.status).toBe(200);
    res = await put([
      { type: "ARCO", login: "a", password: "new" },
      { id: a.id, type: "ARCO", login: "c" },
    ]);
    expect(res.status).toBe(200);
    const rows = await t.db
      .select()
      .from(externalAccount)
      .where(eq(externalAccount.municipalityId, id2))
      .orderBy(asc(externalAccount.login));
    expect(rows.map((r) => [r.login, TEST_SECRET_BOX.open(r.password!)])).toEqual([
      ["a", "new"],
      ["c", "pa"],
    ]);
    expect(rows.find((r) => r.login === "c")!.id).toBe(a.id);
  });

  it("decision 0015: a password of the longest allowed length is stored sealed; plain ones from before are sealed at start", async () => {
    const id3 = await insertMunicipality({ name: "Dlouhá hesla" });
    const long = "Ž".repeat(200);
    const res = await t.call("PUT", `/municipality/${id3}/external-accounts`, {
      as: "admin",
      json: { accounts: [{ type: "ARCO", login: "dlouhe", password: long }] },
    });
    expect(res.status).toBe(200);
    await t.db
      .insert(externalAccount)
      .values({ municipalityId: id3, type: "Ekokom", login: "stare", password: "Stare-heslo" });

    expect(await sealExternalAccountPasswords(t.db, TEST_SECRET_BOX)).toBe(1);
    expect(await sealExternalAccountPasswords(t.db, TEST_SECRET_BOX)).toBe(0);
    const rows = await t.db
      .select()
      .from(externalAccount)
      .where(eq(externalAccount.municipalityId, id3))
      .orderBy(asc(externalAccount.login));
    expect(rows.map((r) => [r.login, r.password!.startsWith("enc:v1:"), TEST_SECRET_BOX.open(r.password!)])).toEqual([
      ["dlouhe", true, long],
      ["stare", true, "Stare-heslo"],
    ]);
  });

  it("field errors per account: unknown type, missing login", async () => {
    const res = await t.call("PUT", `/municipality/${id}/external-accounts`, {
      as: "admin",
      json: { accounts: [{ type: "Nope", login: "" }] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      "accounts.0.type": ["Vyberte hodnotu."],
      "accounts.0.login": ["Vyplňte toto pole."],
    });
  });

  it("a worker may read but not save them", async () => {
    expect((await t.call("GET", `/municipality/${A}/external-accounts`, { as: "worker" })).status).toBe(200);
    expect(
      (await t.call("PUT", `/municipality/${A}/external-accounts`, { as: "worker", json: { accounts: [] } })).status,
    ).toBe(403);
  });
});

describe("municipality/{id}/logo", () => {
  // A real 1×1 PNG.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  const upload = (id: number, bytes: Uint8Array, name: string, type: string) => {
    const fd = new FormData();
    fd.set("logo", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
    return t.call("PUT", `/municipality/${id}/logo`, { as: "admin", body: fd });
  };
  let id: number;
  beforeAll(async () => {
    id = await insertMunicipality({ name: "Logo" });
  });

  it("accepts a PNG and serves it back with its content type", async () => {
    const res = await upload(id, png, "erb.png", "image/png");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, hasLogo: true });
    const logo = await t.call("GET", `/municipality/${id}/logo`, { as: "admin" });
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/png");
    expect(logo.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(logo.body)).toEqual(png);
    expect((await t.call("GET", `/municipality/${id}`, { as: "admin" })).body.hasLogo).toBe(true);
  });

  it("recognises the type by content, not by the declared type or name", async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    expect((await upload(id, jpeg, "logo.png", "image/png")).status).toBe(200);
    const logo = await t.call("GET", `/municipality/${id}/logo`, { as: "admin" });
    expect(logo.headers.get("content-type")).toBe("image/jpeg");
  });

  it("refuses a text file renamed .png (422) and keeps the old logo", async () => {
    const res = await upload(id, Buffer.from("<svg onload=alert(1)>not an image</svg>"), "logo.png", "image/png");
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ logo: ["Logo musí být obrázek PNG, JPEG nebo WebP."] });
    const [row] = await t.db.select().from(municipalityLogo).where(eq(municipalityLogo.municipalityId, id));
    expect(row!.contentType).toBe("image/jpeg");
  });

  it("refuses a logo over 512 kB (422), and an empty upload (422)", async () => {
    const big = Buffer.concat([png, Buffer.alloc(512 * 1024)]);
    let res = await upload(id, big, "big.png", "image/png");
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ logo: ["Logo může mít nejvýše 512 kB."] });
    res = await t.call("PUT", `/municipality/${id}/logo`, { as: "admin", body: new FormData() });
    expect(res.status).toBe(422);
    expect(res.body.errors.logo).toBeDefined();
  });

  it("exactly 512 kB is accepted", async () => {
    const edge = Buffer.concat([png, Buffer.alloc(512 * 1024 - png.length)]);
    expect((await upload(id, edge, "edge.png", "image/png")).status).toBe(200);
  });

  it("removes the logo; then the logo is 404", async () => {
    const res = await t.call("DELETE", `/municipality/${id}/logo`, { as: "admin" });
    expect(res.status).toBe(204);
    expect((await t.call("GET", `/municipality/${id}/logo`, { as: "admin" })).status).toBe(404);
    expect((await t.call("GET", `/municipality/${id}`, { as: "admin" })).body.hasLogo).toBe(false);
  });
});

describe("POST municipality/{id}/delete-data (spec 001 §4-§5)", () => {
  it("a wrong confirmation word is refused with 422 on confirmation", async () => {
    for (const confirmation of ["", "smaž", "DELETE"]) {
      const res = await t.call("POST", `/municipality/${A}/delete-data`, { as: "admin", json: { confirmation } });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ confirmation: ["Pro potvrzení napište SMAZAT."] });
    }
    const res = await t.call("POST", `/municipality/${A}/delete-data`, { as: "admin", json: {} });
    expect(res.status).toBe(422);
    expect(res.body.errors.confirmation).toBeDefined();
  });

  it("'SMAZAT' deletes the data: 200, the municipality itself stays", async () => {
    const id = await insertMunicipality({ name: "Data pryč" });
    const res = await t.call("POST", `/municipality/${id}/delete-data`, {
      as: "admin",
      json: { confirmation: "SMAZAT" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ removed: expect.any(Object) });
    expect((await t.db.select().from(municipality).where(eq(municipality.id, id))).length).toBe(1);
  });

  it("a manager may not (403)", async () => {
    const res = await t.call("POST", `/municipality/${A}/delete-data`, {
      as: "manager",
      json: { confirmation: "SMAZAT" },
    });
    expect(res.status).toBe(403);
  });
});

describe("DELETE municipality/{id}", () => {
  it("409 while it has child municipalities; nothing deleted", async () => {
    const parent = await insertMunicipality({ name: "Rodič" });
    const child = await insertMunicipality({ name: "Dítě", parentId: parent });
    const res = await t.call("DELETE", `/municipality/${parent}`, { as: "admin" });
    expect(res.status).toBe(409);
    expect(res.body.Message).toEqual(expect.any(String));
    expect((await t.db.select().from(municipality).where(eq(municipality.id, parent))).length).toBe(1);
    // After the child is gone, the parent can go.
    expect((await t.call("DELETE", `/municipality/${child}`, { as: "admin" })).status).toBe(204);
    expect((await t.call("DELETE", `/municipality/${parent}`, { as: "admin" })).status).toBe(204);
  });

  it("deletes the municipality with its contacts, modules and accounts; then 404", async () => {
    const { body } = await t.call("POST", "/municipality", { as: "admin", json: form({ name: "Zaniklá" }) });
    await t.call("PUT", `/municipality/${body.id}/modules/WasteAndBins`, { as: "admin", json: { enabled: true } });
    await t.call("PUT", `/municipality/${body.id}/external-accounts`, {
      as: "admin",
      json: { accounts: [{ type: "ARCO", login: "x" }] },
    });
    const res = await t.call("DELETE", `/municipality/${body.id}`, { as: "admin" });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(await t.db.select().from(municipality).where(eq(municipality.id, body.id))).toEqual([]);
    expect(
      await t.db.select().from(municipalityContact).where(eq(municipalityContact.municipalityId, body.id)),
    ).toEqual([]);
    expect(await t.db.select().from(municipalityModule).where(eq(municipalityModule.municipalityId, body.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(externalAccount).where(eq(externalAccount.municipalityId, body.id))).toEqual([]);
    expect((await t.call("GET", `/municipality/${body.id}`, { as: "admin" })).status).toBe(404);
    expect((await t.call("DELETE", `/municipality/${body.id}`, { as: "admin" })).status).toBe(404);
  });

  it("a manager may not delete their municipality (403)", async () => {
    expect((await t.call("DELETE", `/municipality/${A}`, { as: "manager" })).status).toBe(403);
  });
});
