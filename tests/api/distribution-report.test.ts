/**
 * Distribution reports (issue 15 part 3; docs/distribution-reports.md): create with per-field 422, the list with its
 * sub rows and filters, processing (rows applied: memberships, codes, dispose count; a bad code a warning; nothing
 * applied an error; never twice), discard, the CSV export, its e-mail read from the outbox, tenancy and permissions.
 * Centres are inserted straight into their table (their module is another's).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  binType,
  distributionCentre,
  distributionReport,
  distributionReportRecord,
  role,
  subject,
  subjectFeePayer,
  user,
  wasteEvidenceHeader as weh,
  wasteType,
} from "../../api/db/schema";
import { makeBarcode } from "#contract/codes";
import { ASSIGN_ERROR_MESSAGES } from "#contract/waste-evidence-header";
import { createdId, expectRefused, insertResident, newMunicipality, setupApiWithIds, type TestApi } from "./helpers";
import { readEml } from "./eml";
import { seedDemoDistributionReports } from "../../api/demo/distribution-reports";

let t: TestApi;
let A: number;
let B: number;
let centre: number;
let centreOfB: number;
let household: number;
let bin: number;
let waste: number;
let binOfB: number;

const url = (m: number, rest = "") => `/municipality/${m}/distribution-report${rest}`;

async function insertSubject(municipalityId: number, name: string, over: Partial<typeof subject.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(subject)
    .values({
      type: "Household",
      name,
      city: "Třebíč",
      street: "Karlovo nám.",
      streetNumber: "5",
      municipalityId,
      ...over,
    })
    .returning({ id: subject.id });
  return row!.id;
}
let plain = 500;
async function insertHeader(municipalityId: number, over: Partial<typeof weh.$inferInsert> = {}) {
  const code = plain++;
  const [row] = await t.db
    .insert(weh)
    .values({ barcode: makeBarcode(municipalityId, code), plainCode: String(code), municipalityId, ...over })
    .returning();
  return row!;
}
const membersOf = (subjectId: number) =>
  t.db
    .select({
      feePayerId: subjectFeePayer.feePayerId,
      validFrom: subjectFeePayer.validFrom,
      validTo: subjectFeePayer.validTo,
    })
    .from(subjectFeePayer)
    .where(eq(subjectFeePayer.subjectId, subjectId));

const form = (over: Record<string, unknown> = {}) => ({
  centreId: centre,
  subjectId: household,
  reportDate: "2026-03-02",
  description: "Návštěva paní Novákové",
  records: [{ type: "Description", description: "Bez změn" }],
  ...over,
});
/** A worker's report in A from the form with `over`: its id. */
const report = async (over: Record<string, unknown> = {}) =>
  createdId(await t.call("POST", url(A), { as: "worker", json: form(over) }));

beforeAll(async () => {
  ({ t, A, B } = await setupApiWithIds());
  const [c1] = await t.db
    .insert(distributionCentre)
    .values({ municipalityId: A, name: "Výdejna Komenského" })
    .returning({ id: distributionCentre.id });
  const [c2] = await t.db
    .insert(distributionCentre)
    .values({ municipalityId: B, name: "Výdajňa Petržalka" })
    .returning({ id: distributionCentre.id });
  centre = c1!.id;
  centreOfB = c2!.id;
  household = await insertSubject(A, "Rodinný dům Nováková");
  const [w] = await t.db.insert(wasteType).values({ name: "Papír", municipalityId: A }).returning({ id: wasteType.id });
  waste = w!.id;
  const [b] = await t.db
    .insert(binType)
    .values({ name: "Popelnice 240 l", category: "bin", capacity: 240, municipalityId: A })
    .returning({ id: binType.id });
  bin = b!.id;
  const [b2] = await t.db
    .insert(binType)
    .values({ name: "Kontajner", category: "container", capacity: 1100, municipalityId: B })
    .returning({ id: binType.id });
  binOfB = b2!.id;
});
afterAll(() => t?.close());

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

describe("GET distribution-report: filters, export", () => {
  let m: number;
  let c: number;
  let first: number;
  beforeAll(async () => {
    // A municipality of its own: the list and the CSV are exact.
    m = await newMunicipality(t.db, "Okříšky");
    const [row] = await t.db
      .insert(distributionCentre)
      .values({ municipalityId: m, name: 'Výdejna; "Na rohu"' })
      .returning();
    c = row!.id;
    const s1 = await insertSubject(m, "Dům Lípa");
    const s2 = await insertSubject(m, "Dům Javor");
    const payer = await insertResident(t.db, m, { lastName: "Lípová", firstName: "Jana" });
    const [r1] = await t.db
      .insert(distributionReport)
      .values({
        municipalityId: m,
        centreId: c,
        subjectId: s1,
        reportDate: "2026-01-10",
        recordCount: 2,
        state: "processed",
      })
      .returning();
    await t.db
      .insert(distributionReport)
      .values({
        municipalityId: m,
        centreId: c,
        subjectId: s2,
        reportDate: "2026-02-10",
        recordCount: 0,
        description: "=1+1",
      })
      .returning();
    first = r1!.id;
    await t.db.insert(distributionReportRecord).values([
      { reportId: r1!.id, position: 1, type: "FeePayerAdded", feePayerId: payer, outcome: "ok", message: "Přidán." },
      { reportId: r1!.id, position: 2, type: "OrderedDisposeCount", orderedDisposeCount: 12, outcome: "ok" },
    ]);
  });

  it("filters by state, dates, centre and the collection point's name; sorts; pages", async () => {
    const q = async (query: Record<string, string | number>) =>
      (await t.call("GET", url(m), { as: "admin", query })).body as { items: { subjectName: string }[]; total: number };
    expect((await q({})).items.map((i) => i.subjectName)).toEqual(["Dům Javor", "Dům Lípa"]);
    expect((await q({ sort: "reportDate" })).items.map((i) => i.subjectName)).toEqual(["Dům Lípa", "Dům Javor"]);
    expect((await q({ state: "processed" })).items.map((i) => i.subjectName)).toEqual(["Dům Lípa"]);
    expect((await q({ dateFrom: "2026-02-01" })).items.map((i) => i.subjectName)).toEqual(["Dům Javor"]);
    expect((await q({ search: "javor" })).total).toBe(1);
    expect((await q({ centreId: centre })).total).toBe(0);
    const paged = await q({ pageSize: 1, page: 2 });
    expect({ total: paged.total, names: paged.items.map((i) => i.subjectName) }).toEqual({
      total: 2,
      names: ["Dům Lípa"],
    });
  });

  it("CSV: BOM, ';', Czech headers, one line per sub row, a report without rows as one line, safe cells", async () => {
    const res = await t.call("GET", url(m, "/export.csv"), { as: "admin", query: { sort: "reportDate" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="hlaseni-distribucnich-center-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    // The file starts with a BOM (spreadsheets read it as UTF-8); the test's reader drops it when decoding.
    const raw = await t.app.request(`http://test.local/v1${url(m, "/export.csv")}`, {
      headers: { Authorization: `Bearer ${await t.token("admin")}` },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.body as string;
    expect(text.startsWith("Číslo hlášení;Datum;Stav;Distribuční centrum;Odběrné místo;Adresa;Počet záznamů;")).toBe(
      true,
    );
    const lines = text.trimEnd().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      `${first};2026-01-10;Zpracované;"Výdejna; ""Na rohu""";Dům Lípa;Karlovo nám. 5;2;;;1;Přidaný poplatník;Jana Lípová;;;;;;V pořádku;Přidán.`,
    );
    expect(lines[2]).toBe(
      `${first};2026-01-10;Zpracované;"Výdejna; ""Na rohu""";Dům Lípa;Karlovo nám. 5;2;;;2;Objednaný počet vývozů;;;;;12;;V pořádku;`,
    );
    expect(lines[3]).toMatch(/;2026-02-10;Nezpracované;.*;Dům Javor;Karlovo nám\. 5;0;'=1\+1;;;;;;;;;;;$/);
    const filtered = await t.call("GET", url(m, "/export.csv"), { as: "admin", query: { state: "unprocessed" } });
    expect((filtered.body as string).trimEnd().split("\r\n")).toHaveLength(2);
  });

  it("e-mails the filtered export as a CSV attachment (a job; the message in the outbox)", async () => {
    const before = t.outbox().length;
    const res = await t.call("POST", url(m, "/mail"), {
      as: "manager",
      query: { state: "processed" },
      json: { email: " urad@okrisky.cz " },
    });
    expect(res.status).toBe(404); // the manager of A is not Okříšky's
    const ok = await t.call("POST", url(m, "/mail"), {
      as: "admin",
      query: { state: "processed" },
      json: { email: " urad@okrisky.cz " },
    });
    expect(ok.status).toBe(202);
    expect(ok.body).toEqual({ email: "urad@okrisky.cz" });
    // The job writes the message as a file: wait until it is there and whole (its attachment readable).
    const until = Date.now() + 30_000;
    let mail: ReturnType<typeof readEml> | undefined;
    while (!mail && Date.now() < until) {
      const files = t.outbox().slice(before);
      let read: ReturnType<typeof readEml> | undefined;
      try {
        read = files.length ? readEml(files[0]!) : undefined;
      } catch {
        read = undefined; // still being written
      }
      if (read?.attachments.length) mail = read;
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(t.outbox().slice(before)).toHaveLength(1);
    expect(mail).toMatchObject({ to: "urad@okrisky.cz", subject: "Hlášení distribučních center" });
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]!.filename).toMatch(/^hlaseni-distribucnich-center-.*\.csv$/);
    const csv = mail!.attachments[0]!.content.toString("utf8");
    expect(csv.startsWith("\uFEFFČíslo hlášení;")).toBe(true);
    expect(csv.trimEnd().split("\r\n")).toHaveLength(3);
    await expectRefused(t.call("POST", url(m, "/mail"), { as: "admin", json: { email: "" } }), {
      email: ["Zadejte e-mail, na který se export pošle."],
    });
  });
});

describe("tenancy and permissions", () => {
  it("another municipality's report is not found; a citizen and the read-only administrator are refused", async () => {
    const id = await report();
    const foreign = await t.call("POST", url(B, `/${id}/process`), { as: "managerB" });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ Message: "Hlášení distribučního centra nebylo nalezeno." });
    expect((await t.call("POST", url(B, `/${id}/discard`), { as: "managerB" })).status).toBe(404);
    expect((await t.call("GET", url(A), { as: "managerB" })).status).not.toBe(200);
    expect((await t.call("GET", url(A), { as: "citizen" })).status).toBe(403);
    expect((await t.call("POST", url(A, `/${id}/process`), { as: "readonly" })).status).toBe(403);
    const [row] = await t.db
      .select({ state: distributionReport.state })
      .from(distributionReport)
      .where(eq(distributionReport.id, id));
    expect(row!.state).toBe("unprocessed");
  });
});

describe("POST distribution-report/process-selected and discard-selected", () => {
  it("processes the checked reports one by one; one not unprocessed or another municipality's is skipped with the reason", async () => {
    const point = await insertSubject(A, "Dům Hromadný");
    const payer = await insertResident(t.db, A, { lastName: "Hromadná" });
    const joins = await report({ subjectId: point, records: [{ type: "FeePayerAdded", feePayerId: payer }] });
    const plainReport = await report({ subjectId: point });
    const discarded = await report({ subjectId: point });
    expect((await t.call("POST", url(A, `/${discarded}/discard`), { as: "worker" })).status).toBe(200);
    const foreign = createdId(
      await t.call("POST", url(B), {
        as: "managerB",
        json: {
          centreId: centreOfB,
          subjectId: await insertSubject(B, "Dom Bratislava"),
          reportDate: "2026-03-02",
          records: [{ type: "Description", description: "Bez zmien" }],
        },
      }),
    );

    const res = await t.call("POST", url(A, "/process-selected"), {
      as: "worker",
      json: { ids: [joins, discarded, plainReport, foreign, joins] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      done: 2,
      skipped: 2,
      results: [
        { id: joins, done: true, state: "processed", message: null },
        { id: discarded, done: false, state: null, message: "Hlášení už bylo zpracováno nebo zahozeno." },
        { id: plainReport, done: true, state: "processed", message: null },
        { id: foreign, done: false, state: null, message: "Hlášení distribučního centra nebylo nalezeno." },
      ],
    });
    expect(await membersOf(point)).toEqual([{ feePayerId: payer, validFrom: "2026-03-02", validTo: null }]);
    const states = await t.db
      .select({ id: distributionReport.id, state: distributionReport.state })
      .from(distributionReport)
      .where(eq(distributionReport.id, foreign));
    expect(states).toEqual([{ id: foreign, state: "unprocessed" }]);

    // Pressed again: nothing is applied twice, every report is skipped.
    const again = await t.call("POST", url(A, "/process-selected"), { as: "worker", json: { ids: [joins] } });
    expect(again.body).toMatchObject({ done: 0, skipped: 1 });
    expect(await membersOf(point)).toHaveLength(1);
  });

  it("discards the checked unprocessed reports, skips the rest; nothing checked is 422, the read-only administrator 403", async () => {
    const point = await insertSubject(A, "Dům Zahozený hromadně");
    const payer = await insertResident(t.db, A);
    const first = await report({ subjectId: point, records: [{ type: "FeePayerAdded", feePayerId: payer }] });
    const second = await report({ subjectId: point });
    expect((await t.call("POST", url(A, `/${second}/process`), { as: "worker" })).status).toBe(200);
    const res = await t.call("POST", url(A, "/discard-selected"), { as: "worker", json: { ids: [first, second] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      done: 1,
      skipped: 1,
      results: [
        { id: first, done: true, state: "discarded", message: null },
        { id: second, done: false, state: null, message: "Hlášení už bylo zpracováno nebo zahozeno." },
      ],
    });
    expect(await membersOf(point)).toEqual([]);
    await expectRefused(t.call("POST", url(A, "/discard-selected"), { as: "worker", json: { ids: [] } }), {
      ids: ["Vyberte položky."],
    });
    expect((await t.call("POST", url(A, "/process-selected"), { as: "readonly", json: { ids: [first] } })).status).toBe(
      403,
    );
    expect((await t.call("POST", url(A, "/process-selected"), { as: "citizen", json: { ids: [first] } })).status).toBe(
      403,
    );
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
