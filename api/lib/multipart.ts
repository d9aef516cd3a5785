/**
 * A streaming reader of one file field of a multipart/form-data body (RFC 7578). Hono's formData() would hold the
 * whole upload in memory; an import of hundreds of thousands of rows is read chunk by chunk instead, so memory stays
 * flat whatever the file's size. Only what an import needs: the first part with the given field name.
 */

export class MultipartError extends Error {}

export interface MultipartFile {
  fileName: string;
  contentType: string | null;
  /** The file's bytes as they arrive; the body's end (or a cancel) ends them. */
  chunks: AsyncGenerator<Buffer>;
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const MAX_HEADER_BYTES = 16 * 1024;

/** The boundary of a multipart/form-data content type, or null. */
export function multipartBoundary(contentType: string | null | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  return boundary && boundary.length <= 70 ? boundary : null;
}

/** `name` and `filename` of a Content-Disposition header (quoted or plain values; browsers send UTF-8). */
function disposition(value: string): { name?: string; fileName?: string } {
  const param = (key: string) => {
    const m = new RegExp(`;\\s*${key}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, "i").exec(value);
    const v = m?.[1] ?? m?.[2]?.trim();
    return v === undefined ? undefined : v.replace(/\\(.)/g, "$1");
  };
  return { name: param("name"), fileName: param("filename") };
}

/** Pulls chunks from the body on demand and keeps what was read but not used yet. */
class Reader {
  buf: Buffer = Buffer.alloc(0);
  ended = false;
  constructor(private source: ReadableStreamDefaultReader<Uint8Array>) {}

  /** Reads one more chunk; false at the end of the body. */
  async more(): Promise<boolean> {
    if (this.ended) return false;
    const { done, value } = await this.source.read();
    if (done) {
      this.ended = true;
      return false;
    }
    this.buf = this.buf.length ? Buffer.concat([this.buf, value]) : Buffer.from(value);
    return true;
  }

  /** Makes sure at least n bytes are buffered (fewer only at the end of the body). */
  async need(n: number): Promise<void> {
    while (this.buf.length < n && (await this.more()));
  }

  cancel() {
    void this.source.cancel().catch(() => undefined);
  }
}

/**
 * Finds the part named `field` that carries a file and streams its content. Parts before it are skipped; the
 * rest of the body after it is not read. null when the body has no such part.
 */
export async function readMultipartFile(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  field: string,
): Promise<MultipartFile | null> {
  const reader = new Reader(body.getReader());
  const dashBoundary = Buffer.from(`--${boundary}`);
  // Every boundary after the first is preceded by CRLF, which belongs to the delimiter, not to the content.
  const delimiter = Buffer.from(`\r\n--${boundary}`);

  // The preamble (normally empty) up to the first boundary.
  for (;;) {
    const at = reader.buf.indexOf(dashBoundary);
    if (at >= 0) {
      reader.buf = reader.buf.subarray(at + dashBoundary.length);
      break;
    }
    if (reader.buf.length > MAX_HEADER_BYTES) throw new MultipartError("no multipart boundary");
    if (!(await reader.more())) return null;
  }

  for (;;) {
    // After a boundary: '--' ends the body, CRLF starts a part.
    await reader.need(2);
    if (reader.buf.subarray(0, 2).toString() === "--" || reader.buf.length < 2) {
      reader.cancel();
      return null;
    }
    if (!reader.buf.subarray(0, 2).equals(CRLF)) throw new MultipartError("malformed multipart boundary");
    reader.buf = reader.buf.subarray(2);

    // The part's headers.
    let end: number;
    for (;;) {
      end = reader.buf.indexOf(HEADER_END);
      if (end >= 0) break;
      if (reader.buf.length > MAX_HEADER_BYTES) throw new MultipartError("multipart headers too long");
      if (!(await reader.more())) throw new MultipartError("incomplete multipart body");
    }
    const headers = new Map<string, string>();
    for (const line of reader.buf.subarray(0, end).toString("utf8").split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    reader.buf = reader.buf.subarray(end + HEADER_END.length);
    const { name, fileName } = disposition(headers.get("content-disposition") ?? "");
    const wanted = name === field && fileName !== undefined;

    if (wanted) {
      return {
        fileName: fileName!,
        contentType: headers.get("content-type") ?? null,
        chunks: content(reader, delimiter),
      };
    }
    // Skip this part's content up to the next boundary.
    for await (const chunk of content(reader, delimiter)) void chunk;
  }
}

/**
 * The content of the current part: everything up to the next delimiter, yielded as it arrives. Leaves the reader
 * just after the delimiter. A body that ends without the delimiter is incomplete (the upload was cut).
 */
async function* content(reader: Reader, delimiter: Buffer): AsyncGenerator<Buffer> {
  for (;;) {
    const at = reader.buf.indexOf(delimiter);
    if (at >= 0) {
      if (at > 0) yield reader.buf.subarray(0, at);
      reader.buf = reader.buf.subarray(at + delimiter.length);
      return;
    }
    // Keep a tail that could be the start of the delimiter split across chunks.
    const safe = reader.buf.length - (delimiter.length - 1);
    if (safe > 0) {
      const out = reader.buf.subarray(0, safe);
      reader.buf = reader.buf.subarray(safe);
      yield out;
    }
    if (!(await reader.more())) throw new MultipartError("incomplete multipart body");
  }
}
