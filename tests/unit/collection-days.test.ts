/** The Prague day of an instant (api/modules/waste-collection/days.ts), fast path included, against Intl. */
import { describe, expect, it } from "vitest";
import { pragueDay } from "../../api/modules/waste-collection/days";

const intlDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Prague" });

describe("pragueDay", () => {
  it("is Intl's Europe/Prague date for every 7 minutes of 2026, both DST changes and the year's ends included", () => {
    const wrong: string[] = [];
    for (let t = Date.UTC(2025, 11, 31, 12); t < Date.UTC(2027, 0, 1, 12); t += 7 * 60_000) {
      const iso = new Date(t).toISOString();
      if (pragueDay(iso) !== intlDay.format(new Date(t))) wrong.push(iso);
    }
    expect(wrong).toEqual([]);
  });

  it("reads other ISO forms too", () => {
    expect(pragueDay("2026-03-01T23:30:00Z")).toBe("2026-03-02");
    expect(pragueDay("2026-07-01T22:00:00.000Z")).toBe("2026-07-02");
    expect(pragueDay("2026-07-01T21:59:59.999Z")).toBe("2026-07-01");
    expect(pragueDay("2026-01-01T22:59:59.999Z")).toBe("2026-01-01");
  });
});
