/**
 * Distribution reports (issue 15 part 3; docs/distribution-reports.md), the list side: filters, sorting and paging,
 * the CSV export and its e-mail read from the outbox, tenancy and permissions, and the bulk process and discard.
 * Create, process, discard and the demo step are distribution-report.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { distributionCentre, distributionReport, distributionReportRecord } from "../../api/db/schema";
import { createdId, expectRefused, insertResident, newMunicipality, type TestApi } from "./helpers";
import { readEml } from "./eml";
import { distributionHelpers, distributionWorld, url, type DistributionWorld } from "./distribution-report-world";

let t: TestApi;
let A: number;
let B: number;
let centre: number;
let centreOfB: number;
let world: DistributionWorld;
beforeAll(async () => {
  world = await distributionWorld();
  ({ t, A, B, centre, centreOfB } = world);
});
afterAll(() => t?.close());

const { insertSubject, membersOf, report } = distributionHelpers(() => world);

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
