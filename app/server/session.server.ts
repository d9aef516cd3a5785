import { createCookie, redirect, type AppLoadContext, type Session } from "react-router";
import type { FlashMessage, SessionData, SessionFlash } from "./context";

export type WebSession = Session<SessionData, SessionFlash>;

/**
 * The request's session. Within one web request (root, layout and page loaders, the action) every caller gets the
 * same session object, read from the database once (issue 11: the row was read three times a page).
 */
export function getSession(request: Request, context: AppLoadContext): Promise<WebSession> {
  const cookie = request.headers.get("Cookie");
  const memo = context.sessionMemo;
  if (!memo) return context.sessionStorage.getSession(cookie);
  let session = memo.get(cookie ?? "");
  if (!session) {
    session = context.sessionStorage.getSession(cookie);
    memo.set(cookie ?? "", session);
  }
  return session;
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

/**
 * The page asked for before signing in travels in its own short-lived cookie, not in a stored session: a visitor
 * who is not signed in never gets a session row (issue 11 security 5). Only a local path is ever kept or followed.
 */
const returnToCookie = createCookie("auth.return", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 900 });
const secureFor = (context: AppLoadContext) => context.config.publicUrl.startsWith("https://");

/** To /login, remembering the page asked for (a GET's own path; a form POST goes back to its page). */
export async function redirectToSignIn(request: Request, context: AppLoadContext): Promise<never> {
  const url = new URL(request.url);
  const target = safeRedirectTarget(url.pathname + url.search);
  throw redirect("/login", {
    headers: { "Set-Cookie": await returnToCookie.serialize(target, { secure: secureFor(context) }) },
  });
}

/** The remembered page ('/' without one) and the Set-Cookie that forgets it. */
export async function takeReturnTo(request: Request, context: AppLoadContext): Promise<{ to: string; forget: string }> {
  const value: unknown = await returnToCookie.parse(request.headers.get("Cookie"));
  return {
    to: safeRedirectTarget(typeof value === "string" ? value : null, "/"),
    forget: await returnToCookie.serialize("", { maxAge: 0, secure: secureFor(context) }),
  };
}

/**
 * Sign-in starts a new session (issue 11 security 2, session fixation): whatever session the browser brought
 * (a forged or an old id) is deleted, and the signed-in data goes into a new one with a new id.
 */
export async function renewSession(request: Request, context: AppLoadContext): Promise<WebSession> {
  const old = await getSession(request, context);
  if (old.id) await context.sessionStorage.destroySession(old);
  return context.sessionStorage.getSession();
}
