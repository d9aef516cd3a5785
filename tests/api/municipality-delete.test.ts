/**
 * Municipality API tests: POST municipality/{id}/delete-data (spec 001 §4-§5); DELETE municipality/{id}. Shared setup
 * in ./municipality-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { externalAccount, municipality, municipalityContact, municipalityModule } from "../../api/db/schema";
import { t, A, form, insertMunicipality, setupMunicipalityTests } from "./municipality-fixtures";

setupMunicipalityTests();

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
