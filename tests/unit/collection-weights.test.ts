import { describe, expect, it } from "vitest";
import {
  acknowledgedFactor,
  distributeWeight,
  gramsToUnit,
  weightToGrams,
  type WeightedRecord,
} from "../../api/modules/waste-collection/weights";

const sum = (shares: { grams: number }[]) => shares.reduce((a, s) => a + s.grams, 0);

/** A small deterministic generator (mulberry32), so that a failure is reproducible. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe("weight distribution", () => {
  it("the worked example of docs/collection-import.md: 1.000 t over 120 l 100 %, 240 l 50 %, 1100 l 200 %", () => {
    const records: WeightedRecord[] = [
      { id: 1, binVolume: 120, fullness: 100 },
      { id: 2, binVolume: 240, fullness: 50 },
      { id: 3, binVolume: 1100, fullness: 200 },
    ];
    expect(records.map((r) => acknowledgedFactor(r))).toEqual([12_000n, 12_000n, 220_000n]);
    // 1,000,000 g × 12,000 / 244,000 = 49,180.327… ; × 220,000 / 244,000 = 901,639.344…
    const shares = distributeWeight(1_000_000, records);
    expect(shares).toEqual([
      { id: 1, grams: 49_180 },
      { id: 2, grams: 49_180 },
      { id: 3, grams: 901_640 },
    ]);
    expect(sum(shares)).toBe(1_000_000);
  });

  it("ties go to the smaller id, whatever the order given", () => {
    const records = [3, 1, 2].map((id) => ({ id, binVolume: 120, fullness: 100 }));
    expect(distributeWeight(100, records)).toEqual([
      { id: 3, grams: 33 },
      { id: 1, grams: 34 },
      { id: 2, grams: 33 },
    ]);
    expect(distributeWeight(101, records).map((s) => s.grams)).toEqual([33, 34, 34]);
    expect(
      distributeWeight(
        2,
        records.map((r) => ({ ...r, id: BigInt(r.id) + 10n ** 15n })),
      ),
    ).toEqual([
      { id: 10n ** 15n + 3n, grams: 0 },
      { id: 10n ** 15n + 1n, grams: 1 },
      { id: 10n ** 15n + 2n, grams: 1 },
    ]);
  });

  it("unknown fullness counts as full; no or zero volume gets nothing", () => {
    const shares = distributeWeight(1_000, [
      { id: 1, binVolume: 120, fullness: null },
      { id: 2, binVolume: 120, fullness: 100 },
      { id: 3, binVolume: null, fullness: 100 },
      { id: 4, binVolume: 0, fullness: 200 },
      { id: 5, binVolume: 240, fullness: 0 },
    ]);
    expect(shares.map((s) => s.grams)).toEqual([500, 500, 0, 0, 0]);
  });

  it("the weight is never lost: all empty → by volume; no volumes → equally", () => {
    expect(
      distributeWeight(900, [
        { id: 1, binVolume: 120, fullness: 0 },
        { id: 2, binVolume: 240, fullness: 0 },
      ]).map((s) => s.grams),
    ).toEqual([300, 600]);
    expect(
      distributeWeight(10, [
        { id: 1, binVolume: null, fullness: null },
        { id: 2, binVolume: 0, fullness: 100 },
        { id: 3, binVolume: null, fullness: 50 },
      ]).map((s) => s.grams),
    ).toEqual([4, 3, 3]);
  });

  it("edge cases: no records, zero total, one record, bad input", () => {
    expect(distributeWeight(1000, [])).toEqual([]);
    expect(distributeWeight(0, [{ id: 1, binVolume: 120, fullness: 100 }])).toEqual([{ id: 1, grams: 0 }]);
    expect(distributeWeight(12_345n, [{ id: 7, binVolume: 5, fullness: 3 }])).toEqual([{ id: 7, grams: 12_345 }]);
    expect(() => distributeWeight(-1, [])).toThrow(RangeError);
    expect(() => distributeWeight(1.5, [])).toThrow(RangeError);
    expect(() => distributeWeight(2n ** 60n, [])).toThrow("too large");
    expect(() => distributeWeight(1, [{ id: 1, binVolume: 1.5, fullness: 100 }])).toThrow("whole litres");
    expect(() => distributeWeight(1, [{ id: 1, binVolume: 1, fullness: -5 }])).toThrow("whole %");
    const twice = { id: 1, binVolume: 1, fullness: 1 };
    expect(() => distributeWeight(1, [twice, twice])).toThrow("repeat");
  });

  it("random collections (fixed seed): exact sum, shares within one gram of the ideal, order-independent", () => {
    const next = random(20_261_125);
    const volumes = [0, 60, 80, 110, 120, 240, 660, 770, 1100, 5000];
    for (let round = 0; round < 300; round++) {
      const n = 1 + Math.floor(next() * 200);
      const records: WeightedRecord[] = Array.from({ length: n }, (_, i) => ({
        id: i * 7 + Math.floor(next() * 7),
        binVolume: next() < 0.05 ? null : volumes[Math.floor(next() * volumes.length)]!,
        fullness: next() < 0.05 ? null : Math.floor(next() * 201),
      }));
      const total = Math.floor(next() * 30_000_000); // up to 30 t
      const shares = distributeWeight(total, records);
      expect(sum(shares)).toBe(total);
      expect(shares.map((s) => s.id)).toEqual(records.map((r) => r.id));
      const factors = records.map((r) => Number(acknowledgedFactor(r)));
      const factorSum = factors.reduce((a, b) => a + b, 0);
      if (factorSum > 0) {
        shares.forEach((s, i) => {
          expect(Number.isInteger(s.grams)).toBe(true);
          expect(Math.abs(s.grams - (total * factors[i]!) / factorSum)).toBeLessThan(1 + 1e-6);
          if (factors[i] === 0) expect(s.grams).toBe(0);
        });
      }
      // The same records in another order get the same grams each.
      const reversed = distributeWeight(total, [...records].reverse());
      const byId = new Map(reversed.map((s) => [s.id, s.grams]));
      expect(shares.every((s) => byId.get(s.id) === s.grams)).toBe(true);
    }
  });
});

describe("weights as text", () => {
  it.each([
    ["1", "t", 1_000_000],
    ["1,000", "t", 1_000_000],
    ["0,0125", "t", 12_500],
    ["12,5", "kg", 12_500],
    ["1 012.125", "kg", 1_012_125],
    ["0.0005", "kg", 1],
    ["0.0004", "kg", 0],
    ["12500", "g", 12_500],
  ] as const)("%s %s → %i g", (text, unit, grams) => {
    expect(weightToGrams(text, unit)).toBe(grams);
  });

  it("empty, not a number, negative", () => {
    expect(weightToGrams(" ", "kg")).toBeNull();
    expect(weightToGrams("abc", "kg")).toBeUndefined();
    expect(weightToGrams("-1", "kg")).toBeUndefined();
    expect(weightToGrams("1000000000", "t")).toBeUndefined(); // 10^15 g: beyond what is kept exactly
    expect(weightToGrams("999999999", "t")).toBe(999_999_999_000_000);
  });

  it("grams back to an exact decimal", () => {
    expect(gramsToUnit(1_234_567, "t")).toBe("1.234567");
    expect(gramsToUnit(1_500, "kg")).toBe("1.5");
    expect(gramsToUnit(49_180, "kg")).toBe("49.18");
    expect(gramsToUnit(7, "t")).toBe("0.000007");
    expect(gramsToUnit(0, "kg")).toBe("0");
    expect(gramsToUnit(-2_500n, "kg")).toBe("-2.5");
  });
});
