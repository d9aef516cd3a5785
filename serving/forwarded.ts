/**
 * Behind a TLS-terminating proxy (TRUST_PROXY=true) the request reaches the product as http://internal-host, while
 * the browser, the cookies and React Router's same-origin check of form posts see https://public-host (issue 11
 * security 1: every form post answered 400). The request URL is rebuilt from X-Forwarded-Proto and
 * X-Forwarded-Host (their first values, the ones the outermost proxy wrote). Without TRUST_PROXY the headers are
 * ignored: a client could write them itself.
 */
const PROTO = /^https?$/;
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

const first = (value: string | null) => value?.split(",")[0]?.trim() || null;

export function forwardedRequest(request: Request): Request {
  const proto = first(request.headers.get("X-Forwarded-Proto"))?.toLowerCase();
  const host = first(request.headers.get("X-Forwarded-Host"));
  if (!proto && !host) return request;
  const url = new URL(request.url);
  if (proto && PROTO.test(proto)) url.protocol = `${proto}:`;
  if (host && HOST.test(host)) {
    url.host = host;
    // A forwarded host without a port means the scheme's default one, not the product's own port.
    if (!/:\d+$/.test(host)) url.port = "";
  }
  if (url.href === request.url) return request;
  const method = request.method.toUpperCase();
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: method === "GET" || method === "HEAD" ? undefined : request.body,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
}
