/**
 * Municipality API tests: municipality/{id}/external-accounts; municipality/{id}/logo. Shared setup in ./municipality-
 * fixtures.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { externalAccount, municipalityLogo } from "../../api/db/schema";
import { sealExternalAccountPasswords } from "../../api/modules/municipality/service";
import { TEST_SECRET_BOX, expectRefused } from "./helpers";
import { t, A, insertMunicipality, setupMunicipalityTests } from "./municipality-fixtures";

setupMunicipalityTests();

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
    await expectRefused(
      t.call("PUT", `/municipality/${id}/external-accounts`, {
        as: "admin",
        json: { accounts: [{ type: "Nope", login: "" }] },
      }),
      {
        "accounts.0.type": ["Vyberte hodnotu."],
        "accounts.0.login": ["Vyplňte toto pole."],
      },
    );
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
