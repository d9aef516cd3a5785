import { z } from "zod";
import type { AnyRoute } from "./route";

const toSchema = (s: z.ZodType | undefined) => {
  if (!s) return undefined;
  try {
    return z.toJSONSchema(s, { unrepresentable: "any", io: "input" });
  } catch {
    return {};
  }
};

/** OpenAPI 3.1 document generated from the same zod schemas that validate the requests. */
export function buildOpenApi(routes: AnyRoute[], publicUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = "/v1" + r.path.replace(/:([A-Za-z]+)/g, "{$1}");
    const pathParams = [...r.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const q = toSchema(r.query) as { properties?: Record<string, unknown>; required?: string[] } | undefined;
    const queryParams = Object.entries(q?.properties ?? {}).map(([name, schema]) => ({
      name,
      in: "query",
      required: q?.required?.includes(name) ?? false,
      schema,
    }));
    (paths[path] ??= {})[r.method] = {
      summary: r.summary,
      "x-permission": r.permission,
      "x-tenancy": typeof r.tenancy === "object" ? `municipality:${r.tenancy.municipalityParam}` : r.tenancy,
      security: [{ bearer: [] }],
      parameters: [...pathParams, ...queryParams],
      ...(r.body
        ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(r.body) } } } }
        : {}),
      responses: {
        [String(r.status ?? (r.method === "post" ? 201 : 200))]: {
          description: "OK",
          ...(r.response ? { content: { "application/json": { schema: toSchema(r.response) } } } : {}),
        },
        "401": { description: "Missing or invalid bearer token" },
        "403": { description: "Permission missing" },
        "404": { description: "Not found or another municipality's data" },
        "422": { description: "Validation failed: { Message, errors: { field: [message] } }" },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Odpady obce /v1 API", version: "1.0.0" },
    servers: [{ url: publicUrl }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    paths,
  };
}
