/**
 * A file the API answered (a PDF, a CSV, an import's original file), passed on to the browser as a download: its
 * name as the API gave it (ASCII in the header), never cached, never sniffed. null when the API answered no such file.
 */
export function passFile(
  res: Response,
  opts: { contentType: string; fallbackName: string; disposition?: "attachment" | "inline" },
): Response | null {
  if (!res.ok || !(res.headers.get("Content-Type") ?? "").startsWith(opts.contentType)) return null;
  const named = /filename="?([^";]+)"?/.exec(res.headers.get("Content-Disposition") ?? "")?.[1];
  const fileName = (named ?? opts.fallbackName).replace(/[^\w.-]/g, "_");
  const headers = new Headers({
    "Content-Type": res.headers.get("Content-Type")!,
    "Content-Disposition": `${opts.disposition ?? "attachment"}; filename="${fileName}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  const length = res.headers.get("Content-Length");
  if (length) headers.set("Content-Length", length);
  return new Response(res.body, { headers });
}
