import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { getMimeType } from "hono/utils/mime";
import { negotiateEncoding } from "./compress";

/**
 * The built browser files (build/client) with the caching the issue asks for (issue 11, decision 0018):
 * - /assets/* carry a content hash in their names: cached for a year as immutable;
 * - everything else (favicon, pictures of public/) is revalidated: ETag and Last-Modified, answered with 304;
 * - a compressible file is sent as its .br or .gz twin written at build time (scripts/precompress.ts) when the
 *   browser takes it, so nothing is compressed per request.
 * Answers null when no file matches, so the web part answers (its 404 page).
 */
export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "public, max-age=300, must-revalidate";
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|map|webmanifest)$/i;
const TWINS = { br: ".br", gzip: ".gz" } as const;

function fileStats(file: string): fs.Stats | null {
  try {
    const stats = fs.statSync(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/** The file under root a URL path names, or null for anything that could leave it. */
function resolveFile(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\") || /(^|\/)\.\.?(\/|$)/.test(decoded)) return null;
  const file = path.join(root, decoded);
  return file.startsWith(root + path.sep) ? file : null;
}

function notModified(request: Request, etag: string, mtime: Date): boolean {
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch) return ifNoneMatch.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*");
  const since = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  return Number.isFinite(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

export function createStaticFiles(rootDir: string) {
  const root = path.resolve(rootDir);
  return function serveFile(request: Request): Response | null {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    const { pathname } = new URL(request.url);
    if (pathname === "/" || pathname.endsWith("/")) return null;
    const file = resolveFile(root, pathname);
    const stats = file && fileStats(file);
    if (!file || !stats) return null;

    const headers = new Headers({
      "Content-Type": getMimeType(file) ?? "application/octet-stream",
      "Cache-Control": pathname.startsWith("/assets/") ? IMMUTABLE : REVALIDATE,
      "Last-Modified": stats.mtime.toUTCString(),
      "X-Content-Type-Options": "nosniff",
    });
    let sent = file;
    let size = stats.size;
    let tag = `${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}`;
    if (COMPRESSIBLE.test(file)) {
      headers.set("Vary", "Accept-Encoding");
      const encoding = negotiateEncoding(request.headers.get("Accept-Encoding"));
      const twin = encoding && fileStats(file + TWINS[encoding]);
      if (encoding && twin) {
        headers.set("Content-Encoding", encoding);
        sent = file + TWINS[encoding];
        size = twin.size;
        tag += `-${encoding}`;
      }
    }
    const etag = `W/"${tag}"`;
    headers.set("ETag", etag);
    if (notModified(request, etag, stats.mtime)) return new Response(null, { status: 304, headers });
    headers.set("Content-Length", String(size));
    if (request.method === "HEAD") return new Response(null, { status: 200, headers });
    const body = Readable.toWeb(fs.createReadStream(sent)) as unknown as ReadableStream<Uint8Array>;
    return new Response(body, { status: 200, headers });
  };
}
