/** The answer of a file download (PDF, CSV, an import's original file): never cached, never sniffed. */
export function fileResponse(
  body: BodyInit,
  fileName: string,
  contentType: string,
  disposition: "inline" | "attachment" = "attachment",
  fallbackName = "download",
): Response {
  // A safe ASCII name for old clients and the UTF-8 one (RFC 6266).
  const ascii =
    fileName
      .normalize("NFD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "") || fallbackName;
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** An async sequence of text or bytes as a response body, pulled as the client reads. */
export function streamBody(source: AsyncIterable<string | Uint8Array>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const it = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await it.next();
      if (next.done) controller.close();
      else controller.enqueue(typeof next.value === "string" ? encoder.encode(next.value) : next.value);
    },
    async cancel() {
      await it.return?.(undefined);
    },
  });
}
