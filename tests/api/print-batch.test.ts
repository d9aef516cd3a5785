/**
 * Spec 001 §2 'Print batches', §3 Print batch, §4 Generated → Printed, §8 print results, §9 code types, through
 * /v1/municipality/{id}/print-batch… (docs/api-bins.md 'Print batches', docs/decisions/0012): code generation in one
 * transaction, validation, tenancy, mark printed, delete (only while no code is in use), the labels PDF (opened with
 * poppler) and the printer handler (a service outside the product; a real local HTTP server stands in for it and
 * answers what each test sets, per docs/api-bins.md 'The printer handler protocol').
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  binType,
  codeSequence,
  disposeCount,
  printBatch,
  subject,
  wasteEvidenceHeader,
  wasteEvidenceHeaderHistory,
} from "../../api/db/schema";
import {
  MIN_HANDLER_PROTOCOL_VERSION,
  PRINTER_PROTOCOL_VERSION,
  sendToPrinter,
} from "../../api/modules/print-batch/printer";
import { parseBarcode } from "#contract/codes";
import { batchInUseMessage } from "#contract/print-batch";
import { setupApi, setupApiWithIds, type TestApi, createdId } from "./helpers";

/** A job as the printer handler received it. */
type ReceivedJob = {
  protocolVersion: number;
  printBatchId: number;
  municipalityId: number;
  rfid: boolean;
  labels: { barcode: string; plainCode: string }[];
};
/** What the stand-in handler answers next: a status and a JSON body, a raw text body, or a dropped connection. */
type HandlerReply = { status?: number; json?: unknown; text?: string; drop?: boolean };
const CURRENT = { protocolVersion: PRINTER_PROTOCOL_VERSION };
const DEFAULT_REPLY: HandlerReply = { json: { result: "OK", ...CURRENT } };

/** Every job the printer handler received, with its request's method, path and content type. */
const printJobs: ReceivedJob[] = [];
const printRequests: { method: string; path: string; contentType: string }[] = [];
let reply: HandlerReply = DEFAULT_REPLY;

/** The stand-in printer handler: a real HTTP server on a free local port. */
const printer = http.createServer((req, res) => {
  let raw = "";
  req.setEncoding("utf8");
  req.on("data", (chunk: string) => (raw += chunk));
  req.on("end", () => {
    printRequests.push({
      method: req.method ?? "",
      path: req.url ?? "",
      contentType: req.headers["content-type"] ?? "",
    });
    printJobs.push(JSON.parse(raw) as ReceivedJob);
    if (reply.drop) {
      req.socket.destroy();
      return;
    }
    const text = reply.text ?? JSON.stringify(reply.json ?? {});
    res.writeHead(reply.status ?? 200, {
      "Content-Type": reply.text !== undefined ? "text/plain" : "application/json",
    });
    res.end(text);
  });
});
let PRINTER_URL: string;

let t: TestApi;
let A: number;
let B: number;
/** Catalogue bin types: a fixed bin and a disposable bag. */
let fixedBin: { id: number; name: string };
let bag: { id: number; name: string };

const url = (m: number, rest = "") => `/municipality/${m}/print-batch${rest}`;
const BATCH_NOT_FOUND = { Message: "Dávka nebyla nalezena." };

async function catalogueType(kind: "fixed" | "disposable") {
  const [row] = await t.db
    .select({ id: binType.id, name: binType.name })
    .from(binType)
    .where(and(isNull(binType.municipalityId), eq(binType.kind, kind), eq(binType.active, true)))
    .orderBy(asc(binType.id))
    .limit(1);
  return row!;
}

async function insertSubject(municipalityId: number, name: string, shortName: string | null = null) {
  const [row] = await t.db
    .insert(subject)
    .values({ municipalityId, type: "Household", name, shortName })
    .returning({ id: subject.id });
  return row!.id;
}

async function headersOf(batchId: number) {
  return t.db
    .select()
    .from(wasteEvidenceHeader)
    .where(eq(wasteEvidenceHeader.printBatchId, batchId))
    .orderBy(asc(wasteEvidenceHeader.id));
}

/** The history events of these bins (who, and for which subject), for checking what a batch recorded. */
const eventsOf = (headers: { id: number }[]) =>
  t.db
    .select({
      event: wasteEvidenceHeaderHistory.event,
      userId: wasteEvidenceHeaderHistory.userId,
      subjectId: wasteEvidenceHeaderHistory.subjectId,
    })
    .from(wasteEvidenceHeaderHistory)
    .where(
      inArray(
        wasteEvidenceHeaderHistory.headerId,
        headers.map((h) => h.id),
      ),
    );

async function createNoSubject(municipalityId = A, over: Record<string, unknown> = {}) {
  return createdId(
    await t.call("POST", url(municipalityId), {
      as: municipalityId === A ? "manager" : "managerB",
      json: { codeType: "NoSubject", codeCount: 2, binTypeIds: [fixedBin.id], ...over },
    }),
  );
}

const batchCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(printBatch))[0]!.n;

beforeAll(async () => {
  await new Promise<void>((resolve) => printer.listen(0, "127.0.0.1", resolve));
  PRINTER_URL = `http://127.0.0.1:${(printer.address() as AddressInfo).port}/print`;
  ({ t, A, B } = await setupApiWithIds({ config: { printerHandlerUrl: PRINTER_URL } }));
  fixedBin = await catalogueType("fixed");
  bag = await catalogueType("disposable");
});
afterEach(() => {
  reply = DEFAULT_REPLY;
  printJobs.length = 0;
  printRequests.length = 0;
});
afterAll(async () => {
  await new Promise((resolve) => printer.close(resolve));
  await t?.close();
});

describe("POST print-batch (spec 001 §2, §9 code types)", () => {
  it("NoSubject: 3 codes × 2 bin types → 6 Free headers with unique, check-protected barcodes and sequential plain codes", async () => {
    const res = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "NoSubject", codeCount: 3, binTypeIds: [fixedBin.id, bag.id], rfid: true, note: "Jaro 2025" },
    });
    expect(res.status).toBe(201);
    const id = res.body.id as number;

    const [batch] = await t.db.select().from(printBatch).where(eq(printBatch.id, id));
    expect(batch).toMatchObject({
      municipalityId: A,
      codeType: "NoSubject",
      codeCount: 3,
      binTypeIds: [fixedBin.id, bag.id],
      rfid: true,
      note: "Jaro 2025",
      state: "Generated",
      createdBy: t.fixtures.users.manager.id,
    });

    const headers = await headersOf(id);
    expect(headers).toHaveLength(6);
    expect(new Set(headers.map((h) => h.barcode)).size).toBe(6);
    for (const h of headers) {
      expect(h).toMatchObject({
        municipalityId: A,
        state: "Free",
        subjectId: null,
        assignedAt: null,
        printBatchId: id,
      });
      // The barcode names the municipality and the plain code (docs/decisions/0012).
      expect(parseBarcode(h.barcode)).toEqual({ municipalityId: A, plainCode: Number(h.plainCode) });
    }
    // The first batch of the municipality: plain codes 1…6, grouped by bin type; a bag is disposable.
    expect(headers.map((h) => h.plainCode)).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(headers.map((h) => h.binTypeId)).toEqual([fixedBin.id, fixedBin.id, fixedBin.id, bag.id, bag.id, bag.id]);
    expect(headers.map((h) => h.disposable)).toEqual([false, false, false, true, true, true]);

    const events = await eventsOf(headers);
    expect(events).toHaveLength(6);
    expect(events.every((e) => e.event === "Created" && e.userId === t.fixtures.users.manager.id)).toBe(true);

    // The next batch continues the municipality's numbering.
    const next = await createNoSubject(A, { codeCount: 2 });
    expect((await headersOf(next)).map((h) => h.plainCode)).toEqual(["7", "8"]);
    const [seq] = await t.db.select().from(codeSequence).where(eq(codeSequence.municipalityId, A));
    expect(seq!.lastPlainCode).toBe(8);
  });

  it("Regular for 2 subjects → Assigned codes with subject, time and user; the subjects' bin counts follow", async () => {
    const novak = await insertSubject(A, "Rodinný dům Novák", "RD Novák");
    const dvorak = await insertSubject(A, "Rodinný dům Dvořák");
    const res = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "Regular", subjectIds: [novak, dvorak], binTypeIds: [fixedBin.id] },
    });
    expect(res.status).toBe(201);
    const headers = await headersOf(res.body.id);
    expect(headers.map((h) => h.subjectId)).toEqual([novak, dvorak]);
    for (const h of headers) {
      expect(h.state).toBe("Assigned");
      expect(h.assignedAt).toBeInstanceOf(Date);
      expect(h.assignedBy).toBe(t.fixtures.users.manager.id);
    }
    const [batch] = await t.db.select().from(printBatch).where(eq(printBatch.id, res.body.id));
    expect(batch).toMatchObject({ codeType: "Regular", codeCount: 2 });

    const events = await eventsOf(headers);
    expect(events.filter((e) => e.event === "Created")).toHaveLength(2);
    expect(
      events
        .filter((e) => e.event === "Assigned")
        .map((e) => e.subjectId)
        .sort(),
    ).toEqual([novak, dvorak].sort());

    const counts = await t.db
      .select({ id: subject.id, binCount: subject.binCount })
      .from(subject)
      .where(inArray(subject.id, [novak, dvorak]));
    expect(counts.every((c) => c.binCount === 1)).toBe(true);
  });

  it("concurrent batches never share a plain code", async () => {
    const ids = await Promise.all([1, 2, 3].map(() => createNoSubject(A, { codeCount: 5 })));
    const codes = (await Promise.all(ids.map(headersOf))).flat().map((h) => h.plainCode);
    expect(codes).toHaveLength(15);
    expect(new Set(codes).size).toBe(15);
  });

  it("422 for a missing code count, no bin types, too many codes, another municipality's subject or bin type; nothing written", async () => {
    const before = await batchCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ codeType: "NoSubject", binTypeIds: [fixedBin.id] }, "codeCount", "Zadejte počet kódů 1 až 5 000."],
      [
        { codeType: "NoSubject", codeCount: 5001, binTypeIds: [fixedBin.id] },
        "codeCount",
        "Zadejte počet kódů 1 až 5 000.",
      ],
      [
        { codeType: "NoSubject", codeCount: 0, binTypeIds: [fixedBin.id] },
        "codeCount",
        "Zadejte počet kódů 1 až 5 000.",
      ],
      [{ codeType: "NoSubject", codeCount: 5, binTypeIds: [] }, "binTypeIds", "Vyberte alespoň jeden typ nádoby."],
      [{ codeType: "Regular", binTypeIds: [fixedBin.id] }, "subjectIds", "Vyberte alespoň jedno odběrné místo."],
      [
        { codeType: "NoSubject", codeCount: 5000, binTypeIds: [fixedBin.id, bag.id, fixedBin.id + 1] },
        "codeCount",
        "Dávka může mít nejvýše 10 000 štítků; rozdělte ji.",
      ],
      [{ codeType: "Other", codeCount: 1, binTypeIds: [fixedBin.id] }, "codeType", "Vyberte typ kódu."],
    ];
    for (const [json, field, message] of cases) {
      const res = await t.call("POST", url(A), { as: "manager", json });
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }

    const foreignSubject = await insertSubject(B, "Bytový dom Petržalka");
    const ownSubject = await insertSubject(A, "Chata U lesa");
    const res = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "Regular", subjectIds: [ownSubject, foreignSubject], binTypeIds: [fixedBin.id] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ subjectIds: ["Odběrné místo nebylo nalezeno."] });

    const [bOwnType] = await t.db
      .insert(binType)
      .values({ municipalityId: B, name: "Kontajner 5000 l", category: "container", capacity: 5000 })
      .returning({ id: binType.id });
    const foreignType = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "NoSubject", codeCount: 1, binTypeIds: [bOwnType!.id] },
    });
    expect(foreignType.status).toBe(422);
    expect(foreignType.body.errors).toEqual({ binTypeIds: ["Typ nádoby nebyl nalezen."] });

    expect(await batchCount()).toBe(before);
    const [owned] = await t.db.select().from(subject).where(eq(subject.id, ownSubject));
    expect(owned!.binCount).toBe(0);
  });

  it("a municipality's own bin type is accepted; the read-only administrator may not create (403)", async () => {
    const [own] = await t.db
      .insert(binType)
      .values({ municipalityId: A, name: "Kontejner obce 3000 l", category: "container", capacity: 3000 })
      .returning({ id: binType.id });
    const id = await createNoSubject(A, { codeCount: 1, binTypeIds: [own!.id] });
    expect((await headersOf(id))[0]!.binTypeId).toBe(own!.id);

    const readonly = await t.call("POST", url(A), {
      as: "readonly",
      json: { codeType: "NoSubject", codeCount: 1, binTypeIds: [fixedBin.id] },
    });
    expect(readonly.status).toBe(403);
  });
});

describe("GET print-batch and print-batch/{id}", () => {
  it("lists newest first with bin type names, author and label count; filters by state", async () => {
    const older = await createNoSubject(A, { codeCount: 2, binTypeIds: [fixedBin.id, bag.id], note: "Starší" });
    const newer = await createNoSubject(A, { codeCount: 1, note: "Novější" });
    const res = await t.call("GET", url(A), { as: "manager", query: { pageSize: 200 } });
    expect(res.status).toBe(200);
    const ids = res.body.items.map((i: { id: number }) => i.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(res.body.total).toBe(res.body.items.length);
    const item = res.body.items.find((i: { id: number }) => i.id === older);
    expect(item).toEqual({
      id: older,
      createdAt: expect.any(String),
      codeType: "NoSubject",
      codeCount: 2,
      binTypeNames: [fixedBin.name, bag.name],
      rfid: false,
      note: "Starší",
      state: "Generated",
      createdByName: "Manager Testovací",
      labelCount: 4,
    });

    const printed = await t.call("GET", url(A), { as: "manager", query: { state: "Printed" } });
    expect(printed.body.items.every((i: { state: string }) => i.state === "Printed")).toBe(true);
    expect(printed.body.items.map((i: { id: number }) => i.id)).not.toContain(older);

    const page = await t.call("GET", url(A), { as: "manager", query: { pageSize: 1, page: 2 } });
    expect(page.body.items).toHaveLength(1);
    expect(page.body.total).toBe(res.body.total);
  });

  it("sorts by the list's keys (contract/lists.ts): createdAt oldest first; an unknown sort is a 422", async () => {
    const older = await createNoSubject(A, { codeCount: 1 });
    const newer = await createNoSubject(A, { codeCount: 1 });
    const oldest = await t.call("GET", url(A), { as: "manager", query: { pageSize: 200, sort: "createdAt" } });
    const ids = oldest.body.items.map((i: { id: number }) => i.id);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    const byId = await t.call("GET", url(A), { as: "manager", query: { pageSize: 200, sort: "-id" } });
    expect(byId.body.items.map((i: { id: number }) => i.id)).toEqual([...ids].sort((x, y) => y - x));
    const unknown = await t.call("GET", url(A), { as: "manager", query: { sort: "note" } });
    expect(unknown.status).toBe(422);
  });

  it("the detail pages through the batch's codes with bin and subject names", async () => {
    const novak = await insertSubject(A, "Rodinný dům Nováková", "RD Nováková");
    const created = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "Regular", subjectIds: [novak], binTypeIds: [fixedBin.id, bag.id], note: "Adresné" },
    });
    const id = created.body.id as number;
    const res = await t.call("GET", url(A, `/${id}`), { as: "manager", query: { pageSize: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      codeType: "Regular",
      codeCount: 1,
      binTypeIds: [fixedBin.id, bag.id],
      binTypeNames: [fixedBin.name, bag.name],
      state: "Generated",
      printedAt: null,
      labelCount: 2,
      codes: { total: 2 },
    });
    expect(res.body.codes.items).toEqual([
      {
        id: expect.any(Number),
        barcode: expect.stringMatching(/^\d{13}$/),
        plainCode: expect.any(String),
        binName: fixedBin.name,
        subjectId: novak,
        subjectName: "Rodinný dům Nováková",
        state: "Assigned",
      },
    ]);
    const second = await t.call("GET", url(A, `/${id}`), { as: "manager", query: { pageSize: 1, page: 2 } });
    expect(second.body.codes.items[0].binName).toBe(bag.name);
  });

  it("another municipality's batch is not found: through B's path 404 (tenancy), through A's path 'Dávka nebyla nalezena.'", async () => {
    const bBatch = await createNoSubject(B, { codeCount: 1 });
    const viaB = await t.call("GET", url(B, `/${bBatch}`), { as: "manager" });
    expect(viaB.status).toBe(404);
    for (const [method, rest] of [
      ["GET", ""],
      ["GET", "/labels.pdf"],
      ["POST", "/printed"],
      ["POST", "/print"],
      ["DELETE", ""],
    ] as const) {
      const viaA = await t.call(method, url(A, `/${bBatch}${rest}`), { as: "manager" });
      expect(viaA.status, `${method} ${rest}`).toBe(404);
      expect(viaA.body).toEqual(BATCH_NOT_FOUND);
    }
    const [still] = await t.db.select().from(printBatch).where(eq(printBatch.id, bBatch));
    expect(still!.state).toBe("Generated");
    expect(printJobs).toHaveLength(0);
  });
});

describe("POST print-batch/{id}/printed (spec 001 §4 Generated → Printed)", () => {
  it("marks the batch printed once; a second time 409 'Dávka už byla vytištěna.'", async () => {
    const id = await createNoSubject(A);
    const res = await t.call("POST", url(A, `/${id}/printed`), { as: "manager" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, state: "Printed" });
    const [row] = await t.db.select().from(printBatch).where(eq(printBatch.id, id));
    expect(row!.state).toBe("Printed");
    expect(row!.printedAt).toBeInstanceOf(Date);

    const again = await t.call("POST", url(A, `/${id}/printed`), { as: "manager" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ Message: "Dávka už byla vytištěna." });
  });
});

describe("GET print-batch/{id}/labels.pdf", () => {
  it("is a PDF download of every label with the plain codes, the municipality and the subjects' short names", async () => {
    const novak = await insertSubject(A, "Rodinný dům Horák", "RD Horák");
    const created = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "Regular", subjectIds: [novak], binTypeIds: [fixedBin.id] },
    });
    const free = await createNoSubject(A, { codeCount: 30 });
    const regularHeaders = await headersOf(created.body.id);
    const freeHeaders = await headersOf(free);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "labels-"));
    try {
      const res = await t.call("GET", url(A, `/${free}/labels.pdf`), { as: "manager" });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toMatch(
        new RegExp(`^attachment; filename="stitky-${free}\\.pdf"`),
      );
      const pdf = Buffer.from(res.body as Uint8Array);
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const file = path.join(dir, "free.pdf");
      fs.writeFileSync(file, pdf);

      // 30 labels: two A4 sheets of 24.
      const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
      expect(info).toMatch(/Pages:\s+2\b/);
      expect(info).toMatch(/Page size:\s+595\.\d* x 841\.\d* pts \(A4\)/);
      const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
      expect(text).toContain("Třebíč");
      for (const h of freeHeaders) {
        expect(text).toMatch(new RegExp(`\\b${h.plainCode}\\b`));
        expect(text).toContain(h.barcode);
      }
      // The first page renders (poppler opens the document).
      execFileSync("pdftoppm", ["-r", "50", "-png", "-f", "1", "-l", "1", file, path.join(dir, "page")]);
      const png = fs.readdirSync(dir).find((f) => f.startsWith("page") && f.endsWith(".png"));
      expect(png).toBeDefined();
      const image = fs.readFileSync(path.join(dir, png!));
      expect(image.subarray(1, 4).toString("latin1")).toBe("PNG");
      expect(image.length).toBeGreaterThan(1000);

      const addressed = await t.call("GET", url(A, `/${created.body.id}/labels.pdf`), { as: "manager" });
      const addressedFile = path.join(dir, "regular.pdf");
      fs.writeFileSync(addressedFile, Buffer.from(addressed.body as Uint8Array));
      const addressedText = execFileSync("pdftotext", [addressedFile, "-"], { encoding: "utf8" });
      expect(addressedText).toContain("RD Horák");
      expect(addressedText).toContain(regularHeaders[0]!.plainCode);
      expect(addressedText).toContain(fixedBin.name);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("POST print-batch/{id}/print (spec 001 §8 print results; the handler protocol, version 2)", () => {
  const FAILED = "Nepodařilo se vytisknout kód.";
  const OUTDATED = `${FAILED} Komunikační modul tiskárny je zastaralý. Nainstalujte jeho novou verzi.`;
  const print = (id: number) => t.call("POST", url(A, `/${id}/print`), { as: "manager" });
  const stateOf = async (id: number) => (await t.db.select().from(printBatch).where(eq(printBatch.id, id)))[0]!.state;

  it("OK from the handler: the job (protocol version 2, the labels in order) was received and the batch is Printed", async () => {
    reply = { json: { result: "OK", ...CURRENT } };
    const id = await createNoSubject(A, { codeCount: 2, rfid: true });
    const res = await print(id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: "OK", message: "Štítky byly odeslány na tiskárnu." });
    expect(printRequests).toEqual([{ method: "POST", path: "/print", contentType: "application/json" }]);
    expect(printJobs).toHaveLength(1);
    const headers = await headersOf(id);
    expect(printJobs[0]).toMatchObject({ protocolVersion: 2, printBatchId: id, municipalityId: A, rfid: true });
    expect(printJobs[0]!.labels.map((l) => l.barcode)).toEqual(headers.map((h) => h.barcode));
    expect(printJobs[0]!.labels[0]).toEqual({
      barcode: headers[0]!.barcode,
      plainCode: headers[0]!.plainCode,
      municipalityName: "Třebíč",
      subjectShortName: null,
      binName: fixedBin.name,
    });
    expect(await stateOf(id)).toBe("Printed");
  });

  it("a newer handler (a higher protocolVersion) is fine", async () => {
    reply = { json: { result: "OK", protocolVersion: PRINTER_PROTOCOL_VERSION + 1 } };
    const id = await createNoSubject(A, { codeCount: 1 });
    expect((await print(id)).body.result).toBe("OK");
    expect(await stateOf(id)).toBe("Printed");
  });

  it("a failure the handler reports is shown with 'Nepodařilo se vytisknout kód.'; the batch stays Generated", async () => {
    const id = await createNoSubject(A);
    const cases: [HandlerReply, string, string][] = [
      [{ json: { result: "TemplateNotFound", ...CURRENT } }, "TemplateNotFound", "Šablona štítku nebyla nalezena."],
      [{ status: 404, json: { result: "ClientNotFound", ...CURRENT } }, "ClientNotFound", "Tiskárna nebyla nalezena."],
      [
        { status: 422, json: { result: "PrintDataVariableMismatch", ...CURRENT } },
        "PrintDataVariableMismatch",
        "Data štítků neodpovídají šabloně tiskárny.",
      ],
      // An answer the product does not understand, or OK with an error status.
      [{ status: 500, json: { error: "boom" } }, "PrintSendFailed", "Odeslání na tiskárnu selhalo."],
      [{ status: 500, json: { result: "OK", ...CURRENT } }, "PrintSendFailed", "Odeslání na tiskárnu selhalo."],
      [{ text: "OK" }, "PrintSendFailed", "Odeslání na tiskárnu selhalo."],
      // The handler took the request and dropped the connection.
      [{ drop: true }, "HandlerNotRunning", "Tisková služba neběží."],
    ];
    for (const [answer, result, sentence] of cases) {
      reply = answer;
      const res = await print(id);
      expect(res.status, result).toBe(200);
      expect(res.body, JSON.stringify(answer)).toEqual({ result, message: `${FAILED} ${sentence}` });
    }
    expect(printJobs).toHaveLength(cases.length);
    expect(await stateOf(id)).toBe("Generated");
  });

  it("an outdated handler: HTTP 426, a protocolVersion below the minimum or none at all (version 1) → OutdatedModule", async () => {
    expect(MIN_HANDLER_PROTOCOL_VERSION).toBe(2);
    const id = await createNoSubject(A);
    const outdated: HandlerReply[] = [
      { status: 426, json: { result: "PrintSendFailed", protocolVersion: 1 } },
      { status: 426, text: "Upgrade Required" },
      { json: { result: "OK", protocolVersion: 1 } },
      { json: { result: "OK" } },
      { json: { result: "TemplateNotFound", protocolVersion: 1 } },
    ];
    for (const answer of outdated) {
      reply = answer;
      const res = await print(id);
      expect(res.status).toBe(200);
      expect(res.body, JSON.stringify(answer)).toEqual({ result: "OutdatedModule", message: OUTDATED });
    }
    // Every attempt reached the handler with the product's version; none printed the batch.
    expect(printJobs.map((j) => j.protocolVersion)).toEqual(outdated.map(() => 2));
    expect(await stateOf(id)).toBe("Generated");
  });

  it("sendToPrinter: no handler listening on the address, or none configured → HandlerNotRunning", async () => {
    // A port that was free a moment ago: nothing answers there.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const job = { printBatchId: 1, municipalityId: A, rfid: false, labels: [] };
    await expect(sendToPrinter(`http://127.0.0.1:${port}/print`, job)).resolves.toBe("HandlerNotRunning");
    await expect(sendToPrinter(undefined, job)).resolves.toBe("HandlerNotRunning");
    await expect(sendToPrinter(PRINTER_URL, job)).resolves.toBe("OK");
    expect(printJobs).toEqual([{ protocolVersion: 2, ...job }]);
  });

  it("without a printer handler configured → HandlerNotRunning", async () => {
    const bare = await setupApi();
    try {
      const a = bare.fixtures.municipalities.a.id;
      const created = await bare.call("POST", url(a), {
        as: "manager",
        json: { codeType: "NoSubject", codeCount: 1, binTypeIds: [fixedBin.id] },
      });
      expect(created.status).toBe(201);
      const res = await bare.call("POST", url(a, `/${created.body.id}/print`), { as: "manager" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        result: "HandlerNotRunning",
        message: "Nepodařilo se vytisknout kód. Tisková služba neběží.",
      });
      expect(printJobs).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });
});

describe("DELETE print-batch/{id} (spec 001 §8 'Failures shown: delete of … print batches')", () => {
  const wehUrl = (m: number, rest = "") => `/municipality/${m}/waste-evidence-header${rest}`;
  const del = (id: number, as: "manager" | "worker" | "readonly" | "managerB" | "citizen" = "manager", m = A) =>
    t.call("DELETE", url(m, `/${id}`), { as });
  const batchExists = async (id: number) =>
    (await t.db.select({ id: printBatch.id }).from(printBatch).where(eq(printBatch.id, id))).length === 1;

  it("a batch whose codes are all Free and unused is deleted with its codes and their history; numbers are not reused", async () => {
    const id = await createNoSubject(A, { codeCount: 3, binTypeIds: [fixedBin.id, bag.id] });
    const codes = await headersOf(id);
    expect(codes).toHaveLength(6);
    expect(await eventsOf(codes)).toHaveLength(6);
    const [before] = await t.db.select().from(codeSequence).where(eq(codeSequence.municipalityId, A));

    const res = await del(id);
    expect(res.status).toBe(204);
    expect(await batchExists(id)).toBe(false);
    const left = await t.db
      .select({ id: wasteEvidenceHeader.id })
      .from(wasteEvidenceHeader)
      .where(
        inArray(
          wasteEvidenceHeader.id,
          codes.map((c) => c.id),
        ),
      );
    expect(left).toEqual([]);
    expect(await eventsOf(codes)).toEqual([]);
    // The barcodes are gone: a scanner finds nothing.
    const found = await t.call("GET", `/municipality/${A}/find-code-by-barcode`, {
      as: "manager",
      query: { barcode: codes[0]!.barcode },
    });
    expect(found.status).toBe(404);

    // The next batch continues after the deleted codes: a printed label never names another bin.
    const next = await createNoSubject(A, { codeCount: 1 });
    expect((await headersOf(next))[0]!.plainCode).toBe(String(before!.lastPlainCode + 1));
    // Deleted already: 404.
    const again = await del(id);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(BATCH_NOT_FOUND);
  });

  it("a Printed batch of unused codes may be deleted too; the municipality worker may delete", async () => {
    const id = await createNoSubject(A, { codeCount: 1 });
    expect((await t.call("POST", url(A, `/${id}/printed`), { as: "manager" })).status).toBe(200);
    expect((await del(id, "worker")).status).toBe(204);
    expect(await batchExists(id)).toBe(false);
  });

  it("a batch with a code assigned to a collection point → 409 with the count; nothing is deleted", async () => {
    const id = await createNoSubject(A, { codeCount: 3 });
    const codes = await headersOf(id);
    const novak = await insertSubject(A, "Rodinný dům Černý");
    const assigned = await t.call("POST", wehUrl(A, "/assign"), {
      as: "manager",
      json: { subjectId: novak, codes: [codes[1]!.plainCode] },
    });
    expect(assigned.body.assigned).toBe(1);

    const res = await del(id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ Message: "Tiskovou dávku nelze smazat, 1 kód je již použit." });
    expect(await batchExists(id)).toBe(true);
    expect((await headersOf(id)).map((h) => h.id)).toEqual(codes.map((c) => c.id));
    expect(await eventsOf(codes)).toHaveLength(4);
  });

  it("a code assigned once and released again (its collection point deleted) still counts as used", async () => {
    const id = await createNoSubject(A, { codeCount: 2 });
    const codes = await headersOf(id);
    const temporary = await insertSubject(A, "Chata Na skále");
    await t.call("POST", wehUrl(A, "/assign"), {
      as: "manager",
      json: { subjectId: temporary, codes: codes.map((c) => c.plainCode) },
    });
    expect((await t.call("DELETE", `/municipality/${A}/subject/${temporary}`, { as: "manager" })).status).toBe(204);
    const released = await headersOf(id);
    expect(released.map((h) => [h.state, h.subjectId])).toEqual([
      ["Free", null],
      ["Free", null],
    ]);
    const res = await del(id);
    expect(res.status).toBe(409);
    expect(res.body.Message).toBe("Tiskovou dávku nelze smazat, 2 kódy jsou již použity.");
    expect(await batchExists(id)).toBe(true);
  });

  it("a discarded code, or a code with dispose counts (collections), is in use", async () => {
    const discarded = await createNoSubject(A, { codeCount: 2 });
    const [d] = await headersOf(discarded);
    expect((await t.call("POST", wehUrl(A, "/discard"), { as: "manager", json: { ids: [d!.id] } })).status).toBe(200);
    const res = await del(discarded);
    expect(res.status).toBe(409);
    expect(res.body.Message).toBe("Tiskovou dávku nelze smazat, 1 kód je již použit.");

    const collected = await createNoSubject(A, { codeCount: 1 });
    const [c] = await headersOf(collected);
    await t.db.insert(disposeCount).values({ headerId: c!.id, year: 2025, month: 3, actualCount: 1 });
    expect((await del(collected)).status).toBe(409);
    expect(await batchExists(discarded)).toBe(true);
    expect(await batchExists(collected)).toBe(true);
  });

  it("an addressed batch untouched since it was made (6 subjects × 2 bin types) is deleted; the bin counts drop back", async () => {
    const subjects = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => insertSubject(A, `Bytový dům ${n}`)));
    const created = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "Regular", subjectIds: subjects, binTypeIds: [fixedBin.id, bag.id] },
    });
    const binCounts = async () =>
      (await t.db.select({ binCount: subject.binCount }).from(subject).where(inArray(subject.id, subjects))).map(
        (c) => c.binCount,
      );
    expect(await binCounts()).toEqual([2, 2, 2, 2, 2, 2]);
    const res = await del(created.body.id);
    expect(res.status).toBe(204);
    expect(await headersOf(created.body.id)).toEqual([]);
    expect(await binCounts()).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("an addressed batch with one code moved to another collection point → 409 '1 kód je již použit.'", async () => {
    const [first, second, other] = await Promise.all(["Dům A", "Dům B", "Dům C"].map((n) => insertSubject(A, n)));
    const created = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "Regular", subjectIds: [first, second], binTypeIds: [fixedBin.id] },
    });
    const codes = await headersOf(created.body.id);
    const moved = await t.call("POST", wehUrl(A, "/transfer"), {
      as: "manager",
      json: { ids: [codes[0]!.id], subjectId: other },
    });
    expect(moved.status).toBe(200);
    const res = await del(created.body.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ Message: "Tiskovou dávku nelze smazat, 1 kód je již použit." });
    expect(await headersOf(created.body.id)).toHaveLength(2);
  });

  it("the message's Czech plural: 1 kód, 2–4 kódy, 5 and more kódů", () => {
    expect(batchInUseMessage(1)).toBe("Tiskovou dávku nelze smazat, 1 kód je již použit.");
    expect(batchInUseMessage(4)).toBe("Tiskovou dávku nelze smazat, 4 kódy jsou již použity.");
    expect(batchInUseMessage(5)).toBe("Tiskovou dávku nelze smazat, 5 kódů je již použito.");
    expect(batchInUseMessage(10000)).toBe("Tiskovou dávku nelze smazat, 10000 kódů je již použito.");
  });

  it("another municipality's batch → 404 and it stays; the read-only administrator and a citizen → 403", async () => {
    const bBatch = await createNoSubject(B, { codeCount: 1 });
    const viaA = await del(bBatch, "manager", A);
    expect(viaA.status).toBe(404);
    expect(viaA.body).toEqual(BATCH_NOT_FOUND);
    const viaB = await del(bBatch, "manager", B);
    expect(viaB.status).toBe(404);
    expect(await batchExists(bBatch)).toBe(true);
    expect(await headersOf(bBatch)).toHaveLength(1);

    const own = await createNoSubject(A, { codeCount: 1 });
    expect((await del(own, "readonly")).status).toBe(403);
    expect((await del(own, "citizen")).status).toBe(403);
    expect(await batchExists(own)).toBe(true);
    expect(await headersOf(own)).toHaveLength(1);
    // B's own manager may delete it.
    expect((await del(bBatch, "managerB", B)).status).toBe(204);
  });
});
