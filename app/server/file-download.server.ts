import type { AppLoadContext } from "react-router";
import { translateMessage } from "~/lib/messages";
import type { ApiClient } from "./api.server";
import { redirectWithFlash } from "./action.server";
import { userT } from "./i18n.server";

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

/**
 * The API gave no file: the user goes back with its reason as an error message, never to a raw JSON answer. A record
 * that is gone (404: deleted, or another municipality's) goes to `gone` (its list), anything else to `back`.
 */
export async function fileRefused(
  api: ApiClient,
  context: AppLoadContext,
  res: Response,
  to: { back: string; gone?: string; failed: string },
): Promise<Response> {
  const problem = (await res.json().catch(() => null)) as { Message?: string } | null;
  const t = await userT(api.session);
  const reason = translateMessage(t, problem?.Message ?? t(to.failed));
  return redirectWithFlash(api, context, res.status === 404 ? (to.gone ?? to.back) : to.back, reason, "error");
}
