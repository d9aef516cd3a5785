/**
 * Spec 001 §2 Discounts, §3 Discount, §5 automatic discount groups, §9 fixed discount types, through
 * /v1/municipality/{id}/discount (docs/discounts-expenditures.md): create with several age levels, per-field 422
 * (ages, overlapping levels, overlap with stored ones), edit with version (409), fee payer counts, delete refused
 * while assigned, tenancy and permissions, and the recalculation a change queues.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { baseFeeSetting, discount, feeCalculation, feePayer, feePayerDiscount } from "../../api/db/schema";
import {
  AGE_UNTIL_BEFORE_FROM,
  CHOOSE_GROUP,
  DISCOUNT_ASSIGNED,
  LEVELS_COUNT,
  LEVELS_OVERLAP,
  LEVEL_OVERLAPS_EXISTING,
} from "#contract/discount";
import { STALE_VERSION_MESSAGE } from "#contract/common";
import { newMunicipality, setupApiWithIds, type TestApi, insertResident, expectRefused } from "./helpers";
import { currentYear } from "../../api/modules/discount/service";

let t: TestApi;
let A: number;
let B: number;
const url = (m: number, rest = "") => `/municipality/${m}/discount${rest}`;
const YEAR = currentYear();

/** An age discount's levels, each [age from, age until, discount] as typed in the form. */
const levels = (...rows: [ageFrom: string, ageUntil: string, feeDiscount: string][]) =>
  rows.map(([ageFrom, ageUntil, feeDiscount]) => ({ ageFrom, ageUntil, feeDiscount }));

const ageBody = (over: Record<string, unknown> = {}) => ({
  type: "Age",
  citizenGroup: "Child",
  priceType: "",
  name: "Děti",
  description: "",
  levels: levels(["0", "5", "500"], ["6", "15", "300,50"]),
  ...over,
});

const payer = (m: number, over: Partial<typeof feePayer.$inferInsert> = {}) => insertResident(t.db, m, over);

beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
afterAll(() => t?.close());

describe("create (spec 001 §2: type, citizen group or price type, name, ages, fee discount, description, levels)", () => {
  it("creates two age levels of one group at once; each is a discount listed with exact money", async () => {
    const m = await newMunicipality(t.db, "Sleva-obec 1");
    const res = await t.call("POST", url(m), { as: "admin", json: ageBody() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.ids).toHaveLength(2);
    const list = await t.call("GET", url(m), { as: "admin" });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((d: any) => [d.name, d.type, d.group, d.ageFrom, d.ageUntil, d.feeDiscount])).toEqual([
      ["Děti", "Age", "Child", 0, 5, "500.00"],
      ["Děti", "Age", "Child", 6, 15, "300.50"],
    ]);
  });

  it("an Other discount keeps its price type and drops the age fields; one level only", async () => {
    const m = await newMunicipality(t.db, "Sleva-obec 2");
    const res = await t.call("POST", url(m), {
      as: "admin",
      json: ageBody({ type: "Other", priceType: "ZTP/P", name: "Držitel ZTP/P" }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors["levels.1.feeDiscount"]).toBeDefined();
    const ok = await t.call("POST", url(m), {
      as: "admin",
      json: ageBody({
        type: "Other",
        priceType: "ZTP/P",
        name: "Držitel ZTP/P",
        levels: levels(["3", "", "600"]),
      }),
    });
    expect(ok.status).toBe(201);
    const detail = await t.call("GET", url(m, `/${ok.body.ids[0]}`), { as: "admin" });
    expect(detail.body).toMatchObject({
      type: "Other",
      group: "ZTP/P",
      ageFrom: null,
      ageUntil: null,
      feeDiscount: "600.00",
      version: 0,
    });
  });

  it("422 per field: missing group, until before from, ages out of 0–150, zero or float-like discounts", async () => {
    const res = await t.call("POST", url(A), {
      as: "admin",
      json: ageBody({
        citizenGroup: "",
        name: "",
        levels: levels(["10", "5", "0"], ["151", "", "1.005"], ["", "", "abc"]),
      }),
    });
    expect(res.status).toBe(422);
    const e = res.body.errors;
    expect(e.citizenGroup).toEqual([CHOOSE_GROUP]);
    expect(e.name).toEqual(["Vyplňte toto pole."]);
    expect(e["levels.0.ageUntil"]).toEqual([AGE_UNTIL_BEFORE_FROM]);
    expect(e["levels.0.feeDiscount"]).toBeDefined();
    expect(e["levels.1.ageFrom"]).toEqual(["Věk je celé číslo 0 až 150."]);
    expect(e["levels.1.feeDiscount"]).toBeDefined();
    expect(e["levels.2.ageFrom"]).toEqual(["Zadejte věk od."]);
    const none = await t.call("POST", url(A), { as: "admin", json: ageBody({ levels: [] }) });
    expect(none.body.errors).toEqual({ levels: [LEVELS_COUNT] });
    expect(await t.db.select().from(discount).where(eq(discount.municipalityId, A))).toHaveLength(0);
  });

  it("overlapping levels of one group are refused under the later level; so is an overlap with a stored one", async () => {
    const m = await newMunicipality(t.db, "Sleva-obec 3");
    // The second level is refused: it overlaps the first, or a level stored before.
    const secondRefused = (rows: ReturnType<typeof levels>, message: string) =>
      expectRefused(t.call("POST", url(m), { as: "admin", json: ageBody({ levels: rows }) }), {
        "levels.1.ageFrom": [message],
      });
    await secondRefused(levels(["0", "6", "500"], ["6", "15", "300"]), LEVELS_OVERLAP);

    expect((await t.call("POST", url(m), { as: "admin", json: ageBody() })).status).toBe(201);
    await secondRefused(levels(["18", "20", "100"], ["15", "16", "1"]), LEVEL_OVERLAPS_EXISTING);
    // Another group may cover the same ages.
    const senior = await t.call("POST", url(m), {
      as: "admin",
      json: ageBody({ citizenGroup: "OtherAgeGroup", levels: levels(["10", "20", "50"]) }),
    });
    expect(senior.status).toBe(201);
  });
});

describe("fee payer count (active payers; Age by the age reached this year, Other by assignment)", () => {
  it("counts exactly who gets each discount", async () => {
    const m = await newMunicipality(t.db, "Sleva-obec 4");
    const created = await t.call("POST", url(m), { as: "admin", json: ageBody() });
    const [young, older] = created.body.ids as number[];
    // Reaches 5 this year (born on the last day of the year): the 0–5 level.
    await payer(m, { dateOfBirth: `${YEAR - 5}-12-31` });
    // Reaches 6 this year: the 6–15 level.
    await payer(m, { dateOfBirth: `${YEAR - 6}-01-01` });
    await payer(m, { dateOfBirth: `${YEAR - 10}-06-15` });
    // Inactive (ended last year) and without a date of birth: neither counts.
    await payer(m, { dateOfBirth: `${YEAR - 3}-01-01`, activeTo: `${YEAR - 1}-12-31` });
    await payer(m, { dateOfBirth: null });
    // Another municipality's payer of the same age is not this municipality's.
    await payer(B, { dateOfBirth: `${YEAR - 3}-01-01` });
    const other = await t.call("POST", url(m), {
      as: "admin",
      json: ageBody({ type: "Other", priceType: "ZTP", levels: levels(["", "", "600"]) }),
    });
    const otherId = other.body.ids[0] as number;
    const assigned = await payer(m, { dateOfBirth: "1950-01-01" });
    const inactive = await payer(m, { activeTo: `${YEAR - 1}-01-01` });
    await t.db.insert(feePayerDiscount).values([
      { feePayerId: assigned, discountId: otherId },
      { feePayerId: inactive, discountId: otherId },
    ]);
    const list = await t.call("GET", url(m), { as: "admin" });
    const count = (id: number) => list.body.items.find((d: any) => d.id === id).feePayerCount;
    expect([count(young), count(older), count(otherId)]).toEqual([1, 2, 1]);
    const onlyOther = await t.call("GET", url(m), { as: "admin", query: { type: "Other" } });
    expect(onlyOther.body.items.map((d: any) => d.id)).toEqual([otherId]);
    const searched = await t.call("GET", url(m), { as: "admin", query: { search: "ztp" } });
    expect(searched.body.items.map((d: any) => d.id)).toEqual([otherId]);

    // Delete is refused while a payer has it assigned, and works once nobody has.
    const refused = await t.call("DELETE", url(m, `/${otherId}`), { as: "admin" });
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe(DISCOUNT_ASSIGNED);
    await t.db.delete(feePayerDiscount).where(eq(feePayerDiscount.discountId, otherId));
    expect((await t.call("DELETE", url(m, `/${otherId}`), { as: "admin" })).status).toBe(204);
    expect((await t.call("DELETE", url(m, `/${young}`), { as: "admin" })).status).toBe(204);
    expect((await t.call("GET", url(m), { as: "admin" })).body.total).toBe(1);
  });
});

describe("edit (version, decision 0020)", () => {
  it("saves with the version it loaded, 409 on a stale one, 422 when it would overlap its group", async () => {
    const m = await newMunicipality(t.db, "Sleva-obec 5");
    const [a, b] = (await t.call("POST", url(m), { as: "admin", json: ageBody() })).body.ids as number[];
    const edit = {
      type: "Age",
      citizenGroup: "Child",
      name: "Předškoláci",
      ageFrom: "0",
      ageUntil: "4",
      feeDiscount: "450.5",
      description: "Do nástupu do školy",
      version: 0,
    };
    const ok = await t.call("PUT", url(m, `/${a}`), { as: "admin", json: edit });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const detail = await t.call("GET", url(m, `/${a}`), { as: "admin" });
    expect(detail.body).toMatchObject({ name: "Předškoláci", ageUntil: 4, feeDiscount: "450.50", version: 1 });
    const stale = await t.call("PUT", url(m, `/${a}`), { as: "admin", json: { ...edit, name: "Jinak" } });
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toBe(STALE_VERSION_MESSAGE);
    await expectRefused(
      t.call("PUT", url(m, `/${b}`), {
        as: "admin",
        json: { ...edit, ageFrom: "3", ageUntil: "10" },
      }),
      { ageFrom: [LEVEL_OVERLAPS_EXISTING] },
    );
  });
});

describe("tenancy and permissions", () => {
  it("another municipality's discount is 404 and its list is 404 too; a read-only administrator reads but cannot write", async () => {
    const [id] = (
      await t.call("POST", url(A), {
        as: "manager",
        json: ageBody({ citizenGroup: "Senior", levels: levels(["70", "", "400"]) }),
      })
    ).body.ids;
    expect(id).toBeGreaterThan(0);
    expect((await t.call("GET", url(B, `/${id}`), { as: "admin" })).status).toBe(404);
    expect((await t.call("GET", url(B), { as: "manager" })).status).toBe(404);
    expect((await t.call("GET", url(A, `/${id}`), { as: "managerB" })).status).toBe(404);
    expect((await t.call("GET", url(A), { as: "readonly" })).status).toBe(200);
    expect((await t.call("DELETE", url(A, `/${id}`), { as: "readonly" })).status).toBe(403);
    expect((await t.call("DELETE", url(B, `/${id}`), { as: "admin" })).status).toBe(404);
    expect(await t.db.select().from(discount).where(eq(discount.id, id))).toHaveLength(1);
  });
});

describe("recalculation (issue 14: every change under the fees recalculates the current year)", () => {
  it("queues one for the current year only when the municipality has a base fee for it", async () => {
    const m = await newMunicipality(t.db, "Sleva-obec 6");
    const queued = () =>
      t.db
        .select({ year: feeCalculation.year, reason: feeCalculation.reason })
        .from(feeCalculation)
        .where(and(eq(feeCalculation.municipalityId, m)));
    await t.call("POST", url(m), { as: "admin", json: ageBody() });
    expect(await queued()).toEqual([]);
    await t.db.insert(baseFeeSetting).values({ municipalityId: m, year: YEAR, baseFee: "1000" });
    const [id] = (
      await t.call("POST", url(m), {
        as: "admin",
        json: ageBody({ citizenGroup: "Senior", levels: levels(["70", "", "400"]) }),
      })
    ).body.ids;
    // The run itself may already have started (the test API runs the fee worker).
    expect(await queued()).toEqual([{ year: YEAR, reason: "Discount" }]);
    expect((await t.call("DELETE", url(m, `/${id}`), { as: "admin" })).status).toBe(204);
    expect((await queued()).every((c) => c.year === YEAR && c.reason === "Discount")).toBe(true);
  });
});
