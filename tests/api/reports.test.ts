/**
 * Reports (spec 001 §2 'Reports'; contract/report.ts; decision 0043): a municipality whose every record and yard
 * visit of 2025 is known. The sums per bin, collection point and waste type; the period (Prague days), source and
 * city district filters; sort, paging and the totals of every row; the CSV with its columns as the switches say; the
 * 422 messages; a role without report.aDetail (403) and another municipality's id (404).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { role, user, userMunicipality, wasteEvidenceRecord } from "../../api/db/schema";
import { REPORT_FORBIDDEN_MESSAGE } from "#contract/report";
import { addYardWaste, cashVisit, openYardBody, yardWasteBody } from "./yard-fixtures";
import { createdId, expectRefused, setupApiWithIds, type TestApi } from "./helpers";
import { feeWorld } from "./fee-world";

let t: TestApi;
let A: number;
let B: number;
const w = feeWorld(() => t);
const url = (m: number, rest = "") => `/municipality/${m}/report${rest}`;
const YEAR = { dateFrom: "2025-01-01", dateTo: "2025-12-31" };
let alfa: number;
let beta: number;
let binA: number;
let binB: number;
let wastes: { mixed: number; paper: number; bin120: number };

/** A record of the bin at the instant (UTC), weighing `kg`. */
const record = (subjectId: number | null, headerId: number | null, wasteTypeId: number, at: string, kg: string) => ({
  municipalityId: A,
  subjectId,
  headerId,
  wasteTypeId,
  collectedAt: new Date(at),
  acknowledgedWeightKg: kg,
  origin: "Manual",
});

beforeAll(async () => {
  ({ t, A, B } = await setupApiWithIds());
  wastes = await w.wastes(A);
  alfa = await w.place(A, {
    name: "Dům Alfa",
    street: "Hlavní",
    streetNumber: "1",
    city: "Lhota",
    cityDistrict: "Střed",
  });
  beta = await w.place(A, {
    name: "Dům Beta",
    street: "Polní",
    streetNumber: "2",
    city: "Lhota",
    cityDistrict: "Sever",
  });
  binA = await w.binOf(A, alfa, wastes.bin120, wastes.mixed);
  binB = await w.binOf(A, beta, wastes.bin120, wastes.paper);
  await w.binOf(A, alfa, wastes.bin120, wastes.paper); // never emptied: no row
  await t.db.insert(wasteEvidenceRecord).values([
    // Alfa's bin: three emptyings of 10.5 kg, one on the last evening of 2025 in Prague (22:30 UTC), one on the last
    // evening of 2024 in Prague (outside) and a discarded one (nowhere).
    record(alfa, binA, wastes.mixed, "2025-01-10T06:00:00Z", "10.5"),
    record(alfa, binA, wastes.mixed, "2025-02-10T06:00:00Z", "10.5"),
    record(alfa, binA, wastes.mixed, "2025-03-10T06:00:00Z", "10.5"),
    record(alfa, binA, wastes.mixed, "2025-12-31T22:30:00Z", "10.5"),
    record(alfa, binA, wastes.mixed, "2024-12-31T22:30:00Z", "99"),
    { ...record(alfa, binA, wastes.mixed, "2025-04-10T06:00:00Z", "50"), discardedAt: new Date() },
    // Beta's paper bin: two of 2.25 kg.
    record(beta, binB, wastes.paper, "2025-05-10T06:00:00Z", "2.25"),
    record(beta, binB, wastes.paper, "2025-06-10T06:00:00Z", "2.25"),
    // A record of no bin and no collection point: only the waste report counts it.
    record(null, null, wastes.mixed, "2025-07-10T06:00:00Z", "5"),
  ]);
  // The yard: Alfa's payer brings 60 kg of bulky waste, Beta's 20 kg of bulky waste and 5 kg of glass; a visit of
  // 2024 is outside the period.
  const yardId = createdId(
    await t.call("POST", url(A).replace("report", "collection-yard"), { as: "manager", json: openYardBody("Dvůr") }),
  );
  const bulky = await addYardWaste(
    t,
    A,
    yardId,
    await yardWasteBody(t, "Objemný odpad", 0, [{ fromKg: "0", value: "1" }]),
  );
  const glass = await addYardWaste(t, A, yardId, await yardWasteBody(t, "Sklo", 0, [{ fromKg: "0", value: "1" }]));
  const alfaPayer = await w.payer(A, { subjectId: alfa, from: "2020-01-01" });
  const betaPayer = await w.payer(A, { subjectId: beta, from: "2020-01-01" });
  for (const visit of [
    cashVisit(alfaPayer, yardId, "2025-06-01", [{ yardWasteId: bulky, quantity: "60" }]),
    cashVisit(betaPayer, yardId, "2025-07-01", [
      { yardWasteId: bulky, quantity: "20" },
      { yardWasteId: glass, quantity: "5" },
    ]),
    cashVisit(alfaPayer, yardId, "2024-06-01", [{ yardWasteId: bulky, quantity: "70" }]),
  ])
    createdId(await t.call("POST", `/municipality/${A}/yard-report`, { as: "manager", json: visit }));
});
afterAll(() => t?.close());

const report = async (query: Record<string, string | number>, as: "manager" | "worker" = "manager") => {
  const res = await t.call("GET", url(A), { as, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe("GET municipality/{id}/report", () => {
  it("bins: each emptied bin's records and weight in the period, the bin's collection point and the totals", async () => {
    const r = await report({ type: "bin", ...YEAR });
    expect(r).toMatchObject({ type: "bin", source: "all", dateFrom: "2025-01-01", dateTo: "2025-12-31", total: 2 });
    expect(r.items).toEqual([
      expect.objectContaining({
        id: binA,
        barcode: expect.any(String),
        binTypeName: "Popelnice 120 l",
        binVolume: 120,
        wasteName: "Směsný komunální odpad",
        subjectName: "Dům Alfa",
        address: "Hlavní 1",
        district: "Střed",
        records: 4,
        weightKg: "42.000",
        yardVisits: 0,
      }),
      expect.objectContaining({ id: binB, subjectName: "Dům Beta", wasteName: "Papír", records: 2, weightKg: "4.500" }),
    ]);
    expect(r.totals).toEqual({ records: 6, weightKg: "46.500", yardVisits: 0, yardWeightKg: "0.000" });
  });

  it("the period is of Prague days: the last evening of the year is in, the one of the year before out", async () => {
    const r = await report({ type: "bin", dateFrom: "2025-12-31", dateTo: "2025-12-31" });
    expect(r.items.map((i: { id: number; records: number }) => [i.id, i.records])).toEqual([[binA, 1]]);
    const before = await report({ type: "bin", dateFrom: "2024-12-01", dateTo: "2024-12-31" });
    expect(before.items.map((i: { weightKg: string }) => i.weightKg)).toEqual(["99.000"]);
  });

  it("collection points: records and weight from collections, visits and weight from the yards", async () => {
    const r = await report({ type: "subject", ...YEAR });
    expect(r.items).toEqual([
      expect.objectContaining({
        id: alfa,
        name: "Dům Alfa",
        district: "Střed",
        bins: expect.any(Number),
        records: 4,
        weightKg: "42.000",
        yardVisits: 1,
        yardWeightKg: "60.000",
      }),
      expect.objectContaining({
        id: beta,
        name: "Dům Beta",
        district: "Sever",
        records: 2,
        weightKg: "4.500",
        yardVisits: 1,
        yardWeightKg: "25.000",
      }),
    ]);
    expect(r.totals).toEqual({ records: 6, weightKg: "46.500", yardVisits: 2, yardWeightKg: "85.000" });
    // Whole years read the kept yearly sums, any other period the records: both count the same (the Prague year's
    // last evening in, the discarded record out).
    const byRecords = await report({ type: "subject", dateFrom: "2025-01-01", dateTo: "2026-01-01" });
    expect(byRecords.items).toEqual(r.items);
    expect(byRecords.totals).toEqual(r.totals);
    const yardOnly = await report({ type: "subject", source: "yard", ...YEAR });
    expect(yardOnly.totals).toEqual({ records: 0, weightKg: "0.000", yardVisits: 2, yardWeightKg: "85.000" });
    const general = await report({ type: "subject", source: "general", district: "Střed", ...YEAR });
    expect(general.items.map((i: { id: number }) => i.id)).toEqual([alfa]);
    expect(general.totals).toEqual({ records: 4, weightKg: "42.000", yardVisits: 0, yardWeightKg: "0.000" });
  });

  it("waste types: records of every collection point and none, the yards' wastes; by source and district", async () => {
    const r = await report({ type: "waste", ...YEAR, sort: "-weight" });
    const figures = (
      items: { name: string | null; records: number; weightKg: string; yardVisits: number; yardWeightKg: string }[],
    ) => items.map((i) => [i.name, i.records, i.weightKg, i.yardVisits, i.yardWeightKg]);
    expect(figures(r.items)).toEqual([
      ["Směsný komunální odpad", 5, "47.000", 0, "0.000"],
      ["Papír", 2, "4.500", 0, "0.000"],
      ["Objemný odpad", 0, "0.000", 2, "80.000"],
      ["Sklo", 0, "0.000", 1, "5.000"],
    ]);
    // Beta's one visit brought bulky waste and glass: in both rows, once in the total of visits.
    expect(r.totals).toMatchObject({ yardVisits: 2, yardWeightKg: "85.000" });
    const yard = await report({ type: "waste", source: "yard", ...YEAR });
    expect(figures(yard.items)).toEqual([
      ["Objemný odpad", 0, "0.000", 2, "80.000"],
      ["Sklo", 0, "0.000", 1, "5.000"],
    ]);
    const north = await report({ type: "waste", district: "Sever", ...YEAR });
    expect(figures(north.items)).toEqual([
      ["Objemný odpad", 0, "0.000", 1, "20.000"],
      ["Papír", 2, "4.500", 0, "0.000"],
      ["Sklo", 0, "0.000", 1, "5.000"],
    ]);
    expect(north.totals.yardVisits).toBe(1);
  });

  it("the district filter of bins, sorting and paging keep the totals of every row", async () => {
    const north = await report({ type: "bin", district: "Sever", ...YEAR });
    expect(north.items.map((i: { id: number }) => i.id)).toEqual([binB]);
    const second = await report({ type: "bin", sort: "-weight", page: 2, pageSize: 1, ...YEAR }, "worker");
    expect(second.total).toBe(2);
    expect(second.items.map((i: { id: number }) => i.id)).toEqual([binB]);
    expect(second.totals.records).toBe(6);
    const past = await report({ type: "bin", page: 5, pageSize: 10, ...YEAR });
    expect(past).toMatchObject({ items: [], total: 2, totals: { records: 6 } });
    const none = await report({ type: "bin", dateFrom: "2030-01-01", dateTo: "2030-01-31" });
    expect(none).toMatchObject({ items: [], total: 0, totals: { records: 0, weightKg: "0.000" } });
  });

  it("without a period the report is of this year; one end alone reaches to the other end of its year", async () => {
    const year = new Date().getFullYear();
    expect(await report({})).toMatchObject({ type: "bin", dateFrom: `${year}-01-01`, dateTo: `${year}-12-31` });
    expect(await report({ dateFrom: "2025-03-01" })).toMatchObject({ dateFrom: "2025-03-01", dateTo: "2025-12-31" });
  });

  it("refuses wrong filters with Czech messages under the fields", async () => {
    await expectRefused(
      t.call("GET", url(A), { as: "manager", query: { dateFrom: "2025-06-01", dateTo: "2025-05-01" } }),
      {
        dateFrom: ["Datum od musí být nejpozději v den data do."],
      },
    );
    await expectRefused(t.call("GET", url(A), { as: "manager", query: { type: "bin", source: "yard" } }), {
      source: ["Nádoby mají jen záznamy ze svozu; pro odpady ze sběrných dvorů zvolte jiný typ."],
    });
    await expectRefused(
      t.call("GET", url(A), { as: "manager", query: { dateFrom: "2020-01-01", dateTo: "2025-12-31" } }),
      {
        dateTo: ["Období může být nejvýše tři roky."],
      },
    );
    await expectRefused(
      t.call("GET", url(A), { as: "manager", query: { dateFrom: "2025-02-30", type: "x", records: "maybe" } }),
      { dateFrom: ["Zadejte platné datum."], type: ["Vyberte typ reportu."], records: ["Zvolte ano, nebo ne."] },
    );
  });

  it("a role without report.aDetail is refused; another municipality's id is not found", async () => {
    expect((await t.call("GET", url(A), { as: "citizen" })).status).toBe(403);
    expect((await t.call("GET", url(A), { as: "managerB" })).status).toBe(404);
    expect((await t.call("GET", url(A, "/export.csv"), { as: "managerB" })).status).toBe(404);
    expect((await t.call("GET", url(B), { as: "managerB" })).body).toMatchObject({ total: 0 });
  });

  it("a role reads only its areas: an operator's collection point report without the yards, an accountant's none", async () => {
    const tokenOf = async (roleName: string, userName: string) => {
      const [r] = await t.db.select().from(role).where(eq(role.name, roleName));
      const [u] = await t.db
        .insert(user)
        .values({ userName, firstName: "Test", lastName: roleName, roleId: r!.id, municipalityId: A })
        .returning({ id: user.id });
      await t.db.insert(userMunicipality).values({ userId: u!.id, municipalityId: A });
      return t.signToken({ sub: String(u!.id), preferred_username: userName });
    };
    // OPERATOR: collection points and records, not the yards (reportRights, contract/report.ts).
    const operator = await tokenOf("OPERATOR", "t.operator");
    const narrowed = await t.call("GET", url(A), { token: operator, query: { type: "subject", ...YEAR } });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body).toMatchObject({ source: "general" });
    expect(narrowed.body.totals).toEqual({ records: 6, weightKg: "46.500", yardVisits: 0, yardWeightKg: "0.000" });
    const yard = await t.call("GET", url(A), { token: operator, query: { type: "subject", source: "yard", ...YEAR } });
    expect(yard.status).toBe(403);
    expect(yard.body.Message).toBe(REPORT_FORBIDDEN_MESSAGE);
    // ACCOUNTANT: report.aDetail alone reads nothing (the accounting exports wait for their layouts, decision 0043).
    const accountant = await tokenOf("ACCOUNTANT", "t.accountant");
    for (const type of ["bin", "subject", "waste"]) {
      expect((await t.call("GET", url(A), { token: accountant, query: { type, ...YEAR } })).status).toBe(403);
    }
    expect((await t.call("GET", url(A, "/export.csv"), { token: accountant, query: YEAR })).status).toBe(403);
  });

  it("offers the city districts of the municipality's collection points", async () => {
    expect((await t.call("GET", url(A, "/options"), { as: "manager" })).body).toEqual({
      districts: ["Sever", "Střed"],
    });
  });
});

describe("GET municipality/{id}/report/export.csv", () => {
  it("is the table's rows and a line of totals: UTF-8 with BOM, ';', decimal commas, named by type and period", async () => {
    const res = await t.call("GET", url(A, "/export.csv"), { as: "manager", query: { type: "subject", ...YEAR } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="report-odberna-mista-2025-01-01-2025-12-31\.csv"/,
    );
    const raw = await t.app.request(
      `http://test.local/v1${url(A, "/export.csv")}?type=subject&dateFrom=2025-01-01&dateTo=2025-12-31`,
      { headers: { Authorization: `Bearer ${await t.token("manager")}` } },
    );
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (res.body as string).trimEnd().split("\r\n");
    expect(lines).toEqual([
      "Odběrné místo;Adresa;Městská část;Nádoby;Počet záznamů;Hmotnost ze svozu (kg);Návštěvy sběrných dvorů;Hmotnost ze sběrných dvorů (kg)",
      expect.stringMatching(/^Dům Alfa;Hlavní 1;Střed;\d+;4;42,000;1;60,000$/),
      expect.stringMatching(/^Dům Beta;Polní 2;Sever;\d+;2;4,500;1;25,000$/),
      "Celkem;;;;6;46,500;2;85,000",
    ]);
  });

  it("leaves out the columns the switches hide and the source not asked for", async () => {
    const res = await t.call("GET", url(A, "/export.csv"), {
      as: "manager",
      query: { type: "waste", source: "general", records: "false", ...YEAR },
    });
    expect((res.body as string).trimEnd().split("\r\n")).toEqual([
      "Odpad;Katalogové číslo;Hmotnost ze svozu (kg)",
      "Papír;200101;4,500",
      "Směsný komunální odpad;200301;47,000",
      "Celkem;;51,500",
    ]);
    const bins = await t.call("GET", url(A, "/export.csv"), { as: "manager", query: { weight: "false", ...YEAR } });
    expect((bins.body as string).split("\r\n")[0]).toBe(
      "Čárový kód;Kód;Typ nádoby;Objem (l);Odpad;Odběrné místo;Adresa;Městská část;Počet záznamů",
    );
    expect(bins.headers.get("content-disposition")).toContain('filename="report-nadoby-2025-01-01-2025-12-31.csv"');
  });

  it("refuses wrong filters with a 422 before any file", async () => {
    await expectRefused(
      t.call("GET", url(A, "/export.csv"), { as: "manager", query: { dateFrom: "2025-06-01", dateTo: "2025-05-01" } }),
      { dateFrom: ["Datum od musí být nejpozději v den data do."] },
    );
  });
});
