/**
 * Payment notices (issue 14 part 6; spec 001 §3 'Fee payers' street address is used on the payment notice';
 * contract/endpoints/payment-notice.ts): the payment settings (422 per field, 409 on a stale version), a payer's
 * notice as a PDF read back with pdftotext, all notices of a year in one PDF (its page count), tenancy, and e-mail of
 * one notice and of many as a background job, read from the outbox with the PDF attached.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { feePayer, paymentNoticeFileChunk, subject } from "../../api/db/schema";
import { purgeOldNoticeFiles } from "../../api/modules/payment-notice/jobs";
import { NOTICE_FILE_DAYS } from "#contract/payment-notice";
import { today } from "../../api/modules/subject/membership";
import { insertFee } from "./fee-fixtures";
import { insertResident, pdfText, setupApiWithIds, type CallResult, type Persona, type TestApi } from "./helpers";
import { readEml } from "./eml";

let t: TestApi;
let A: number;
let B: number;
const YEAR = Number(today().slice(0, 4));
const ids: Record<string, number> = {};

const CZ_SETTINGS = {
  account: "19-2000145399/0800",
  iban: "",
  dueDay: "31",
  dueMonth: "5",
  constantSymbol: "1148",
  noticeText: "Poplatek lze zaplatit i v pokladně městského úřadu.",
  version: 0,
};

const payer = (municipalityId: number, values: Partial<typeof feePayer.$inferInsert>) =>
  insertResident(t.db, municipalityId, { activeFrom: `${YEAR}-01-01`, ...values });

const feeOf = (values: Parameters<typeof insertFee>[2]) => insertFee(t.db, YEAR, values);

/** A PDF's page count (pdfinfo of poppler-utils is beside pdftotext; the page objects otherwise). */
const pageCount = (bytes: Uint8Array) =>
  (
    Buffer.from(bytes)
      .toString("latin1")
      .match(/\/Type \/Page\b/g) ?? []
  ).length;

const squash = (s: string | null) => (s ?? "").replace(/\s+/g, " ");
/** The payment notice (PDF) of fee `feeId` of municipality `m`, as `as` reads it. */
const notice = (m: number, feeId: number, as: Persona) =>
  t.call("GET", `/municipality/${m}/fee/${feeId}/payment-notice.pdf`, { as });
/** The text of a notice answered 200, white space folded (empty where pdftotext is missing). */
function noticeText(res: CallResult) {
  expect(res.status).toBe(200);
  return squash(pdfText(res.body));
}

/** The base64 attachments of an .eml (nodemailer writes them so): name and bytes. */
function attachments(raw: string): { name: string; type: string; bytes: Buffer }[] {
  const out: { name: string; type: string; bytes: Buffer }[] = [];
  const re =
    /Content-Type: ([^;\r\n]+);?[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*\r?\n((?:[^\r\n]+\r?\n)*?)\r?\n([A-Za-z0-9+/=\r\n]+)/g;
  for (const m of raw.matchAll(re)) {
    const head = m[2] ?? "";
    if (!/Content-Disposition: attachment/i.test(head) || !/base64/i.test(head)) continue;
    const name = /filename="?([^";\r\n]+)"?/.exec(head)?.[1] ?? "";
    out.push({ name, type: m[1]!, bytes: Buffer.from(m[3]!.replace(/\s/g, ""), "base64") });
  }
  return out;
}

beforeAll(async () => {
  ({ t, A, B } = await setupApiWithIds());
  const [point, other] = await t.db
    .insert(subject)
    .values([
      {
        municipalityId: A,
        // Named with its address, as points often are: the notice does not print the street twice.
        name: "Dvořákovi, Karlovo nám. 12",
        type: "Household",
        street: "Karlovo nám.",
        streetNumber: "12",
        city: "Třebíč",
      },
      { municipalityId: A, name: "Chata Borovina", type: "Household", city: "Třebíč" },
    ])
    .returning({ id: subject.id });
  ids.dvorak = await payer(A, {
    lastName: "Dvořák",
    variableSymbol: "7001",
    email: "jan.dvorak@example.cz",
    streetAddress: "Komenského 1103/9",
    // Typed without the space: printed as '674 01'.
    zipCode: "67401",
    city: "Třebíč",
  });
  ids.novakova = await payer(A, {
    firstName: "Eva",
    lastName: "Nováková",
    variableSymbol: "7002",
    streetAddress: "Hradební 5",
    city: "Třebíč",
  });
  ids.paid = await payer(A, { lastName: "Zaplatil", variableSymbol: "7003", email: "zaplatil@example.cz" });
  ids.foreign = await payer(B, {
    lastName: "Kováč",
    variableSymbol: "9001",
    streetAddress: "Mlynská 1",
    city: "Bratislava",
  });
  // Dvořák moved in the year: two fees, one at each collection point; one with a child's discount.
  ids.feeDvorak = await feeOf({
    municipalityId: A,
    feePayerId: ids.dvorak,
    subjectId: point!.id,
    variableSymbol: "7001",
    baseFee: "375.00",
    totalFee: "375.00",
    finalFee: "375.00",
  });
  ids.feeDvorak2 = await feeOf({
    municipalityId: A,
    feePayerId: ids.dvorak,
    subjectId: other!.id,
    variableSymbol: "7001",
    baseFee: "525.00",
    totalFee: "525.00",
    totalDiscount: "262.50",
    finalFee: "263.00",
    fixedDiscountNames: "Děti",
  });
  ids.feeNovakova = await feeOf({
    municipalityId: A,
    feePayerId: ids.novakova,
    subjectId: point!.id,
    variableSymbol: "7002",
  });
  ids.feePaid = await feeOf({ municipalityId: A, feePayerId: ids.paid, subjectId: point!.id, paid: true });
  ids.feeForeign = await feeOf({
    municipalityId: B,
    feePayerId: ids.foreign,
    finalFee: "11.67",
    baseFee: "11.67",
    totalFee: "11.67",
  });
});
afterAll(() => t?.close());

const settingsPath = () => `/municipality/${A}/payment-settings`;

describe("payment settings", () => {
  it("start empty; a worker may read but not save them", async () => {
    const res = await t.call("GET", settingsPath(), { as: "worker" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ settings: null, currency: "CZK" });
    expect((await t.call("PUT", settingsPath(), { as: "worker", json: CZ_SETTINGS })).status).toBe(403);
  });

  it("a notice needs them first (409 with the reason)", async () => {
    const res = await notice(A, ids.feeDvorak, "manager");
    expect(res.status).toBe(409);
    expect(res.body.Message).toMatch(/platební údaje/);
  });

  it("answer 422 per field in Czech", async () => {
    const res = await t.call("PUT", settingsPath(), {
      as: "manager",
      json: { ...CZ_SETTINGS, account: "2000145398/0800", iban: "CZ00 1234", dueDay: "31", dueMonth: "4" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.account[0]).toMatch(/modulo 11/);
    expect(res.body.errors.iban[0]).toMatch(/IBAN není platný/);
    expect(res.body.errors.dueDay[0]).toMatch(/den splatnosti/i);
  });

  it("are saved with the IBAN derived from the Czech account, and a stale version is 409", async () => {
    const saved = await t.call("PUT", settingsPath(), { as: "manager", json: CZ_SETTINGS });
    expect(saved.status).toBe(200);
    const read = await t.call("GET", settingsPath(), { as: "manager" });
    expect(read.body.settings).toMatchObject({
      account: "19-2000145399/0800",
      iban: "CZ6508000000192000145399",
      dueDay: 31,
      dueMonth: 5,
      constantSymbol: "1148",
      version: saved.body.version,
    });
    const stale = await t.call("PUT", settingsPath(), { as: "manager", json: { ...CZ_SETTINGS, version: 0 } });
    expect(stale.status).toBe(409);
  });

  it("a Slovak municipality needs an IBAN", async () => {
    const path = `/municipality/${B}/payment-settings`;
    const res = await t.call("PUT", path, { as: "managerB", json: { ...CZ_SETTINGS } });
    expect(res.status).toBe(422);
    expect(res.body.errors.iban[0]).toMatch(/IBAN/);
    const ok = await t.call("PUT", path, {
      as: "managerB",
      json: { ...CZ_SETTINGS, account: "", iban: "SK31 1200 0000 1987 4263 7541", constantSymbol: "0308" },
    });
    expect(ok.status).toBe(200);
  });
});

describe("a payer's notice", () => {
  it("is a PDF with the payer's name and address, the collection points, the amount, VS, account and due date", async () => {
    const res = await notice(A, ids.feeDvorak2, "worker");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`platebni-vymer-${YEAR}-7001.pdf`);
    const text = squash(pdfText(res.body));
    if (!text.trim()) return; // pdftotext missing
    expect(text).toContain("Jan Dvořák");
    expect(text).toContain("Komenského 1103/9");
    expect(text).toContain("674 01 Třebíč");
    expect(text).toContain(`Platební výměr – poplatek za odpady ${YEAR}`);
    expect(text).toContain("Odběrné místo");
    expect(text).toContain("Dvořákovi, Karlovo nám. 12, Třebíč");
    expect(text).not.toContain("Karlovo nám. 12, Karlovo nám. 12");
    expect(text).toContain("Chata Borovina");
    expect(text).toMatch(/K úhradě 638,00 Kč/);
    expect(text).toContain("Variabilní symbol 7001");
    expect(text).toContain("19-2000145399/0800");
    expect(text).toContain("CZ65 0800 0000 1920 0014 5399");
    expect(text).toContain("Konstantní symbol 1148");
    expect(text).toContain(`Splatnost 31. 5. ${YEAR}`);
    expect(text).toContain("QR Platba");
    expect(text).toContain("pokladně městského úřadu");
  });

  it("of a payer whose fees are paid says so, without payment details", async () => {
    const text = noticeText(await notice(A, ids.feePaid, "manager"));
    if (!text.trim()) return;
    expect(text).toContain("je uhrazen");
    expect(text).not.toContain("QR Platba");
  });

  it("of a Slovak municipality is in Slovak, in EUR, with PAY by square", async () => {
    const text = noticeText(await notice(B, ids.feeForeign, "managerB"));
    if (!text.trim()) return;
    expect(text).toContain("Platobný výmer");
    expect(text).toContain("Mlynská 1");
    expect(text).toMatch(/Na úhradu 11,67 €/);
    expect(text).toContain("PAY by square");
  });

  it("of another municipality's fee is 404, and the other municipality's id is refused", async () => {
    expect((await notice(A, ids.feeForeign, "manager")).status).toBe(404);
    expect((await notice(B, ids.feeForeign, "manager")).status).toBe(404);
  });
});

describe("all notices of a year", () => {
  it("are one PDF, a page per payer with something to pay (the paid one has none)", async () => {
    const res = await t.call("GET", `/municipality/${A}/payment-notice/notices.pdf`, {
      as: "worker",
      query: { year: YEAR },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(pageCount(res.body)).toBe(2);
    const text = pdfText(res.body);
    if (!text) return;
    const pages = text.split("\f").filter((p) => p.trim());
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain("Jan Dvořák");
    expect(pages[1]).toContain("Eva Nováková");
    expect(text).not.toContain("Zaplatil");
  });

  it("of a year without fees is a valid one-page PDF", async () => {
    const res = await t.call("GET", `/municipality/${A}/payment-notice/notices.pdf`, {
      as: "manager",
      query: { year: YEAR - 5 },
    });
    expect(res.status).toBe(200);
    expect(pageCount(res.body)).toBe(1);
  });
});

describe("e-mail", () => {
  it("sends a payer's notice with the PDF attached (the worker may not)", async () => {
    const path = `/municipality/${A}/fee/${ids.feeDvorak}/payment-notice/email`;
    expect((await t.call("POST", path, { as: "worker" })).status).toBe(403);
    const before = t.outbox().length;
    const res = await t.call("POST", path, { as: "manager" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: "jan.dvorak@example.cz" });
    const files = t.outbox();
    expect(files).toHaveLength(before + 1);
    const mail = readEml(files.at(-1)!);
    expect(mail.to).toContain("jan.dvorak@example.cz");
    expect(mail.subject).toBe(`Platební výměr – poplatek za odpady ${YEAR} – Třebíč`);
    expect(mail.text).toContain("K úhradě: 638,00");
    const [pdf] = attachments(fs.readFileSync(files.at(-1)!, "utf8"));
    expect(pdf).toMatchObject({ name: `platebni-vymer-${YEAR}-7001.pdf`, type: "application/pdf" });
    const text = squash(pdfText(pdf!.bytes));
    if (text.trim()) expect(text).toContain("Variabilní symbol 7001");
  });

  it("answers 409 for a payer without an address", async () => {
    const res = await t.call("POST", `/municipality/${A}/fee/${ids.feeNovakova}/payment-notice/email`, {
      as: "manager",
    });
    expect(res.status).toBe(409);
    expect(res.body.Message).toBe("Plátce nemá e-mailovou adresu.");
  });

  it("to chosen payers runs as a job: sent, and the one without an address reported", async () => {
    const before = t.outbox().length;
    const res = await t.call("POST", `/municipality/${A}/payment-notice/job`, {
      as: "manager",
      json: {
        kind: "Mail",
        year: YEAR,
        feeIds: [ids.feeDvorak, ids.feeDvorak2, ids.feeNovakova, ids.feePaid, ids.feeForeign],
      },
    });
    expect(res.status).toBe(202);
    const mailing = (await finished(res.body.id)).mailing;
    expect(mailing).toMatchObject({ id: res.body.id, state: "Done", total: 2, done: 2, failed: 1 });
    expect(mailing.failures).toEqual([
      { feePayerId: ids.novakova, name: "Eva Nováková", email: null, error: "Plátce nemá e-mailovou adresu." },
    ]);
    expect(t.outbox()).toHaveLength(before + 1);
    expect(readEml(t.outbox().at(-1)!).to).toContain("jan.dvorak@example.cz");
  });

  it("to all payers takes those with an address and something to pay; a worker may not start it", async () => {
    const path = `/municipality/${A}/payment-notice/job`;
    expect((await t.call("POST", path, { as: "worker", json: { kind: "Mail", year: YEAR } })).status).toBe(403);
    const res = await t.call("POST", path, { as: "manager", json: { kind: "Mail", year: YEAR } });
    expect(res.status).toBe(202);
    expect((await finished(res.body.id)).mailing).toMatchObject({
      state: "Done",
      total: 1,
      done: 1,
      failed: 0,
      failures: [],
    });
  });
});

/** The jobs of the year once the job `id` has ended (the worker runs in this process). */
async function finished(id: number, municipalityId = A) {
  for (;;) {
    const res = await t.call("GET", `/municipality/${municipalityId}/payment-notice/job`, {
      as: "manager",
      query: { year: YEAR },
    });
    const job = [res.body.document, res.body.mailing].find((j: any) => j?.id === id);
    if (job && (job.state === "Done" || job.state === "Failed")) return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the document job", () => {
  it("writes all notices of the year into one stored PDF, downloaded when done; other municipalities get 404", async () => {
    const res = await t.call("POST", `/municipality/${A}/payment-notice/job`, {
      as: "manager",
      json: { kind: "Document", year: YEAR },
    });
    expect(res.status).toBe(202);
    const { document } = await finished(res.body.id);
    expect(document).toMatchObject({ state: "Done", total: 2, done: 2, failed: 0 });
    const file = await t.call("GET", `/municipality/${A}/payment-notice/job/${res.body.id}/notices.pdf`, {
      as: "worker",
    });
    expect(file.status).toBe(200);
    expect(file.body.length).toBe(document.fileSize);
    expect(pageCount(file.body)).toBe(2);
    const text = pdfText(file.body);
    if (text) expect(text).toContain("Eva Nováková");
    expect(
      (await t.call("GET", `/municipality/${B}/payment-notice/job/${res.body.id}/notices.pdf`, { as: "managerB" }))
        .status,
    ).toBe(404);
  });

  it("housekeeping deletes a document's file 30 days after it was finished; the card's row stays, the download is 404", async () => {
    const res = await t.call("POST", `/municipality/${A}/payment-notice/job`, {
      as: "manager",
      json: { kind: "Document", year: YEAR },
    });
    const { document } = await finished(res.body.id);
    expect(document.fileSize).toBeGreaterThan(0);
    const chunks = async () =>
      (await t.db.select().from(paymentNoticeFileChunk).where(eq(paymentNoticeFileChunk.jobId, res.body.id))).length;
    expect(await chunks()).toBeGreaterThan(0);
    const day = 86_400_000;
    // 29 days on, the file is kept.
    expect(await purgeOldNoticeFiles(t.db, NOTICE_FILE_DAYS, new Date(Date.now() + 29 * day))).toBe(0);
    expect(await chunks()).toBeGreaterThan(0);
    // After 30 days it goes (once); the job stays Done, without a file size.
    expect(await purgeOldNoticeFiles(t.db, NOTICE_FILE_DAYS, new Date(Date.now() + 31 * day))).toBeGreaterThanOrEqual(
      1,
    );
    expect(await chunks()).toBe(0);
    expect(await purgeOldNoticeFiles(t.db, NOTICE_FILE_DAYS, new Date(Date.now() + 31 * day))).toBe(0);
    const after = await t.call("GET", `/municipality/${A}/payment-notice/job`, {
      as: "manager",
      query: { year: YEAR },
    });
    expect(after.body.document).toMatchObject({ id: res.body.id, state: "Done", fileSize: null });
    const file = await t.call("GET", `/municipality/${A}/payment-notice/job/${res.body.id}/notices.pdf`, {
      as: "worker",
    });
    expect(file.status).toBe(404);
    expect(JSON.stringify(file.body)).toMatch(/smazán/);
  });
});
