import { redirect, type AppLoadContext, type Session } from "react-router";
import type { FlashMessage, SessionData, SessionFlash } from "./context";

export type WebSession = Session<SessionData, SessionFlash>;

export function getSession(request: Request, context: AppLoadContext): Promise<WebSession> {
  return context.sessionStorage.getSession(request.headers.get("Cookie"));
}

export async function commit(context: AppLoadContext, session: WebSession): Promise<string> {
  return context.sessionStorage.commitSession(session);
}

/** Spec 000 §5: only local paths are accepted as redirect targets. */
export function safeRedirectTarget(target: string | null | undefined, fallback = "/"): string {
  if (!target || typeof target !== "string") return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  try {
    const url = new URL(target, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** Messages shown once, then cleared on the next navigation (spec 000 §5). */
export function addFlash(session: WebSession, message: FlashMessage) {
  const existing = (session.get("flash") as FlashMessage[] | undefined) ?? [];
  session.flash("flash", [...existing, message]);
}

export async function redirectWithFlash(
  request: Request,
  context: AppLoadContext,
  to: string,
  message: FlashMessage,
): Promise<Response> {
  const session = await getSession(request, context);
  addFlash(session, message);
  return redirect(to, { headers: { "Set-Cookie": await commit(context, session) } });
}
