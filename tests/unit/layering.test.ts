import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 12 'Layering': the arrows run one way. contract/ (shared rules and schemas) imports neither the API nor the
 * web; api/ never imports the web (app/); api/db/ (schema, client, base seed) imports neither the services
 * (api/modules/) nor the demo data (api/demo/), which sit above it. Read from the sources, so a new file is covered
 * without touching this test.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.includes("migrations"))
    .map((f) => path.join(dir, f));
}

function imports(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  return [...text.matchAll(/(?:import|export)[^"';]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map(
    (m) => m[1] ?? m[2]!,
  );
}

/** Where an import lands, as a path from the repository root ('app/lib/format', 'contract/ico', 'drizzle-orm'). */
function target(file: string, spec: string): string {
  if (spec.startsWith("~/")) return `app/${spec.slice(2)}`;
  if (spec.startsWith("#contract/")) return `contract/${spec.slice("#contract/".length)}`;
  if (spec.startsWith(".")) return path.relative(ROOT, path.resolve(ROOT, path.dirname(file), spec));
  return spec;
}

const offending = (dir: string, forbidden: string[]) =>
  sources(dir).flatMap((file) =>
    imports(file)
      .map((spec) => target(file, spec))
      .filter((t) => forbidden.some((f) => t === f || t.startsWith(`${f}/`)))
      .map((t) => `${file} → ${t}`),
  );

describe("layering", () => {
  it("contract/ imports neither api/ nor app/", () => {
    expect(sources("contract").length).toBeGreaterThan(5);
    expect(offending("contract", ["api", "app", "serving", "idp"])).toEqual([]);
  });

  it("api/ never imports app/", () => {
    expect(sources("api").length).toBeGreaterThan(20);
    expect(offending("api", ["app", "serving"])).toEqual([]);
  });

  it("api/db/ imports neither api/modules/ nor api/demo/", () => {
    expect(sources("api/db").length).toBeGreaterThan(3);
    expect(offending("api/db", ["api/modules", "api/demo"])).toEqual([]);
  });

  it("the check itself sees a backward import", () => {
    expect(target("api/modules/x/service.ts", "~/lib/format")).toBe("app/lib/format");
    expect(target("api/modules/x/service.ts", "../../../app/lib/format")).toBe("app/lib/format");
    expect(target("api/db/seed.ts", "../modules/print-batch/service")).toBe("api/modules/print-batch/service");
    expect(target("api/db/seed.ts", "../demo")).toBe("api/demo");
  });
});
