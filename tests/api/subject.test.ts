/**
 * Spec 001 §2–§4 Collection points (subjects), through /v1/municipality/{id}/subject… (docs/api-subjects-fee-payers.md
 * "Subjects"): list filters, sort and paging, create/edit rules, delete, hierarchy, members, waste cards, fees,
 * and the 'delete municipality data' purger.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import {
  fee,
  feePayer,
  municipality,
  subject,
  subjectFeePayer,
  userMunicipality,
  wasteCard,
  wasteEvidenceHeader,
  wasteEvidenceHeaderHistory,
} from "../../api/db/schema";
import { makeBarcode } from "#contract/codes";
import { today } from "../../api/modules/subject/membership";
import { isValidVirtualCardCode, luhnCheckDigit } from "../../api/modules/subject/waste-card-code";
import { setupApiWithIds, type TestApi, inDays } from "./helpers";

let t: TestApi;
let A: number;
let B: number;

const NOT_FOUND = { Message: "Odběrné místo nebylo nalezeno." };
const url = (m: number, rest = "") => `/municipality/${m}/subject${rest}`;

/** A valid create/edit body (spec 001 §3 Subject). */
const form = (over: Record<string, unknown> = {}) => ({
  // The version an edit saw (decision 0020): a row not edited before is at 0; POST ignores it.
  version: 0,
  type: "Household",
  name: "Rodinný dům Novák",
  shortName: "RD Novák",
  variableSymbol: "",
  establishmentIdentificationNumber: "",
  householdCode: "D-12",
  parentId: "",
  externalChief: false,
  operatorCountry: "CZ",
  operatorIdentificationNumber: "25596641",
  operatorVatNumber: "CZ25596641",
  operatorCompanyName: "Novák a syn s.r.o.",
  operatorInvoiceAddress: "Hasskova 845/12, Třebíč",
  operatorZipCode: "674 01",
  operatorCity: "Třebíč",
  description: "Popelnice za domem.",
  cityDistrict: "Vnitřní Město",
  street: "Hasskova",
  conscriptionNumber: "845",
  streetNumber: "12",
  provisionalNumber: "",
  zipCode: "674 01",
  city: "Třebíč",
  ...over,
});

type SubjectInsert = Partial<typeof subject.$inferInsert> & { name: string };
async function insertSubject(municipalityId: number, values: SubjectInsert): Promise<number> {
  const [row] = await t.db
    .insert(subject)
    .values({ type: "Household", ...values, municipalityId })
    .returning({ id: subject.id });
  return row!.id;
}
async function insertPayer(municipalityId: number, lastName: string, firstName = "Jan"): Promise<number> {
  const [row] = await t.db
    .insert(feePayer)
    .values({
      municipalityId,
      type: "Resident",
      firstName,
      lastName,
      activeFrom: "2020-01-01",
      dateOfBirth: "1980-05-01",
    })
    .returning({ id: feePayer.id });
  return row!.id;
}
async function insertMunicipality(name: string): Promise<number> {
  const [row] = await t.db.insert(municipality).values({ name, country: "CZ" }).returning({ id: municipality.id });
  return row!.id;
}
const rowOf = async (id: number) => (await t.db.select().from(subject).where(eq(subject.id, id)))[0];

beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
afterAll(() => t?.close());

describe("POST subject (create)", () => {
  it("creates the subject with every field; operatorCountry is not stored; zip without the space", async () => {
    const res = await t.call("POST", url(A), { as: "manager", json: form({ variableSymbol: "1001" }) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const row = await rowOf(res.body.id);
    expect(row).toMatchObject({
      municipalityId: A,
      type: "Household",
      name: "Rodinný dům Novák",
      shortName: "RD Novák",
      variableSymbol: "1001",
      householdCode: "D-12",
      parentId: null,
      externalChief: false,
      operatorIdentificationNumber: "25596641",
      operatorCompanyName: "Novák a syn s.r.o.",
      operatorZipCode: "67401",
      cityDistrict: "Vnitřní Město",
      street: "Hasskova",
      conscriptionNumber: "845",
      streetNumber: "12",
      provisionalNumber: null,
      zipCode: "67401",
      city: "Třebíč",
      memberCount: 0,
      binCount: 0,
      feePaid: false,
    });
    expect(row).not.toHaveProperty("operatorCountry");
  });

  it("422 with field messages: missing name, bad IČO, no address", async () => {
    const res = await t.call("POST", url(A), {
      as: "manager",
      json: form({
        name: "  ",
        operatorIdentificationNumber: "25596642",
        street: "",
        conscriptionNumber: "",
        city: "",
      }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.name).toEqual(["Vyplňte toto pole."]);
    expect(res.body.errors.operatorIdentificationNumber).toEqual(["Neplatné IČO (8 číslic s kontrolní číslicí)."]);
  });

  it("422 on a variable symbol used by another subject of the municipality; another municipality may use it", async () => {
    await insertSubject(A, { name: "Držitel VS", variableSymbol: "2002" });
    const res = await t.call("POST", url(A), { as: "manager", json: form({ variableSymbol: "2002" }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ variableSymbol: ["Variabilní symbol už používá jiné odběrné místo."] });
    const inB = await t.call("POST", url(B), {
      as: "managerB",
      json: form({ variableSymbol: "2002", operatorIdentificationNumber: "" }),
    });
    expect(inB.status).toBe(201);
  });

  it("the parent must be a subject of the same municipality", async () => {
    const ofB = await insertSubject(B, { name: "Rodič v B" });
    const res = await t.call("POST", url(A), { as: "manager", json: form({ parentId: ofB }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ parentId: ["Nadřazené odběrné místo nebylo nalezeno."] });
    const ofA = await insertSubject(A, { name: "Rodič v A" });
    const ok = await t.call("POST", url(A), { as: "manager", json: form({ parentId: String(ofA) }) });
    expect(ok.status).toBe(201);
    expect((await rowOf(ok.body.id))!.parentId).toBe(ofA);
  });
});

describe("GET subject/{id} (detail) and another municipality's subject", () => {
  it("answers every field with the address, parent name and child count", async () => {
    const top = await insertSubject(A, { name: "Bytový dům Hasskova", type: "ApartmentBuilding" });
    const id = await insertSubject(A, {
      name: "Byt 1",
      type: "Apartment",
      parentId: top,
      street: "Hasskova",
      conscriptionNumber: "845",
      streetNumber: "12",
      cityDistrict: "Vnitřní Město",
      totalFee: "1200.50",
      binCount: 2,
    });
    await insertSubject(A, { name: "Sklep", parentId: id });
    const res = await t.call("GET", url(A, `/${id}`), { as: "worker" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      municipalityId: A,
      type: "Apartment",
      name: "Byt 1",
      parentId: top,
      parentName: "Bytový dům Hasskova",
      address: "Hasskova 845/12, Vnitřní Město",
      totalFee: "1200.50",
      binCount: 2,
      childCount: 1,
      feePaid: false,
      feePaidChangedAt: null,
      disposeFrequencyPeriod: null,
    });
    expect(res.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("a subject of municipality B under A's id answers its own 404 to the manager of A, on every call", async () => {
    const ofB = await insertSubject(B, { name: "Cizí místo", variableSymbol: "9999" });
    const calls: [string, string, unknown?][] = [
      ["GET", ""],
      ["PUT", "", form()],
      ["DELETE", ""],
      ["GET", "/delete-impact"],
      ["PATCH", "/parent", { parentId: null }],
      ["GET", "/hierarchy"],
      ["PUT", "/dispose-frequency", { period: "Month", orderedDisposeCount: 4, version: 0 }],
      ["GET", "/fee-payers"],
      ["POST", "/fee-payers", { feePayerId: 1, validFrom: "2025-01-01" }],
      ["PATCH", "/fee-payers/1/chief", { isChief: true }],
      ["POST", "/fee-payers/1/end", { validTo: "2025-01-01" }],
      ["GET", "/waste-cards"],
      ["POST", "/waste-cards/virtual", {}],
      ["DELETE", "/waste-cards/1"],
      ["GET", "/fees"],
    ];
    for (const [method, rest, json] of calls) {
      const res = await t.call(method, url(A, `/${ofB}${rest}`), { as: "manager", json });
      expect(res.status, `${method} ${rest}`).toBe(404);
      expect(res.body, `${method} ${rest}`).toEqual(NOT_FOUND);
    }
    // Nothing of B changed.
    expect(await rowOf(ofB)).toMatchObject({
      name: "Cizí místo",
      variableSymbol: "9999",
      disposeFrequencyPeriod: null,
    });
    // B's own manager sees it.
    expect((await t.call("GET", url(B, `/${ofB}`), { as: "managerB" })).status).toBe(200);
  });
});

describe("PUT subject/{id} and PATCH subject/{id}/parent", () => {
  it("updates the fields and updatedAt; keeping its own variable symbol is fine", async () => {
    const id = await insertSubject(A, {
      name: "Staré jméno",
      variableSymbol: "3003",
      updatedAt: new Date("2020-01-01T00:00:00Z"),
    });
    const res = await t.call("PUT", url(A, `/${id}`), {
      as: "manager",
      json: form({ name: "Nové jméno", variableSymbol: "3003", type: "Cottage", street: "Bráfova" }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id });
    const row = await rowOf(id);
    expect(row).toMatchObject({ name: "Nové jméno", variableSymbol: "3003", type: "Cottage", street: "Bráfova" });
    expect(row!.updatedAt.getTime()).toBeGreaterThan(new Date("2020-01-02").getTime());
  });

  it("422 on another subject's variable symbol (nothing written)", async () => {
    await insertSubject(A, { name: "VS 4004", variableSymbol: "4004" });
    const id = await insertSubject(A, { name: "Měněný" });
    const res = await t.call("PUT", url(A, `/${id}`), { as: "manager", json: form({ variableSymbol: "4004" }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ variableSymbol: ["Variabilní symbol už používá jiné odběrné místo."] });
    expect((await rowOf(id))!.name).toBe("Měněný");
  });

  it("the parent may not be the subject itself or one of its descendants (PUT and PATCH parent)", async () => {
    const top = await insertSubject(A, { name: "Cyklus 1" });
    const mid = await insertSubject(A, { name: "Cyklus 2", parentId: top });
    const low = await insertSubject(A, { name: "Cyklus 3", parentId: mid });
    const cycle = { parentId: ["Nadřazené odběrné místo nemůže být toto místo ani jeho podřízené."] };
    for (const parentId of [low, mid, top]) {
      const put = await t.call("PUT", url(A, `/${top}`), { as: "manager", json: form({ parentId }) });
      expect(put.status).toBe(422);
      expect(put.body.errors).toEqual(cycle);
      const patch = await t.call("PATCH", url(A, `/${top}/parent`), { as: "manager", json: { parentId } });
      expect(patch.status).toBe(422);
      expect(patch.body.errors).toEqual(cycle);
    }
    expect((await rowOf(top))!.parentId).toBeNull();
    // A sibling elsewhere is a fine parent; null removes it again.
    const other = await insertSubject(A, { name: "Jinde" });
    const set = await t.call("PATCH", url(A, `/${low}/parent`), { as: "manager", json: { parentId: other } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ id: low, parentId: other });
    expect((await rowOf(low))!.parentId).toBe(other);
    const cleared = await t.call("PATCH", url(A, `/${low}/parent`), { as: "manager", json: { parentId: null } });
    expect(cleared.body).toEqual({ id: low, parentId: null });
    expect((await rowOf(low))!.parentId).toBeNull();
    const foreign = await insertSubject(B, { name: "Rodič z B" });
    const bad = await t.call("PATCH", url(A, `/${low}/parent`), { as: "manager", json: { parentId: foreign } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ parentId: ["Nadřazené odběrné místo nebylo nalezeno."] });
  });
});

describe("GET subject (list): filters, sort, paging", () => {
  let C: number;
  const ids: Record<string, number> = {};
  const names = (body: { items: { name: string }[] }) => body.items.map((i) => i.name);

  beforeAll(async () => {
    // A municipality of its own, so totals count exactly these rows (the admin sees every municipality).
    C = await insertMunicipality("Seznamová obec");
    ids.top = await insertSubject(C, {
      name: "Areál Horka",
      type: "Company",
      cityDistrict: "Horka",
      street: "Brněnská",
      binCount: 5,
      memberCount: 0,
    });
    ids.novak = await insertSubject(C, {
      name: "Novák Jan",
      street: "Hasskova",
      conscriptionNumber: "845",
      streetNumber: "12",
      cityDistrict: "Vnitřní Město",
      variableSymbol: "111",
      memberCount: 3,
      binCount: 1,
      feePaid: true,
      totalFee: "1500.00",
    });
    ids.novakova = await insertSubject(C, {
      name: "Nováková Marie",
      street: "Hasskova 2",
      cityDistrict: "Vnitřní Město",
      memberCount: 1,
      parentId: ids.top,
    });
    ids.dvorak = await insertSubject(C, {
      name: "Dvořák Petr",
      street: "Bráfova",
      cityDistrict: "Horka",
      memberCount: 2,
      binCount: 2,
      feePaid: true,
      parentId: ids.top,
    });
    ids.cerny = await insertSubject(C, {
      name: "Kubíček Karel",
      type: "Cottage",
      cityDistrict: "Borovina",
      memberCount: 5,
    });
    ids.skola = await insertSubject(C, {
      name: "Základní škola",
      type: "Municipality",
      street: "Bartuškova",
      variableSymbol: "999",
      binCount: 7,
    });
    ids.chata = await insertSubject(C, {
      name: "Chata u lesa",
      type: "Cottage",
      city: "Ptáčov",
      provisionalNumber: "14",
    });
    ids.byt = await insertSubject(C, {
      name: "Byt Žižkova",
      type: "Apartment",
      street: "Žižkova",
      memberCount: 4,
      parentId: ids.top,
    });
  });

  const list = (query: Record<string, string | number> = {}) => t.call("GET", url(C), { as: "admin", query });

  it("sorted by name with total, formatted address and parent name", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(8);
    // No name starts with an accented letter or 'Ch': the order is the same under any database collation.
    expect(names(res.body)).toEqual([
      "Areál Horka",
      "Byt Žižkova",
      "Chata u lesa",
      "Dvořák Petr",
      "Kubíček Karel",
      "Novák Jan",
      "Nováková Marie",
      "Základní škola",
    ]);
    const novak = res.body.items.find((i: { id: number }) => i.id === ids.novak);
    expect(novak).toEqual({
      id: ids.novak,
      type: "Household",
      name: "Novák Jan",
      shortName: null,
      variableSymbol: "111",
      address: "Hasskova 845/12, Vnitřní Město",
      street: "Hasskova",
      cityDistrict: "Vnitřní Město",
      parentId: null,
      parentName: null,
      memberCount: 3,
      binCount: 1,
      totalFee: "1500.00",
      feePaid: true,
    });
    const byt = res.body.items.find((i: { id: number }) => i.id === ids.byt);
    expect(byt.parentName).toBe("Areál Horka");
    const chata = res.body.items.find((i: { id: number }) => i.id === ids.chata);
    expect(chata.address).toBe("Ptáčov ev. č. 14");
  });

  it("search without diacritics: 'novak' finds Novák and Nováková, 'NOVÁK' too", async () => {
    for (const search of ["novak", "NOVÁK", "Novak"]) {
      const res = await list({ search });
      expect(names(res.body), search).toEqual(["Novák Jan", "Nováková Marie"]);
      expect(res.body.total).toBe(2);
    }
    expect(names((await list({ search: "zizkova" })).body)).toEqual(["Byt Žižkova"]);
    expect((await list({ search: "100%" })).body.total).toBe(0);
  });

  it("filters: type, city district, exact street, fee paid, has bins, parent", async () => {
    const check = async (query: Record<string, string | number>, expected: number[]) => {
      const res = await list(query);
      expect(res.status, JSON.stringify(query)).toBe(200);
      expect(res.body.total, JSON.stringify(query)).toBe(expected.length);
      expect(res.body.items.map((i: { id: number }) => i.id).sort(), JSON.stringify(query)).toEqual(
        [...expected].sort(),
      );
    };
    await check({ type: "Cottage" }, [ids.cerny!, ids.chata!]);
    await check({ cityDistrict: "Horka" }, [ids.top!, ids.dvorak!]);
    await check({ street: "Hasskova" }, [ids.novak!]);
    await check({ feePaid: "true" }, [ids.novak!, ids.dvorak!]);
    await check({ feePaid: "false" }, [ids.top!, ids.novakova!, ids.cerny!, ids.skola!, ids.chata!, ids.byt!]);
    await check({ hasBins: "true" }, [ids.top!, ids.novak!, ids.dvorak!, ids.skola!]);
    await check({ hasBins: "false" }, [ids.novakova!, ids.cerny!, ids.chata!, ids.byt!]);
    await check({ parentId: ids.top! }, [ids.novakova!, ids.dvorak!, ids.byt!]);
    await check({ parentId: ids.top!, search: "novak" }, [ids.novakova!]);
    const bad = await list({ type: "Castle" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.type).toBeDefined();
  });

  it("sorts by any key of subjectListKeys, '-' for descending, then id; empty values last when descending", async () => {
    expect(names((await list({ sort: "-memberCount" })).body)).toEqual([
      "Kubíček Karel",
      "Byt Žižkova",
      "Novák Jan",
      "Dvořák Petr",
      "Nováková Marie",
      // memberCount 0: by id descending (the direction of the sort).
      "Chata u lesa",
      "Základní škola",
      "Areál Horka",
    ]);
    expect(names((await list({ sort: "binCount" })).body).slice(-3)).toEqual([
      "Dvořák Petr",
      "Areál Horka",
      "Základní škola",
    ]);
    const byStreetDesc = names((await list({ sort: "-street" })).body);
    expect(byStreetDesc.slice(0, 2)).toEqual(["Byt Žižkova", "Nováková Marie"]);
    expect(byStreetDesc.slice(-2).sort()).toEqual(["Chata u lesa", "Kubíček Karel"].sort());
    expect(names((await list({ sort: "variableSymbol", pageSize: 2 })).body)).toEqual(["Novák Jan", "Základní škola"]);
    // An unknown key is refused: the sort is one of the list's keys (contract/lists.ts, issue 12).
    const unknown = await list({ sort: "password" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.sort).toBeDefined();
  });

  it("pages keep the total and do not overlap", async () => {
    const all = (await list({ sort: "id", pageSize: 200 })).body.items.map((i: { id: number }) => i.id);
    const p1 = await list({ sort: "id", pageSize: 3, page: 1 });
    const p2 = await list({ sort: "id", pageSize: 3, page: 2 });
    const p3 = await list({ sort: "id", pageSize: 3, page: 3 });
    expect([p1, p2, p3].map((p) => p.body.total)).toEqual([8, 8, 8]);
    expect([p1, p2, p3].flatMap((p) => p.body.items.map((i: { id: number }) => i.id))).toEqual(all);
    expect(p3.body.items).toHaveLength(2);
    const filtered = await list({ hasBins: "true", pageSize: 3, page: 2 });
    expect(filtered.body.total).toBe(4);
    expect(filtered.body.items).toHaveLength(1);
  });

  it("GET subject/filters: distinct non-empty districts and streets, in Czech order", async () => {
    const res = await t.call("GET", url(C, "/filters"), { as: "admin" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      cityDistricts: ["Borovina", "Horka", "Vnitřní Město"],
      streets: ["Bartuškova", "Bráfova", "Brněnská", "Hasskova", "Hasskova 2", "Žižkova"],
    });
  });

  it("GET subject/options: search by name or address, ordered by name; exclude leaves out a subtree", async () => {
    const res = await t.call("GET", url(C, "/options"), { as: "admin", query: { search: "hasskova" } });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      { id: ids.novak, name: "Novák Jan", type: "Household", address: "Hasskova 845/12, Vnitřní Město" },
      { id: ids.novakova, name: "Nováková Marie", type: "Household", address: "Hasskova 2, Vnitřní Město" },
    ]);
    const excluded = await t.call("GET", url(C, "/options"), { as: "admin", query: { exclude: ids.top! } });
    expect(excluded.body.items.map((i: { id: number }) => i.id).sort()).toEqual(
      [ids.novak!, ids.cerny!, ids.skola!, ids.chata!].sort(),
    );
  });

  it("options answer at most 20", async () => {
    const D = await insertMunicipality("Obec s mnoha místy");
    await t.db.insert(subject).values(
      Array.from({ length: 25 }, (_, i) => ({
        municipalityId: D,
        type: "Household",
        name: `Místo ${String(i).padStart(2, "0")}`,
      })),
    );
    const res = await t.call("GET", url(D, "/options"), { as: "admin" });
    expect(res.body.items).toHaveLength(20);
    expect(res.body.items[0].name).toBe("Místo 00");
    expect((await t.call("GET", url(D), { as: "admin" })).body.total).toBe(25);
  });
});

describe("PATCH subject/fee-paid (single or bulk)", () => {
  it("marks only this municipality's subjects and answers how many", async () => {
    const a1 = await insertSubject(A, { name: "Platí 1" });
    const a2 = await insertSubject(A, { name: "Platí 2" });
    const b1 = await insertSubject(B, { name: "Platí v B" });
    const res = await t.call("PATCH", url(A, "/fee-paid"), {
      as: "manager",
      json: { subjectIds: [a1, a2, b1], paid: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2 });
    for (const id of [a1, a2]) {
      const row = await rowOf(id);
      expect(row!.feePaid).toBe(true);
      expect(row!.feePaidChangedAt).toBeInstanceOf(Date);
    }
    expect(await rowOf(b1)).toMatchObject({ feePaid: false, feePaidChangedAt: null });
    const back = await t.call("PATCH", url(A, "/fee-paid"), { as: "manager", json: { subjectIds: [a2], paid: false } });
    expect(back.body).toEqual({ updated: 1 });
    expect((await rowOf(a2))!.feePaid).toBe(false);
  });

  it("nothing selected → 422 'Vyberte položky.'", async () => {
    const res = await t.call("PATCH", url(A, "/fee-paid"), { as: "manager", json: { subjectIds: [], paid: true } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ subjectIds: ["Vyberte položky."] });
  });
});

describe("permissions of the daily work", () => {
  it("a municipality worker creates, edits, marks paid, adds a member and makes a virtual card", async () => {
    const created = await t.call("POST", url(A), { as: "worker", json: form({ name: "Od pracovníka" }) });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(
      (await t.call("PUT", url(A, `/${id}`), { as: "worker", json: form({ name: "Upraveno pracovníkem" }) })).status,
    ).toBe(200);
    expect(
      (await t.call("PATCH", url(A, "/fee-paid"), { as: "worker", json: { subjectIds: [id], paid: true } })).body,
    ).toEqual({ updated: 1 });
    const payer = await insertPayer(A, "Pracovitý");
    expect(
      (
        await t.call("POST", url(A, `/${id}/fee-payers`), {
          as: "worker",
          json: { feePayerId: payer, validFrom: today() },
        })
      ).status,
    ).toBe(201);
    expect((await t.call("POST", url(A, `/${id}/waste-cards/virtual`), { as: "worker", json: {} })).status).toBe(201);
    expect((await t.call("GET", url(A, `/${id}/fees`), { as: "worker" })).status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ name: "Upraveno pracovníkem", feePaid: true, memberCount: 1 });
  });

  it("the read-only administrator reads but changes nothing (403)", async () => {
    const id = await insertSubject(A, { name: "Jen ke čtení" });
    expect((await t.call("GET", url(A), { as: "readonly" })).status).toBe(200);
    expect((await t.call("GET", url(A, `/${id}`), { as: "readonly" })).status).toBe(200);
    const changes: [string, string, unknown][] = [
      ["POST", "", form()],
      ["PUT", `/${id}`, form()],
      ["DELETE", `/${id}`, undefined],
      ["PATCH", "/fee-paid", { subjectIds: [id], paid: true }],
      ["PATCH", `/${id}/parent`, { parentId: null }],
      ["PUT", `/${id}/dispose-frequency`, { period: "Year", orderedDisposeCount: 52 }],
      ["POST", `/${id}/waste-cards/virtual`, {}],
    ];
    for (const [method, rest, json] of changes) {
      const res = await t.call(method, url(A, rest), { as: "readonly", json });
      expect(res.status, `${method} ${rest}`).toBe(403);
    }
    expect(await rowOf(id)).toMatchObject({ name: "Jen ke čtení", feePaid: false, disposeFrequencyPeriod: null });
  });
});

describe("PUT subject/{id}/dispose-frequency", () => {
  it("stores the period and the ordered count; 422 on a bad period", async () => {
    const id = await insertSubject(A, { name: "Svozy" });
    const res = await t.call("PUT", url(A, `/${id}/dispose-frequency`), {
      as: "manager",
      json: { period: "Month", orderedDisposeCount: "4", version: "0" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ period: "Month", orderedDisposeCount: 4 });
    expect(await rowOf(id)).toMatchObject({ disposeFrequencyPeriod: "Month", orderedDisposeCount: 4 });
    const bad = await t.call("PUT", url(A, `/${id}/dispose-frequency`), {
      as: "manager",
      json: { period: "Week", orderedDisposeCount: -1, version: 1 },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["orderedDisposeCount", "period"]);
  });
});

describe("delete-impact and DELETE subject/{id}", () => {
  it("counts what goes along, then deletes in one go: cards released, children orphaned, payers kept", async () => {
    const id = await insertSubject(A, { name: "K smazání", binCount: 3 });
    const child = await insertSubject(A, { name: "Dítě mazaného", parentId: id });
    const [p1, p2] = [await insertPayer(A, "Mazaný"), await insertPayer(A, "Bývalý")];
    await t.db.insert(subjectFeePayer).values([
      { municipalityId: A, subjectId: id, feePayerId: p1, validFrom: "2024-01-01" },
      { municipalityId: A, subjectId: id, feePayerId: p2, validFrom: "2020-01-01", validTo: "2023-12-31" },
    ]);
    const [physical, virtual] = await t.db
      .insert(wasteCard)
      .values([
        { municipalityId: A, plainCode: "100200", code: "1002003", subjectId: id, feePayerId: p1, state: "Assigned" },
        {
          municipalityId: A,
          plainCode: "V000000001",
          code: "V0000000018",
          subjectId: id,
          state: "Assigned",
          virtual: true,
        },
      ])
      .returning({ id: wasteCard.id });
    await t.db.insert(fee).values([
      { municipalityId: A, subjectId: id, feePayerId: p1, year: 2024, totalFee: "700.00" },
      { municipalityId: A, subjectId: id, feePayerId: p1, year: 2025, month: 1, totalFee: "60.00" },
    ]);

    const impact = await t.call("GET", url(A, `/${id}/delete-impact`), { as: "manager" });
    expect(impact.status).toBe(200);
    expect(impact.body).toEqual({ memberships: 2, wasteCards: 2, fees: 2, children: 1, bins: 3 });

    const res = await t.call("DELETE", url(A, `/${id}`), { as: "manager" });
    expect(res.status).toBe(204);
    expect(await rowOf(id)).toBeUndefined();
    expect(await t.db.select().from(subjectFeePayer).where(eq(subjectFeePayer.subjectId, id))).toEqual([]);
    expect(await t.db.select().from(fee).where(eq(fee.subjectId, id))).toEqual([]);
    expect((await rowOf(child))!.parentId).toBeNull();
    const cards = await t.db
      .select()
      .from(wasteCard)
      .where(inArray(wasteCard.id, [physical!.id, virtual!.id]));
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ id: physical!.id, subjectId: null, feePayerId: null, state: "Free" });
    expect(
      await t.db
        .select({ id: feePayer.id })
        .from(feePayer)
        .where(inArray(feePayer.id, [p1, p2])),
    ).toHaveLength(2);
    const again = await t.call("GET", url(A, `/${id}`), { as: "manager" });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(NOT_FOUND);
  });

  it("releases the subject's assigned bins as free codes (history 'Unassigned'); discarded ones keep their state", async () => {
    const id = await insertSubject(A, { name: "S nádobami k smazání" });
    const [assigned, discarded] = await t.db
      .insert(wasteEvidenceHeader)
      .values([
        {
          municipalityId: A,
          plainCode: "9101",
          barcode: makeBarcode(A, 9101),
          subjectId: id,
          state: "Assigned",
          assignedAt: new Date(),
        },
        { municipalityId: A, plainCode: "9102", barcode: makeBarcode(A, 9102), subjectId: id, state: "Discarded" },
      ])
      .returning({ id: wasteEvidenceHeader.id });
    expect((await t.call("DELETE", url(A, `/${id}`), { as: "manager" })).status).toBe(204);
    const bins = await t.db
      .select()
      .from(wasteEvidenceHeader)
      .where(inArray(wasteEvidenceHeader.id, [assigned!.id, discarded!.id]));
    const byId = new Map(bins.map((b) => [b.id, b]));
    expect(byId.get(assigned!.id)).toMatchObject({ state: "Free", subjectId: null, assignedAt: null });
    expect(byId.get(discarded!.id)).toMatchObject({ state: "Discarded", subjectId: null });
    const history = await t.db
      .select({ event: wasteEvidenceHeaderHistory.event })
      .from(wasteEvidenceHeaderHistory)
      .where(eq(wasteEvidenceHeaderHistory.headerId, assigned!.id));
    expect(history).toEqual([{ event: "Unassigned" }]);
  });
});

describe("GET subject/{id}/hierarchy", () => {
  it("the whole tree from the top ancestor, children by name", async () => {
    const top = await insertSubject(A, { name: "Sídliště", type: "Municipality", totalFee: "0" });
    const house2 = await insertSubject(A, {
      name: "Dům B",
      type: "ApartmentBuilding",
      parentId: top,
      totalFee: "100.00",
    });
    const house1 = await insertSubject(A, { name: "Dům A", type: "ApartmentBuilding", parentId: top });
    const flat = await insertSubject(A, { name: "Byt 3", type: "Apartment", parentId: house1, totalFee: "1234.50" });
    const res = await t.call("GET", url(A, `/${flat}/hierarchy`), { as: "manager" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: top,
      name: "Sídliště",
      type: "Municipality",
      totalFee: "0.00",
      children: [
        {
          id: house1,
          name: "Dům A",
          type: "ApartmentBuilding",
          totalFee: "0.00",
          children: [{ id: flat, name: "Byt 3", type: "Apartment", totalFee: "1234.50", children: [] }],
        },
        { id: house2, name: "Dům B", type: "ApartmentBuilding", totalFee: "100.00", children: [] },
      ],
    });
    const lone = await insertSubject(A, { name: "Samota" });
    expect((await t.call("GET", url(A, `/${lone}/hierarchy`), { as: "manager" })).body).toEqual({
      id: lone,
      name: "Samota",
      type: "Household",
      totalFee: "0.00",
      children: [],
    });
  });

  it("a cycle in stored data (not made by the API) still answers", async () => {
    const x = await insertSubject(A, { name: "Kruh X" });
    const y = await insertSubject(A, { name: "Kruh Y", parentId: x });
    await t.db.update(subject).set({ parentId: y }).where(eq(subject.id, x));
    const res = await t.call("GET", url(A, `/${x}/hierarchy`), { as: "manager" });
    expect(res.status).toBe(200);
    expect([x, y]).toContain(res.body.id);
  });
});

describe("members: GET/POST subject/{id}/fee-payers, chief, end", () => {
  it("adds members, keeps one chief, ends a membership as history, and recounts member_count", async () => {
    const id = await insertSubject(A, { name: "Rodina Svobodova" });
    const [jan, eva, petr] = [
      await insertPayer(A, "Svoboda", "Jan"),
      await insertPayer(A, "Svobodová", "Eva"),
      await insertPayer(A, "Svoboda", "Petr"),
    ];
    const add = (feePayerId: number, validFrom: string, isChief = false) =>
      t.call("POST", url(A, `/${id}/fee-payers`), { as: "manager", json: { feePayerId, validFrom, isChief } });

    const r1 = await add(jan, inDays(-100), true);
    expect(r1.status).toBe(201);
    expect(r1.body).toEqual({ id: expect.any(Number) });
    const r2 = await add(eva, inDays(-10));
    const r3 = await add(petr, inDays(30));
    expect((await rowOf(id))!.memberCount).toBe(2);

    // The same payer again over the same period, a payer of B, and a bad date are refused.
    const twice = await add(jan, inDays(-5));
    expect(twice.status).toBe(422);
    expect(twice.body.errors.feePayerId).toEqual(["Poplatník je k tomuto odběrnému místu v tomto období už přiřazen."]);
    const foreign = await add(await insertPayer(B, "Cizinec"), inDays(-1));
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ feePayerId: ["Poplatník nebyl nalezen."] });
    const badDate = await add(eva, "2025-02-30");
    expect(badDate.status).toBe(422);
    expect(badDate.body.errors.validFrom).toEqual(["Zadejte platné datum."]);

    // Chief: setting Eva clears Jan; a future member cannot be chief.
    const chief = await t.call("PATCH", url(A, `/${id}/fee-payers/${r2.body.id}/chief`), {
      as: "manager",
      json: { isChief: true },
    });
    expect(chief.status).toBe(200);
    expect(chief.body).toEqual({ id: r2.body.id, isChief: true });
    const flags = await t.db
      .select({ id: subjectFeePayer.id, isChief: subjectFeePayer.isChief })
      .from(subjectFeePayer)
      .where(eq(subjectFeePayer.subjectId, id));
    expect(flags.filter((f) => f.isChief).map((f) => f.id)).toEqual([r2.body.id]);
    const future = await t.call("PATCH", url(A, `/${id}/fee-payers/${r3.body.id}/chief`), {
      as: "manager",
      json: { isChief: true },
    });
    expect(future.status).toBe(422);
    expect(future.body.errors.isChief).toEqual(["Vedoucím může být jen současný člen odběrného místa."]);
    const unset = await t.call("PATCH", url(A, `/${id}/fee-payers/${r2.body.id}/chief`), {
      as: "manager",
      json: { isChief: false },
    });
    expect(unset.body).toEqual({ id: r2.body.id, isChief: false });
    expect(
      await t.db
        .select()
        .from(subjectFeePayer)
        .where(and(eq(subjectFeePayer.subjectId, id), eq(subjectFeePayer.isChief, true))),
    ).toEqual([]);

    // End Jan's membership yesterday: the row stays, the count drops.
    const end = await t.call("POST", url(A, `/${id}/fee-payers/${r1.body.id}/end`), {
      as: "manager",
      json: { validTo: inDays(-1) },
    });
    expect(end.status).toBe(200);
    expect(end.body).toEqual({ id: r1.body.id, validTo: inDays(-1) });
    expect((await rowOf(id))!.memberCount).toBe(1);
    const tooEarly = await t.call("POST", url(A, `/${id}/fee-payers/${r2.body.id}/end`), {
      as: "manager",
      json: { validTo: inDays(-50) },
    });
    expect(tooEarly.status).toBe(422);
    expect(tooEarly.body.errors.validTo).toBeDefined();

    // The list: current first, then history; each by start, latest first.
    const list = await t.call("GET", url(A, `/${id}/fee-payers`), { as: "worker" });
    expect(list.status).toBe(200);
    expect(list.body.items.map((m: { membershipId: number; current: boolean }) => [m.membershipId, m.current])).toEqual(
      [
        [r2.body.id, true],
        [r3.body.id, false],
        [r1.body.id, false],
      ],
    );
    expect(list.body.items[0]).toEqual({
      membershipId: r2.body.id,
      feePayerId: eva,
      name: "Eva Svobodová",
      type: "Resident",
      dateOfBirth: "1980-05-01",
      variableSymbol: null,
      validFrom: inDays(-10),
      validTo: null,
      isChief: false,
      current: true,
    });
  });

  it("a membership of another subject is not found under this one", async () => {
    const s1 = await insertSubject(A, { name: "Členové 1" });
    const s2 = await insertSubject(A, { name: "Členové 2" });
    const p = await insertPayer(A, "Cizí člen");
    const m = await t.call("POST", url(A, `/${s1}/fee-payers`), {
      as: "manager",
      json: { feePayerId: p, validFrom: inDays(-3) },
    });
    for (const [method, rest, json] of [
      ["PATCH", `/fee-payers/${m.body.id}/chief`, { isChief: true }],
      ["POST", `/fee-payers/${m.body.id}/end`, { validTo: inDays(-1) }],
    ] as const) {
      const res = await t.call(method, url(A, `/${s2}${rest}`), { as: "manager", json });
      expect(res.status).toBe(404);
      expect(res.body.Message).toBe("Poplatník u tohoto odběrného místa nebyl nalezen.");
    }
    expect(await t.db.select().from(subjectFeePayer).where(eq(subjectFeePayer.id, m.body.id))).toMatchObject([
      { validTo: null, isChief: false },
    ]);
  });
});

describe("waste cards of the subject: list, virtual card, remove", () => {
  it("the check digit of virtual card codes (Luhn)", () => {
    expect(luhnCheckDigit("7992739871")).toBe(3);
    expect(isValidVirtualCardCode("V0000000018")).toBe(true);
    expect(isValidVirtualCardCode("V0000000017")).toBe(false);
  });

  it("creates a virtual card (Assigned, from today, unique code), optionally for a current member; removes it", async () => {
    const id = await insertSubject(A, { name: "Karty" });
    const member = await insertPayer(A, "Kartový");
    const outsider = await insertPayer(A, "Nečlen");
    await t.call("POST", url(A, `/${id}/fee-payers`), {
      as: "manager",
      json: { feePayerId: member, validFrom: inDays(-5) },
    });

    const plain = await t.call("POST", url(A, `/${id}/waste-cards/virtual`), { as: "manager", json: {} });
    expect(plain.status).toBe(201);
    expect(plain.body).toEqual({ id: expect.any(Number), code: expect.stringMatching(/^V\d{10}$/) });
    expect(isValidVirtualCardCode(plain.body.code)).toBe(true);
    const [row] = await t.db.select().from(wasteCard).where(eq(wasteCard.id, plain.body.id));
    expect(row).toMatchObject({
      municipalityId: A,
      subjectId: id,
      feePayerId: null,
      state: "Assigned",
      virtual: true,
      validFrom: today(),
      code: plain.body.code,
      plainCode: plain.body.code.slice(0, 10),
    });

    const forMember = await t.call("POST", url(A, `/${id}/waste-cards/virtual`), {
      as: "manager",
      json: { feePayerId: String(member) },
    });
    expect(forMember.status).toBe(201);
    expect(forMember.body.code).not.toBe(plain.body.code);
    const notMember = await t.call("POST", url(A, `/${id}/waste-cards/virtual`), {
      as: "manager",
      json: { feePayerId: outsider },
    });
    expect(notMember.status).toBe(422);
    expect(notMember.body.errors).toEqual({ feePayerId: ["Poplatník není současným členem tohoto odběrného místa."] });

    const [physical] = await t.db
      .insert(wasteCard)
      .values({
        municipalityId: A,
        plainCode: "555000",
        code: "5550001",
        subjectId: id,
        feePayerId: member,
        state: "Assigned",
        validFrom: "2024-01-01",
      })
      .returning({ id: wasteCard.id });
    const list = await t.call("GET", url(A, `/${id}/waste-cards`), { as: "worker" });
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(3);
    expect(list.body.items.find((c: { id: number }) => c.id === forMember.body.id)).toMatchObject({
      feePayerId: member,
      feePayerName: "Jan Kartový",
      state: "Assigned",
      virtual: true,
    });
    expect(list.body.items.find((c: { id: number }) => c.id === physical!.id)).toEqual({
      id: physical!.id,
      plainCode: "555000",
      code: "5550001",
      feePayerId: member,
      feePayerName: "Jan Kartový",
      state: "Assigned",
      validFrom: "2024-01-01",
      validTo: null,
      virtual: false,
    });

    // Remove: a virtual card is deleted, a physical one released.
    expect((await t.call("DELETE", url(A, `/${id}/waste-cards/${plain.body.id}`), { as: "manager" })).status).toBe(204);
    expect(await t.db.select().from(wasteCard).where(eq(wasteCard.id, plain.body.id))).toEqual([]);
    expect((await t.call("DELETE", url(A, `/${id}/waste-cards/${physical!.id}`), { as: "manager" })).status).toBe(204);
    expect((await t.db.select().from(wasteCard).where(eq(wasteCard.id, physical!.id)))[0]).toMatchObject({
      subjectId: null,
      feePayerId: null,
      state: "Free",
    });
    // A card that is not the subject's (now released) is not found under it.
    const again = await t.call("DELETE", url(A, `/${id}/waste-cards/${physical!.id}`), { as: "manager" });
    expect(again.status).toBe(404);
    expect(again.body.Message).toBe("Karta nebyla u tohoto odběrného místa nalezena.");
    expect(
      (await t.call("GET", url(A, `/${id}/waste-cards`), { as: "manager" })).body.items.map(
        (c: { id: number }) => c.id,
      ),
    ).toEqual([forMember.body.id]);
  });
});

describe("GET subject/{id}/fees", () => {
  it("yearly rows (or the year's monthly sums), monthly rows of the chosen year, years with data", async () => {
    const id = await insertSubject(A, { name: "Poplatky" });
    const [jan, eva] = [await insertPayer(A, "Poplatník", "Jan"), await insertPayer(A, "Poplatníková", "Eva")];
    const money = (base: string, total: string, final: string) => ({
      baseFee: base,
      binFee: "0.10",
      motivationFee: "0",
      totalDiscount: "0.05",
      totalFee: total,
      finalFee: final,
    });
    await t.db.insert(fee).values([
      { municipalityId: A, subjectId: id, feePayerId: jan, year: 2024, ...money("700.00", "700.00", "650.00") },
      { municipalityId: A, subjectId: id, feePayerId: eva, year: 2024, ...money("700.00", "700.00", "700.00") },
      // 2025: monthly rows only.
      { municipalityId: A, subjectId: id, feePayerId: jan, year: 2025, month: 1, ...money("58.33", "58.33", "58.33") },
      { municipalityId: A, subjectId: id, feePayerId: jan, year: 2025, month: 2, ...money("58.34", "58.34", "50.01") },
      { municipalityId: A, subjectId: id, feePayerId: eva, year: 2025, month: 1, ...money("58.33", "58.33", "58.33") },
    ]);
    const yearly = await t.call("GET", url(A, `/${id}/fees`), { as: "manager" });
    expect(yearly.status).toBe(200);
    expect(yearly.body.years).toEqual([2025, 2024]);
    expect(yearly.body.items).toEqual([
      {
        year: 2025,
        month: null,
        feePayerName: "Eva Poplatníková",
        baseFee: "58.33",
        binFee: "0.10",
        motivationFee: "0.00",
        totalDiscount: "0.05",
        totalFee: "58.33",
        finalFee: "58.33",
      },
      {
        year: 2025,
        month: null,
        feePayerName: "Jan Poplatník",
        baseFee: "116.67",
        binFee: "0.20",
        motivationFee: "0.00",
        totalDiscount: "0.10",
        totalFee: "116.67",
        finalFee: "108.34",
      },
      {
        year: 2024,
        month: null,
        feePayerName: "Eva Poplatníková",
        baseFee: "700.00",
        binFee: "0.10",
        motivationFee: "0.00",
        totalDiscount: "0.05",
        totalFee: "700.00",
        finalFee: "700.00",
      },
      {
        year: 2024,
        month: null,
        feePayerName: "Jan Poplatník",
        baseFee: "700.00",
        binFee: "0.10",
        motivationFee: "0.00",
        totalDiscount: "0.05",
        totalFee: "700.00",
        finalFee: "650.00",
      },
    ]);
    const monthly = await t.call("GET", url(A, `/${id}/fees`), { as: "manager", query: { view: "monthly" } });
    expect(monthly.body.years).toEqual([2025, 2024]);
    expect(
      monthly.body.items.map((r: { month: number; feePayerName: string; finalFee: string }) => [
        r.month,
        r.feePayerName,
        r.finalFee,
      ]),
    ).toEqual([
      [1, "Eva Poplatníková", "58.33"],
      [1, "Jan Poplatník", "58.33"],
      [2, "Jan Poplatník", "50.01"],
    ]);
    const monthly2024 = await t.call("GET", url(A, `/${id}/fees`), {
      as: "manager",
      query: { view: "monthly", year: 2024 },
    });
    expect(monthly2024.body.items).toEqual([]);
    const none = await insertSubject(A, { name: "Bez poplatků" });
    expect((await t.call("GET", url(A, `/${none}/fees`), { as: "manager", query: { view: "monthly" } })).body).toEqual({
      items: [],
      years: [],
    });
    expect((await t.call("GET", url(A, `/${id}/fees`), { as: "manager", query: { view: "weekly" } })).status).toBe(422);
  });
});

describe("'delete municipality data' removes subjects and fee payers", () => {
  it("the purger empties the municipality's registers and leaves others alone", async () => {
    const E = await insertMunicipality("Obec k vymazání");
    const s1 = await insertSubject(E, { name: "Mazané 1", variableSymbol: "1" });
    await insertSubject(E, { name: "Mazané 2", parentId: s1 });
    const p = await insertPayer(E, "Mazaný");
    await t.db
      .insert(subjectFeePayer)
      .values({ municipalityId: E, subjectId: s1, feePayerId: p, validFrom: "2024-01-01" });
    await t.db.insert(fee).values({ municipalityId: E, subjectId: s1, feePayerId: p, year: 2024 });
    await t.db.insert(wasteCard).values({ municipalityId: E, plainCode: "1", code: "1", subjectId: s1 });
    const keep = await insertSubject(A, { name: "Zůstává" });

    const res = await t.call("POST", `/municipality/${E}/delete-data`, {
      as: "admin",
      json: { confirmation: "SMAZAT" },
    });
    expect(res.status).toBe(200);
    expect(res.body.removed.subjectsAndFeePayers).toBe(3);
    for (const table of [subject, feePayer, subjectFeePayer, fee, wasteCard]) {
      expect(await t.db.select().from(table).where(eq(table.municipalityId, E))).toEqual([]);
    }
    expect(await rowOf(keep)).toBeDefined();
    // And a municipality with data can be deleted as a whole.
    const F = await insertMunicipality("Obec ke zrušení");
    const sf = await insertSubject(F, { name: "Místo rušené obce" });
    const pf = await insertPayer(F, "Rušený");
    await t.db.insert(fee).values({ municipalityId: F, subjectId: sf, feePayerId: pf, year: 2024 });
    expect((await t.call("DELETE", `/municipality/${F}`, { as: "admin" })).status).toBe(204);
    expect(await t.db.select().from(feePayer).where(eq(feePayer.municipalityId, F))).toEqual([]);
  });
});

describe("a manager of two municipalities", () => {
  it("works in each under its own id", async () => {
    const G = await insertMunicipality("Druhá obec správce");
    await t.db.insert(userMunicipality).values({ userId: t.fixtures.users.manager.id, municipalityId: G });
    const res = await t.call("POST", url(G), { as: "manager", json: form({ variableSymbol: "1001" }) });
    expect(res.status).toBe(201);
    expect((await rowOf(res.body.id))!.municipalityId).toBe(G);
    // The subject of G is not found under A.
    expect((await t.call("GET", url(A, `/${res.body.id}`), { as: "manager" })).body).toEqual(NOT_FOUND);
  });
});
