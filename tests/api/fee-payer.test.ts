/**
 * Spec 001 §2 'Fee payers' (list filters, register, delete, generate login by e-mail or PDF, history, deactivate),
 * §3 Fee payer, §4 (active from/to, memberships end with the payer), §5 (age groups, IČO rule);
 * docs/api-subjects-fee-payers.md 'Fee payers'.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import {
  discount,
  fee,
  feePayer,
  feePayerAddress,
  feePayerDiscount,
  municipality,
  registrationToken,
  subject,
  subjectFeePayer,
  user,
  userMunicipality,
} from "../../api/db/schema";
import { joinSubject, today } from "../../api/modules/subject/membership";
import { findRegistrationToken } from "../../api/modules/user/registration";
import { generateLogin, LOGIN_UNAVAILABLE } from "../../api/modules/fee-payer/service";
import { generatePassword } from "../../api/modules/fee-payer/login-letter";
import { verifyPassword } from "../../api/lib/password-hash";
import { isStrongPassword } from "#contract/password";
import type { Services } from "../../api/services";
import { invitationLink, readEml } from "./eml";
import { PUBLIC_URL, SET_PASSWORD_URL, setupApiWithIds, type TestApi, inDays, createdId, pdfText } from "./helpers";

const NOT_FOUND = { Message: "Poplatník nebyl nalezen." };

let t: TestApi;
let A: number;
let B: number;
const url = (m: number, rest = "") => `/municipality/${m}/fee-payer${rest}`;

/** A valid create body: a resident of A. */
const form = (over: Record<string, unknown> = {}) => ({
  // The version an edit saw (decision 0020): a row not edited before is at 0; POST ignores it.
  version: 0,
  type: "Resident",
  titleBefore: "Ing.",
  firstName: "Jan",
  lastName: "Novák",
  gender: "male",
  phone: "+420 777 123 456",
  email: "",
  variableSymbol: "",
  dateOfBirth: "1980-05-04",
  streetAddress: "Hasskova 12",
  city: "Třebíč",
  zipCode: "674 01",
  addresses: [],
  discountIds: [],
  activeFrom: "2024-01-01",
  country: "CZ",
  ...over,
});

async function newDiscount(m: number, name: string, over: Partial<typeof discount.$inferInsert> = {}) {
  const [d] = await t.db
    .insert(discount)
    .values({ municipalityId: m, name, type: "Other", ...over })
    .returning({ id: discount.id });
  return d!.id;
}
async function newSubject(m: number, name: string, over: Partial<typeof subject.$inferInsert> = {}) {
  const [s] = await t.db
    .insert(subject)
    .values({ municipalityId: m, type: "Household", name, ...over })
    .returning({ id: subject.id });
  return s!.id;
}
async function newPayer(m: number, over: Partial<typeof feePayer.$inferInsert> = {}) {
  const [p] = await t.db
    .insert(feePayer)
    .values({
      municipalityId: m,
      type: "Resident",
      firstName: "Jan",
      lastName: "Testovaný",
      activeFrom: "2020-01-01",
      ...over,
    })
    .returning({ id: feePayer.id });
  return p!.id;
}
const payerRow = async (id: number) => (await t.db.select().from(feePayer).where(eq(feePayer.id, id)))[0];
const memberCount = async (id: number) =>
  (await t.db.select({ n: subject.memberCount }).from(subject).where(eq(subject.id, id)))[0]!.n;
async function create(body: Record<string, unknown>, m = A) {
  return createdId(await t.call("POST", url(m), { as: "manager", json: body }));
}

beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
afterAll(() => t?.close());

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
    const noNames = await t.call("POST", url(A), { as: "manager", json: form({ firstName: "", lastName: " " }) });
    expect(noNames.status).toBe(422);
    expect(noNames.body.errors).toMatchObject({ firstName: ["Vyplňte jméno."], lastName: ["Vyplňte příjmení."] });

    const badIco = await t.call("POST", url(A), {
      as: "manager",
      json: form({ type: "Company", companyName: "Firma", identificationNumber: "12345678" }),
    });
    expect(badIco.status).toBe(422);
    expect(badIco.body.errors).toEqual({ identificationNumber: ["Neplatné IČO (8 číslic s kontrolní číslicí)."] });

    const noCompany = await t.call("POST", url(A), { as: "manager", json: form({ type: "Company" }) });
    expect(noCompany.body.errors).toMatchObject({
      companyName: ["Vyplňte název firmy."],
      identificationNumber: ["Vyplňte IČO."],
    });

    const ends = await t.call("POST", url(A), {
      as: "manager",
      json: form({ activeFrom: "2024-05-01", activeTo: "2024-04-30" }),
    });
    expect(ends.status).toBe(422);
    expect(ends.body.errors).toEqual({ activeTo: ["Konec nemůže být před začátkem."] });
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
    const res = await t.call("POST", url(A), {
      as: "manager",
      json: form({ discountIds: [foreignDiscount], subjectId: foreignSubject }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      discountIds: ["Vyberte slevy této obce."],
      subjectId: ["Odběrné místo nebylo nalezeno."],
    });
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
    const dup = await t.call("PUT", url(A, `/${id}`), { as: "manager", json: form({ variableSymbol: "4000002" }) });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ variableSymbol: ["Variabilní symbol už používá jiný poplatník."] });
    const ends = await t.call("PUT", url(A, `/${id}`), { as: "manager", json: form({ activeTo: "2023-12-31" }) });
    expect(ends.status).toBe(422);
    expect(ends.body.errors).toEqual({ activeTo: ["Konec nemůže být před začátkem."] });
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

describe("GET fee-payer (list)", () => {
  let C: number;
  const ids: Record<string, number> = {};
  let studentDiscount: number;
  let house: number;

  beforeAll(async () => {
    // A municipality of its own, so the totals are exact.
    const [c] = await t.db
      .insert(municipality)
      .values({ name: "Seznamov", country: "CZ" })
      .returning({ id: municipality.id });
    C = c!.id;
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
    await joinSubject(t.db, { municipalityId: C, subjectId: flat, feePayerId: ids.novak!, validFrom: inDays(-50) });
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
    const res = await t.call("POST", url(A, `/${id}/deactivate`), { as: "manager", json: { activeTo: "2024-05-31" } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ activeTo: ["Datum deaktivace nemůže být před začátkem aktivity."] });
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
    await joinSubject(t.db, { municipalityId: A, subjectId: s2, feePayerId: id, validFrom: inDays(-20) });
    expect([await memberCount(s1), await memberCount(s2)]).toEqual([1, 1]);

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
      { subjectId: s1, validTo: inDays(-1), isChief: false },
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

describe("GET fee-payer/{id}/history", () => {
  it("lists every membership newest first with the address and the payer's final fee per subject", async () => {
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
        finalFee: "0.00",
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
        finalFee: "1300.75",
      },
    ]);
    expect((await t.call("GET", url(A, `/${id}`), { as: "worker" })).body.feeRecordCount).toBe(2);
  });
});

describe("PATCH fee-payer/register", () => {
  it("registers the municipality's payers only and answers how many", async () => {
    const p1 = await newPayer(A, { lastName: "Registrovaný1" });
    const p2 = await newPayer(A, { lastName: "Registrovaný2" });
    const foreign = await newPayer(B, { lastName: "Cizinec" });
    const res = await t.call("PATCH", url(A, "/register"), { as: "worker", json: { feePayerIds: [p1, p2, foreign] } });
    expect(res).toMatchObject({ status: 200, body: { updated: 2 } });
    const rows = await t.db
      .select()
      .from(feePayer)
      .where(inArray(feePayer.id, [p1, p2, foreign]))
      .orderBy(asc(feePayer.id));
    expect(rows.map((r) => r.registered)).toEqual([true, true, false]);
    expect(rows[0]!.registeredAt).toBeInstanceOf(Date);
    expect(rows[2]!.registeredAt).toBeNull();

    const off = await t.call("PATCH", url(A, "/register"), {
      as: "worker",
      json: { feePayerIds: [p1], registered: false },
    });
    expect(off.body).toEqual({ updated: 1 });
    expect(await payerRow(p1)).toMatchObject({ registered: false, registeredAt: null });
  });

  it("nothing selected → 422 'Vyberte položky.'", async () => {
    const res = await t.call("PATCH", url(A, "/register"), { as: "worker", json: { feePayerIds: [] } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ feePayerIds: ["Vyberte položky."] });
  });
});

describe("POST fee-payer/{id}/generate-login", () => {
  it("by e-mail: 422 without an e-mail; a taken e-mail is refused", async () => {
    const id = await newPayer(A, { firstName: "Bez", lastName: "Mailu" });
    const res = await t.call("POST", url(A, `/${id}/generate-login`), { as: "manager", json: { method: "email" } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: ["Zadejte e-mail."] });
    const taken = await t.call("POST", url(A, `/${id}/generate-login`), {
      as: "manager",
      json: { method: "email", email: t.fixtures.users.worker.email },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ["Tento e-mail už používá jiný uživatel."] });
    expect(await payerRow(id)).toMatchObject({ userId: null, email: null });
    const noMethod = await t.call("POST", url(A, `/${id}/generate-login`), { as: "manager", json: {} });
    expect(noMethod.body.errors).toEqual({ method: ["Vyberte hodnotu."] });
  });

  it("by e-mail: a CITIZEN user of the municipality, linked to the payer, invited with a set-password link; again re-issues it", async () => {
    const id = await newPayer(A, { firstName: "Žofie", lastName: "Škaloudová" });
    const before = t.outbox().length;
    const res = await t.call("POST", url(A, `/${id}/generate-login`), {
      as: "manager",
      json: { method: "email", email: "zofie@example.cz" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ userId: expect.any(Number), userName: "zofie.skaloudova", sentTo: "zofie@example.cz" });
    const userId = res.body.userId as number;
    const [u] = await t.db.select().from(user).where(eq(user.id, userId));
    expect(u).toMatchObject({
      userName: "zofie.skaloudova",
      firstName: "Žofie",
      lastName: "Škaloudová",
      email: "zofie@example.cz",
      roleId: 4,
      municipalityId: A,
      passwordHash: null,
      active: true,
      language: "cs",
    });
    expect(await t.db.select().from(userMunicipality).where(eq(userMunicipality.userId, userId))).toMatchObject([
      { municipalityId: A },
    ]);
    // The payer had no e-mail: it keeps the one given.
    expect(await payerRow(id)).toMatchObject({ userId, email: "zofie@example.cz" });

    const files = t.outbox();
    expect(files).toHaveLength(before + 1);
    const mail = readEml(files.at(-1)!);
    expect(mail.to).toContain("zofie@example.cz");
    expect(mail.text).toContain("zofie.skaloudova");
    const link = invitationLink(mail);
    expect(`${link.origin}${link.pathname}`).toBe(SET_PASSWORD_URL);
    const first = link.searchParams.get("token")!;
    expect(await findRegistrationToken(t.db, first)).toMatchObject({ userId, userName: "zofie.skaloudova" });

    const detail = await t.call("GET", url(A, `/${id}`), { as: "manager" });
    expect(detail.body.login).toEqual({ userId, userName: "zofie.skaloudova", active: true });

    // Again: the same user, a new link; the first one stops working.
    const again = await t.call("POST", url(A, `/${id}/generate-login`), { as: "manager", json: { method: "email" } });
    expect(again.body).toEqual({ userId, userName: "zofie.skaloudova", sentTo: "zofie@example.cz" });
    expect(await t.db.select().from(user).where(eq(user.email, "zofie@example.cz"))).toHaveLength(1);
    expect(t.outbox()).toHaveLength(before + 2);
    const second = invitationLink(readEml(t.outbox().at(-1)!)).searchParams.get("token")!;
    expect(second).not.toBe(first);
    expect(await findRegistrationToken(t.db, first)).toBeNull();
    expect(await findRegistrationToken(t.db, second)).toMatchObject({ userId });
  });

  it("by PDF: an A4 letter with the user name and a strong password that signs in; again re-issues the password", async () => {
    // A namesake already has the plain user name: the unique-user-name rule picks the next one.
    const namesake = await newPayer(A, { firstName: "Pavel", lastName: "Dopisový", email: "pavel@example.cz" });
    await t.call("POST", url(A, `/${namesake}/generate-login`), { as: "manager", json: { method: "pdf" } });
    const id = await newPayer(A, {
      firstName: "Pavel",
      lastName: "Dopisový",
      streetAddress: "Hasskova 12",
      city: "Třebíč",
      zipCode: "67401",
    });
    const res = await t.call("POST", url(A, `/${id}/generate-login`), { as: "manager", json: { method: "pdf" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`prihlaseni-${id}.pdf`);
    const bytes = res.body as Uint8Array;
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");

    const row = await payerRow(id);
    const [u] = await t.db.select().from(user).where(eq(user.id, row!.userId!));
    expect(u).toMatchObject({ userName: "pavel.dopisovy2", roleId: 4, municipalityId: A, email: null });
    expect(u!.passwordHash).toMatch(/^scrypt\$/);
    expect((await t.db.select().from(user).where(eq(user.email, "pavel@example.cz")))[0]!.userName).toBe(
      "pavel.dopisovy",
    );

    const text = pdfText(bytes, { layout: true });
    if (text !== null) {
      expect(text).toContain("Třebíč");
      expect(text).toContain("Pavel Dopisový");
      expect(text).toContain("674 01 Třebíč");
      expect(text).toContain("pavel.dopisovy2");
      expect(text).toContain(PUBLIC_URL);
      expect(text).toContain("heslo změňte");
      const password = /Heslo:\s+(\S+)/.exec(text)?.[1];
      expect(password).toBeDefined();
      expect(isStrongPassword(password)).toBe(true);
      expect(await verifyPassword(password!, u!.passwordHash)).toBe(true);
    }

    // Re-issue: the same user, a new password; pending links stop working.
    await t.db
      .insert(registrationToken)
      .values({ userId: u!.id, tokenHash: "x".repeat(64), expiresAt: new Date(Date.now() + 3600_000) });
    const again = await t.call("POST", url(A, `/${id}/generate-login`), { as: "manager", json: { method: "pdf" } });
    expect(again.status).toBe(200);
    expect((await payerRow(id))!.userId).toBe(u!.id);
    const [after] = await t.db.select().from(user).where(eq(user.id, u!.id));
    expect(after!.passwordHash).not.toBe(u!.passwordHash);
    expect(
      await t.db
        .select()
        .from(registrationToken)
        .where(and(eq(registrationToken.userId, u!.id), isNull(registrationToken.usedAt))),
    ).toEqual([]);

    const listed = await t.call("GET", url(A), { as: "manager", query: { search: "dopisovy" } });
    expect(listed.body.items.map((i: { hasLogin: boolean }) => i.hasLogin)).toEqual([true, true]);
  });

  it("a company's login is named after the company", async () => {
    const id = await newPayer(A, { type: "Company", firstName: null, lastName: null, companyName: "Kovo Třebíč a.s." });
    const res = await t.call("POST", url(A, `/${id}/generate-login`), {
      as: "manager",
      json: { method: "email", email: "kovo@example.cz" },
    });
    expect(res.status).toBe(200);
    expect(res.body.userName).toBe("kovo-trebic-a-s");
  });

  it("without the built-in provider's set-password page (external identity provider) → 422", async () => {
    const id = await newPayer(A, { lastName: "Externí", email: "externi@example.cz" });
    const services = {
      db: t.db,
      config: { publicUrl: PUBLIC_URL, supportEmail: "x@test.local" },
    } as unknown as Services;
    const auth = { user: { id: t.fixtures.users.manager.id, userName: "t.manager", fullName: "Manager" } } as never;
    for (const method of ["email", "pdf"] as const) {
      await expect(generateLogin(services, auth, A, id, { method })).rejects.toMatchObject({
        status: 422,
        message: LOGIN_UNAVAILABLE,
        errors: { method: [LOGIN_UNAVAILABLE] },
      });
    }
    expect(await payerRow(id)).toMatchObject({ userId: null });
  });

  it("generated passwords meet the strong rule", () => {
    for (let i = 0; i < 200; i++) expect(isStrongPassword(generatePassword())).toBe(true);
  });
});
