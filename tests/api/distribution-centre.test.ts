/**
 * Spec 001 §2 Distribution centres, §3 Distribution centre, through /v1/municipality/{id}/distribution-centre
 * (docs/distribution-centres.md): CRUD with per-field 422 and 409 on a stale save, delete refused while a centre has
 * reports, tenancy (another municipality's centre is not found) and permissions, the assignment of the
 * municipality's users (one centre per user, moved only explicitly), and the served / unserved chart's exact
 * numbers on a small register.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  distributionCentreUser,
  distributionReport,
  role,
  subject,
  subjectFeePayer,
  user,
  userMunicipality,
} from "../../api/db/schema";
import { STALE_VERSION_MESSAGE } from "#contract/common";
import { CENTRE_HAS_REPORTS, CENTRE_NOT_FOUND, CENTRE_USER_ALREADY_HERE } from "#contract/distribution-centre";
import type { RoleName } from "#contract/roles";
import { createdId, expectRefused, insertResident, setupApiWithIds, type TestApi } from "./helpers";

let t: TestApi;
let A: number;
let B: number;
const centres = (m: number, rest = "") => `/municipality/${m}/distribution-centre${rest}`;

/** A user of municipality A with the role, and a token of theirs. */
async function userWithRole(name: RoleName, userName: string) {
  const [r] = await t.db.select({ id: role.id }).from(role).where(eq(role.name, name));
  const [u] = await t.db
    .insert(user)
    .values({
      userName,
      firstName: "Petr",
      lastName: userName,
      email: `${userName}@test.local`,
      roleId: r!.id,
      municipalityId: A,
    })
    .returning({ id: user.id });
  await t.db.insert(userMunicipality).values({ userId: u!.id, municipalityId: A });
  const token = await t.signToken({
    sub: String(u!.id),
    preferred_username: userName,
    email: `${userName}@test.local`,
  });
  return { id: u!.id, token };
}

async function newSubject(name: string, membership?: { from: string; to?: string }) {
  const [s] = await t.db
    .insert(subject)
    .values({ municipalityId: A, type: "Household", name })
    .returning({ id: subject.id });
  if (membership) {
    const payer = await insertResident(t.db, A, { lastName: name });
    await t.db.insert(subjectFeePayer).values({
      municipalityId: A,
      subjectId: s!.id,
      feePayerId: payer,
      validFrom: membership.from,
      validTo: membership.to ?? null,
    });
  }
  return s!.id;
}

const report = (centreId: number, subjectId: number, reportDate: string, state = "processed") =>
  t.db.insert(distributionReport).values({ municipalityId: A, centreId, subjectId, reportDate, state, recordCount: 2 });

beforeAll(async () => {
  ({ t, A, B } = await setupApiWithIds());
});
afterAll(() => t?.close());

describe("distribution centres (spec 001 §2 Distribution centres, §3 Distribution centre)", () => {
  it("creates a centre, shows it in the detail and the list, and edits it with its version", async () => {
    const id = createdId(
      await t.call("POST", centres(A), {
        as: "manager",
        json: { name: "  Výdejna Hrotovická ", phone: "+420 568 111 222", email: "vydejna@trebic.example" },
      }),
    );
    const detail = await t.call("GET", centres(A, `/${id}`), { as: "worker" });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id,
      version: 0,
      name: "Výdejna Hrotovická",
      phone: "+420 568 111 222",
      email: "vydejna@trebic.example",
      userCount: 0,
      reportCount: 0,
      lastReportDate: null,
      users: [],
      latestReports: [],
    });
    const saved = await t.call("PUT", centres(A, `/${id}`), {
      as: "manager",
      json: { name: "Výdejna Hrotovická 2", phone: "", email: "", version: 0 },
    });
    expect(saved.status).toBe(200);
    const again = await t.call("GET", centres(A, `/${id}`), { as: "manager" });
    expect(again.body).toMatchObject({ name: "Výdejna Hrotovická 2", phone: null, email: null, version: 1 });

    const stale = await t.call("PUT", centres(A, `/${id}`), {
      as: "manager",
      json: { name: "Přepsáno", version: 0 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toBe(STALE_VERSION_MESSAGE);
    expect((await t.call("GET", centres(A, `/${id}`), { as: "manager" })).body.name).toBe("Výdejna Hrotovická 2");
  });

  it("refuses a form without a name, with a bad phone or e-mail or a name over 150 characters (422 per field)", async () => {
    await expectRefused(t.call("POST", centres(A), { as: "manager", json: { name: " ", phone: "abc", email: "x@" } }), {
      name: ["Vyplňte toto pole."],
      phone: ["Zadejte platné telefonní číslo."],
      email: ["Zadejte platný e-mail."],
    });
    await expectRefused(t.call("POST", centres(A), { as: "manager", json: { name: "x".repeat(151) } }), {
      name: ["Nejvýše 150 znaků."],
    });
  });

  it("lists with counts, searches, sorts by report count and pages", async () => {
    const quiet = createdId(await t.call("POST", centres(A), { as: "manager", json: { name: "Alfa výdejna" } }));
    const busy = createdId(
      await t.call("POST", centres(A), { as: "manager", json: { name: "Zeta výdejna", email: "zeta@trebic.example" } }),
    );
    const s = await newSubject("Seznamová 1");
    await report(busy, s, "2026-02-01");
    await report(busy, s, "2026-02-20", "discarded");
    const list = await t.call("GET", centres(A), { as: "worker", query: { search: "výdejna", sort: "-reportCount" } });
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toEqual({
      id: busy,
      name: "Zeta výdejna",
      phone: null,
      email: "zeta@trebic.example",
      userCount: 0,
      reportCount: 2,
      lastReportDate: "2026-02-20",
    });
    expect(list.body.items.map((i: { id: number }) => i.id)).toContain(quiet);
    const byMail = await t.call("GET", centres(A), { as: "worker", query: { search: "zeta@" } });
    expect(byMail.body).toMatchObject({ total: 1, items: [{ id: busy }] });
    const paged = await t.call("GET", centres(A), { as: "worker", query: { pageSize: 1, page: 2, sort: "name" } });
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.total).toBeGreaterThanOrEqual(3);

    // Deleting: refused while it has reports; without them gone, with its user assignments.
    const refused = await t.call("DELETE", centres(A, `/${busy}`), { as: "manager" });
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe(CENTRE_HAS_REPORTS);
    createdId(
      await t.call("POST", centres(A, `/${quiet}/user`), {
        as: "manager",
        json: { userId: t.fixtures.users.citizen.id },
      }),
    );
    expect((await t.call("DELETE", centres(A, `/${quiet}`), { as: "manager" })).status).toBe(204);
    expect((await t.call("GET", centres(A, `/${quiet}`), { as: "manager" })).status).toBe(404);
    expect(await t.db.select().from(distributionCentreUser).where(eq(distributionCentreUser.centreId, quiet))).toEqual(
      [],
    );
  });

  it("keeps each municipality's centres to itself (404) and checks the permission (403)", async () => {
    const id = createdId(await t.call("POST", centres(A), { as: "manager", json: { name: "Jen pro Třebíč" } }));
    expect((await t.call("GET", centres(A, `/${id}`), { as: "managerB" })).status).toBe(404);
    expect((await t.call("GET", centres(A), { as: "managerB" })).status).toBe(404);
    for (const [method, json] of [
      ["GET", undefined],
      ["PUT", { name: "Cizí", version: 0 }],
      ["DELETE", undefined],
    ] as const) {
      const res = await t.call(method, centres(B, `/${id}`), { as: "managerB", json });
      expect(res.status, method).toBe(404);
      expect(res.body.Message).toBe(CENTRE_NOT_FOUND);
    }
    expect((await t.call("GET", centres(B), { as: "managerB" })).body).toEqual({ items: [], total: 0 });

    // A yard worker has nothing of the centres; a reuse centre's worker reads and edits but neither adds nor deletes.
    const yardWorker = await userWithRole("C_YARD_WORKER", "t.yard");
    expect((await t.call("GET", centres(A), { token: yardWorker.token })).status).toBe(403);
    const reuse = await userWithRole("REUSE_CENTER_WORKER", "t.reuse");
    expect((await t.call("GET", centres(A, `/${id}`), { token: reuse.token })).status).toBe(200);
    const add = await t.call("POST", centres(A), { token: reuse.token, json: { name: "Nepovolené" } });
    expect(add.status).toBe(403);
    expect((await t.call("DELETE", centres(A, `/${id}`), { token: reuse.token })).status).toBe(403);
    expect((await t.call("GET", centres(A, `/${id}`), { as: "manager" })).status).toBe(200);
  });
});

describe("users of a centre (a user works at one centre; moving is explicit)", () => {
  it("assigns a user of the municipality, refuses others, moves only when asked and removes", async () => {
    const north = createdId(await t.call("POST", centres(A), { as: "manager", json: { name: "Sever" } }));
    const south = createdId(await t.call("POST", centres(A), { as: "manager", json: { name: "Jih" } }));
    const worker = t.fixtures.users.worker.id;

    await expectRefused(
      t.call("POST", centres(A, `/${north}/user`), { as: "manager", json: { userId: t.fixtures.users.managerB.id } }),
      { userId: ["Uživatel nebyl nalezen mezi uživateli obce."] },
    );
    await expectRefused(
      t.call("POST", centres(A, `/${north}/user`), { as: "manager", json: { userId: t.fixtures.users.admin.id } }),
      { userId: ["Uživatel nebyl nalezen mezi uživateli obce."] },
    );
    await expectRefused(t.call("POST", centres(A, `/${north}/user`), { as: "manager", json: {} }), {
      userId: ["Vyberte uživatele."],
    });

    createdId(await t.call("POST", centres(A, `/${north}/user`), { as: "manager", json: { userId: worker } }));
    const detail = await t.call("GET", centres(A, `/${north}`), { as: "manager" });
    expect(detail.body).toMatchObject({
      userCount: 1,
      users: [
        {
          id: worker,
          name: "Worker Testovací",
          userName: "t.worker",
          roleName: "MUNICIPALITY_WORKER",
          lastLoginAt: null,
        },
      ],
    });
    await expectRefused(t.call("POST", centres(A, `/${north}/user`), { as: "manager", json: { userId: worker } }), {
      userId: [CENTRE_USER_ALREADY_HERE],
    });

    const elsewhere = await t.call("POST", centres(A, `/${south}/user`), { as: "manager", json: { userId: worker } });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.Message).toContain("„Sever“");
    expect((await t.call("GET", centres(A, `/${north}`), { as: "manager" })).body.userCount).toBe(1);

    const options = await t.call("GET", centres(A, "/user-options"), { as: "manager", query: { search: "worker" } });
    expect(options.status).toBe(200);
    expect(options.body.items).toEqual([
      {
        id: worker,
        name: "Worker Testovací",
        userName: "t.worker",
        roleName: "MUNICIPALITY_WORKER",
        centreId: north,
        centreName: "Sever",
      },
    ]);
    const all = await t.call("GET", centres(A, "/user-options"), { as: "manager" });
    const offered = all.body.items.map((i: { id: number }) => i.id);
    expect(offered).toContain(t.fixtures.users.manager.id);
    expect(offered).not.toContain(t.fixtures.users.admin.id);
    expect(offered).not.toContain(t.fixtures.users.managerB.id);

    createdId(
      await t.call("POST", centres(A, `/${south}/user`), { as: "manager", json: { userId: worker, move: "on" } }),
    );
    expect((await t.call("GET", centres(A, `/${north}`), { as: "manager" })).body.userCount).toBe(0);
    expect((await t.call("GET", centres(A, `/${south}`), { as: "manager" })).body.users).toMatchObject([
      { id: worker },
    ]);
    expect(
      await t.db.select().from(distributionCentreUser).where(eq(distributionCentreUser.userId, worker)),
    ).toHaveLength(1);

    expect((await t.call("DELETE", centres(A, `/${north}/user/${worker}`), { as: "manager" })).status).toBe(404);
    expect((await t.call("DELETE", centres(A, `/${south}/user/${worker}`), { as: "manager" })).status).toBe(204);
    expect((await t.call("GET", centres(A, `/${south}`), { as: "manager" })).body.users).toEqual([]);
    const [still] = await t.db.select({ id: user.id }).from(user).where(eq(user.id, worker));
    expect(still).toBeDefined();
  });
});

describe("the chart: served and unserved collection points per week or month", () => {
  let c1: number;
  let c2: number;
  beforeAll(async () => {
    // A register of its own: the earlier tests' subject has no membership, and its reports are before the window
    // of the weekly chart; the monthly window counts it in February (see below).
    c1 = createdId(await t.call("POST", centres(A), { as: "manager", json: { name: "Graf 1" } }));
    c2 = createdId(await t.call("POST", centres(A), { as: "manager", json: { name: "Graf 2" } }));
    const s1 = await newSubject("S1", { from: "2020-01-01" });
    const s2 = await newSubject("S2", { from: "2020-01-01" });
    await newSubject("S3", { from: "2026-03-10" });
    const s4 = await newSubject("S4", { from: "2020-01-01", to: "2026-01-31" });
    const s5 = await newSubject("S5 bez poplatníka");
    await report(c1, s1, "2026-03-02");
    await report(c2, s1, "2026-03-17", "unprocessed");
    await report(c1, s1, "2026-02-10", "discarded");
    await report(c1, s2, "2026-02-11");
    await report(c2, s4, "2026-01-05", "error");
    await report(c1, s5, "2026-03-03");
  });

  const chart = (query: Record<string, string | number>) =>
    t.call("GET", centres(A, "/chart"), { as: "worker", query: { until: "2026-03-18", ...query } });

  it("monthly: the last 12 months, served = points with a report not discarded, unserved = active points without", async () => {
    const res = await chart({ period: "month" });
    expect(res.status).toBe(200);
    const b = res.body.buckets;
    expect(b).toHaveLength(12);
    expect(b[0]).toEqual({ start: "2025-04-01", end: "2025-04-30", served: 0, unserved: 3 });
    expect(b[9]).toEqual({ start: "2026-01-01", end: "2026-01-31", served: 1, unserved: 2 });
    // February: S2, and the earlier test's point (reported 1 and 20 February, the latter discarded); S1's is discarded.
    expect(b[10]).toEqual({ start: "2026-02-01", end: "2026-02-28", served: 2, unserved: 1 });
    expect(b[11]).toEqual({ start: "2026-03-01", end: "2026-03-31", served: 2, unserved: 2 });
  });

  it("weekly: ISO weeks Monday to Sunday, the last holding the day asked", async () => {
    const b = (await chart({ period: "week" })).body.buckets;
    expect(b).toHaveLength(12);
    expect(b[0]).toEqual({ start: "2025-12-29", end: "2026-01-04", served: 0, unserved: 3 });
    expect(b[1]).toEqual({ start: "2026-01-05", end: "2026-01-11", served: 1, unserved: 2 });
    expect(b[6]).toEqual({ start: "2026-02-09", end: "2026-02-15", served: 1, unserved: 1 });
    expect(b[9]).toEqual({ start: "2026-03-02", end: "2026-03-08", served: 2, unserved: 1 });
    expect(b[10]).toEqual({ start: "2026-03-09", end: "2026-03-15", served: 0, unserved: 3 });
    expect(b[11]).toEqual({ start: "2026-03-16", end: "2026-03-22", served: 1, unserved: 2 });
  });

  it("per centre: served by that centre only; another municipality's centre is not found", async () => {
    const one = (await chart({ period: "month", centreId: c1 })).body;
    expect(one.centreId).toBe(c1);
    expect(one.buckets[11]).toMatchObject({ served: 2, unserved: 2 });
    expect(one.buckets[9]).toMatchObject({ served: 0, unserved: 3 });
    const two = (await chart({ period: "month", centreId: c2 })).body;
    expect(two.buckets[11]).toMatchObject({ served: 1, unserved: 2 });
    expect(two.buckets[9]).toMatchObject({ served: 1, unserved: 2 });
    const foreign = await t.call("GET", centres(B, "/chart"), { as: "managerB", query: { centreId: c1 } });
    expect(foreign.status).toBe(404);
    expect((await chart({ period: "year" })).status).toBe(422);
  });
});
