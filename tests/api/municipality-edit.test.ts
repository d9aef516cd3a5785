/**
 * Municipality API tests: POST municipality (create); GET municipality/{id} (detail); PUT municipality/{id} (update);
 * PATCH municipality/{id}/active; PUT municipality/{id}/modules/{module}. Shared setup in ./municipality-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { municipality, municipalityContact, municipalityModule } from "../../api/db/schema";
import { MUNICIPALITY_MODULES } from "#contract/enums";
import { versionOf, expectRefused } from "./helpers";
import { t, A, B, FIELDS, form, insertMunicipality, countOf, setupMunicipalityTests } from "./municipality-fixtures";

setupMunicipalityTests();

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
    await expectRefused(t.call("POST", "/municipality", { as: "admin", json: form({ parentId: 999999 }) }), {
      parentId: ["Nadřazená obec neexistuje."],
    });
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
      let [row] = await t.db.select().from(municipality).where(eq(municipality.id, A));
      expect(row!.parentId).toBe(region);
      // Taking it out from under a parent the manager does not manage is refused, and the parent stays.
      const cleared = await t.call("PUT", `/municipality/${A}`, {
        as: "manager",
        json: form({
          name: "Třebíč",
          identificationNumber: "00290629",
          version: await versionOf(t.db, municipality, A),
        }),
      });
      expect(cleared.status).toBe(422);
      expect(cleared.body.errors).toEqual({ parentId: ["Nadřazenou obec může změnit jen ten, kdo ji spravuje."] });
      [row] = await t.db.select().from(municipality).where(eq(municipality.id, A));
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
