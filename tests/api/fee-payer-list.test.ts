/**
 * Fee payer API tests: GET fee-payer (list); GET fee-payer/{id}/history. Shared setup in ./fee-payer-fixtures.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { fee, feePayer, feePayerDiscount, subjectFeePayer } from "../../api/db/schema";
import { joinSubject } from "../../api/modules/subject/membership";
import { inDays, newMunicipality } from "./helpers";
import { t, A, url, newDiscount, newSubject, newPayer, setupFeePayerTests } from "./fee-payer-fixtures";

setupFeePayerTests();

describe("GET fee-payer (list)", () => {
  let C: number;
  const ids: Record<string, number> = {};
  let studentDiscount: number;
  let house: number;

  beforeAll(async () => {
    // A municipality of its own, so the totals are exact.
    C = await newMunicipality(t.db, "Seznamov");
    studentDiscount = await newDiscount(C, "Student");
    const other = await newDiscount(C, "Invalidita");
    house = await newSubject(C, "Dům U Lípy");
    const flat = await newSubject(C, "Byt 12");
    const add = async (key: string, values: Partial<typeof feePayer.$inferInsert>) =>
      (ids[key] = await newPayer(C, values));
    await add("novak", {
      firstName: "Jan",
      lastName: "Novák",
      titleBefore: "Ing.",
      dateOfBirth: "1950-03-01",
      registered: true,
      activeFrom: "2019-01-01",
    });
    await add("novakova", {
      firstName: "Petra",
      lastName: "Nováková",
      dateOfBirth: "1990-07-15",
      activeTo: inDays(-1),
      variableSymbol: "777",
    });
    await add("dvorak", { firstName: "Karel", lastName: "Dvořák", dateOfBirth: "2015-01-20", activeFrom: inDays(5) });
    await add("firma", {
      type: "Company",
      firstName: null,
      lastName: null,
      companyName: "Alfa s.r.o.",
      registered: true,
    });
    await add("bily", { firstName: "Ondřej", lastName: "Bílý", dateOfBirth: "1985-11-30", activeTo: inDays(30) });
    await t.db.insert(feePayerDiscount).values([
      { feePayerId: ids.novak!, discountId: studentDiscount },
      { feePayerId: ids.novak!, discountId: other },
      { feePayerId: ids.bily!, discountId: studentDiscount },
    ]);
    await joinSubject(t.db, { municipalityId: C, subjectId: house, feePayerId: ids.novak!, validFrom: inDays(-50) });
    // Two current memberships cannot be made through the API any more (joining is a move, decision 0041); rows
    // from before the rule, written straight into the table, are still listed with every subject.
    await t.db
      .insert(subjectFeePayer)
      .values({ municipalityId: C, subjectId: flat, feePayerId: ids.novak!, validFrom: inDays(-50) });
    // A past membership is not a current one.
    await joinSubject(t.db, {
      municipalityId: C,
      subjectId: house,
      feePayerId: ids.bily!,
      validFrom: inDays(-50),
      validTo: inDays(-2),
    });
    await t.db.update(feePayer).set({ userId: t.fixtures.users.citizen.id }).where(eq(feePayer.id, ids.firma!));
  });

  const list = (query: Record<string, string | number> = {}) => t.call("GET", url(C), { as: "admin", query });
  const names = (res: { body: { items: { name: string }[] } }) => res.body.items.map((i) => i.name);

  it("sorts by name (last name, first name, company name), then id, and answers the items' fields", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    expect(names(res)).toEqual(["Ondřej Bílý", "Karel Dvořák", "Ing. Jan Novák", "Petra Nováková", "Alfa s.r.o."]);
    const novak = res.body.items.find((i: { id: number }) => i.id === ids.novak);
    expect(novak).toEqual({
      id: ids.novak,
      type: "Resident",
      name: "Ing. Jan Novák",
      dateOfBirth: "1950-03-01",
      variableSymbol: null,
      email: null,
      subjects: "Byt 12, Dům U Lípy",
      activeFrom: "2019-01-01",
      activeTo: null,
      active: true,
      registered: true,
      hasLogin: false,
      ageGroup: "senior",
      discounts: ["Invalidita", "Student"],
      finalFee: null,
    });
    const byId = new Map(res.body.items.map((i: { id: number }) => [i.id, i]));
    expect(byId.get(ids.bily)).toMatchObject({
      subjects: null,
      discounts: ["Student"],
      ageGroup: "adult",
      active: true,
    });
    expect(byId.get(ids.dvorak)).toMatchObject({ ageGroup: "child", active: false });
    expect(byId.get(ids.firma)).toMatchObject({ type: "Company", hasLogin: true, ageGroup: null });
  });

  it("search without diacritics: 'novak' finds Novák and Nováková; also by variable symbol", async () => {
    const res = await list({ search: "novak" });
    expect(res.body.total).toBe(2);
    expect(names(res)).toEqual(["Ing. Jan Novák", "Petra Nováková"]);
    expect(names(await list({ search: "NOVÁK jan" }))).toEqual(["Ing. Jan Novák"]);
    expect(names(await list({ search: "jan novák" }))).toEqual(["Ing. Jan Novák"]);
    expect(names(await list({ search: "777" }))).toEqual(["Petra Nováková"]);
    expect(names(await list({ search: "bily" }))).toEqual(["Ondřej Bílý"]);
  });

  it("date of birth range, discount, registered", async () => {
    const born = await list({ bornFrom: "1980-01-01", bornTo: "1990-12-31" });
    expect(born.body.total).toBe(2);
    expect(names(born)).toEqual(["Ondřej Bílý", "Petra Nováková"]);
    expect((await list({ bornTo: "1950-03-01" })).body.total).toBe(1);
    const discounted = await list({ discountId: studentDiscount });
    expect(discounted.body.total).toBe(2);
    expect(names(discounted)).toEqual(["Ondřej Bílý", "Ing. Jan Novák"]);
    expect(names(await list({ registered: "true" }))).toEqual(["Ing. Jan Novák", "Alfa s.r.o."]);
    expect((await list({ registered: "false" })).body.total).toBe(3);
  });

  it("active: true = active today, false = not, all = everybody", async () => {
    const active = await list({ active: "true" });
    expect(active.body.total).toBe(3);
    expect(names(active)).toEqual(["Ondřej Bílý", "Ing. Jan Novák", "Alfa s.r.o."]);
    const inactive = await list({ active: "false" });
    expect(inactive.body.total).toBe(2);
    expect(names(inactive)).toEqual(["Karel Dvořák", "Petra Nováková"]);
    expect((await list({ active: "all" })).body.total).toBe(5);
  });

  it("subjectId: the subject's current members only", async () => {
    const res = await list({ subjectId: house });
    expect(res.body.total).toBe(1);
    expect(names(res)).toEqual(["Ing. Jan Novák"]);
  });

  it("sorts descending with empty values last, pages, and refuses a bad filter", async () => {
    expect(names(await list({ sort: "-dateOfBirth" }))).toEqual([
      "Karel Dvořák",
      "Petra Nováková",
      "Ondřej Bílý",
      "Ing. Jan Novák",
      "Alfa s.r.o.",
    ]);
    const page2 = await list({ pageSize: 2, page: 2 });
    expect(page2.body.total).toBe(5);
    expect(names(page2)).toEqual(["Ing. Jan Novák", "Petra Nováková"]);
    expect((await list({ page: 9 })).body).toEqual({ items: [], total: 5 });
    const bad = await list({ active: "maybe" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.active).toBeDefined();
    // The sort keys are the list's (contract/lists.ts feePayerListKeys): another one is refused, not ignored.
    const badSort = await list({ sort: "email" });
    expect(badSort.status).toBe(422);
    expect(badSort.body.errors.sort).toBeDefined();
  });

  it("options: at most 20 matches with the name and date of birth", async () => {
    for (let i = 0; i < 22; i++) await newPayer(C, { firstName: `Hromadný${i}`, lastName: "Zástup" });
    const many = await t.call("GET", `/municipality/${C}/fee-payer/options`, {
      as: "admin",
      query: { search: "zastup" },
    });
    expect(many.status).toBe(200);
    expect(many.body.items).toHaveLength(20);
    const one = await t.call("GET", `/municipality/${C}/fee-payer/options`, {
      as: "admin",
      query: { search: "nováková" },
    });
    expect(one.body).toEqual({ items: [{ id: ids.novakova, name: "Petra Nováková", dateOfBirth: "1990-07-15" }] });
  });

  it("discounts: the municipality's own, ordered by name", async () => {
    const res = await t.call("GET", `/municipality/${C}/fee-payer/discounts`, { as: "admin" });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      { id: expect.any(Number), name: "Invalidita", type: "Other" },
      { id: studentDiscount, name: "Student", type: "Other" },
    ]);
  });
});

describe("GET fee-payer/{id}/history", () => {
  it("lists every membership newest first with the address and the payer's final fee of its newest fee year", async () => {
    const old = await newSubject(A, "Starý byt", {
      street: "Hasskova",
      conscriptionNumber: "845",
      streetNumber: "12",
      cityDistrict: "Vnitřní Město",
    });
    const now = await newSubject(A, "Nový dům", { street: "Jihlavská", streetNumber: "3", city: "Třebíč" });
    const id = await newPayer(A, { lastName: "Historický" });
    const other = await newPayer(A, { lastName: "Cizí" });
    await joinSubject(t.db, {
      municipalityId: A,
      subjectId: old,
      feePayerId: id,
      validFrom: "2021-01-01",
      validTo: "2022-12-31",
    });
    await joinSubject(t.db, {
      municipalityId: A,
      subjectId: now,
      feePayerId: id,
      validFrom: "2023-01-01",
      isChief: true,
    });
    await t.db.insert(fee).values([
      { municipalityId: A, subjectId: old, feePayerId: id, year: 2021, finalFee: "600.50" },
      { municipalityId: A, subjectId: old, feePayerId: id, year: 2022, finalFee: "700.25" },
      // A month's row (a monthly period) is not the year's fee.
      { municipalityId: A, subjectId: old, feePayerId: id, year: 2022, month: 12, finalFee: "58.35" },
      // Another payer's fee of the same subject is not his.
      { municipalityId: A, subjectId: old, feePayerId: other, year: 2022, finalFee: "999.00" },
    ]);
    const res = await t.call("GET", url(A, `/${id}/history`), { as: "worker" });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      {
        membershipId: expect.any(Number),
        subjectId: now,
        subjectName: "Nový dům",
        address: "Jihlavská 3",
        validFrom: "2023-01-01",
        validTo: null,
        isChief: true,
        current: true,
        feeYear: null,
        finalFee: null,
      },
      {
        membershipId: expect.any(Number),
        subjectId: old,
        subjectName: "Starý byt",
        address: "Hasskova 845/12, Vnitřní Město",
        validFrom: "2021-01-01",
        validTo: "2022-12-31",
        isChief: false,
        current: false,
        // Not 2021 + 2022 summed: the newest year the membership was billed.
        feeYear: 2022,
        finalFee: "700.25",
      },
    ]);
    expect((await t.call("GET", url(A, `/${id}`), { as: "worker" })).body.feeRecordCount).toBe(3);
  });
});
