import { describe, expect, it } from "vitest";
import { reloadAllowed, RELOAD_GUARD_MS } from "~/lib/build-check";

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe("build reload guard (spec 000 §9: 10 s per path)", () => {
  it("allows one reload per path within 10 s", () => {
    const s = memoryStorage();
    expect(reloadAllowed(s, "/dashboard", 1_000_000)).toBe(true);
    expect(reloadAllowed(s, "/dashboard", 1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reloadAllowed(s, "/administration/municipalities", 1_000_000 + 5)).toBe(true);
    expect(reloadAllowed(s, "/dashboard", 1_000_000 + RELOAD_GUARD_MS)).toBe(true);
  });
});
