/**
 * Subject API tests: GET subject (list): filters, sort, paging; PATCH subject/fee-paid (single or bulk); permissions of
 * the daily work; a manager of two municipalities. Shared setup in ./subject-fixtures.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { subject, userMunicipality } from "../../api/db/schema";
import { today } from "../../api/modules/subject/membership";
import {
  t,
  A,
  B,
  NOT_FOUND,
  url,
  form,
  insertSubject,
  insertPayer,
  insertMunicipality,
  rowOf,
  setupSubjectTests,
} from "./subject-fixtures";

setupSubjectTests();

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
