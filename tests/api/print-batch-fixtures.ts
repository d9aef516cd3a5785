/**
 * Shared setup of the print batch API tests (tests/api/print-batch-*.test.ts, split by topic for issue 12).
 * Spec 001 §2 'Print batches', §3 Print batch, §4 Generated → Printed, §8 print results, §9 code types, through
 * /v1/municipality/{id}/print-batch… (docs/api-bins.md 'Print batches', docs/decisions/0012): code generation in one
 * transaction, validation, tenancy, mark printed, delete (only while no code is in use), the labels PDF (opened with
 * poppler) and the printer handler (a service outside the product; a real local HTTP server stands in for it and
 * answers what each test sets, per docs/api-bins.md 'The printer handler protocol').
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll } from "vitest";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { binType, printBatch, subject, wasteEvidenceHeader, wasteEvidenceHeaderHistory } from "../../api/db/schema";
import { PRINTER_PROTOCOL_VERSION } from "../../api/modules/print-batch/printer";
import { setupApiWithIds, type TestApi, createdId } from "./helpers";

/** A job as the printer handler received it. */
export type ReceivedJob = {
  protocolVersion: number;
  printBatchId: number;
  municipalityId: number;
  rfid: boolean;
  labels: { barcode: string; plainCode: string }[];
};
/** What the stand-in handler answers next: a status and a JSON body, a raw text body, or a dropped connection. */
export type HandlerReply = { status?: number; json?: unknown; text?: string; drop?: boolean };
export const CURRENT = { protocolVersion: PRINTER_PROTOCOL_VERSION };
export const DEFAULT_REPLY: HandlerReply = { json: { result: "OK", ...CURRENT } };

/** Every job the printer handler received, with its request's method, path and content type. */
export const printJobs: ReceivedJob[] = [];
export const printRequests: { method: string; path: string; contentType: string }[] = [];
let reply: HandlerReply = DEFAULT_REPLY;
/** Sets what the stand-in handler answers until the end of the test (then it answers DEFAULT_REPLY again). */
export function answerWith(next: HandlerReply): void {
  reply = next;
}

/** The stand-in printer handler: a real HTTP server on a free local port. */
export const printer = http.createServer((req, res) => {
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
export let PRINTER_URL: string;

export let t: TestApi;
export let A: number;
export let B: number;
/** Catalogue bin types: a fixed bin and a disposable bag. */
export let fixedBin: { id: number; name: string };
export let bag: { id: number; name: string };

export const url = (m: number, rest = "") => `/municipality/${m}/print-batch${rest}`;
export const BATCH_NOT_FOUND = { Message: "Dávka nebyla nalezena." };

export async function catalogueType(kind: "fixed" | "disposable") {
  const [row] = await t.db
    .select({ id: binType.id, name: binType.name })
    .from(binType)
    .where(and(isNull(binType.municipalityId), eq(binType.kind, kind), eq(binType.active, true)))
    .orderBy(asc(binType.id))
    .limit(1);
  return row!;
}

export async function insertSubject(municipalityId: number, name: string, shortName: string | null = null) {
  const [row] = await t.db
    .insert(subject)
    .values({ municipalityId, type: "Household", name, shortName })
    .returning({ id: subject.id });
  return row!.id;
}

export async function headersOf(batchId: number) {
  return t.db
    .select()
    .from(wasteEvidenceHeader)
    .where(eq(wasteEvidenceHeader.printBatchId, batchId))
    .orderBy(asc(wasteEvidenceHeader.id));
}

/** The history events of these bins (who, and for which subject), for checking what a batch recorded. */
export const eventsOf = (headers: { id: number }[]) =>
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

export async function createNoSubject(municipalityId = A, over: Record<string, unknown> = {}) {
  return createdId(
    await t.call("POST", url(municipalityId), {
      as: municipalityId === A ? "manager" : "managerB",
      json: { codeType: "NoSubject", codeCount: 2, binTypeIds: [fixedBin.id], ...over },
    }),
  );
}

export const batchCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(printBatch))[0]!.n;

/** Opens this file's API (a fresh database) before its tests and closes it after. */
export function setupPrintBatchTests(): void {
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
}
