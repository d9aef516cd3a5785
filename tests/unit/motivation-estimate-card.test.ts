/**
 * Issue 14 part 5, spec 001 §3 Motivation programme 'sort ratio also shows estimated results (fees, expenditures,
 * difference)': the estimate card renders each of its states (none, running, done) with exact money in the
 * municipality's currency; the simulation wires its figures in at the merge.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { i18nOptions } from "~/i18n/config";
import {
  EstimateCard,
  type EstimateCardProps,
} from "~/routes/administration/municipalities/modules/motivation-program/+shared/estimate-card";

const i18n = createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ ...i18nOptions, lng: "cs" });
});

/** The card's visible text, tags dropped. */
const render = (props: EstimateCardProps) =>
  renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(EstimateCard, props)))
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("SortRatio's estimate card", () => {
  it("none: says no estimate was made", () => {
    expect(render({ state: "none", currency: "CZK" })).toContain("Odhad zatím nebyl spočítán.");
  });

  it("running: says it is being calculated", () => {
    expect(render({ state: "running", currency: "CZK" })).toContain("Odhad se počítá…");
  });

  it("done: fees, expenditures and a negative difference in CZK; EUR", () => {
    const czk = render({
      state: "done",
      currency: "CZK",
      income: "1234567.00",
      expenditures: "1300000.00",
      difference: "-65433.00",
    });
    expect(czk).toMatch(/Poplatky 1\s234\s567,00 Kč/);
    expect(czk).toMatch(/Náklady 1\s300\s000,00 Kč/);
    expect(czk).toMatch(/Rozdíl [−-]65\s433,00 Kč/);
    const eur = render({ state: "done", currency: "EUR", income: "10.5", expenditures: "4", difference: "6.5" });
    expect(eur).toMatch(/Poplatky 10,50 €/);
  });
});
