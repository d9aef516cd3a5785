import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";

/**
 * msw mocks of the two company registries (ARES, RPO): the only services outside the product that the API calls
 * (ARCHITECTURE.md "Tests"). The URLs are handed to createRegistryClient by tests/api/helpers.ts.
 */
export const ARES_URL = "http://ares.test/ekonomicke-subjekty-v-be/rest";
export const RPO_URL = "http://rpo.test/rpo/v1";

/** ARES 'ekonomicke-subjekty/{ico}' answers by IČO (the fields the product reads). */
export const aresCompanies: Record<string, object> = {
  // A street address with house and orientation number: 'Brněnská 12/3'.
  "25596641": {
    ico: "25596641",
    obchodniJmeno: "Technické služby Vysočina s.r.o.",
    dic: "CZ25596641",
    sidlo: {
      nazevObce: "Jihlava",
      nazevUlice: "Brněnská",
      cisloDomovni: 12,
      cisloOrientacni: 3,
      psc: 58601,
    },
  },
  // A village address: no street, no orientation number.
  "00290629": {
    ico: "00290629",
    obchodniJmeno: "Obec Horní Dolní",
    sidlo: { nazevObce: "Horní Dolní", cisloDomovni: 104, psc: 67401 },
  },
};

/** RPO 'search?identifier=' answers by IČO. */
export const rpoCompanies: Record<string, object> = {
  "35757442": {
    identifiers: [{ value: "35757442" }],
    fullNames: [{ value: "Odvoz odpadu Bratislava s.r.o." }],
    addresses: [
      {
        street: "Mlynské nivy",
        regNumber: 12,
        buildingNumber: "3",
        postalCodes: ["82109"],
        municipality: { value: "Bratislava" },
      },
    ],
  },
};

/** Every request that reached a registry mock, in order (tests assert how often the registry was asked). */
export const registryCalls: { service: "ares" | "rpo"; ico: string }[] = [];

export const registryHandlers = [
  http.get(`${ARES_URL}/ekonomicke-subjekty/:ico`, ({ params }) => {
    const ico = String(params.ico);
    registryCalls.push({ service: "ares", ico });
    const found = aresCompanies[ico];
    if (!found) return HttpResponse.json({ kod: "NENALEZENO", popis: "Ekonomický subjekt nebyl nalezen." }, { status: 404 });
    return HttpResponse.json(found);
  }),
  http.get(`${RPO_URL}/search`, ({ request }) => {
    const ico = new URL(request.url).searchParams.get("identifier") ?? "";
    registryCalls.push({ service: "rpo", ico });
    const found = rpoCompanies[ico];
    if (!found) return HttpResponse.json({ message: "Not found" }, { status: 404 });
    return HttpResponse.json({ results: [found] });
  }),
];

/** Handlers that make a registry answer 500 (registry down); install with server.use(...). */
export const registryDownHandlers = [
  http.get(`${ARES_URL}/ekonomicke-subjekty/:ico`, ({ params }) => {
    registryCalls.push({ service: "ares", ico: String(params.ico) });
    return HttpResponse.json({ kod: "CHYBA" }, { status: 500 });
  }),
  http.get(`${RPO_URL}/search`, ({ request }) => {
    registryCalls.push({ service: "rpo", ico: new URL(request.url).searchParams.get("identifier") ?? "" });
    return new HttpResponse("Service Unavailable", { status: 500 });
  }),
];

/**
 * A msw server with the registry handlers. Any other outgoing request fails the test: nothing else outside
 * the product may be called.
 */
export function createRegistryServer() {
  const server = setupServer(...registryHandlers);
  return {
    server,
    // The calls are module state: test files that share a worker (isolate: false) start from none.
    listen: () => {
      registryCalls.length = 0;
      server.listen({ onUnhandledRequest: "error" });
    },
    reset: () => {
      server.resetHandlers();
      registryCalls.length = 0;
    },
    close: () => server.close(),
  };
}
