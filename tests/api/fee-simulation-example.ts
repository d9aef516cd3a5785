import type { SimulationResult } from "#contract/fee-calculation";

/**
 * The simulation example of docs/fees.md 'Simulation' (six payers at 900 CZK, expenditures 5,000): its result at a
 * base fee of 1,200 CZK with min 20 %. tests/api/fee-simulation.test.ts expects it from the engine;
 * tests/unit/simulation-panel.test.ts renders it.
 */
const bounds = [
  "75.00",
  "97.50",
  "120.00",
  "142.50",
  "165.00",
  "187.50",
  "210.00",
  "232.50",
  "255.00",
  "277.50",
  "300.00",
];
export const RAISED_EXAMPLE: SimulationResult = {
  currency: "CZK",
  payerCount: 6,
  incomeBefore: "2925.00",
  incomeAfter: "4290.00",
  incomeChange: "1365.00",
  expenditures: "5000.00",
  balance: "-710.00",
  increased: 6,
  decreased: 0,
  unchanged: 0,
  // From +75 to +300 in bands of 22.50 CZK; the last band holds its upper bound.
  histogram: [1, 0, 0, 1, 0, 0, 0, 1, 0, 3].map((count, k) => ({ from: bounds[k]!, to: bounds[k + 1]!, count })),
};
