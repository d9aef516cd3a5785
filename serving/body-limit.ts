/**
 * Request bodies are limited before anything reads them (issue 11 security 6: 50 MB posts were read whole before
 * the sign-in check). A declared Content-Length over the limit is answered 413 at once; a chunked body is counted as
 * it streams and stops at the limit (the handler's read fails, the answer becomes the same 413). Forms and JSON
 * get 1 MB; the CSV import uploads keep their own streamed limit (contract/waste-card.ts) plus the multipart
 * envelope. The 413 closes the connection, so an unread rest is not drained.
 */
import { WASTE_CARD_IMPORT_MAX_BYTES } from "../contract/waste-card";

export const BODY_LIMIT = 1024 * 1024;
export const UPLOAD_LIMIT = WASTE_CARD_IMPORT_MAX_BYTES + 1024 * 1024;
const UPLOAD_PATHS = [/^\/infrastructure\/waste-cards\/import\/?$/, /^\/v1\/municipality\/\d+\/waste-card\/import\/?$/];

export function bodyLimitFor(pathname: string): number {
  return UPLOAD_PATHS.some((re) => re.test(pathname)) ? UPLOAD_LIMIT : BODY_LIMIT;
}

export function tooLarge(pathname: string, limit: number): Response {
  const megabytes = Math.round(limit / 2 ** 20);
  const message = `Požadavek je příliš velký (nejvýše ${megabytes} MB).`;
  const headers = { Connection: "close", "Cache-Control": "no-store" };
  if (pathname.startsWith("/v1/")) {
    return Response.json({ Message: message }, { status: 413, headers });
  }
  return new Response(`<!doctype html><html lang="cs"><meta charset="utf-8"><title>413</title><p>${message}</p></html>`, {
    status: 413,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8" },
  });
}

export interface LimitedRequest {
  request: Request;
  /** True once the body went over the limit while it was read. */
  exceeded(): boolean;
}

/** The request with its body limited, or the 413 answer when its declared length is already over the limit. */
export function limitBody(request: Request): LimitedRequest | Response {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD") return { request, exceeded: () => false };
  const { pathname } = new URL(request.url);
  const limit = bodyLimitFor(pathname);
  const declared = request.headers.get("Content-Length");
  if (declared !== null) {
    // Node refuses a body longer than its declared length, so a declared one within the limit is safe.
    return Number(declared) > limit ? tooLarge(pathname, limit) : { request, exceeded: () => false };
  }
  if (!request.body) return { request, exceeded: () => false };
  let seen = 0;
  let over = false;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) {
          over = true;
          controller.error(new Error("request body over the limit"));
        } else controller.enqueue(chunk);
      },
    }),
  );
  const limited = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: counted,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
  return { request: limited, exceeded: () => over };
}
