import { Hono, type Context } from "hono";
import { z } from "zod";
import { ApiError } from "./lib/errors";
import { FORBIDDEN_TEXT_MESSAGE, forbiddenTextPaths } from "#contract/common";
import { authenticate, canAccessMunicipality, type AuthContext } from "./lib/auth";
import type { AnyRoute } from "./lib/route";
import type { Services } from "./services";
import { buildOpenApi } from "./lib/openapi";
import { userRoutes } from "./modules/user/routes";
import { municipalityRoutes } from "./modules/municipality/routes";
import { registryRoutes } from "./modules/registry/routes";
import { subjectRoutes } from "./modules/subject/routes";
import { feePayerRoutes } from "./modules/fee-payer/routes";
import { wasteCardRoutes } from "./modules/waste-card/routes";
import { importRoutes } from "./modules/import/routes";
import { wasteCollectionRoutes } from "./modules/waste-collection/routes";
import { wasteEvidenceHeaderRoutes } from "./modules/waste-evidence-header/routes";
import { wasteSettingsRoutes } from "./modules/waste-settings/routes";
import { printBatchRoutes } from "./modules/print-batch/routes";
import { deviceRoutes } from "./modules/device/routes";
import { wasteEvidenceRoutes } from "./modules/waste-evidence/routes";
import { feeRoutes } from "./modules/fee/routes";
import { feeCalculationRoutes } from "./modules/fee-calculation/routes";
import { discountRoutes } from "./modules/discount/routes";
import { expenditureRoutes } from "./modules/expenditure/routes";
import { motivationProgrammeRoutes } from "./modules/motivation-programme/routes";
import { paymentNoticeRoutes } from "./modules/payment-notice/routes";
import { collectionYardRoutes } from "./modules/collection-yard/routes";
import { yardReportRoutes } from "./modules/yard-report/routes";
import { distributionReportRoutes } from "./modules/distribution-report/routes";
import { distributionCentreRoutes } from "./modules/distribution-centre/routes";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { reportRoutes } from "./modules/report/routes";

/** Every /v1 route of the product; the route-walking test reads this list. */
export const allRoutes: AnyRoute[] = [
  ...userRoutes,
  ...municipalityRoutes,
  ...registryRoutes,
  ...subjectRoutes,
  ...feePayerRoutes,
  ...wasteCardRoutes,
  ...importRoutes,
  ...wasteCollectionRoutes,
  ...wasteEvidenceHeaderRoutes,
  ...wasteSettingsRoutes,
  ...printBatchRoutes,
  ...deviceRoutes,
  ...wasteEvidenceRoutes,
  ...feeRoutes,
  ...feeCalculationRoutes,
  ...discountRoutes,
  ...expenditureRoutes,
  ...motivationProgrammeRoutes,
  ...paymentNoticeRoutes,
  ...collectionYardRoutes,
  ...yardReportRoutes,
  ...distributionReportRoutes,
  ...distributionCentreRoutes,
  ...dashboardRoutes,
  ...reportRoutes,
];

export type VerifyToken = (token: string) => Promise<Record<string, unknown>>;

export interface ApiOptions {
  services: Services;
  verifyToken: VerifyToken;
}

type AuthOutcome = AuthContext | "invalid" | "revoked" | "unknown";

/**
 * One web request's memo of token → auth lookup, handed to `app.fetch(request, { authMemo })` by the in-process
 * client (server.ts): a page's several /v1 calls verify and look up their token once (issue 11). It lives as long
 * as that one web request, so a deactivation or role change counts from the next page on.
 */
export type AuthMemo = Map<string, Promise<AuthOutcome>>;

type Env = { Variables: { auth: AuthContext }; Bindings: { authMemo?: AuthMemo } | undefined };

export function zodErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

function unauthorized(c: Context, message = "Přihlášení vypršelo nebo chybí.") {
  c.header("WWW-Authenticate", 'Bearer realm="v1"');
  return c.json({ Message: message }, 401);
}

const NOT_AN_OBJECT = "Tělo požadavku musí být objekt JSON.";

/** The JSON body: every body of the API is an object; null, an array or a bare value is a 422, never a 500. */
async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new ApiError(400, "Tělo požadavku není platný JSON.");
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      throw new ApiError(422, NOT_AN_OBJECT, { _: [NOT_AN_OBJECT] });
    }
    return body as Record<string, unknown>;
  }
  return {};
}

/** 422 for any text with a character no field may hold (NUL), before a schema or SQL sees it (contract/common.ts). */
function refuseForbiddenText(value: unknown, message: string) {
  const paths = forbiddenTextPaths(value);
  if (paths.length)
    throw new ApiError(422, message, Object.fromEntries(paths.map((p) => [p, [FORBIDDEN_TEXT_MESSAGE]])));
}

export function createApi({ services, verifyToken }: ApiOptions) {
  const app = new Hono<Env>().basePath("/v1");

  async function lookUp(token: string): Promise<AuthOutcome> {
    let claims: Record<string, unknown>;
    try {
      claims = await verifyToken(token);
    } catch {
      return "invalid";
    }
    return authenticate(services.db, claims, { checkGrant: services.config.builtInIdp });
  }

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      const body = err.errors ? { Message: err.message, errors: err.errors } : { Message: err.message };
      return c.json(body, err.status);
    }
    console.error("[api] unhandled error", err);
    return c.json({ Message: "Obecná chyba" }, 500);
  });
  app.notFound((c) => c.json({ Message: `Not found: ${c.req.path}` }, 404));

  // Answers hold personal data and are JSON only: never stored by a browser or proxy, never sniffed as another type.
  app.use("*", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  });

  app.get("/openapi.json", (c) => c.json(buildOpenApi(allRoutes, services.config.publicUrl)));

  // Authentication: a bearer JWT of the issuer, matched to an active product user; a revoked grant's tokens stop at
  // once (decision 0019). The web part's in-process calls of one page share one lookup per token (authMemo).
  app.use("*", async (c, next) => {
    if (c.req.path === "/v1/openapi.json") return next();
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) return unauthorized(c);
    const token = match[1]!;
    const memo = c.env?.authMemo;
    let found = memo?.get(token);
    if (!found) {
      found = lookUp(token);
      memo?.set(token, found);
    }
    const auth = await found;
    if (auth === "invalid" || auth === "revoked") return unauthorized(c, "Neplatný nebo prošlý přístupový token.");
    if (auth === "unknown") return unauthorized(c, "Uživatel neexistuje nebo není aktivní.");
    c.set("auth", auth);
    return next();
  });

  for (const def of allRoutes) {
    app.on(def.method.toUpperCase(), def.path, async (c) => {
      const auth = c.get("auth");
      if (def.permission !== "authenticated" && !auth.permissions.has(def.permission)) {
        return c.json({ Message: "Přístup byl odepřen" }, 403);
      }
      let params: unknown = c.req.param();
      // A path with a NUL names nothing.
      if (forbiddenTextPaths(params).length) return c.json({ Message: "Záznam nebyl nalezen." }, 404);
      if (def.params) {
        const parsed = def.params.safeParse(params);
        // A malformed id names nothing: answer as for a missing record.
        if (!parsed.success) return c.json({ Message: "Záznam nebyl nalezen." }, 404);
        params = parsed.data;
      }
      if (typeof def.tenancy === "object") {
        const id = Number((params as Record<string, unknown>)[def.tenancy.municipalityParam]);
        if (!Number.isInteger(id) || !canAccessMunicipality(auth, id)) {
          return c.json({ Message: "Záznam nebyl nalezen." }, 404);
        }
      }
      let query: unknown = c.req.query();
      const queries = Object.entries(c.req.queries()).map(([k, v]) => [k, v.join("\n")]);
      refuseForbiddenText(Object.fromEntries(queries), "Neplatné parametry dotazu.");
      const raw = def.body ? await readBody(c) : undefined;
      refuseForbiddenText(raw, "Formulář obsahuje chyby.");
      if (def.query) {
        const parsed = def.query.safeParse(query);
        if (!parsed.success) throw new ApiError(422, "Neplatné parametry dotazu.", zodErrors(parsed.error));
        query = parsed.data;
      }
      let body: unknown = undefined;
      if (def.body) {
        const parsed = def.body.safeParse(raw);
        if (!parsed.success) throw new ApiError(422, "Formulář obsahuje chyby.", zodErrors(parsed.error));
        body = parsed.data;
      }
      const result = await def.handler({ c, auth, params, query, body, services });
      if (result instanceof Response) return result;
      if (result === null) return c.body(null, 204);
      return c.json(result, def.status ?? (def.method === "post" ? 201 : 200));
    });
  }

  return app;
}

export type ApiApp = ReturnType<typeof createApi>;
