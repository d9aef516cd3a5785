import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 12 'route folders whose helper files are marked as such' (README 'Where things are'): every file directly in a
 * screen folder of app/routes is a route module registered in app/routes.ts, and a screen area's helpers (forms,
 * dialogs, UI pieces, *.server.ts) live in its +shared/ folder, which holds no route.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const routesDir = path.join(ROOT, "app/routes");

const files = fs
  .readdirSync(routesDir, { recursive: true, encoding: "utf8" })
  .filter((f) => /\.tsx?$/.test(f) && !f.split(path.sep).includes("+types"))
  .map((f) => `routes/${f.split(path.sep).join("/")}`);
const registered = new Set(
  [...fs.readFileSync(path.join(ROOT, "app/routes.ts"), "utf8").matchAll(/"(routes\/[^"]+\.tsx?)"/g)].map((m) => m[1]!),
);

describe("route folders (issue 12)", () => {
  it("reads the route table", () => expect(registered.size).toBeGreaterThan(30));

  it("every file outside +shared/ is a registered route", () => {
    expect(files.filter((f) => !f.includes("/+shared/") && !registered.has(f))).toEqual([]);
  });

  it("no registered route lives in +shared/", () => {
    expect([...registered].filter((f) => f.includes("/+shared/"))).toEqual([]);
  });

  it("every registered route exists", () => {
    expect([...registered].filter((f) => !files.includes(f))).toEqual([]);
  });
});
