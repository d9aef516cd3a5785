import { Readable } from "node:stream";
import zlib from "node:zlib";

/**
 * Compresses what the product writes on the fly (HTML pages, React Router data, /v1 JSON, CSV): brotli when the
 * browser takes it, else gzip (issue 11: a list page was 880–993 KB on the wire). Hashed assets are compressed once
 * at build time instead (serving/static.ts). Pages stream: each chunk React writes is flushed through, so the
 * shell still reaches the browser before the rest. Quality is kept moderate: this runs on the request's thread.
 */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|x-www-form-urlencoded)|image\/svg\+xml|[^;]+\+json)/i;
/** Below this a known length is sent as it is: the headers would outweigh the gain. */
export const MIN_COMPRESS_BYTES = 1024;

export type Encoding = "br" | "gzip";

/** The best encoding the request accepts (q=0 refuses one), or null. */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return null;
}

function compressor(encoding: Encoding) {
  return encoding === "br"
    ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
    : zlib.createGzip({ level: 6 });
}

/**
 * A streamed page goes to the compressor once per turn of the event loop, not per chunk: React writes a page's shell
 * as dozens of small chunks in one go, and a compressor write (a thread-pool round trip), a flush and a socket write
 * for each were a sixth of a page's server time. What arrives later (a deferred part) goes on its own turn, so
 * streaming still works.
 */
function compressEachTurn(source: Readable, packed: zlib.BrotliCompress | zlib.Gzip) {
  let pending: Buffer[] = [];
  const send = () => {
    if (!pending.length || packed.destroyed || packed.writableEnded) return;
    packed.write(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
    packed.flush();
  };
  source.on("data", (chunk: Buffer) => {
    if (!pending.length) setImmediate(send);
    pending.push(chunk);
  });
  source.on("end", () => {
    send();
    packed.end();
  });
}

/** The response compressed for the request's Accept-Encoding, when its type and size are worth it. */
export function compressResponse(response: Response, acceptEncoding: string | null | undefined): Response {
  if (!response.body || response.headers.has("Content-Encoding")) return response;
  if (response.status === 204 || response.status === 304 || response.status === 206) return response;
  const type = response.headers.get("Content-Type") ?? "";
  if (!COMPRESSIBLE.test(type)) return response;
  const length = response.headers.get("Content-Length");
  if (length !== null && Number(length) < MIN_COMPRESS_BYTES) return response;
  const encoding = negotiateEncoding(acceptEncoding);
  const headers = new Headers(response.headers);
  headers.append("Vary", "Accept-Encoding");
  if (!encoding) return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  headers.set("Content-Encoding", encoding);
  headers.delete("Content-Length");
  const source = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>);
  const packed = compressor(encoding);
  if (type.startsWith("text/html")) compressEachTurn(source, packed);
  else source.pipe(packed);
  source.on("error", (err) => packed.destroy(err));
  const body = Readable.toWeb(packed) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
