/**
 * Spec 001 §2 Expenditures, §3 Expenditure, §9 expenditure types and sources, through
 * /v1/municipality/{id}/expenditure (docs/discounts-expenditures.md): create, list with year/type filters and paging,
 * per-field 422, edit with version (409), delete, exact totals by type, source and month, the configuration card
 * with its version, tenancy and permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { expenditure } from "../../api/db/schema";
import { STALE_VERSION_MESSAGE } from "#contract/common";
import { createdId, newMunicipality, setupApiWithIds, type TestApi, expectRefused } from "./helpers";
import { currentYear } from "../../api/modules/discount/service";

let t: TestApi;
let A: number;
let B: number;
const url = (m: number, rest = "") => `/municipality/${m}/expenditure${rest}`;
const YEAR = currentYear();

const body = (over: Record<string, unknown> = {}) => ({
  processedOn: `${YEAR}-01-31`,
  type: "WasteCollection",
  subType: "Faktura 1/2026",
  source: "BinCollection",
  description: "Svoz směsného odpadu, leden",
  amount: "125 400,10",
  ...over,
});

beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
afterAll(() => t?.close());

describe("create, list and totals", () => {
  it("stores exact amounts and sums them exactly by type, source and month for the chosen year", async () => {
    const m = await newMunicipality(t.db, "Výdaje-obec 1");
    const add = async (over: Record<string, unknown>) =>
      createdId(await t.call("POST", url(m), { as: "admin", json: body(over) }));
    const first = await add({});
    // 0.1 + 0.2 is not 0.3 in floating point: the totals must be.
    await add({ processedOn: `${YEAR}-02-28`, amount: "0.10" });
    await add({ processedOn: `${YEAR}-02-01`, amount: "0.20", type: "Wage", source: "Other", subType: "" });
    await add({ processedOn: `${YEAR - 1}-12-31`, amount: "999.99" });

    const detail = await t.call("GET", url(m, `/${first}`), { as: "admin" });
    expect(detail.body).toMatchObject({
      processedOn: `${YEAR}-01-31`,
      type: "WasteCollection",
      subType: "Faktura 1/2026",
      source: "BinCollection",
      amount: "125400.10",
      version: 0,
    });

    const summary = await t.call("GET", url(m, "/summary"), { as: "admin" });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ year: YEAR, total: "125400.40", count: 3 });
    expect(summary.body.years).toEqual([YEAR, YEAR - 1]);
    expect(summary.body.byType).toEqual([
      { type: "EkokomForm", total: "0.00", count: 0 },
      { type: "FlatRate", total: "0.00", count: 0 },
      { type: "Wage", total: "0.20", count: 1 },
      { type: "WasteCollection", total: "125400.20", count: 2 },
    ]);
    expect(summary.body.bySource.find((s: any) => s.source === "BinCollection")).toEqual({
      source: "BinCollection",
      total: "125400.20",
      count: 2,
    });
    expect(summary.body.byMonth.slice(0, 3)).toEqual([
      { month: 1, total: "125400.10" },
      { month: 2, total: "0.30" },
      { month: 3, total: "0.00" },
    ]);
    const last = await t.call("GET", url(m, "/summary"), { as: "admin", query: { year: YEAR - 1 } });
    expect(last.body).toMatchObject({ year: YEAR - 1, total: "999.99", count: 1 });

    const list = await t.call("GET", url(m), { as: "admin", query: { year: YEAR, pageSize: 2 } });
    expect(list.body.total).toBe(3);
    expect(list.body.items.map((e: any) => e.processedOn)).toEqual([`${YEAR}-02-28`, `${YEAR}-02-01`]);
    const page2 = await t.call("GET", url(m), { as: "admin", query: { year: YEAR, pageSize: 2, page: 2 } });
    expect(page2.body.items.map((e: any) => e.id)).toEqual([first]);
    const wages = await t.call("GET", url(m), { as: "admin", query: { type: "Wage" } });
    expect(wages.body.items.map((e: any) => e.amount)).toEqual(["0.20"]);
  });

  it("422 per field with the Czech messages; nothing stored", async () => {
    const m = await newMunicipality(t.db, "Výdaje-obec 2");
    await expectRefused(
      t.call("POST", url(m), {
        as: "admin",
        json: body({ processedOn: "2026-02-30", type: "Beer", source: "", amount: "-5" }),
      }),
      {
        processedOn: ["Zadejte datum zpracování."],
        type: ["Vyberte typ výdaje."],
        source: ["Vyberte zdroj výdaje."],
        amount: ["Zadejte částku jako kladné číslo (nejvýše 2 desetinná místa)."],
      },
    );
    expect(await t.db.select().from(expenditure).where(eq(expenditure.municipalityId, m))).toEqual([]);
  });
});

describe("edit and delete", () => {
  it("updates with the version it loaded, 409 on a stale one; delete removes it from the totals", async () => {
    const m = await newMunicipality(t.db, "Výdaje-obec 3");
    const id = createdId(await t.call("POST", url(m), { as: "admin", json: body() }));
    const ok = await t.call("PUT", url(m, `/${id}`), { as: "admin", json: { ...body({ amount: "100" }), version: 0 } });
    expect(ok.status).toBe(200);
    expect((await t.call("GET", url(m, "/summary"), { as: "admin" })).body.total).toBe("100.00");
    const stale = await t.call("PUT", url(m, `/${id}`), { as: "admin", json: { ...body(), version: 0 } });
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toBe(STALE_VERSION_MESSAGE);
    expect((await t.call("DELETE", url(m, `/${id}`), { as: "admin" })).status).toBe(204);
    expect((await t.call("GET", url(m, "/summary"), { as: "admin" })).body).toMatchObject({ total: "0.00", count: 0 });
  });
});

describe("configuration card (waste treatment flat rate, mixed waste processing price)", () => {
  it("is version 0 until saved, then saved with its version; a stale save is 409", async () => {
    const m = await newMunicipality(t.db, "Výdaje-obec 4");
    expect((await t.call("GET", url(m, "/setting"), { as: "admin" })).body).toEqual({
      version: 0,
      wasteTreatmentFlatRate: null,
      mixedWasteProcessingPrice: null,
    });
    const first = await t.call("PUT", url(m, "/setting"), {
      as: "admin",
      json: { wasteTreatmentFlatRate: "150000", mixedWasteProcessingPrice: "1 450,50", version: 0 },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      version: 1,
      wasteTreatmentFlatRate: "150000.00",
      mixedWasteProcessingPrice: "1450.50",
    });
    // Two people who both saw version 0: the second first save is stale.
    const again = await t.call("PUT", url(m, "/setting"), {
      as: "admin",
      json: { wasteTreatmentFlatRate: "1", version: 0 },
    });
    expect(again.status).toBe(409);
    const second = await t.call("PUT", url(m, "/setting"), {
      as: "admin",
      json: { wasteTreatmentFlatRate: "", mixedWasteProcessingPrice: "1500", version: 1 },
    });
    expect(second.body).toEqual({ version: 2, wasteTreatmentFlatRate: null, mixedWasteProcessingPrice: "1500.00" });
    expect((await t.call("GET", url(m, "/summary"), { as: "admin" })).body.setting).toEqual(second.body);
    const bad = await t.call("PUT", url(m, "/setting"), {
      as: "admin",
      json: { mixedWasteProcessingPrice: "x", version: 2 },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(["mixedWasteProcessingPrice"]);
  });
});

describe("tenancy and permissions", () => {
  it("another municipality's expenditure is 404, its list 404 too; a worker may edit, a read-only admin only read", async () => {
    const id = createdId(await t.call("POST", url(A), { as: "worker", json: body() }));
    expect((await t.call("GET", url(B, `/${id}`), { as: "admin" })).status).toBe(404);
    expect((await t.call("PUT", url(B, `/${id}`), { as: "admin", json: { ...body(), version: 0 } })).status).toBe(404);
    expect((await t.call("GET", url(A), { as: "managerB" })).status).toBe(404);
    expect((await t.call("GET", url(A, "/summary"), { as: "readonly" })).status).toBe(200);
    expect((await t.call("POST", url(A), { as: "readonly", json: body() })).status).toBe(403);
    expect((await t.call("PUT", url(A, "/setting"), { as: "readonly", json: { version: 0 } })).status).toBe(403);
    expect((await t.call("GET", url(A), { as: "citizen" })).status).toBe(403);
  });
});
