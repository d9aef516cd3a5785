/**
 * Print batch API tests: POST print-batch/{id}/printed (spec 001 §4 Generated → Printed); POST print-batch/{id}/print
 * (spec 001 §8 print results; the handler protocol, version 2). Shared setup in ./print-batch-fixtures.ts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { printBatch } from "../../api/db/schema";
import {
  MIN_HANDLER_PROTOCOL_VERSION,
  PRINTER_PROTOCOL_VERSION,
  sendToPrinter,
} from "../../api/modules/print-batch/printer";
import { setupApi } from "./helpers";
import {
  type HandlerReply,
  CURRENT,
  printJobs,
  printRequests,
  answerWith,
  PRINTER_URL,
  t,
  A,
  fixedBin,
  url,
  headersOf,
  createNoSubject,
  setupPrintBatchTests,
} from "./print-batch-fixtures";

setupPrintBatchTests();

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

describe("POST print-batch/{id}/print (spec 001 §8 print results; the handler protocol, version 2)", () => {
  const FAILED = "Nepodařilo se vytisknout kód.";
  const OUTDATED = `${FAILED} Komunikační modul tiskárny je zastaralý. Nainstalujte jeho novou verzi.`;
  const print = (id: number) => t.call("POST", url(A, `/${id}/print`), { as: "manager" });
  const stateOf = async (id: number) => (await t.db.select().from(printBatch).where(eq(printBatch.id, id)))[0]!.state;

  it("OK from the handler: the job (protocol version 2, the labels in order) was received and the batch is Printed", async () => {
    answerWith({ json: { result: "OK", ...CURRENT } });
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
    answerWith({ json: { result: "OK", protocolVersion: PRINTER_PROTOCOL_VERSION + 1 } });
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
      answerWith(answer);
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
      answerWith(answer);
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
