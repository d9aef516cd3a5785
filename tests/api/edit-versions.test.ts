/**
 * Issue 11 item 7 'Lost update', decision 20: every PUT that overwrites a record carries the version the user saw.
 * Two saves with the same version: the first is written (200), the second answers 409 with the message and the row
 * keeps the first change; a body without a version is 422 on `version`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  binType,
  device,
  feePayer,
  municipality,
  subject,
  user,
  wasteEvidenceHeader as weh,
  wasteType,
} from "../../api/db/schema";
import { makeBarcode } from "#contract/codes";
import { STALE_VERSION_MESSAGE } from "#contract/common";
import { setupApiWithIds, type Persona, type TestApi, createdId } from "./helpers";

let t: TestApi;
let A: number;
let B: number;

/** A detail answer as a form would send it back: nulls become empty fields; the version is added by each call. */
const asForm = (detail: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(detail).flatMap(([k, v]) => (k === "version" ? [] : [[k, v === null ? "" : v]])));
/** The version each GET answered last (a record of the shared fixtures may have been saved by an earlier case). */
let seen = 0;

type CaseSetup = Awaited<ReturnType<Case["setup"]>>;

/**
 * A waste or bin type of A (`path` its list, e.g. 'waste-type'): the version the list answers (types have no detail
 * call), the PUT path, the body, and its name as stored.
 */
async function ownType(
  table: typeof wasteType | typeof binType,
  path: string,
  id: number,
  body: CaseSetup["body"],
): Promise<CaseSetup> {
  const list = await t.call("GET", `/municipality/${A}/${path}`, { as: "manager" });
  seen = list.body.items.find((i: { id: number }) => i.id === id).version;
  const read = async () => (await t.db.select().from(table).where(eq(table.id, id)))[0]!.name;
  return { path: `/municipality/${A}/${path}/${id}`, body, read };
}

interface Case {
  name: string;
  as: Persona;
  /** Makes the record; answers the PUT path and the body (without version) that writes `value`. */
  setup(): Promise<{ path: string; body: (value: string) => Record<string, unknown>; read: () => Promise<unknown> }>;
}

async function get(path: string, as: Persona) {
  const res = await t.call("GET", path, { as });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(typeof res.body.version, `${path} answers its version`).toBe("number");
  seen = res.body.version;
  return res.body as Record<string, unknown>;
}

async function insertSubject() {
  const [row] = await t.db
    .insert(subject)
    .values({ type: "Household", name: "Konflikt", street: "Hlavní", municipalityId: A })
    .returning();
  return row!.id;
}
let plain = 900;
async function insertHeader() {
  const code = plain++;
  const [row] = await t.db
    .insert(weh)
    .values({ municipalityId: A, barcode: makeBarcode(A, code), plainCode: String(code) })
    .returning();
  return row!.id;
}

const CASES: Case[] = [
  {
    name: "PUT municipality/{id}",
    as: "admin",
    async setup() {
      const path = `/municipality/${B}`;
      const detail = asForm(await get(path, "admin"));
      const read = async () => (await t.db.select().from(municipality).where(eq(municipality.id, B)))[0]!.name;
      return { path, body: (name) => ({ ...detail, contacts: [], name }), read };
    },
  },
  {
    name: "PUT user/{id}",
    as: "admin",
    async setup() {
      const id = t.fixtures.users.worker.id;
      const path = `/user/${id}`;
      const detail = asForm(await get(path, "admin"));
      const read = async () => (await t.db.select().from(user).where(eq(user.id, id)))[0]!.firstName;
      return { path, body: (firstName) => ({ ...detail, password: "", confirmPassword: "", firstName }), read };
    },
  },
  {
    name: "PUT user/profile",
    as: "citizen",
    async setup() {
      const detail = asForm(await get("/user/profile", "citizen"));
      const id = t.fixtures.users.citizen.id;
      const read = async () => (await t.db.select().from(user).where(eq(user.id, id)))[0]!.firstName;
      return { path: "/user/profile", body: (firstName) => ({ ...detail, firstName }), read };
    },
  },
  {
    name: "PUT municipality/{id}/subject/{id}",
    as: "manager",
    async setup() {
      const id = await insertSubject();
      const path = `/municipality/${A}/subject/${id}`;
      const detail = asForm(await get(path, "manager"));
      const read = async () => (await t.db.select().from(subject).where(eq(subject.id, id)))[0]!.name;
      return { path, body: (name) => ({ ...detail, name }), read };
    },
  },
  {
    name: "PUT municipality/{id}/subject/{id}/dispose-frequency",
    as: "manager",
    async setup() {
      const id = await insertSubject();
      await get(`/municipality/${A}/subject/${id}`, "manager");
      const read = async () =>
        String((await t.db.select().from(subject).where(eq(subject.id, id)))[0]!.orderedDisposeCount);
      return {
        path: `/municipality/${A}/subject/${id}/dispose-frequency`,
        body: (n) => ({ period: "Month", orderedDisposeCount: Number(n) }),
        read,
      };
    },
  },
  {
    name: "PUT municipality/{id}/fee-payer/{id}",
    as: "manager",
    async setup() {
      const id = createdId(
        await t.call("POST", `/municipality/${A}/fee-payer`, {
          as: "manager",
          json: { type: "Resident", firstName: "Jan", lastName: "Konflikt", activeFrom: "2024-01-01" },
        }),
      );
      const path = `/municipality/${A}/fee-payer/${id}`;
      const detail = asForm(await get(path, "manager"));
      const read = async () => (await t.db.select().from(feePayer).where(eq(feePayer.id, id)))[0]!.firstName;
      return { path, body: (firstName) => ({ ...detail, discountIds: [], addresses: [], firstName }), read };
    },
  },
  {
    name: "PUT municipality/{id}/waste-evidence-header/{id}",
    as: "manager",
    async setup() {
      const id = await insertHeader();
      const path = `/municipality/${A}/waste-evidence-header/${id}`;
      await get(path, "manager");
      const read = async () => (await t.db.select().from(weh).where(eq(weh.id, id)))[0]!.description;
      return { path, body: (description) => ({ description }), read };
    },
  },
  {
    name: "PUT municipality/{id}/waste-evidence-header/{id}/dispose-frequency",
    as: "manager",
    async setup() {
      const id = await insertHeader();
      await get(`/municipality/${A}/waste-evidence-header/${id}`, "manager");
      const read = async () => String((await t.db.select().from(weh).where(eq(weh.id, id)))[0]!.orderedDisposeCount);
      return {
        path: `/municipality/${A}/waste-evidence-header/${id}/dispose-frequency`,
        body: (n) => ({ period: "Year", orderedDisposeCount: Number(n) }),
        read,
      };
    },
  },
  {
    name: "PUT device/{id}",
    as: "admin",
    async setup() {
      const [row] = await t.db
        .insert(device)
        .values({ name: "Terminál", type: "MobileTerminal", serialNumber: `SN-KONFLIKT-${plain++}` })
        .returning();
      const path = `/device/${row!.id}`;
      const detail = asForm(await get(path, "admin"));
      const read = async () => (await t.db.select().from(device).where(eq(device.id, row!.id)))[0]!.name;
      return { path, body: (name) => ({ ...detail, name }), read };
    },
  },
  {
    name: "PUT municipality/{id}/waste-type/{id}",
    as: "manager",
    async setup() {
      const [row] = await t.db
        .insert(wasteType)
        .values({ municipalityId: A, name: "Konflikt", coefficient: "0.1" })
        .returning();
      return ownType(wasteType, "waste-type", row!.id, (name) => ({ name, coefficient: "0.1", sorted: false }));
    },
  },
  {
    name: "PUT municipality/{id}/bin-type/{id}",
    as: "manager",
    async setup() {
      const [row] = await t.db
        .insert(binType)
        .values({ municipalityId: A, name: "Konflikt", category: "bin", kind: "fixed", capacity: 120 })
        .returning();
      return ownType(binType, "bin-type", row!.id, (name) => ({ name, category: "bin", capacity: 120 }));
    },
  },
];

beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
afterAll(() => t?.close());

describe("optimistic concurrency on every PUT that overwrites a record (issue 11 item 7, decision 20)", () => {
  it.each(CASES)("$name: the second save with the same version is 409 and the first change stays", async (c) => {
    const { path, body, read } = await c.setup();
    const version = seen;
    const first = await t.call("PUT", path, { as: c.as, json: { ...body("11"), version } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await t.call("PUT", path, { as: c.as, json: { ...body("22"), version } });
    expect(second.status, JSON.stringify(second.body)).toBe(409);
    expect(second.body).toEqual({ Message: STALE_VERSION_MESSAGE });
    expect(await read()).toBe("11");
    // Saving again over the new version works: the version was bumped by the first save.
    const third = await t.call("PUT", path, { as: c.as, json: { ...body("33"), version: version + 1 } });
    expect(third.status, JSON.stringify(third.body)).toBe(200);
    expect(await read()).toBe("33");
  });

  it.each(CASES)("$name: a body without version is 422 on version", async (c) => {
    const { path, body, read } = await c.setup();
    const before = await read();
    const res = await t.call("PUT", path, { as: c.as, json: body("44") });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.errors?.version).toEqual(["Vyplňte toto pole."]);
    expect(await read()).toBe(before);
  });
});
