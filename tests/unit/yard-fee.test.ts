import { describe, expect, it } from "vitest";
import { quantityInKg, sumDecimals, yardWasteFee, type FeePeriod } from "#contract/yard-fee";
import { feePeriodSchema, feeRangeSchema } from "#contract/yard";
import { DUPLICATE_WASTE_MESSAGE, yardReportFormSchema, yardReportRecordSchema } from "#contract/yard-report";

/** docs/yards.md worked example: 0–50 kg free, 50–200 kg 2.50 Kč/kg, above 200 kg 3.10 Kč/kg, VAT 21 %. */
const periods: FeePeriod[] = [
  {
    validFrom: "2026-01-01",
    validTo: null,
    vatRate: 21,
    ranges: [
      { fromKg: "0", toKg: "50", value: "0" },
      { fromKg: "50", toKg: "200", value: "2.50" },
      { fromKg: "200", toKg: null, value: "3.10" },
    ],
  },
  {
    validFrom: "2025-01-01",
    validTo: "2025-12-31",
    vatRate: 10,
    ranges: [{ fromKg: "0", toKg: null, value: "1" }],
  },
];
const fee = (kg: string, day = "2026-03-02", members?: number) => yardWasteFee(periods, day, kg, { members });

describe("yard waste fee (spec 001 §2 Yard visits, §9 VAT rates): from < q ≤ to, exact hundredths", () => {
  it("the lower bound of the first range is exclusive: 0 kg is no fee, 1 g is in it", () => {
    expect(fee("0")).toEqual({ withoutVat: "0.00", vat: "0.00", total: "0.00", vatRate: 21 });
    expect(fee("0.001").total).toBe("0.00");
  });

  it("a bound belongs to the range below it (to inclusive), one gram more to the next", () => {
    expect(fee("50").total).toBe("0.00");
    // 50.001 kg × 2.50 = 125.0025 → 125.00; VAT 21 % = 26.25; total 151.25
    expect(fee("50.001")).toEqual({ withoutVat: "125.00", vat: "26.25", total: "151.25", vatRate: 21 });
    // 200 kg × 2.50 = 500.00; VAT 105.00
    expect(fee("200")).toEqual({ withoutVat: "500.00", vat: "105.00", total: "605.00", vatRate: 21 });
    // 200.001 kg × 3.10 = 620.0031 → 620.00; VAT 130.20
    expect(fee("200.001")).toEqual({ withoutVat: "620.00", vat: "130.20", total: "750.20", vatRate: 21 });
  });

  it("rounds half up at the hundredth, for the base and for the VAT", () => {
    // 50.002 × 2.50 = 125.005 → 125.01; 125.01 × 0.21 = 26.2521 → 26.25
    expect(fee("50.002")).toEqual({ withoutVat: "125.01", vat: "26.25", total: "151.26", vatRate: 21 });
    // 1.5 kg × 1.00 at 10 % in 2025: 1.50 + 0.15
    expect(fee("1.5", "2025-06-30")).toEqual({ withoutVat: "1.50", vat: "0.15", total: "1.65", vatRate: 10 });
    // 0.005 kg × 1 = 0.005 → 0.01; VAT 10 % of 0.01 = 0.001 → 0.00
    expect(fee("0.005", "2025-06-30")).toEqual({ withoutVat: "0.01", vat: "0.00", total: "0.01", vatRate: 10 });
  });

  it("takes the period valid on the visit's day (its first and last day included); none gives no fee", () => {
    expect(fee("60", "2025-12-31").vatRate).toBe(10);
    expect(fee("60", "2026-01-01").withoutVat).toBe("150.00");
    expect(fee("60", "2024-12-31")).toEqual({ withoutVat: "0.00", vat: "0.00", total: "0.00", vatRate: 0 });
  });

  it("with 'use member count' the bounds grow with the members of the collection point", () => {
    // 4 members: 0–200 free, 200–800 at 2.50
    expect(fee("200", "2026-03-02", 4).total).toBe("0.00");
    expect(fee("200.001", "2026-03-02", 4).withoutVat).toBe("500.00");
    expect(fee("800.001", "2026-03-02", 4).withoutVat).toBe("2480.00");
    // 0 members counts as one
    expect(fee("50.001", "2026-03-02", 0).withoutVat).toBe("125.00");
  });

  it("every VAT rate of §9 on 100.00", () => {
    const one = (vatRate: number): FeePeriod[] => [
      { validFrom: "2026-01-01", validTo: null, vatRate, ranges: [{ fromKg: "0", toKg: null, value: "1" }] },
    ];
    const vats = [0, 10, 15, 20, 21].map((r) => yardWasteFee(one(r), "2026-02-01", "100").vat);
    expect(vats).toEqual(["0.00", "10.00", "15.00", "20.00", "21.00"]);
  });

  it("large quantities stay exact (no floating point)", () => {
    // 999999999.999 × 3.10 = 3099999999.9969 → 3100000000.00
    expect(fee("999999999.999").withoutVat).toBe("3100000000.00");
  });

  it("quantities in tonnes become kg exactly; sums are exact", () => {
    expect(quantityInKg("1.2345", "t")).toBe("1234.500");
    expect(quantityInKg("12,5".replace(",", "."), "kg")).toBe("12.500");
    expect(sumDecimals(["0.10", "0.20", "0.70"])).toBe("1.00");
  });
});

/**
 * A quantity or a weight bound that is no decimal gets its field's message: the cross-field checks (quantity above
 * zero, upper bound above lower, ranges not overlapping) once threw on it, and the visit form answered 500.
 */
describe("yard forms refuse bad numbers with a message, never a throw", () => {
  const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    r.success ? [] : r.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

  it.each(["-5", "abc", "1,23456", "1e3"])("a visit's quantity %s", (quantity) => {
    const r = yardReportRecordSchema.safeParse({ yardWasteId: 1, quantity, unit: "kg" });
    expect(issues(r)).toEqual([expect.stringMatching(/^quantity: Zadejte množství/)]);
  });

  it("a fee range's bounds that are no numbers", () => {
    expect(issues(feeRangeSchema.safeParse({ fromKg: "-1", toKg: "5", value: "1" }))).toEqual([
      expect.stringMatching(/^fromKg: /),
    ]);
    expect(issues(feeRangeSchema.safeParse({ fromKg: "1", toKg: "abc", value: "1" }))).toEqual([
      expect.stringMatching(/^toKg: /),
    ]);
  });

  it("a fee period with a bad range still checks the others for overlap", () => {
    const r = feePeriodSchema.safeParse({
      validFrom: "2020-01-01",
      vatRate: 0,
      ranges: [
        { fromKg: "x", value: "1" },
        { fromKg: "0", toKg: "50", value: "1" },
        { fromKg: "40", value: "1" },
      ],
    });
    expect(issues(r)).toEqual([expect.stringMatching(/^ranges\.0\.fromKg: /), "ranges.2.fromKg: Pásma se překrývají."]);
  });
});

describe("a visit names each waste once", () => {
  it("a second line of the same waste is refused on its waste, so the fee range sees the whole quantity", () => {
    const r = yardReportFormSchema.safeParse({
      feePayerId: "1",
      yardId: "1",
      reportDate: "2026-11-20",
      paymentType: "Cash",
      records: [
        { yardWasteId: "7", quantity: "50", unit: "kg" },
        { yardWasteId: "8", quantity: "5", unit: "kg" },
        { yardWasteId: "7", quantity: "50", unit: "kg" },
      ],
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["records.2.yardWasteId", DUPLICATE_WASTE_MESSAGE],
    ]);
  });
});
