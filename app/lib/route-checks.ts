import { data } from "react-router";

/**
 * Spec 000 §2: a route may carry a validity check; when it fails the error page shows 404
 * 'Page Not Found: {path}'. Used for ids in the URL.
 */
export function requireId(value: string | undefined, request: Request): number {
  const n = Number(value);
  if (!value || !/^\d{1,9}$/.test(value) || !Number.isSafeInteger(n) || n <= 0) {
    throw data({ message: `Page Not Found: ${new URL(request.url).pathname}` }, { status: 404 });
  }
  return n;
}
