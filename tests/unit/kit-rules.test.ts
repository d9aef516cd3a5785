import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 12 criteria 1 and 6, kept from coming back: no source file over 500 lines (migrations are history, generated
 * snapshots data), no hand-built /v1 path in app/ (the typed client builds them), and no `as` cast of a route's loader
 * or action data (Route.ComponentProps types them; a search answered by the same action is read with answerWith).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const sources = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.ts", "*.tsx"], {
  cwd: ROOT,
  encoding: "utf8",
})
  .split("\n")
  .filter((f) => f && !f.startsWith("api/db/migrations/") && fs.existsSync(path.join(ROOT, f)));
const text = (f: string) => fs.readFileSync(path.join(ROOT, f), "utf8");

describe("kit rules (issue 12)", () => {
  it("reads the sources", () => expect(sources.length).toBeGreaterThan(500));

  it("no source file is over 500 lines", () => {
    const long = sources
      .map((f) => ({ f, lines: text(f).split("\n").length - 1 }))
      .filter((x) => x.lines > 500)
      .map((x) => `${x.f}: ${x.lines}`);
    expect(long).toEqual([]);
  });

  it("app/ builds no /v1 path by hand", () => {
    const app = sources.filter((f) => f.startsWith("app/"));
    expect(app.filter((f) => /["'`]\/v1[/"'`]/.test(text(f)))).toEqual([]);
  });

  it("no loader or action data is cast", () => {
    const routes = sources.filter((f) => f.startsWith("app/routes/"));
    const cast = /\b(actionData|loaderData|useActionData\(\)|useLoaderData\(\))\s*\)?\s+as\b/;
    expect(routes.filter((f) => cast.test(text(f)))).toEqual([]);
  });
});
