/**
 * Distribution reports (issue 15 part 3; docs/distribution-reports.md): create with per-field 422, the list with its
 * sub rows and filters, processing (rows applied: memberships, codes, dispose count; a bad code a warning; nothing
 * applied an error; never twice), discard, the CSV export, its e-mail read from the outbox, tenancy and permissions.
 * The list, its export and the bulk actions are distribution-report-list.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  distributionCentre,
  distributionReport,
  role,
  subject,
  subjectFeePayer,
  user,
  wasteEvidenceHeader as weh,
} from "../../api/db/schema";
import { ASSIGN_ERROR_MESSAGES } from "#contract/waste-evidence-header";
import { expectRefused, insertResident, newMunicipality, type TestApi } from "./helpers";
import { seedDemoDistributionReports } from "../../api/demo/distribution-reports";
import { distributionHelpers, distributionWorld, url, type DistributionWorld } from "./distribution-report-world";

let t: TestApi;
let A: number;
let B: number;
let centre: number;
let centreOfB: number;
let household: number;
let bin: number;
let waste: number;
let binOfB: number;
let world: DistributionWorld;
beforeAll(async () => {
  world = await distributionWorld();
  ({ t, A, B, centre, centreOfB, household, bin, waste, binOfB } = world);
});
afterAll(() => t?.close());

const { insertSubject, insertHeader, membersOf, form, report } = distributionHelpers(() => world);

describe("POST distribution-report: create", () => {
  it("records an unprocessed report with its rows in order, keeping only each type's fields", async () => {
    const payer = await insertResident(t.db, A, { lastName: "Nováková", firstName: "Eva" });
    const id = await report({
      records: [
        { type: "FeePayerAdded", feePayerId: payer, code: "ignored" },
        { type: "NewBin", code: "12345", binTypeId: bin, wasteTypeId: waste },
        { type: "OrderedDisposeCount", orderedDisposeCount: "26" },
        { type: "", feePayerId: "", code: "" },
      ],
    });
    const list = await t.call("GET", url(A), { as: "worker", query: { subjectId: household } });
    expect(list.status).toBe(200);
    const item = list.body.items.find((i: { id: number }) => i.id === id);
    expect(item).toMatchObject({
      state: "unprocessed",
      centreId: centre,
      centreName: "Výdejna Komenského",
      subjectName: "Rodinný dům Nováková",
      subjectAddress: "Karlovo nám. 5",
      recordCount: 3,
      description: "Návštěva paní Novákové",
      processedAt: null,
    });
    expect(
      item.records.map((r: Record<string, unknown>) => [r.position, r.type, r.feePayerName, r.code, r.outcome]),
    ).toEqual([
      [1, "FeePayerAdded", "Eva Nováková", null, null],
      [2, "NewBin", null, "12345", null],
      [3, "OrderedDisposeCount", null, null, null],
    ]);
    expect(item.records[1]).toMatchObject({ binTypeName: "Popelnice 240 l", wasteTypeName: "Papír" });
    expect(item.records[2].orderedDisposeCount).toBe(26);
  });

  it("422 with a Czech message under each missing field, per row type", async () => {
    await expectRefused(
      t.call("POST", url(A), {
        as: "worker",
        json: {
          reportDate: "2026-02-30",
          records: [
            { type: "FeePayerAdded" },
            { type: "NewBin", code: " " },
            { type: "OrderedDisposeCount", orderedDisposeCount: "-1" },
            { type: "FeePayerChanged", feePayerId: 1 },
            { type: "Kouzlo", description: "x" },
          ],
        },
      }),
      {
        centreId: ["Vyberte distribuční centrum."],
        subjectId: ["Vyberte odběrné místo."],
        reportDate: ["Zadejte datum hlášení."],
        "records.0.feePayerId": ["Vyberte poplatníka."],
        "records.1.code": ["Zadejte kód nádoby nebo pytle."],
        "records.1.binTypeId": ["Vyberte typ nádoby."],
        "records.1.wasteTypeId": ["Vyberte druh odpadu."],
        "records.2.orderedDisposeCount": ["Zadejte celé číslo od 0 do 999."],
        "records.3.description": ["Popište změnu."],
        "records.4.type": ["Vyberte typ záznamu."],
      },
    );
    await expectRefused(t.call("POST", url(A), { as: "worker", json: form({ records: [] }) }), {
      records: ["Zadejte alespoň jeden záznam."],
    });
  });

  it("422 when the centre, the subject, a payer or a type is another municipality's", async () => {
    const payerOfB = await insertResident(t.db, B);
    const subjectOfB = await insertSubject(B, "Cudzí dom");
    await expectRefused(
      t.call("POST", url(A), {
        as: "worker",
        json: form({
          centreId: centreOfB,
          subjectId: subjectOfB,
          records: [
            { type: "FeePayerRemoved", feePayerId: payerOfB },
            { type: "NewBin", code: "1", binTypeId: binOfB, wasteTypeId: waste },
          ],
        }),
      }),
      {
        centreId: ["Vyberte distribuční centrum."],
        subjectId: ["Vyberte odběrné místo."],
        "records.0.feePayerId": ["Poplatník nebyl nalezen."],
        "records.1.binTypeId": ["Typ nádoby nebyl nalezen."],
      },
    );
    expect(await t.db.select().from(distributionReport).where(eq(distributionReport.centreId, centreOfB))).toEqual([]);
  });
});

describe("POST distribution-report/{id}/process", () => {
  it("applies every row: payer joins and leaves, the code is assigned with its types, the dispose count set → processed", async () => {
    const point = await insertSubject(A, "Bytový dům Hrotovická", {
      orderedDisposeCount: 12,
      disposeFrequencyPeriod: "Year",
    });
    const joining = await insertResident(t.db, A, { lastName: "Dvořák" });
    const leaving = await insertResident(t.db, A, { lastName: "Svoboda" });
    await t.db
      .insert(subjectFeePayer)
      .values({ municipalityId: A, subjectId: point, feePayerId: leaving, validFrom: "2024-01-01" });
    const h = await insertHeader(A);
    const id = await report({
      subjectId: point,
      reportDate: "2026-03-05",
      records: [
        { type: "FeePayerAdded", feePayerId: joining },
        { type: "FeePayerRemoved", feePayerId: leaving },
        { type: "FeePayerChanged", feePayerId: leaving, description: "Nové příjmení" },
        { type: "NewBin", code: h.barcode, binTypeId: bin, wasteTypeId: waste },
        { type: "OrderedDisposeCount", orderedDisposeCount: 52 },
        { type: "Description", description: "Předán leták" },
      ],
    });
    const res = await t.call("POST", url(A, `/${id}/process`), { as: "worker" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id,
      state: "processed",
      resultMessage: null,
      processedByName: "Worker Testovací",
    });
    expect(res.body.records.map((r: { outcome: string; message: string }) => [r.outcome, r.message])).toEqual([
      ["ok", "Poplatník přidán k odběrnému místu od 5. 3. 2026."],
      ["ok", "Členství ukončeno k 5. 3. 2026."],
      ["ok", "Změna poplatníka zaznamenána."],
      ["ok", "Kód přiřazen k odběrnému místu."],
      ["ok", "Objednaný počet vývozů je 52."],
      ["ok", null],
    ]);
    expect(res.body.records[3].wasteEvidenceHeaderId).toBe(h.id);
    expect(await membersOf(point)).toEqual(
      expect.arrayContaining([
        { feePayerId: joining, validFrom: "2026-03-05", validTo: null },
        { feePayerId: leaving, validFrom: "2024-01-01", validTo: "2026-03-05" },
      ]),
    );
    const [header] = await t.db.select().from(weh).where(eq(weh.id, h.id));
    expect(header).toMatchObject({ state: "Assigned", subjectId: point, binTypeId: bin, wasteTypeId: waste });
    const [s] = await t.db.select().from(subject).where(eq(subject.id, point));
    expect(s).toMatchObject({ orderedDisposeCount: 52, disposeFrequencyPeriod: "Year", binCount: 1 });

    // Idempotent: never applied twice.
    const again = await t.call("POST", url(A, `/${id}/process`), { as: "worker" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ Message: "Hlášení už bylo zpracováno nebo zahozeno." });
    expect(await membersOf(point)).toHaveLength(2);
  });

  it("an unknown code and a code of another point are warnings and skipped; the rest applies → warning", async () => {
    const point = await insertSubject(A, "Chata Pod Kopcem");
    const other = await insertSubject(A, "Chata Vedle");
    const taken = await insertHeader(A, { state: "Assigned", subjectId: other });
    const free = await insertHeader(A);
    const id = await report({
      subjectId: point,
      records: [
        { type: "NewBin", code: "999999", binTypeId: bin, wasteTypeId: waste },
        { type: "NewBin", code: taken.plainCode, binTypeId: bin, wasteTypeId: waste },
        { type: "NewBin", code: free.plainCode, binTypeId: bin, wasteTypeId: waste },
      ],
    });
    const res = await t.call("POST", url(A, `/${id}/process`), { as: "worker" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: "warning", resultMessage: "Přeskočené záznamy: 2 z 3." });
    expect(res.body.records.map((r: { outcome: string; message: string }) => [r.outcome, r.message])).toEqual([
      ["warning", ASSIGN_ERROR_MESSAGES.CodeNotFound],
      ["warning", ASSIGN_ERROR_MESSAGES.SubjectAlreadyAssign],
      ["ok", "Kód přiřazen k odběrnému místu."],
    ]);
    const [takenAfter] = await t.db.select().from(weh).where(eq(weh.id, taken.id));
    expect(takenAfter).toMatchObject({ state: "Assigned", subjectId: other });
    const [freeAfter] = await t.db.select().from(weh).where(eq(weh.id, free.id));
    expect(freeAfter).toMatchObject({ state: "Assigned", subjectId: point });
  });

  it("nothing could be applied → error; a refused membership leaves no row behind", async () => {
    const point = await insertSubject(A, "Dům U Mlýna");
    const member = await insertResident(t.db, A, { lastName: "Černý" });
    const stranger = await insertResident(t.db, A, { lastName: "Malý" });
    await t.db
      .insert(subjectFeePayer)
      .values({ municipalityId: A, subjectId: point, feePayerId: member, validFrom: "2025-01-01" });
    const id = await report({
      subjectId: point,
      records: [
        { type: "FeePayerAdded", feePayerId: member },
        { type: "FeePayerRemoved", feePayerId: stranger },
        { type: "Description", description: "Poznámka" },
      ],
    });
    const res = await t.call("POST", url(A, `/${id}/process`), { as: "worker" });
    expect(res.body).toMatchObject({ state: "error", resultMessage: "Žádný záznam se nepodařilo použít." });
    expect(res.body.records.map((r: { outcome: string; message: string }) => [r.outcome, r.message])).toEqual([
      ["warning", "Poplatník je k tomuto odběrnému místu v tomto období už přiřazen."],
      ["warning", "Poplatník u odběrného místa v den hlášení není."],
      ["ok", null],
    ]);
    expect(await membersOf(point)).toEqual([{ feePayerId: member, validFrom: "2025-01-01", validTo: null }]);
  });
});

describe("POST distribution-report/{id}/discard", () => {
  it("discards an unprocessed report and applies nothing; a discarded one can be neither processed nor discarded", async () => {
    const point = await insertSubject(A, "Dům Zahozený");
    const payer = await insertResident(t.db, A);
    const id = await report({ subjectId: point, records: [{ type: "FeePayerAdded", feePayerId: payer }] });
    const res = await t.call("POST", url(A, `/${id}/discard`), { as: "worker" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: "discarded", processedByName: "Worker Testovací" });
    expect(res.body.records[0].outcome).toBeNull();
    expect((await t.call("POST", url(A, `/${id}/process`), { as: "worker" })).status).toBe(409);
    expect((await t.call("POST", url(A, `/${id}/discard`), { as: "worker" })).status).toBe(409);
    expect(await membersOf(point)).toEqual([]);
  });
});

describe("demo step", () => {
  it("writes reports of every state through the services when the municipality has a centre, nothing without one", async () => {
    const m = await newMunicipality(t.db, "Demo Třebíč");
    await seedDemoDistributionReports(t.db, m);
    expect(await t.db.select().from(distributionReport).where(eq(distributionReport.municipalityId, m))).toEqual([]);
    await t.db.insert(distributionCentre).values({ municipalityId: m, name: "Výdejna Demo" });
    await t.db.insert(user).values({
      userName: "demo.clerk",
      firstName: "Dana",
      lastName: "Úřednická",
      municipalityId: m,
      roleId: (await t.db.select().from(role).limit(1))[0]!.id,
      email: "demo.clerk@test.local",
    });
    for (let i = 0; i < 3; i++) await insertSubject(m, `Dům ${i}`);
    for (let i = 0; i < 12; i++) await insertResident(t.db, m, { lastName: `Obyvatel ${i}` });
    for (let i = 0; i < 8; i++) await insertHeader(m);
    await seedDemoDistributionReports(t.db, m);
    const states = (
      await t.db
        .select({ state: distributionReport.state })
        .from(distributionReport)
        .where(eq(distributionReport.municipalityId, m))
    ).map((r) => r.state);
    expect(new Set(states)).toEqual(new Set(["processed", "warning", "error", "discarded", "unprocessed"]));
    expect(states).toHaveLength(14);
  });
});
