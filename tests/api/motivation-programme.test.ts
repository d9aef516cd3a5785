/**
 * Issue 14 part 5, spec 001 §2 Motivation programmes, §3 Motivation programme, §9 programmes, pay-as-disposed
 * options, discount distribution and intervals (from exclusive, to inclusive), through
 * /v1/municipality/{id}/motivation-programme… (docs/motivation-programmes.md): defaults before the first save, saving
 * each sub-tab with its version (409 on a stale one), interval validation (order, overlaps, gaps, bounds), activation
 * for a fee year (one programme a year, queued recalculation), deactivation, reset, custom discounts and tenancy.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import {
  baseFeeSetting,
  feeCalculation,
  motivationActivation,
  motivationInterval,
  motivationProgramme,
  subject,
} from "../../api/db/schema";
import {
  INTERVAL_GAP_MESSAGE,
  INTERVAL_ORDER_MESSAGE,
  INTERVAL_OVERLAP_MESSAGE,
  ORDERED_COUNT_MESSAGE,
  PROGRAMME_ACTIVE_NO_DELETE,
  PROGRAMME_NOT_CONFIGURED,
  SORT_RATIO_BOUND_MESSAGE,
  FEE_PER_UNIT_MESSAGE,
  ACTIVATION_YEAR_MESSAGE,
} from "#contract/motivation-programme";
import { STALE_VERSION_MESSAGE } from "#contract/common";
import { newMunicipality, setupApiWithIds, type TestApi, expectRefused } from "./helpers";
import { currentYear } from "../../api/modules/motivation-programme/service";

let t: TestApi;
let A: number;
let B: number;
const YEAR = currentYear();

beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
afterAll(() => t?.close());

const path = (m: number, type = "SortRatio") => `/municipality/${m}/motivation-programme/${type}`;
const STEPS = [
  { from: "20", to: "40", discountPercent: "5" },
  { from: "0", to: "20", discountPercent: "0" },
  { from: "60", to: "", discountPercent: "15" },
  { from: "40", to: "60", discountPercent: "10" },
];

async function calculations(m: number) {
  return t.db
    .select({ year: feeCalculation.year, reason: feeCalculation.reason, state: feeCalculation.state })
    .from(feeCalculation)
    .where(eq(feeCalculation.municipalityId, m))
    .orderBy(feeCalculation.id);
}

describe("reading (the three programmes, defaults before the first save)", () => {
  it("answers the three programmes with their defaults, the current year and the years to activate", async () => {
    const m = await newMunicipality(t.db, "Obec bez programu");
    const res = await t.call("GET", `/municipality/${m}/motivation-programme`, { as: "admin" });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { type: string }) => i.type)).toEqual([
      "PayAsDisposed",
      "SortRatio",
      "ItalianWeight",
    ]);
    expect(res.body.items[1]).toEqual({
      type: "SortRatio",
      stored: false,
      version: 0,
      unit: "l",
      feePerUnit: null,
      minimalUnitPerPeriod: null,
      orderedDisposeCount: null,
      useBinVolume: false,
      useOrderedDisposeCount: false,
      useYearAsPeriod: true,
      discountDistribution: "Legacy",
      whyNot: null,
      intervals: [],
      activeYears: [],
    });
    expect(res.body.currentYear).toBe(YEAR);
    expect(res.body.yearOptions).toEqual([YEAR, YEAR + 1]);
    // A year with a base fee setting may be chosen too.
    await t.db.insert(baseFeeSetting).values({ municipalityId: m, year: YEAR - 1, baseFee: "750.00" });
    const again = await t.call("GET", `/municipality/${m}/motivation-programme`, { as: "worker" });
    // A worker of another municipality does not see it (tenancy).
    expect(again.status).toBe(404);
    const admin = await t.call("GET", `/municipality/${m}/motivation-programme`, { as: "admin" });
    expect(admin.body.yearOptions).toEqual([YEAR - 1, YEAR, YEAR + 1]);
  });

  it("a worker of the municipality reads but cannot save (motivationProgram.aDetail only)", async () => {
    expect((await t.call("GET", path(A), { as: "worker" })).status).toBe(200);
    const put = await t.call("PUT", path(A), { as: "worker", json: { type: "SortRatio", version: 0, intervals: [] } });
    expect(put.status).toBe(403);
  });

  it("another municipality's programme is 404 for a manager (tenancy)", async () => {
    expect((await t.call("GET", path(B), { as: "manager" })).status).toBe(404);
    const act = await t.call("POST", `${path(B)}/activate`, { as: "manager", json: { year: YEAR } });
    expect(act.status).toBe(404);
  });
});

describe("saving (sub-tabs, versions)", () => {
  it("saves SortRatio's intervals sorted by from, then its parameters; each save bumps the version", async () => {
    const m = await newMunicipality(t.db, "Obec intervalů");
    const res = await t.call("PUT", path(m), {
      as: "admin",
      json: { type: "SortRatio", version: 0, intervals: STEPS },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ stored: true, version: 1, discountDistribution: "Legacy" });
    expect(res.body.intervals).toEqual([
      { from: "0.000", to: "20.000", discountPercent: "0.00" },
      { from: "20.000", to: "40.000", discountPercent: "5.00" },
      { from: "40.000", to: "60.000", discountPercent: "10.00" },
      { from: "60.000", to: null, discountPercent: "15.00" },
    ]);
    const params = await t.call("PUT", path(m), {
      as: "admin",
      json: { type: "SortRatio", version: 1, parameters: { discountDistribution: "Gradual", whyNot: "Třiďte víc." } },
    });
    expect(params.status).toBe(200);
    // The intervals were not sent, so they are kept.
    expect(params.body).toMatchObject({ version: 2, discountDistribution: "Gradual", whyNot: "Třiďte víc." });
    expect(params.body.intervals).toHaveLength(4);
    const rows = await t.db
      .select()
      .from(motivationProgramme)
      .where(and(eq(motivationProgramme.municipalityId, m), eq(motivationProgramme.type, "SortRatio")));
    expect(rows).toHaveLength(1);
  });

  it("a stale version is 409 and changes nothing (also two first saves over the defaults)", async () => {
    const m = await newMunicipality(t.db, "Obec souběhu");
    const json = { type: "ItalianWeight", version: 0, intervals: [{ from: "0", to: "", discountPercent: "3" }] };
    expect((await t.call("PUT", path(m, "ItalianWeight"), { as: "admin", json })).status).toBe(200);
    const second = await t.call("PUT", path(m, "ItalianWeight"), {
      as: "admin",
      json: { ...json, intervals: [{ from: "0", to: "", discountPercent: "50" }] },
    });
    expect(second.status).toBe(409);
    expect(second.body.Message).toBe(STALE_VERSION_MESSAGE);
    const [interval] = await t.db
      .select({ p: motivationInterval.discountPercent })
      .from(motivationInterval)
      .innerJoin(motivationProgramme, eq(motivationProgramme.id, motivationInterval.programmeId))
      .where(eq(motivationProgramme.municipalityId, m));
    expect(interval!.p).toBe("3.00");

    // A stored programme: two editors load version 1, the first saves (version 2), the second is refused.
    const first = await t.call("PUT", path(m, "ItalianWeight"), {
      as: "admin",
      json: { type: "ItalianWeight", version: 1, parameters: { discountDistribution: "Gradual" } },
    });
    expect(first.body.version).toBe(2);
    const late = await t.call("PUT", path(m, "ItalianWeight"), {
      as: "manager",
      json: { type: "ItalianWeight", version: 1, parameters: { discountDistribution: "MembershipBased" } },
    });
    // The manager is of municipality A only (tenancy); the stale save is the administrator's.
    expect(late.status).toBe(404);
    const stale = await t.call("PUT", path(m, "ItalianWeight"), {
      as: "admin",
      json: { type: "ItalianWeight", version: 1, parameters: { discountDistribution: "MembershipBased" } },
    });
    expect(stale.status).toBe(409);
    const now = await t.call("GET", path(m, "ItalianWeight"), { as: "admin" });
    expect(now.body).toMatchObject({ version: 2, discountDistribution: "Gradual" });
  });

  it("PayAsDisposed: fee per unit > 0 with at most 4 decimals; the ordered dispose count is required when used", async () => {
    const m = await newMunicipality(t.db, "Obec PAYT");
    /** The administrator saves the programme's first version with this fee per unit (kg, at least 5 a period). */
    const save = (feePerUnit: string, orderedDispose: Record<string, string>, minimalUnitPerPeriod = "5") =>
      t.call("PUT", path(m, "PayAsDisposed"), {
        as: "admin",
        json: {
          type: "PayAsDisposed",
          version: 0,
          parameters: { unit: "kg", feePerUnit, minimalUnitPerPeriod, useYearAsPeriod: "on" },
          orderedDispose,
        },
      });
    await expectRefused(
      save("0", { useOrderedDisposeCount: "on", orderedDisposeCount: "" }),
      {
        "parameters.feePerUnit": [FEE_PER_UNIT_MESSAGE],
        "orderedDispose.orderedDisposeCount": [ORDERED_COUNT_MESSAGE],
      },
      "including",
    );
    const tooPrecise = await save("0,12345", {});
    expect(tooPrecise.body.errors["parameters.feePerUnit"]).toEqual([FEE_PER_UNIT_MESSAGE]);
    const ok = await save(
      "0,1234",
      { useBinVolume: "on", useOrderedDisposeCount: "on", orderedDisposeCount: "26" },
      "5.5",
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({
      unit: "kg",
      feePerUnit: "0.1234",
      minimalUnitPerPeriod: "5.500",
      useYearAsPeriod: true,
      useBinVolume: true,
      useOrderedDisposeCount: true,
      orderedDisposeCount: 26,
    });
  });

  it("the body must be the path's programme", async () => {
    const res = await t.call("PUT", path(A, "ItalianWeight"), {
      as: "admin",
      json: { type: "SortRatio", version: 0, intervals: [] },
    });
    expect(res.status).toBe(422);
  });
});

describe("interval validation (spec 001 §9: from exclusive, to inclusive)", () => {
  const put = (intervals: unknown[], type = "SortRatio") =>
    t.call("PUT", path(A, type), { as: "admin", json: { type, version: 0, intervals } });

  it("to must be above from", async () => {
    const res = await put([{ from: "20", to: "20", discountPercent: "1" }]);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ "intervals.0.to": [INTERVAL_ORDER_MESSAGE] });
  });

  it("overlapping intervals are refused under the later one (also an open-ended one that is not last)", async () => {
    const res = await put([
      { from: "0", to: "30", discountPercent: "0" },
      { from: "20", to: "40", discountPercent: "5" },
    ]);
    expect(res.body.errors).toEqual({ "intervals.1.from": [INTERVAL_OVERLAP_MESSAGE] });
    const open = await put([
      { from: "0", to: "", discountPercent: "0" },
      { from: "20", to: "40", discountPercent: "5" },
    ]);
    expect(open.body.errors).toEqual({ "intervals.1.from": [INTERVAL_OVERLAP_MESSAGE] });
  });

  it("a gap between intervals is an error", async () => {
    const res = await put([
      { from: "0", to: "20", discountPercent: "0" },
      { from: "25", to: "40", discountPercent: "5" },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ "intervals.1.from": [INTERVAL_GAP_MESSAGE] });
  });

  it("SortRatio's bounds are percent (0–100); ItalianWeight's kg per person may exceed 100", async () => {
    const res = await put([{ from: "0", to: "120", discountPercent: "5" }]);
    expect(res.body.errors).toEqual({ "intervals.0.to": [SORT_RATIO_BOUND_MESSAGE] });
    const weight = await t.call("PUT", path(await newMunicipality(t.db, "Obec váhy"), "ItalianWeight"), {
      as: "admin",
      json: { type: "ItalianWeight", version: 0, intervals: [{ from: "0", to: "120,5", discountPercent: "5" }] },
    });
    expect(weight.status).toBe(200);
    expect(weight.body.intervals).toEqual([{ from: "0.000", to: "120.500", discountPercent: "5.00" }]);
  });

  it("the discount percent is 0–100", async () => {
    const res = await put([{ from: "0", to: "", discountPercent: "100.01" }]);
    expect(Object.keys(res.body.errors)).toEqual(["intervals.0.discountPercent"]);
  });
});

describe("activation (one programme a municipality and year; the year's fees recalculated)", () => {
  it("activates a configured programme, queues a fee calculation; another programme that year is refused by name", async () => {
    const m = await newMunicipality(t.db, "Obec aktivace");
    const empty = await t.call("POST", `${path(m)}/activate`, { as: "admin", json: { year: YEAR } });
    expect(empty.status).toBe(409);
    expect(empty.body.Message).toBe(PROGRAMME_NOT_CONFIGURED);

    await t.call("PUT", path(m), { as: "admin", json: { type: "SortRatio", version: 0, intervals: STEPS } });
    const res = await t.call("POST", `${path(m)}/activate`, { as: "admin", json: { year: YEAR } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.year).toBe(YEAR);
    // The file's worker may already have taken it, so its state is not asserted: the row and its reason are the point.
    expect((await calculations(m)).map(({ year, reason }) => ({ year, reason }))).toEqual([
      { year: YEAR, reason: "Activation" },
    ]);
    const [calc] = await t.db
      .select({ id: feeCalculation.id })
      .from(feeCalculation)
      .where(eq(feeCalculation.municipalityId, m));
    expect(res.body.feeCalculationId).toBe(calc!.id);
    const list = await t.call("GET", `/municipality/${m}/motivation-programme`, { as: "admin" });
    expect(list.body.items[1].activeYears).toEqual([YEAR]);

    // ItalianWeight the same year: refused, naming the active programme.
    await t.call("PUT", path(m, "ItalianWeight"), {
      as: "admin",
      json: { type: "ItalianWeight", version: 0, intervals: [{ from: "0", to: "", discountPercent: "2" }] },
    });
    const other = await t.call("POST", `${path(m, "ItalianWeight")}/activate`, { as: "admin", json: { year: YEAR } });
    expect(other.status).toBe(409);
    expect(other.body.Message).toBe(`V roce ${YEAR} je už aktivní program Míra třídění. Nejdřív ho deaktivujte.`);
    // Next year it may be.
    const next = await t.call("POST", `${path(m, "ItalianWeight")}/activate`, {
      as: "admin",
      json: { year: YEAR + 1 },
    });
    expect(next.status).toBe(201);
    const rows = await t.db.select().from(motivationActivation).where(eq(motivationActivation.municipalityId, m));
    expect(rows.map((r) => r.year).sort()).toEqual([YEAR, YEAR + 1]);
  });

  it("a year that is not current, next or one with a base fee setting is refused", async () => {
    const res = await t.call("POST", `${path(A)}/activate`, { as: "admin", json: { year: YEAR - 5 } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ Message: ACTIVATION_YEAR_MESSAGE, errors: { year: [ACTIVATION_YEAR_MESSAGE] } });
  });

  it("saving an active programme queues the recalculation of its active years; reset is refused while active; deactivation queues one too", async () => {
    const m = await newMunicipality(t.db, "Obec změny");
    const saved = await t.call("PUT", path(m), {
      as: "admin",
      json: { type: "SortRatio", version: 0, intervals: STEPS },
    });
    expect(await calculations(m)).toEqual([]);
    await t.call("POST", `${path(m)}/activate`, { as: "admin", json: { year: YEAR } });
    // The queued Activation run has not started: the Programme request joins it (the run reads the data when it starts).
    await t.db.update(feeCalculation).set({ state: "Done" }).where(eq(feeCalculation.municipalityId, m));
    const res = await t.call("PUT", path(m), {
      as: "admin",
      json: { type: "SortRatio", version: saved.body.version, parameters: { discountDistribution: "Gradual" } },
    });
    expect(res.status).toBe(200);
    expect((await calculations(m)).map((c) => c.reason)).toEqual(["Activation", "Programme"]);

    const reset = await t.call("DELETE", path(m), { as: "admin" });
    expect(reset.status).toBe(409);
    expect(reset.body.Message).toBe(PROGRAMME_ACTIVE_NO_DELETE);

    await t.db.update(feeCalculation).set({ state: "Done" }).where(eq(feeCalculation.municipalityId, m));
    const off = await t.call("POST", `${path(m)}/deactivate`, { as: "admin", json: { year: YEAR } });
    expect(off.status).toBe(200);
    expect((await calculations(m)).map((c) => c.reason)).toEqual(["Activation", "Programme", "Deactivation"]);
    expect(await t.db.select().from(motivationActivation).where(eq(motivationActivation.municipalityId, m))).toEqual(
      [],
    );
    // Not active any more: a second deactivation is refused.
    expect((await t.call("POST", `${path(m)}/deactivate`, { as: "admin", json: { year: YEAR } })).status).toBe(409);

    const done = await t.call("DELETE", path(m), { as: "admin" });
    expect(done.status).toBe(204);
    const after = await t.call("GET", path(m), { as: "admin" });
    expect(after.body).toMatchObject({ stored: false, version: 0, intervals: [], discountDistribution: "Legacy" });
    expect(
      await t.db
        .select()
        .from(motivationInterval)
        .innerJoin(motivationProgramme, eq(motivationProgramme.id, motivationInterval.programmeId))
        .where(eq(motivationProgramme.municipalityId, m)),
    ).toEqual([]);
  });
});

describe("custom discounts (Custom distribution)", () => {
  it("sets, lists and removes a collection point's percent for a year; another municipality's point is 404", async () => {
    const m = await newMunicipality(t.db, "Obec vlastních slev");
    const [point] = await t.db
      .insert(subject)
      .values({
        municipalityId: m,
        type: "Household",
        name: "Dům U Lípy",
        street: "Lipová",
        streetNumber: "7",
        city: "Obec",
      })
      .returning({ id: subject.id });
    const [foreign] = await t.db
      .insert(subject)
      .values({ municipalityId: B, type: "Household", name: "Cizí dům" })
      .returning({ id: subject.id });
    const url = `${path(m)}/custom-discount`;
    const set = await t.call("PUT", `${url}/${point!.id}`, {
      as: "admin",
      json: { year: YEAR, discountPercent: "12,5" },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ subjectId: point!.id, subjectName: "Dům U Lípy", discountPercent: "12.50" });
    const again = await t.call("PUT", `${url}/${point!.id}`, {
      as: "admin",
      json: { year: YEAR, discountPercent: "20" },
    });
    expect(again.body.discountPercent).toBe("20.00");
    const list = await t.call("GET", url, { as: "admin", query: { year: YEAR } });
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ subjectName: "Dům U Lípy", year: YEAR, discountPercent: "20.00" });
    expect((await t.call("GET", url, { as: "admin", query: { year: YEAR + 1 } })).body.items).toEqual([]);

    const cross = await t.call("PUT", `${url}/${foreign!.id}`, {
      as: "admin",
      json: { year: YEAR, discountPercent: "5" },
    });
    expect(cross.status).toBe(404);

    const removed = await t.call("DELETE", `${url}/${point!.id}`, { as: "admin", query: { year: YEAR } });
    expect(removed.status).toBe(204);
    expect((await t.call("GET", url, { as: "admin", query: { year: YEAR } })).body.items).toEqual([]);
    expect((await t.call("DELETE", `${url}/${point!.id}`, { as: "admin", query: { year: YEAR } })).status).toBe(404);
  });

  it("PayAsDisposed has no custom discounts", async () => {
    const res = await t.call("GET", `${path(A, "PayAsDisposed")}/custom-discount`, {
      as: "admin",
      query: { year: YEAR },
    });
    expect(res.status).toBe(422);
  });
});
