/**
 * A streaming reader of one file field of a multipart/form-data body (RFC 7578), on the maintained parser
 * @fastify/busboy (docs/decisions/0026-multipart-parser.md). Hono's formData() would hold the whole upload in memory;
 * an import of hundreds of thousands of rows is read chunk by chunk instead, with backpressure from the reader of
 * the file down to the request body, so memory stays flat whatever the file's size. Only what an import needs: the
 * first part with the given field name that carries a file.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { Busboy, type BusboyFileStream } from "@fastify/busboy";

/** The body is not a well-formed multipart body (bad boundary, cut off, too many parts, headers too long). */
export class MultipartError extends Error {}

export interface MultipartFile {
  fileName: string;
  /** The part's media type without parameters (text/plain when the part names none). */
  contentType: string | null;
  /** The file's bytes as they arrive; the body's end (or a cancel) ends them. */
  chunks: AsyncGenerator<Buffer>;
  /** The short text fields sent before the file (a form's selects, in document order before the file input). */
  fields: Record<string, string>;
}

/** A text field longer than this is cut (the import form's fields are names of a type or a format). */
const MAX_FIELD_BYTES = 1024;

const MAX_HEADER_BYTES = 16 * 1024;
/** Parts before (and with) the file: a form sends a handful; more is not an upload from this product. */
const MAX_PARTS = 100;

/** The boundary of a multipart/form-data content type, or null. */
export function multipartBoundary(contentType: string | null | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  return boundary && boundary.length <= 70 ? boundary : null;
}

const cut = (cause?: unknown) => new MultipartError("incomplete multipart body", { cause });

/**
 * Finds the part named `field` that carries a file and streams its content. Parts before it are skipped; the
 * rest of the body after it is read only as far as the reader of the file goes (and then to its end). null when
 * the body has no such part; MultipartError when the body is not a complete multipart body with this boundary.
 */
export async function readMultipartFile(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  field: string,
): Promise<MultipartFile | null> {
  const parser = Busboy({
    headers: { "content-type": `multipart/form-data; boundary="${boundary}"` },
    // The name as the browser sent it (the import checks and stores it); a part is a file when it names one.
    preservePath: true,
    isPartAFile: (_name, _type, fileName) => fileName !== undefined,
    limits: { headerSize: MAX_HEADER_BYTES, parts: MAX_PARTS, fieldSize: MAX_FIELD_BYTES },
  });
  // The pipeline below answers the parser's first error; a later one (after it settled) must not go unhandled.
  parser.on("error", () => undefined);
  const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);

  return new Promise<MultipartFile | null>((resolve, reject) => {
    let settled = false;
    let wanted: BusboyFileStream | null = null;
    let wantedEnded = false;
    const stop = () => source.destroy();
    const fields: Record<string, string> = {};
    parser.on("field", (name, value) => {
      if (!settled && !(name in fields)) fields[name] = value;
    });

    parser.on("file", (name, stream, fileName, _encoding, mimeType) => {
      // busboy reports a cut-off part by emitting 'error' on its stream (then ends it): make that a failure of the
      // stream, so its reader sees an error rather than a short file.
      stream.on("error", (err) => {
        if (!stream.destroyed) stream.destroy(err instanceof MultipartError ? err : cut(err));
      });
      if (settled || name !== field) {
        stream.resume();
        return;
      }
      settled = true;
      wanted = stream;
      stream.once("end", () => (wantedEnded = true));
      resolve({ fileName, contentType: mimeType || null, chunks: chunksOf(stream, () => wantedEnded, stop), fields });
    });
    parser.on("partsLimit", () => {
      if (settled) return;
      settled = true;
      stop();
      reject(new MultipartError("too many multipart parts"));
    });

    pipeline(source, parser).then(
      () => {
        if (settled) return;
        settled = true;
        resolve(null);
      },
      (err: unknown) => {
        // A body that ends early, breaks off or does not use the boundary.
        if (!settled) {
          settled = true;
          reject(err instanceof MultipartError ? err : cut(err));
        } else if (wanted && !wantedEnded && !wanted.destroyed) {
          wanted.destroy(cut(err));
        }
      },
    );
  });
}

/** The file's bytes as its reader pulls them; a reader that stops early stops the reading of the body. */
async function* chunksOf(stream: BusboyFileStream, ended: () => boolean, stop: () => void): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } catch (err) {
    throw err instanceof MultipartError ? err : cut(err);
  } finally {
    if (!ended()) stop();
  }
}
