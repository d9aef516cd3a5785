import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { municipality, userMunicipality } from "../../api/db/schema";
import { permissionsForRole } from "#contract/permissions";
import { MANAGER_BRANCH_ID, newMunicipality, setupApi, type TestApi } from "./helpers";

let t: TestApi;
beforeAll(async () => {
  t = await setupApi();
});
afterAll(() => t?.close());

describe("GET user/user-info (spec 000 §7)", () => {
  it("answers id, fullName, userName and roles of the signed-in user", async () => {
    const res = await t.call("GET", "/user/user-info", { as: "manager" });
    expect(res.status).toBe(200);
    const u = t.fixtures.users.manager;
    expect(res.body).toMatchObject({
      id: u.id,
      fullName: "Manager Testovací",
      userName: u.userName,
      email: u.email,
      language: "cs",
      roles: [{ name: "MUNICIPALITY_MANAGER" }],
      municipality: { id: t.fixtures.municipalities.a.id },
    });
  });

  it("an administrator has no municipality of their own", async () => {
    const res = await t.call("GET", "/user/user-info", { as: "admin" });
    expect(res.status).toBe(200);
    expect(res.body.roles).toEqual([{ name: "ADMIN" }]);
    expect(res.body.municipality).toBeNull();
  });

  it("a user holding no permission can still read their own information", async () => {
    const res = await t.call("GET", "/user/user-info", { as: "citizen" });
    expect(res.status).toBe(200);
    expect(res.body.userName).toBe(t.fixtures.users.citizen.userName);
  });

  it("matches the token by e-mail when it carries no preferred_username (external providers)", async () => {
    const token = await t.signToken({ sub: "ext-1", email: t.fixtures.users.worker.email.toUpperCase() });
    const res = await t.call("GET", "/user/user-info", { token });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(t.fixtures.users.worker.id);
  });

  it("a valid token of an unknown or deactivated user gives 401", async () => {
    const unknown = await t.signToken({ sub: "x", preferred_username: "nobody" });
    for (const token of [unknown, await t.token("inactive"), await t.signToken({ sub: "no-name-claims" })]) {
      const res = await t.call("GET", "/user/user-info", { token });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(res.body.Message).toEqual(expect.any(String));
    }
  });

  it("a token without exp, or an unsigned one (alg none), gives 401", async () => {
    const noExp = await t.signToken(
      { sub: "1", preferred_username: t.fixtures.users.admin.userName },
      { expiresIn: null },
    );
    expect(JSON.parse(Buffer.from(noExp.split(".")[1]!, "base64url").toString())).not.toHaveProperty("exp");
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${b64({
      iss: "http://test.local/oidc",
      aud: "http://test.local/v1",
      exp: now + 600,
      iat: now,
      preferred_username: t.fixtures.users.admin.userName,
    })}.`;
    for (const token of [noExp, unsigned]) {
      const res = await t.call("GET", "/user/user-info", { token });
      expect(res.status).toBe(401);
    }
  });

  it("expired, wrong-issuer, wrong-audience and foreign-key tokens give 401", async () => {
    for (const token of [
      await t.expiredToken("admin"),
      await t.wrongIssuerToken("admin"),
      await t.wrongAudienceToken("admin"),
      await t.foreignKeyToken("admin"),
      "not-a-jwt",
    ]) {
      const res = await t.call("GET", "/user/user-info", { token });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
  });
});

describe("GET user/user-info/managed-municipalities", () => {
  it("an administrator manages every municipality", async () => {
    const res = await t.call("GET", "/user/user-info/managed-municipalities", { as: "admin" });
    expect(res.status).toBe(200);
    const ids = res.body.items.map((m: { id: number }) => m.id);
    expect(ids).toEqual(expect.arrayContaining([t.fixtures.municipalities.a.id, t.fixtures.municipalities.b.id]));
    const all = await t.db.select({ id: municipality.id }).from(municipality);
    expect(ids).toHaveLength(all.length);
  });

  it("the read-only administrator sees all of them too", async () => {
    const res = await t.call("GET", "/user/user-info/managed-municipalities", { as: "readonly" });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(2);
  });

  it("a manager sees only their own municipality, with wasteCompanyBranchId", async () => {
    const res = await t.call("GET", "/user/user-info/managed-municipalities", { as: "manager" });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      {
        id: t.fixtures.municipalities.a.id,
        name: "Třebíč",
        country: "CZ",
        active: true,
        wasteCompanyBranchId: MANAGER_BRANCH_ID,
      },
    ]);
  });

  it("a manager of several municipalities sees each once", async () => {
    const akatov = await newMunicipality(t.db, "Akátov");
    await t.db
      .insert(userMunicipality)
      .values({ userId: t.fixtures.users.managerB.id, municipalityId: akatov, wasteCompanyBranchId: 3 });
    const res = await t.call("GET", "/user/user-info/managed-municipalities", { as: "managerB" });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      { id: akatov, name: "Akátov", country: "CZ", active: true, wasteCompanyBranchId: 3 },
      {
        id: t.fixtures.municipalities.b.id,
        name: "Petržalka",
        country: "SK",
        active: true,
        wasteCompanyBranchId: null,
      },
    ]);
  });
});

describe("GET user/user-info/permissions", () => {
  it("answers a list of objects with value, exactly the role's permissions", async () => {
    const res = await t.call("GET", "/user/user-info/permissions", { as: "worker" });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    for (const p of res.body) expect(Object.keys(p)).toEqual(["value"]);
    const values = res.body.map((p: { value: string }) => p.value);
    expect(values).toEqual([...permissionsForRole("MUNICIPALITY_WORKER")].sort());
    expect(values).toContain("subject.aAdd");
    expect(values).not.toContain("municipality.aEdit");
  });

  it("the read-only administrator holds only aDetail permissions", async () => {
    const res = await t.call("GET", "/user/user-info/permissions", { as: "readonly" });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const p of res.body) expect(p.value).toMatch(/\.aDetail$/);
  });

  it("a citizen holds none", async () => {
    const res = await t.call("GET", "/user/user-info/permissions", { as: "citizen" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});
