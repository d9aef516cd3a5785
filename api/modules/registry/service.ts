import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { registryCache } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import { canLookUpRegistry } from "#contract/ico";
import type { CompanyLookup } from "#contract/registry";

export interface RegistryClient {
  lookup(source: "ares" | "rpo", ico: string): Promise<CompanyLookup>;
}

/** Spec 000 §3: street + house number, '/orientation number' added when present. */
export function streetAddress(
  street: string | undefined | null,
  house: string | number | undefined | null,
  orientation?: string | number | null,
) {
  const number = [house, orientation].filter((v) => v !== undefined && v !== null && v !== "").join("/");
  return [street, number].filter(Boolean).join(" ").trim();
}

interface AresAnswer {
  ico?: string;
  obchodniJmeno?: string;
  dic?: string;
  sidlo?: {
    nazevObce?: string;
    nazevCastiObce?: string;
    nazevUlice?: string;
    cisloDomovni?: number;
    cisloOrientacni?: number;
    cisloOrientacniPismeno?: string;
    psc?: number | string;
  };
}

interface RpoAnswer {
  results?: {
    identifiers?: { value: string }[];
    fullNames?: { value: string }[];
    addresses?: {
      street?: string;
      buildingNumber?: string;
      regNumber?: number | string;
      postalCodes?: string[];
      municipality?: { value?: string };
    }[];
  }[];
}

export function createRegistryClient(opts: {
  db: Db;
  aresUrl: string;
  rpoUrl: string;
  fetch?: typeof fetch;
}): RegistryClient {
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));

  async function fetchJson(url: string): Promise<unknown | null> {
    let res: Response;
    try {
      res = await doFetch(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(10_000) });
    } catch {
      throw new ApiError(502, "Registr firem neodpovídá, zkuste to později.");
    }
    if (res.status === 404 || res.status === 400) return null;
    if (!res.ok) throw new ApiError(502, "Registr firem neodpovídá, zkuste to později.");
    return res.json();
  }

  async function fromAres(ico: string): Promise<CompanyLookup | null> {
    const a = (await fetchJson(`${opts.aresUrl.replace(/\/$/, "")}/ekonomicke-subjekty/${ico}`)) as AresAnswer | null;
    if (!a || !a.obchodniJmeno) return null;
    const s = a.sidlo ?? {};
    const orientation = s.cisloOrientacni ? `${s.cisloOrientacni}${s.cisloOrientacniPismeno ?? ""}` : null;
    return {
      identificationNumber: a.ico ?? ico,
      taxIdentificationNumber: a.dic ?? null,
      name: a.obchodniJmeno,
      streetAddress: streetAddress(s.nazevUlice ?? s.nazevCastiObce ?? s.nazevObce, s.cisloDomovni, orientation),
      city: s.nazevObce ?? "",
      zipcode: s.psc !== undefined ? String(s.psc) : "",
    };
  }

  async function fromRpo(ico: string): Promise<CompanyLookup | null> {
    const r = (await fetchJson(`${opts.rpoUrl.replace(/\/$/, "")}/search?identifier=${ico}`)) as RpoAnswer | null;
    const hit = r?.results?.[0];
    if (!hit) return null;
    const addr = hit.addresses?.[0] ?? {};
    return {
      identificationNumber: hit.identifiers?.[0]?.value ?? ico,
      taxIdentificationNumber: null,
      name: hit.fullNames?.[0]?.value ?? "",
      streetAddress: streetAddress(addr.street ?? addr.municipality?.value, addr.regNumber, addr.buildingNumber),
      city: addr.municipality?.value ?? "",
      zipcode: addr.postalCodes?.[0] ?? "",
    };
  }

  return {
    async lookup(source, raw) {
      const ico = raw.trim();
      const country = source === "ares" ? "CZ" : "SK";
      if (!/^\d+$/.test(ico) || !canLookUpRegistry(ico, country)) {
        throw new ApiError(422, "Neplatné IČO.", { identificationNumber: ["Neplatné IČO."] });
      }
      const key = `${source}:${ico}`;
      const [cached] = await opts.db.select().from(registryCache).where(eq(registryCache.key, key));
      if (cached && Date.now() - cached.fetchedAt.getTime() < 7 * 24 * 3600 * 1000) {
        return cached.data as CompanyLookup;
      }
      const found = source === "ares" ? await fromAres(ico) : await fromRpo(ico);
      if (!found) throw new ApiError(404, "Subjekt s tímto IČO nebyl v registru nalezen.");
      await opts.db
        .insert(registryCache)
        .values({ key, data: found })
        .onConflictDoUpdate({ target: registryCache.key, set: { data: found, fetchedAt: new Date() } });
      return found;
    },
  };
}
