/** The API's PDF answers passed on to the browser (labels, login letters): one check, one set of headers. */

/** Whether the API answered with a PDF (a failure answers JSON). */
export function isPdf(res: Response): boolean {
  return res.ok && (res.headers.get("Content-Type") ?? "").includes("application/pdf");
}

/** The API's file name when it gives one, else `fallback`; ASCII only (it goes into a header). */
export function pdfFileName(res: Response, fallback: string): string {
  const named = /filename="?([^";]+)"?/.exec(res.headers.get("Content-Disposition") ?? "")?.[1];
  return (named ?? fallback).replace(/[^\w.-]/g, "_");
}

/** Streams the API's PDF body on, never cached, under `contentDisposition` (inline or attachment). */
export function pdfResponse(res: Response, contentDisposition: string): Response {
  return new Response(res.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
