/**
 * Printing a batch on a label printer (spec 001 §8 print results). The printer is driven by a printer handler: a
 * small service next to the printer, outside the product, at PRINTER_HANDLER_URL. The product POSTs the labels as
 * JSON and the handler answers { result } with one of the print results; the handler fills its own label template.
 */
import { PRINT_RESULTS, type PrintResult } from "#contract/print-batch";
import type { LabelData } from "./labels";

/** What the handler receives. */
export interface PrintJob {
  printBatchId: number;
  municipalityId: number;
  /** The batch's labels carry RFID chips (the handler encodes each chip with the barcode). */
  rfid: boolean;
  labels: LabelData[];
}

/** A handler that takes longer than this to accept the job is treated as not running. */
export const PRINTER_TIMEOUT_MS = 30_000;

const isPrintResult = (v: unknown): v is PrintResult =>
  typeof v === "string" && (PRINT_RESULTS as readonly string[]).includes(v);

/**
 * Sends the job and maps the answer: no handler configured, unreachable or timed out → HandlerNotRunning; a known
 * result → that result (OK only with a 2xx status); anything else the handler says → PrintSendFailed.
 */
export async function sendToPrinter(handlerUrl: string | undefined, job: PrintJob): Promise<PrintResult> {
  if (!handlerUrl) return "HandlerNotRunning";
  let res: Response;
  try {
    res = await fetch(handlerUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(job),
      signal: AbortSignal.timeout(PRINTER_TIMEOUT_MS),
    });
  } catch {
    return "HandlerNotRunning";
  }
  const answer = (await res.json().catch(() => null)) as { result?: unknown } | null;
  const result = answer?.result;
  if (!isPrintResult(result)) return "PrintSendFailed";
  if (result === "OK" && !res.ok) return "PrintSendFailed";
  return result;
}
