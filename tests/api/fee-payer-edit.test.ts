/**
 * Fee payer API tests: POST fee-payer; tenancy and missing payers; GET fee-payer/{id}; PUT fee-payer/{id}; DELETE fee-
 * payer/{id}; deactivate and activate. Shared setup in ./fee-payer-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { and, asc, eq, isNull } from "drizzle-orm";
import { fee, feePayer, feePayerAddress, feePayerDiscount, subjectFeePayer } from "../../api/db/schema";
import { joinSubject, today } from "../../api/modules/subject/membership";
import { inDays, expectRefused } from "./helpers";
import {
  NOT_FOUND,
  t,
  A,
  B,
  url,
  form,
  newDiscount,
  newSubject,
  newPayer,
  payerRow,
  memberCount,
  create,
  setupFeePayerTests,
} from "./fee-payer-fixtures";

setupFeePayerTests();

describe("POST fee-payer", () => {
  it("creates a resident with addresses and fixed discounts; the country is not stored", async () => {
    const d1 = await newDiscount(A, "Student");
    const d2 = await newDiscount(A, "ZTP");
    const id = await create(
      form({
        variableSymbol: "1000001",
        email: "jan.novak@example.cz",
        addresses: [
          {
            type: "Permanent",
            street: "Hasskova",
            conscriptionNumber: "845",
            streetNumber: "12",
            city: "Třebíč",
            zipCode: "674 01",
          },
          { type: "Other", city: "Jihlava" },
        ],
        discountIds: [d1, d2, d1],
        registered: true,
        note: "Poznámka",
      }),
    );
    const row = await payerRow(id);
    expect(row).toMatchObject({
      municipalityId: A,
      type: "Resident",
      titleBefore: "Ing.",
      firstName: "Jan",
      lastName: "Novák",
      gender: "male",
      variableSymbol: "1000001",
      email: "jan.novak@example.cz",
      dateOfBirth: "1980-05-04",
      zipCode: "67401",
      activeFrom: "2024-01-01",
      activeTo: null,
      registered: true,
      note: "Poznámka",
      userId: null,
    });
    expect(row!.registeredAt).toBeInstanceOf(Date);
    const addresses = await t.db
      .select()
      .from(feePayerAddress)
      .where(eq(feePayerAddress.feePayerId, id))
      .orderBy(asc(feePayerAddress.id));
    expect(addresses).toMatchObject([
      {
        type: "Permanent",
        street: "Hasskova",
        conscriptionNumber: "845",
        streetNumber: "12",
        city: "Třebíč",
        zipCode: "67401",
      },
      { type: "Other", street: null, city: "Jihlava" },
    ]);
    const links = await t.db.select().from(feePayerDiscount).where(eq(feePayerDiscount.feePayerId, id));
    expect(links.map((l) => l.discountId).sort()).toEqual([d1, d2].sort());
  });

  it("creates a company with a valid IČO", async () => {
    const id = await create(
      form({
        type: "Company",
        firstName: "",
        lastName: "",
        companyName: "Stavby Třebíč s.r.o.",
        identificationNumber: "25596641",
      }),
    );
    expect(await payerRow(id)).toMatchObject({
      type: "Company",
      companyName: "Stavby Třebíč s.r.o.",
      identificationNumber: "25596641",
    });
  });

  it("422: a resident without names, a company with a bad IČO, activeTo before activeFrom", async () => {
    await expectRefused(
      t.call("POST", url(A), { as: "manager", json: form({ firstName: "", lastName: " " }) }),
      { firstName: ["Vyplňte jméno."], lastName: ["Vyplňte příjmení."] },
      "including",
    );

    await expectRefused(
      t.call("POST", url(A), {
        as: "manager",
        json: form({ type: "Company", companyName: "Firma", identificationNumber: "12345678" }),
      }),
      { identificationNumber: ["Neplatné IČO (8 číslic s kontrolní číslicí)."] },
    );

    const noCompany = await t.call("POST", url(A), { as: "manager", json: form({ type: "Company" }) });
    expect(noCompany.body.errors).toMatchObject({
      companyName: ["Vyplňte název firmy."],
      identificationNumber: ["Vyplňte IČO."],
    });

    await expectRefused(
      t.call("POST", url(A), {
        as: "manager",
        json: form({ activeFrom: "2024-05-01", activeTo: "2024-04-30" }),
      }),
      { activeTo: ["Konec nemůže být před začátkem."] },
    );
  });

  it("422: a variable symbol of another payer of the municipality; the same symbol in another municipality is fine", async () => {
    await create(form({ variableSymbol: "2000001" }));
    const before = (await t.db.select().from(feePayer)).length;
    const dup = await t.call("POST", url(A), {
      as: "manager",
      json: form({ variableSymbol: "2000001", lastName: "Jiný" }),
    });
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({
      Message: "Formulář obsahuje chyby.",
      errors: { variableSymbol: ["Variabilní symbol už používá jiný poplatník."] },
    });
    expect((await t.db.select().from(feePayer)).length).toBe(before);
    const other = await t.call("POST", url(B), {
      as: "managerB",
      json: form({ variableSymbol: "2000001", country: "SK" }),
    });
    expect(other.status).toBe(201);
  });

  it("422: discounts and subjects of another municipality; nothing is written", async () => {
    const foreignDiscount = await newDiscount(B, "Cizí sleva");
    const foreignSubject = await newSubject(B, "Cizí místo");
    const before = (await t.db.select().from(feePayer)).length;
    await expectRefused(
      t.call("POST", url(A), {
        as: "manager",
        json: form({ discountIds: [foreignDiscount], subjectId: foreignSubject }),
      }),
      {
        discountIds: ["Vyberte slevy této obce."],
        subjectId: ["Odběrné místo nebylo nalezeno."],
      },
    );
    expect((await t.db.select().from(feePayer)).length).toBe(before);
  });

  it("from a subject's detail: the payer joins the subject from activeFrom (as chief), member_count 1", async () => {
    const s = await newSubject(A, "Rodinný dům Hasskova");
    const id = await create(form({ lastName: "Členský", subjectId: s, isChief: "on", activeFrom: inDays(-10) }));
    const rows = await t.db.select().from(subjectFeePayer).where(eq(subjectFeePayer.feePayerId, id));
    expect(rows).toMatchObject([
      { subjectId: s, municipalityId: A, validFrom: inDays(-10), validTo: null, isChief: true },
    ]);
    expect(await memberCount(s)).toBe(1);
  });
});

describe("tenancy and missing payers", () => {
  it("a payer of municipality B under A's id → 404 'Poplatník nebyl nalezen.' for every call", async () => {
    const foreign = await newPayer(B, { lastName: "Slovák" });
    const calls: [string, string, unknown?][] = [
      ["GET", url(A, `/${foreign}`)],
      ["PUT", url(A, `/${foreign}`), form()],
      ["DELETE", url(A, `/${foreign}`)],
      ["GET", url(A, `/${foreign}/history`)],
      ["POST", url(A, `/${foreign}/deactivate`), { activeTo: "2024-12-31" }],
      ["POST", url(A, `/${foreign}/activate`)],
      ["POST", url(A, `/${foreign}/generate-login`), { method: "pdf" }],
    ];
    for (const [method, path, json] of calls) {
      const res = await t.call(method, path, { as: "admin", json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect(await payerRow(foreign)).toMatchObject({ lastName: "Slovák", activeTo: null, userId: null });
    // Another municipality's id is refused before any query.
    const other = await t.call("GET", url(B, `/${foreign}`), { as: "manager" });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ Message: "Záznam nebyl nalezen." });
  });

  it("a payer that does not exist → 404 with the payer's message", async () => {
    const res = await t.call("GET", url(A, "/999999"), { as: "manager" });
    expect(res).toMatchObject({ status: 404, body: NOT_FOUND });
  });
});

describe("GET fee-payer/{id}", () => {
  it("answers every field with the age group, today's age discounts, the login and the fee record count", async () => {
    const senior = await newDiscount(A, "Senioři 65+", { type: "Age", ageFrom: 65 });
    await newDiscount(A, "Děti do 17", { type: "Age", ageUntil: 17 });
    const exactly = await newDiscount(A, "Do 70 let", { type: "Age", ageFrom: 60, ageUntil: 70 });
    const fixed = await newDiscount(A, "Pevná");
    // Exactly 70 today: ageUntil 70 is inclusive.
    const born = `${Number(today().slice(0, 4)) - 70}${today().slice(4)}`.replace(/-02-29$/, "-02-28");
    const id = await create(
      form({
        dateOfBirth: born,
        variableSymbol: "3000001",
        discountIds: [fixed],
        addresses: [{ type: "Temporary", street: "Karlovo nám.", streetNumber: "5", city: "Třebíč", zipCode: "67401" }],
      }),
    );
    const res = await t.call("GET", url(A, `/${id}`), { as: "worker" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      municipalityId: A,
      type: "Resident",
      name: "Ing. Jan Novák",
      firstName: "Jan",
      lastName: "Novák",
      companyName: null,
      gender: "male",
      variableSymbol: "3000001",
      dateOfBirth: born,
      streetAddress: "Hasskova 12",
      zipCode: "67401",
      addresses: [{ type: "Temporary", street: "Karlovo nám.", streetNumber: "5", city: "Třebíč", zipCode: "67401" }],
      discounts: [{ id: fixed, name: "Pevná" }],
      ageGroup: "senior",
      activeFrom: "2024-01-01",
      activeTo: null,
      active: true,
      registered: false,
      registeredAt: null,
      login: null,
      feeRecordCount: 0,
    });
    expect(res.body.ageDiscounts).toEqual([
      { id: exactly, name: "Do 70 let" },
      { id: senior, name: "Senioři 65+" },
    ]);
    expect(res.body.addresses[0].id).toEqual(expect.any(Number));
    expect(Date.parse(res.body.createdAt)).not.toBeNaN();
  });

  it("a child gets the child group and the children's discount", async () => {
    const id = await create(form({ dateOfBirth: inDays(-365 * 5), lastName: "Malý" }));
    const res = await t.call("GET", url(A, `/${id}`), { as: "manager" });
    expect(res.body.ageGroup).toBe("child");
    expect(res.body.ageDiscounts.map((d: { name: string }) => d.name)).toEqual(["Děti do 17"]);
  });
});

describe("PUT fee-payer/{id}", () => {
  it("replaces addresses and discounts as a whole, keeps its own variable symbol", async () => {
    const d1 = await newDiscount(A, "Sleva 1");
    const d2 = await newDiscount(A, "Sleva 2");
    const id = await create(
      form({
        variableSymbol: "4000001",
        discountIds: [d1],
        addresses: [
          { type: "Permanent", city: "Třebíč" },
          { type: "Other", city: "Brno" },
        ],
      }),
    );
    const res = await t.call("PUT", url(A, `/${id}`), {
      as: "manager",
      json: form({
        variableSymbol: "4000001",
        firstName: "Josef",
        discountIds: [d2],
        addresses: [{ type: "Temporary", city: "Jihlava", zipCode: "58601" }],
        registered: true,
      }),
    });
    expect(res).toMatchObject({ status: 200, body: { id } });
    expect(await payerRow(id)).toMatchObject({
      firstName: "Josef",
      variableSymbol: "4000001",
      registered: true,
      activeChangedAt: null,
    });
    expect(await t.db.select().from(feePayerAddress).where(eq(feePayerAddress.feePayerId, id))).toMatchObject([
      { type: "Temporary", city: "Jihlava", zipCode: "58601" },
    ]);
    expect(
      (await t.db.select().from(feePayerDiscount).where(eq(feePayerDiscount.feePayerId, id))).map((l) => l.discountId),
    ).toEqual([d2]);
  });

  it("422 on another payer's variable symbol and on activeTo before activeFrom", async () => {
    await create(form({ variableSymbol: "4000002" }));
    const id = await create(form({ variableSymbol: "4000003" }));
    await expectRefused(t.call("PUT", url(A, `/${id}`), { as: "manager", json: form({ variableSymbol: "4000002" }) }), {
      variableSymbol: ["Variabilní symbol už používá jiný poplatník."],
    });
    await expectRefused(t.call("PUT", url(A, `/${id}`), { as: "manager", json: form({ activeTo: "2023-12-31" }) }), {
      activeTo: ["Konec nemůže být před začátkem."],
    });
    expect(await payerRow(id)).toMatchObject({ variableSymbol: "4000003", activeTo: null });
  });

  it("an end of activity ends the open memberships that day and stamps active_changed_at", async () => {
    const s = await newSubject(A, "Bytový dům Update");
    const id = await create(form({ lastName: "Stěhovaný", subjectId: s, activeFrom: inDays(-100) }));
    expect(await memberCount(s)).toBe(1);
    const res = await t.call("PUT", url(A, `/${id}`), {
      as: "manager",
      json: form({ lastName: "Stěhovaný", activeFrom: inDays(-100), activeTo: inDays(-1) }),
    });
    expect(res.status).toBe(200);
    const row = await payerRow(id);
    expect(row).toMatchObject({ activeTo: inDays(-1) });
    expect(row!.activeChangedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(subjectFeePayer).where(eq(subjectFeePayer.feePayerId, id))).toMatchObject([
      { subjectId: s, validFrom: inDays(-100), validTo: inDays(-1) },
    ]);
    expect(await memberCount(s)).toBe(0);
  });
});

describe("DELETE fee-payer/{id}", () => {
  it("is refused with 409 while fee records exist, and allowed without them (subjects recounted)", async () => {
    const s = await newSubject(A, "Dům na smazání");
    const id = await create(form({ lastName: "Smazatelný", subjectId: s, activeFrom: inDays(-5) }));
    expect(await memberCount(s)).toBe(1);
    const [record] = await t.db
      .insert(fee)
      .values({ municipalityId: A, subjectId: s, feePayerId: id, year: 2024, finalFee: "500.00" })
      .returning({ id: fee.id });
    const refused = await t.call("DELETE", url(A, `/${id}`), { as: "manager" });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      Message: "Poplatníka nelze smazat, protože má záznamy o poplatcích. Deaktivujte ho.",
    });
    expect(await payerRow(id)).toBeDefined();

    await t.db.delete(fee).where(eq(fee.id, record!.id));
    const done = await t.call("DELETE", url(A, `/${id}`), { as: "manager" });
    expect(done.status).toBe(204);
    expect(await payerRow(id)).toBeUndefined();
    expect(await t.db.select().from(subjectFeePayer).where(eq(subjectFeePayer.feePayerId, id))).toEqual([]);
    expect(await memberCount(s)).toBe(0);
    expect((await t.call("GET", url(A, `/${id}`), { as: "manager" })).status).toBe(404);
  });
});

describe("deactivate and activate", () => {
  it("422 when the day is before the start of activity; nothing changes", async () => {
    const id = await create(form({ lastName: "Brzký", activeFrom: "2024-06-01" }));
    await expectRefused(
      t.call("POST", url(A, `/${id}/deactivate`), { as: "manager", json: { activeTo: "2024-05-31" } }),
      { activeTo: ["Datum deaktivace nemůže být před začátkem aktivity."] },
    );
    expect(await payerRow(id)).toMatchObject({ activeTo: null, activeChangedAt: null });
    const empty = await t.call("POST", url(A, `/${id}/deactivate`), { as: "manager", json: {} });
    expect(empty.body.errors).toEqual({ activeTo: ["Zadejte datum deaktivace."] });
  });

  it("sets the end, period end and date of birth, ends the memberships that day; activate clears the end", async () => {
    const s1 = await newSubject(A, "Deaktivace 1");
    const s2 = await newSubject(A, "Deaktivace 2");
    const id = await create(
      form({ lastName: "Odcházející", subjectId: s1, isChief: true, activeFrom: inDays(-200), dateOfBirth: "" }),
    );
    // Joining s2 is a move: the membership of s1 ended the day before.
    await joinSubject(t.db, { municipalityId: A, subjectId: s2, feePayerId: id, validFrom: inDays(-20) });
    expect([await memberCount(s1), await memberCount(s2)]).toEqual([0, 1]);

    const res = await t.call("POST", url(A, `/${id}/deactivate`), {
      as: "manager",
      json: { activeTo: inDays(-1), periodEnd: inDays(30), dateOfBirth: "1970-01-02" },
    });
    expect(res).toMatchObject({ status: 200, body: { id, activeTo: inDays(-1) } });
    const row = await payerRow(id);
    expect(row).toMatchObject({ activeTo: inDays(-1), periodEnd: inDays(30), dateOfBirth: "1970-01-02" });
    expect(row!.activeChangedAt).toBeInstanceOf(Date);
    const memberships = await t.db
      .select()
      .from(subjectFeePayer)
      .where(eq(subjectFeePayer.feePayerId, id))
      .orderBy(asc(subjectFeePayer.id));
    expect(memberships).toMatchObject([
      { subjectId: s1, validTo: inDays(-21), isChief: false },
      { subjectId: s2, validTo: inDays(-1) },
    ]);
    expect([await memberCount(s1), await memberCount(s2)]).toEqual([0, 0]);
    expect((await t.call("GET", url(A, `/${id}`), { as: "manager" })).body).toMatchObject({
      active: false,
      activeTo: inDays(-1),
    });

    const activated = await t.call("POST", url(A, `/${id}/activate`), { as: "manager" });
    expect(activated).toMatchObject({ status: 200, body: { id } });
    expect(await payerRow(id)).toMatchObject({ activeTo: null, periodEnd: inDays(30) });
    // Ended memberships stay history.
    expect(
      await t.db
        .select()
        .from(subjectFeePayer)
        .where(and(eq(subjectFeePayer.feePayerId, id), isNull(subjectFeePayer.validTo))),
    ).toEqual([]);
  });
});
