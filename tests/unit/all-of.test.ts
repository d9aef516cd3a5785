import { describe, expect, it } from "vitest";
import { allOf } from "#contract/all-of";

describe("allOf", () => {
  it("awaits every promise at once and answers their values under their names", async () => {
    const started: string[] = [];
    const later = (name: string, value: unknown, ms: number) => {
      started.push(name);
      return new Promise((resolve) => setTimeout(() => resolve(value), ms));
    };
    const answer = await allOf({ a: later("a", 1, 20), b: later("b", "two", 5), c: null });
    expect(answer).toEqual({ a: 1, b: "two", c: null });
    expect(started).toEqual(["a", "b"]);
  });

  it("rejects with the first failure", async () => {
    await expect(allOf({ a: Promise.resolve(1), b: Promise.reject(new Error("nope")) })).rejects.toThrow("nope");
  });
});
