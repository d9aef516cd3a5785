import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";

/** config.ts: the one reader of the environment; defaults for the embedded start, refusals for what cannot work. */
describe("configuration", () => {
  it("starts on embedded defaults: one process, no proxy trusted", () => {
    const config = loadConfig({});
    expect(config.WEB_CONCURRENCY).toBe(1);
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("several web processes need PostgreSQL: PGlite serves one (issue 11)", () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: "2" })).toThrow(/WEB_CONCURRENCY: more than one process needs PostgreSQL/);
    expect(loadConfig({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://db/obec" }).WEB_CONCURRENCY).toBe(2);
    expect(() => loadConfig({ WEB_CONCURRENCY: "0", DATABASE_URL: "postgres://db/obec" })).toThrow(/WEB_CONCURRENCY/);
  });

  it("TRUST_PROXY reads the usual spellings of a yes", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "no" }).TRUST_PROXY).toBe(false);
  });
});
