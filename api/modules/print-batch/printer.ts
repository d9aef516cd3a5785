/**
 * Printing a batch on a label printer (spec 001 §8 print results). The printer is driven by a printer handler: a
 * small service next to the printer, outside the product, at PRINTER_HANDLER_URL. The product POSTs the labels as
 * JSON and the handler answers { result, protocolVersion } with one of the print results; the handler fills its own
 * label template. The protocol is versioned so that an old handler is recognised and the user is told to install a
 * new one (spec 001 §8 'an outdated communication module message'); docs/api-bins.md 'The printer handler protocol'.
 */
import { PRINT_RESULTS, type PrintOutcome, type PrintResult } from "#contract/print-batch";
import type { LabelData } from "./labels";

/**
 * The protocol version the product speaks, sent in every job. Version 1 was the first protocol, without versions
 * (a handler of it answers without `protocolVersion`); version 2 added them.
 */
export const PRINTER_PROTOCOL_VERSION = 2;
/** The oldest handler protocol the product still works with; a handler answering an older one is outdated. */
export const MIN_HANDLER_PROTOCOL_VERSION = 2;
/** A handler's answer without `protocolVersion` comes from before the protocol was versioned. */
const UNVERSIONED_PROTOCOL = 1;

/** What the handler receives. */
export interface PrintJob {
  /** PRINTER_PROTOCOL_VERSION; a handler that does not speak it answers HTTP 426. */
  protocolVersion: number;
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

/** The version a handler's answer states: a positive integer, or the unversioned protocol 1 without one. */
function answeredVersion(v: unknown): number {
  return typeof v === "number" && Number.isInteger(v) && v > 0 ? v : UNVERSIONED_PROTOCOL;
}

/**
 * Sends the job (with PRINTER_PROTOCOL_VERSION) and maps the answer:
 * - no handler configured, unreachable or timed out → HandlerNotRunning;
 * - HTTP 426 Upgrade Required (the handler does not speak the job's protocol) → OutdatedModule;
 * - an answer that is not one of the print results → PrintSendFailed;
 * - a print result from a handler whose `protocolVersion` is below MIN_HANDLER_PROTOCOL_VERSION (or missing: version
 *   1) → OutdatedModule;
 * - otherwise that result (OK only with a 2xx status, else PrintSendFailed).
 */
export async function sendToPrinter(
  handlerUrl: string | undefined,
  job: Omit<PrintJob, "protocolVersion">,
): Promise<PrintOutcome> {
  if (!handlerUrl) return "HandlerNotRunning";
  const body: PrintJob = { protocolVersion: PRINTER_PROTOCOL_VERSION, ...job };
  let res: Response;
  try {
    res = await fetch(handlerUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(PRINTER_TIMEOUT_MS),
    });
  } catch {
    return "HandlerNotRunning";
  }
  if (res.status === 426) {
    await res.body?.cancel().catch(() => undefined);
    return "OutdatedModule";
  }
  const answer = (await res.json().catch(() => null)) as { result?: unknown; protocolVersion?: unknown } | null;
  const result = answer?.result;
  if (!isPrintResult(result)) return "PrintSendFailed";
  if (answeredVersion(answer?.protocolVersion) < MIN_HANDLER_PROTOCOL_VERSION) return "OutdatedModule";
  if (result === "OK" && !res.ok) return "PrintSendFailed";
  return result;
}
