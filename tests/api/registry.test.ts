/** Company registry lookups (spec 000 §7 /ares/{ico}, /rpo/{ico}; spec 000 §3 mapping; spec 001 §5 IČO rules). */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { registryCache } from "../../api/db/schema";
import { createRegistryServer, registryCalls, registryDownHandlers } from "../mocks/registry";
import { setupApi, type Persona, type TestApi } from "./helpers";

let t: TestApi;
const registry = createRegistryServer();

beforeAll(async () => {
  registry.listen();
  t = await setupApi();
});
afterEach(() => registry.reset());
afterAll(async () => {
  registry.close();
  await t?.close();
});

/** The lookup answers `data` under `data` (the web part reads data.data, spec 000 §7), asking the registry once. */
async function expectLookup(service: "ares" | "rpo", ico: string, as: Persona, data: Record<string, unknown>) {
  const res = await t.call("GET", `/${service}/${ico}`, { as });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ data });
  expect(registryCalls).toEqual([{ service, ico }]);
}

describe("GET /v1/ares/{ico}", () => {
  it("maps ARES data to identificationNumber, taxIdentificationNumber, name, streetAddress, city, zipcode", async () => {
    await expectLookup("ares", "25596641", "worker", {
      identificationNumber: "25596641",
      taxIdentificationNumber: "CZ25596641",
      name: "Technické služby Vysočina s.r.o.",
      streetAddress: "Brněnská 12/3",
      city: "Jihlava",
      zipcode: "58601",
    });
  });

  it("an address without a street uses the village name and the house number alone", async () => {
    await expectLookup("ares", "00290629", "worker", {
      identificationNumber: "00290629",
      taxIdentificationNumber: null,
      name: "Obec Horní Dolní",
      streetAddress: "Horní Dolní 104",
      city: "Horní Dolní",
      zipcode: "67401",
    });
  });

  it("the second lookup is served from the cache: the registry is asked once", async () => {
    const first = await t.call("GET", "/ares/25596641", { as: "admin" });
    const second = await t.call("GET", "/ares/25596641", { as: "citizen" });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    // Asked by the first test of this file, cached since: no call at all now.
    expect(registryCalls).toEqual([]);
    const [cached] = await t.db.select().from(registryCache).where(eq(registryCache.key, "ares:25596641"));
    expect(cached!.data).toEqual(first.body.data);
  });

  it("a fresh number: asked once over two lookups", async () => {
    await t.db.delete(registryCache);
    await t.call("GET", "/ares/00290629", { as: "admin" });
    await t.call("GET", "/ares/00290629", { as: "admin" });
    expect(registryCalls).toEqual([{ service: "ares", ico: "00290629" }]);
  });

  it("an invalid IČO gives 422 without calling the registry", async () => {
    for (const ico of ["12345678", "1234567", "abcdefgh", "2559664", "255966410"]) {
      const res = await t.call("GET", `/ares/${ico}`, { as: "admin" });
      expect(res.status, ico).toBe(422);
      expect(res.body).toEqual({ Message: "Neplatné IČO.", errors: { identificationNumber: ["Neplatné IČO."] } });
    }
    expect(registryCalls).toEqual([]);
  });

  it("an unknown company gives 404 and is not cached", async () => {
    // 27074358: valid checksum, not in the mock's register.
    const res = await t.call("GET", "/ares/27074358", { as: "admin" });
    expect(res.status).toBe(404);
    expect(res.body.Message).toEqual(expect.any(String));
    expect(await t.db.select().from(registryCache).where(eq(registryCache.key, "ares:27074358"))).toEqual([]);
    await t.call("GET", "/ares/27074358", { as: "admin" });
    expect(registryCalls).toHaveLength(2);
  });

  it("the registry down (500) gives 502", async () => {
    registry.server.use(...registryDownHandlers);
    const res = await t.call("GET", "/ares/49240901", { as: "admin" });
    expect(res.status).toBe(502);
    expect(res.body.Message).toEqual(expect.any(String));
    expect(registryCalls).toEqual([{ service: "ares", ico: "49240901" }]);
  });

  it("the registry unreachable gives 502", async () => {
    const { http, HttpResponse } = await import("msw");
    const { ARES_URL } = await import("../mocks/registry");
    registry.server.use(http.get(`${ARES_URL}/ekonomicke-subjekty/:ico`, () => HttpResponse.error()));
    const res = await t.call("GET", "/ares/49240901", { as: "admin" });
    expect(res.status).toBe(502);
  });

  it("needs a token (401)", async () => {
    const res = await t.call("GET", "/ares/25596641");
    expect(res.status).toBe(401);
    expect(registryCalls).toEqual([]);
  });
});

describe("GET /v1/rpo/{ico}", () => {
  it("maps RPO data, street address 'Street 12/3'", async () => {
    await expectLookup("rpo", "35757442", "manager", {
      identificationNumber: "35757442",
      taxIdentificationNumber: null,
      name: "Odvoz odpadu Bratislava s.r.o.",
      streetAddress: "Mlynské nivy 12/3",
      city: "Bratislava",
      zipcode: "82109",
    });
  });

  it("the second lookup comes from the cache", async () => {
    const res = await t.call("GET", "/rpo/35757442", { as: "manager" });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe("Odvoz odpadu Bratislava s.r.o.");
    expect(registryCalls).toEqual([]);
  });

  it("a Slovak IČO has no checksum; a non-numeric or short one is 422 without a call", async () => {
    // 12345678 fails the Czech checksum but is a well-formed Slovak number: RPO is asked (and knows nothing).
    expect((await t.call("GET", "/rpo/12345678", { as: "admin" })).status).toBe(404);
    expect(registryCalls).toEqual([{ service: "rpo", ico: "12345678" }]);
    registryCalls.length = 0;
    for (const ico of ["1234567", "12345a78", "123456789"]) {
      expect((await t.call("GET", `/rpo/${ico}`, { as: "admin" })).status, ico).toBe(422);
    }
    expect(registryCalls).toEqual([]);
  });

  it("the registry down (500) gives 502", async () => {
    registry.server.use(...registryDownHandlers);
    const res = await t.call("GET", "/rpo/31333532", { as: "admin" });
    expect(res.status).toBe(502);
    expect(registryCalls).toEqual([{ service: "rpo", ico: "31333532" }]);
  });
});
