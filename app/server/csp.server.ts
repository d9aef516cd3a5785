/**
 * The Content-Security-Policy of every page (issue 11 security 10, decision 0018). Scripts run only from the
 * product's origin or inline with the request's nonce (React Router's hydration data; ServerRouter hands the nonce
 * to <Scripts> and <ScrollRestoration>). Styles allow 'unsafe-inline': React writes style attributes and Leaflet
 * positions its map tiles with inline styles; a style cannot run code. Images may come from the map tile server.
 * Forms may post to the product and, for the logout redirect, to the identity provider.
 */
export interface CspOptions {
  nonce: string;
  /** Leaflet URL template of the map tiles (MAP_TILE_URL), e.g. https://{s}.tile.example.org/{z}/{x}/{y}.png */
  mapTileUrl?: string;
  /** The OpenID issuer; an external one is another origin the logout form is redirected to. */
  issuer: string;
}

/** The origin of a tile URL template, with a `{s}` subdomain placeholder as a wildcard. */
export function tileSource(template: string | undefined): string | null {
  if (!template) return null;
  const m = /^(https?):\/\/([^/]+)/i.exec(template);
  if (!m) return null;
  const host = m[2]!.replace(/\{s\}/g, "*");
  if (/[{}]/.test(host)) return null;
  return `${m[1]!.toLowerCase()}://${host}`;
}

export function contentSecurityPolicy({ nonce, mapTileUrl, issuer }: CspOptions): string {
  const tiles = tileSource(mapTileUrl ?? "https://tile.openstreetmap.org/{z}/{x}/{y}.png");
  let issuerOrigin = "";
  try {
    issuerOrigin = new URL(issuer).origin;
  } catch {
    issuerOrigin = "";
  }
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...(tiles ? [tiles] : [])],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "form-action": ["'self'", ...(issuerOrigin ? [issuerOrigin] : [])],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(" ")}`)
    .join("; ");
}
