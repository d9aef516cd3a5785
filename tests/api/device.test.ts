/**
 * Spec 001 §2 'Devices', §3 Device, §4 'A device is paired with a municipality', §5 'Vyplňte povinná pole pro
 * přiřazení k provozu', §9 device types, through /v1/device… (docs/api-devices.md): create with a first pairing,
 * validation, unique serial numbers, overlapping pairings, list filters, tenancy for municipality managers,
 * read-only administrators, delete, ending a pairing and the municipality detail's devices.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { device, deviceAssignment } from "../../api/db/schema";
import { ASSIGNMENT_REQUIRED } from "#contract/device";
import { setupApiWithIds, type TestApi, inDays, createdId, newMunicipality, UNEDITED, expectRefused } from "./helpers";

let t: TestApi;
let A: number;
let B: number;
let serial = 0;

/** A device body with a unique serial number; `extra` adds or replaces fields. */
const body = (extra: Record<string, unknown> = {}) => ({
  ...UNEDITED,
  name: `Terminál ${++serial}`,
  type: "MobileTerminal",
  serialNumber: `SN-${serial}-${Date.now()}`,
  ...extra,
});

async function create(extra: Record<string, unknown> = {}) {
  return createdId(await t.call("POST", "/device", { as: "admin", json: body(extra) }));
}

beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
afterAll(() => t?.close());

describe("create (spec 001 §2 Devices: name, serial number, uuid, sim, type, municipality, valid from/to, note)", () => {
  it("creates a device paired with a municipality; the detail shows the pairing and its history", async () => {
    // The device's own fields: the detail answers each as sent.
    const terminal = {
      name: "Vůz 1 – terminál",
      type: "MobileTerminal",
      serialNumber: "MT-0001",
      uuid: "4f1c2a9e-0000-4000-8000-000000000001",
      simCardNumber: "+420 777 123 456",
      note: "Ve voze 1SE 2345",
    };
    const res = await t.call("POST", "/device", {
      as: "admin",
      json: {
        ...terminal,
        municipalityId: String(A),
        validFrom: inDays(-30),
        validTo: "",
      },
    });
    expect(res.status).toBe(201);
    const detail = await t.call("GET", `/device/${res.body.id}`, { as: "admin" });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      ...terminal,
      municipalityId: A,
      municipalityName: "Třebíč",
      validFrom: inDays(-30),
      validTo: null,
      lastUsedAt: null,
    });
    expect(detail.body.assignments).toEqual([
      expect.objectContaining({
        municipalityId: A,
        validFrom: inDays(-30),
        validTo: null,
        state: "current",
        createdByName: "Admin Testovací",
      }),
    ]);
    expect(detail.body.assignmentId).toBe(detail.body.assignments[0].id);
  });

  it("creates an unpaired device (no municipality, no dates)", async () => {
    const id = await create({ type: "Printer", municipalityId: "", validFrom: "", validTo: "" });
    const detail = await t.call("GET", `/device/${id}`, { as: "admin" });
    expect(detail.body).toMatchObject({ type: "Printer", municipalityId: null, assignmentId: null, assignments: [] });
  });

  it("422: required fields, type from the list, sim characters", async () => {
    await expectRefused(
      t.call("POST", "/device", {
        as: "admin",
        json: { name: " ", type: "Toaster", serialNumber: "", simCardNumber: "abc" },
      }),
      {
        name: ["Vyplňte toto pole."],
        type: ["Vyberte typ zařízení."],
        serialNumber: ["Vyplňte toto pole."],
        simCardNumber: ["Číslo SIM karty může obsahovat jen číslice, mezery a znak +."],
      },
      "including",
    );
    expect(await t.db.select().from(device).where(eq(device.name, " "))).toHaveLength(0);
  });

  it(`422 '${ASSIGNMENT_REQUIRED}' (spec 001 §5) when a municipality is chosen without a start, or a date without a municipality`, async () => {
    await expectRefused(t.call("POST", "/device", { as: "admin", json: body({ municipalityId: A }) }), {
      validFrom: ["Vyplňte povinná pole pro přiřazení k provozu"],
    });

    await expectRefused(t.call("POST", "/device", { as: "admin", json: body({ validFrom: inDays(0) }) }), {
      municipalityId: ["Vyplňte povinná pole pro přiřazení k provozu"],
    });

    await expectRefused(
      t.call("POST", "/device", {
        as: "admin",
        json: body({ municipalityId: A, validFrom: inDays(0), validTo: inDays(-1) }),
      }),
      { validTo: ["Konec přiřazení nemůže být před jeho začátkem."] },
    );
  });

  it("422 on a serial number or uuid that another device has (letter case ignored); nothing is written", async () => {
    await create({ serialNumber: "BS-42", uuid: "ABC-123" });
    const before = (await t.db.select().from(device)).length;
    await expectRefused(
      t.call("POST", "/device", {
        as: "admin",
        json: body({ serialNumber: "bs-42", uuid: "abc-123", municipalityId: A, validFrom: inDays(0) }),
      }),
      {
        serialNumber: ["Zařízení s tímto sériovým číslem už existuje."],
        uuid: ["Zařízení s tímto UUID už existuje."],
      },
    );
    expect(await t.db.select().from(device)).toHaveLength(before);
    // The device's own serial number is no conflict when it is saved again.
    const own = await create({ serialNumber: "BS-43" });
    const put = await t.call("PUT", `/device/${own}`, {
      as: "admin",
      json: { name: "Čtečka", type: "BarcodeScanner", serialNumber: "bs-43", version: 0 },
    });
    expect(put.status).toBe(200);
    await expectRefused(
      t.call("PUT", `/device/${own}`, {
        as: "admin",
        json: { name: "Čtečka", type: "BarcodeScanner", serialNumber: "BS-42", version: 1 },
      }),
      { serialNumber: ["Zařízení s tímto sériovým číslem už existuje."] },
    );
  });

  it("422 when pairing with a municipality that does not exist", async () => {
    await expectRefused(
      t.call("POST", "/device", {
        as: "admin",
        json: body({ municipalityId: 999999, validFrom: inDays(0) }),
      }),
      { municipalityId: ["Obec nebyla nalezena."] },
    );
  });
});

describe("pairing (spec 001 §4 'A device is paired with a municipality'): history, no overlaps", () => {
  it("pairs, refuses an overlapping period, ends the pairing and pairs again; the history keeps every row", async () => {
    const id = await create();
    const first = await t.call("POST", `/device/${id}/assignment`, {
      as: "admin",
      json: { municipalityId: A, validFrom: inDays(-60) },
    });
    expect(first.status).toBe(201);

    await expectRefused(
      t.call("POST", `/device/${id}/assignment`, {
        as: "admin",
        json: { municipalityId: B, validFrom: inDays(-10), validTo: inDays(10) },
      }),
      {
        validFrom: ["Zařízení je v tomto období už přiřazeno k obci Třebíč; nejprve přiřazení ukončete."],
      },
    );

    await expectRefused(t.call("POST", `/device/${id}/assignment`, { as: "admin", json: { validTo: inDays(3) } }), {
      municipalityId: [ASSIGNMENT_REQUIRED],
      validFrom: [ASSIGNMENT_REQUIRED],
    });

    await expectRefused(
      t.call("POST", `/device/${id}/assignment/${first.body.id}/end`, {
        as: "admin",
        json: { validTo: inDays(-61) },
      }),
      { validTo: ["Konec přiřazení nemůže být před jeho začátkem."] },
    );

    const end = await t.call("POST", `/device/${id}/assignment/${first.body.id}/end`, {
      as: "admin",
      json: { validTo: inDays(-11) },
    });
    expect(end.status).toBe(200);
    expect(end.body).toEqual({ id: first.body.id, validTo: inDays(-11) });
    const again = await t.call("POST", `/device/${id}/assignment/${first.body.id}/end`, {
      as: "admin",
      json: { validTo: inDays(-5) },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ Message: "Přiřazení už skončilo." });

    const second = await t.call("POST", `/device/${id}/assignment`, {
      as: "admin",
      json: { municipalityId: B, validFrom: inDays(-10) },
    });
    expect(second.status).toBe(201);

    const detail = await t.call("GET", `/device/${id}`, { as: "admin" });
    expect(detail.body).toMatchObject({ municipalityId: B, municipalityName: "Petržalka", validFrom: inDays(-10) });
    expect(
      detail.body.assignments.map((a: { municipalityName: string; state: string; validTo: string | null }) => [
        a.municipalityName,
        a.state,
        a.validTo,
      ]),
    ).toEqual([
      ["Petržalka", "current", null],
      ["Třebíč", "past", inDays(-11)],
    ]);
    const rows = await t.db.select().from(deviceAssignment).where(eq(deviceAssignment.deviceId, id));
    expect(rows).toHaveLength(2);
  });

  it("an end that reaches into the device's next pairing is refused as an overlap", async () => {
    const id = await create();
    const { body: soon } = await t.call("POST", `/device/${id}/assignment`, {
      as: "admin",
      json: { municipalityId: A, validFrom: inDays(1), validTo: inDays(5) },
    });
    const next = await t.call("POST", `/device/${id}/assignment`, {
      as: "admin",
      json: { municipalityId: B, validFrom: inDays(10) },
    });
    expect(next.status).toBe(201);
    const res = await t.call("POST", `/device/${id}/assignment/${soon.id}/end`, {
      as: "admin",
      json: { validTo: inDays(12) },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.validFrom[0]).toMatch(/^Zařízení je v tomto období už přiřazeno k obci Petržalka/);
  });

  it("a future pairing is shown in the history, not as today's", async () => {
    const id = await create();
    await t.call("POST", `/device/${id}/assignment`, {
      as: "admin",
      json: { municipalityId: A, validFrom: inDays(5) },
    });
    const detail = await t.call("GET", `/device/${id}`, { as: "admin" });
    expect(detail.body).toMatchObject({ municipalityId: null, assignmentId: null });
    expect(detail.body.assignments).toEqual([expect.objectContaining({ state: "future", validFrom: inDays(5) })]);
  });

  it("404 for an assignment of another device", async () => {
    const one = await create({ municipalityId: A, validFrom: inDays(0) });
    const other = await create();
    const { body: d } = await t.call("GET", `/device/${one}`, { as: "admin" });
    const res = await t.call("POST", `/device/${other}/assignment/${d.assignmentId}/end`, {
      as: "admin",
      json: { validTo: inDays(0) },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ Message: "Přiřazení nebylo nalezeno." });
  });
});

describe("list (filters search, type, municipality, paired; paging)", () => {
  let scanner: number;
  let unpaired: number;
  beforeAll(async () => {
    scanner = await create({
      name: "Čtečka skladu Zýkova",
      type: "BarcodeScanner",
      simCardNumber: "8942001",
      municipalityId: B,
      validFrom: inDays(-1),
    });
    unpaired = await create({ name: "Tiskárna štítků rezerva", type: "Printer" });
  });

  it("searches name, serial number, uuid and sim without diacritics", async () => {
    const res = await t.call("GET", "/device", { as: "admin", query: { search: "ctecka skladu ZYKOVA" } });
    expect(res.status).toBe(200);
    expect(res.body.items.map((d: { id: number }) => d.id)).toEqual([scanner]);
    expect(res.body.items[0]).toMatchObject({
      municipalityId: B,
      municipalityName: "Petržalka",
      validFrom: inDays(-1),
      validTo: null,
    });
    const bySim = await t.call("GET", "/device", { as: "admin", query: { search: "8942001" } });
    expect(bySim.body.items.map((d: { id: number }) => d.id)).toEqual([scanner]);
  });

  it("filters by type, municipality and paired", async () => {
    const printers = await t.call("GET", "/device", { as: "admin", query: { type: "Printer", pageSize: 200 } });
    expect(printers.body.items.every((d: { type: string }) => d.type === "Printer")).toBe(true);
    expect(printers.body.items.map((d: { id: number }) => d.id)).toContain(unpaired);

    const inB = await t.call("GET", "/device", { as: "admin", query: { municipalityId: B, pageSize: 200 } });
    expect(inB.body.items.length).toBeGreaterThan(0);
    expect(inB.body.items.every((d: { municipalityId: number }) => d.municipalityId === B)).toBe(true);

    const free = await t.call("GET", "/device", { as: "admin", query: { paired: "false", pageSize: 200 } });
    expect(free.body.items.every((d: { municipalityId: number | null }) => d.municipalityId === null)).toBe(true);
    expect(free.body.items.map((d: { id: number }) => d.id)).toContain(unpaired);
    const paired = await t.call("GET", "/device", { as: "admin", query: { paired: "true", pageSize: 200 } });
    expect(paired.body.items.map((d: { id: number }) => d.id)).not.toContain(unpaired);
    expect(paired.body.total + free.body.total).toBe((await t.db.select().from(device)).length);
  });

  it("pages and sorts: total counts all, a page holds pageSize rows", async () => {
    const all = await t.call("GET", "/device", { as: "admin", query: { pageSize: 200, sort: "-serialNumber" } });
    const page2 = await t.call("GET", "/device", {
      as: "admin",
      query: { pageSize: 2, page: 2, sort: "-serialNumber" },
    });
    expect(page2.body.total).toBe(all.body.total);
    expect(page2.body.items).toEqual(all.body.items.slice(2, 4));
    const bad = await t.call("GET", "/device", { as: "admin", query: { type: "Toaster" } });
    expect(bad.status).toBe(422);
  });
});

describe("tenancy: a municipality manager sees only the devices paired with their municipalities", () => {
  it("lists and opens own devices; another device is 404; the history shows only own municipalities", async () => {
    const own = await create({ municipalityId: A, validFrom: inDays(-3) });
    const foreign = await create({ municipalityId: B, validFrom: inDays(-3) });
    const formerlyOwn = await create();
    const { body: p } = await t.call("POST", `/device/${formerlyOwn}/assignment`, {
      as: "admin",
      json: { municipalityId: A, validFrom: inDays(-20), validTo: inDays(-10) },
    });
    expect(p.id).toEqual(expect.any(Number));
    await t.call("POST", `/device/${formerlyOwn}/assignment`, {
      as: "admin",
      json: { municipalityId: B, validFrom: inDays(-9) },
    });
    const moved = await create();
    await t.call("POST", `/device/${moved}/assignment`, {
      as: "admin",
      json: { municipalityId: B, validFrom: inDays(-20), validTo: inDays(-10) },
    });
    await t.call("POST", `/device/${moved}/assignment`, {
      as: "admin",
      json: { municipalityId: A, validFrom: inDays(-9) },
    });

    const list = await t.call("GET", "/device", { as: "manager", query: { pageSize: 200 } });
    expect(list.status).toBe(200);
    const ids = list.body.items.map((d: { id: number }) => d.id);
    expect(ids).toContain(own);
    expect(ids).toContain(moved);
    expect(ids).not.toContain(foreign);
    expect(ids).not.toContain(formerlyOwn);
    expect(list.body.items.every((d: { municipalityId: number }) => d.municipalityId === A)).toBe(true);
    // Asking for B's devices by filter brings nothing.
    const filtered = await t.call("GET", "/device", { as: "manager", query: { municipalityId: B } });
    expect(filtered.body).toEqual({ items: [], total: 0 });

    expect((await t.call("GET", `/device/${own}`, { as: "manager" })).status).toBe(200);
    for (const id of [foreign, formerlyOwn]) {
      const res = await t.call("GET", `/device/${id}`, { as: "manager" });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ Message: "Zařízení nebylo nalezeno." });
    }
    const history = await t.call("GET", `/device/${moved}`, { as: "manager" });
    expect(history.body.assignments.map((a: { municipalityId: number }) => a.municipalityId)).toEqual([A]);

    // The administrator sees all of it.
    const admin = await t.call("GET", `/device/${moved}`, { as: "admin" });
    expect(admin.body.assignments).toHaveLength(2);
  });

  it("the manager and the read-only administrator may read but change nothing (403)", async () => {
    const id = await create({ municipalityId: A, validFrom: inDays(-1) });
    const { body: d } = await t.call("GET", `/device/${id}`, { as: "readonly" });
    expect(d.id).toBe(id);
    for (const as of ["manager", "readonly"] as const) {
      const calls = [
        t.call("POST", "/device", { as, json: body() }),
        t.call("PUT", `/device/${id}`, { as, json: body() }),
        t.call("DELETE", `/device/${id}`, { as }),
        t.call("POST", `/device/${id}/assignment`, { as, json: { municipalityId: A, validFrom: inDays(5) } }),
        t.call("POST", `/device/${id}/assignment/${d.assignmentId}/end`, { as, json: { validTo: inDays(0) } }),
      ];
      for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    }
    const [row] = await t.db.select().from(device).where(eq(device.id, id));
    expect(row!.name).toBe(d.name);
    expect(await t.db.select().from(deviceAssignment).where(eq(deviceAssignment.deviceId, id))).toHaveLength(1);
  });
});

describe("delete, edit and the municipality's devices", () => {
  it("edits the device's fields; the pairing stays", async () => {
    const id = await create({ municipalityId: A, validFrom: inDays(-2) });
    const res = await t.call("PUT", `/device/${id}`, {
      as: "admin",
      json: {
        name: "Tablet dvora",
        type: "Tablet",
        serialNumber: "TB-77",
        uuid: "",
        simCardNumber: "",
        note: "Sběrný dvůr",
        version: 0,
      },
    });
    expect(res.status).toBe(200);
    const { body: d } = await t.call("GET", `/device/${id}`, { as: "admin" });
    expect(d).toMatchObject({
      name: "Tablet dvora",
      type: "Tablet",
      serialNumber: "TB-77",
      uuid: null,
      note: "Sběrný dvůr",
      municipalityId: A,
    });
  });

  it("deletes a device with its history; a missing device is 404", async () => {
    const id = await create({ municipalityId: A, validFrom: inDays(-2) });
    const res = await t.call("DELETE", `/device/${id}`, { as: "admin" });
    expect(res.status).toBe(204);
    expect(await t.db.select().from(device).where(eq(device.id, id))).toHaveLength(0);
    expect(await t.db.select().from(deviceAssignment).where(eq(deviceAssignment.deviceId, id))).toHaveLength(0);
    expect((await t.call("GET", `/device/${id}`, { as: "admin" })).status).toBe(404);
    expect((await t.call("DELETE", `/device/${id}`, { as: "admin" })).status).toBe(404);
  });

  it("GET municipality/{id}/device lists the devices paired today, by name; the manager of A cannot read B's", async () => {
    const okrisky = await newMunicipality(t.db, "Okříšky");
    const now = await create({ name: "B – tiskárna", type: "Printer", municipalityId: okrisky, validFrom: inDays(-5) });
    const also = await create({
      name: "A – terminál",
      municipalityId: okrisky,
      validFrom: inDays(-5),
      validTo: inDays(0),
    });
    const ended = await create({
      name: "C – ukončené",
      municipalityId: okrisky,
      validFrom: inDays(-9),
      validTo: inDays(-1),
    });
    const later = await create({ name: "D – budoucí", municipalityId: okrisky, validFrom: inDays(1) });
    const res = await t.call("GET", `/municipality/${okrisky}/device`, { as: "admin" });
    expect(res.status).toBe(200);
    const ids = res.body.items.map((d: { id: number }) => d.id);
    // Ended yesterday and starting tomorrow: not paired today.
    expect(ids).toEqual([also, now]);
    expect(ids).not.toContain(ended);
    expect(ids).not.toContain(later);
    expect(res.body.items[0]).toMatchObject({
      name: "A – terminál",
      type: "MobileTerminal",
      validFrom: inDays(-5),
      validTo: inDays(0),
    });

    const foreign = await t.call("GET", `/municipality/${B}/device`, { as: "manager" });
    expect(foreign.status).toBe(404);
    const own = await t.call("GET", `/municipality/${A}/device`, { as: "manager" });
    expect(own.status).toBe(200);
  });

  it("deleting a municipality removes its pairings and keeps the devices", async () => {
    const gone = await newMunicipality(t.db, "Zrušená obec");
    const id = await create({ municipalityId: gone, validFrom: inDays(-5) });
    const res = await t.call("DELETE", `/municipality/${gone}`, { as: "admin" });
    expect(res.status).toBe(204);
    const { body: d } = await t.call("GET", `/device/${id}`, { as: "admin" });
    expect(d).toMatchObject({ id, municipalityId: null, assignments: [] });
  });
});
