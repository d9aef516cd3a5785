/**
 * Issue 14 part 7: the simulation panel's figures and its change-per-payer chart render a result exactly — income now
 * and expected with the signed change, the shortfall against the expenditures, who pays more / the same / less, and
 * the ten bands (signed CZK ranges, a band of one value as that value) with their counts in the table behind the
 * chart. The bands themselves are the engine's (docs/fees.md 'Simulation'; tests/api/fee-simulation.test.ts).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { i18nOptions } from "~/i18n/config";
import { ChangeDistribution, SimulationFigures } from "~/routes/fees/+shared/simulation";
import { RAISED_EXAMPLE } from "../api/fee-simulation-example";

const i18n = createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ ...i18nOptions, lng: "cs" });
});

const html = (el: ReturnType<typeof createElement>) =>
  renderToStaticMarkup(createElement(I18nextProvider, { i18n }, el));
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
/** The table's body rows as [category, count]. */
const rows = (markup: string) =>
  [...(markup.split("<tbody")[1] ?? "").matchAll(/<tr[^>]*><th[^>]*>(.*?)<\/th><td[^>]*>(.*?)<\/td><\/tr>/g)].map(
    (m) => [text(m[1]!), text(m[2]!)],
  );

/** The result tests/api/fee-simulation.test.ts gets from the engine (docs/fees.md 'Simulation'). */
const result = RAISED_EXAMPLE;

describe("the simulation panel (issue 14 part 7)", () => {
  it("the figures: income now and expected with the change, the shortfall, more / same / less", () => {
    const shown = text(html(createElement(SimulationFigures, { year: 2025, result })));
    expect(shown).toMatch(/Příjem nyní 2\s925,00 Kč/);
    expect(shown).toMatch(/Očekávaný příjem 4\s290,00 Kč \(změna \+1\s365,00 Kč\)/);
    expect(shown).toMatch(/Výdaje roku 2025 5\s000,00 Kč/);
    expect(shown).toMatch(/Schodek 710,00 Kč/);
    expect(shown).toContain("Zaplatí více 6 Beze změny 0 Zaplatí méně 0");
    const surplus = text(
      html(createElement(SimulationFigures, { year: 2025, result: { ...result, balance: "12.50" } })),
    );
    expect(surplus).toMatch(/Přebytek 12,50 Kč/);
  });

  it("the chart's table: every band as a signed CZK range with its count, and the total", () => {
    const markup = html(createElement(ChangeDistribution, { result }));
    expect(rows(markup)).toEqual([
      ["+75,00 Kč až +97,50 Kč", "1"],
      ["+97,50 Kč až +120,00 Kč", "0"],
      ["+120,00 Kč až +142,50 Kč", "0"],
      ["+142,50 Kč až +165,00 Kč", "1"],
      ["+165,00 Kč až +187,50 Kč", "0"],
      ["+187,50 Kč až +210,00 Kč", "0"],
      ["+210,00 Kč až +232,50 Kč", "0"],
      ["+232,50 Kč až +255,00 Kč", "1"],
      ["+255,00 Kč až +277,50 Kč", "0"],
      ["+277,50 Kč až +300,00 Kč", "3"],
      ["Celkem", "6"],
    ]);
    // The chart is an image with its own text alternative naming the fullest band.
    expect(markup).toContain('role="img"');
    expect(text(markup)).toContain("nejvíce (3) v pásmu +277,50 Kč až +300,00 Kč");
  });

  it("one band when every payer changed alike; a fall is signed; EUR", () => {
    const same = html(
      createElement(ChangeDistribution, {
        result: { ...result, currency: "EUR", histogram: [{ from: "-12.50", to: "-12.50", count: 4 }] },
      }),
    );
    expect(rows(same)).toEqual([
      [expect.stringMatching(/^[−-]12,50 €$/), "4"],
      ["Celkem", "4"],
    ]);
  });
});
