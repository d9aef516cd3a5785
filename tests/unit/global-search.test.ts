/** The global search's pure rules (decision 0042): the term, the screens' labels it matches, an exact bin code. */
import { describe, expect, it } from "vitest";
import i18next from "i18next";
import { i18nOptions } from "~/i18n/config";
import { MAX_SEARCH_LENGTH } from "#contract/lists";
import { NAV_ITEMS } from "~/lib/navigation";
import {
  exactBin,
  foldText,
  labelMatches,
  listWithSearch,
  looksLikeCode,
  matchingPages,
  readSearchTerm,
} from "~/lib/global-search";

describe("readSearchTerm", () => {
  it("trims, joins white space and drops NUL characters", () => {
    expect(readSearchTerm("  Jan   Novák \n")).toEqual({ state: "ok", term: "Jan Novák" });
    expect(readSearchTerm("No\u0000vák")).toEqual({ state: "ok", term: "Novák" });
  });

  it("answers an empty or one-letter term with a hint instead of searching", () => {
    expect(readSearchTerm(null).state).toBe("empty");
    expect(readSearchTerm("   ").state).toBe("empty");
    expect(readSearchTerm("\u0000").state).toBe("empty");
    expect(readSearchTerm("a").state).toBe("short");
    expect(readSearchTerm("ab").state).toBe("ok");
  });

  it("refuses a term longer than the lists' search, by the limit the list contract declares", () => {
    expect(readSearchTerm("x".repeat(MAX_SEARCH_LENGTH)).state).toBe("ok");
    expect(readSearchTerm("x".repeat(MAX_SEARCH_LENGTH + 1)).state).toBe("tooLong");
  });
});

describe("matching the screens' labels", () => {
  it("folds Czech and Slovak diacritics and case", () => {
    expect(foldText("Poplatníci")).toBe("poplatnici");
    expect(foldText("TŘEBÍČ")).toBe("trebic");
    expect(foldText("Ľubovňa")).toBe("lubovna");
  });

  it("finds a label by a part of it, by words in any order and by a word with another Czech ending", () => {
    expect(labelMatches("Poplatníci", "poplatnik")).toBe(true);
    expect(labelMatches("Poplatníci", "POPLATNÍK")).toBe(true);
    expect(labelMatches("Nádoby", "nadoba")).toBe(true);
    expect(labelMatches("Obce", "obec")).toBe(true);
    expect(labelMatches("Poplatky", "poplatek")).toBe(true);
    expect(labelMatches("Návštěvy sběrného dvora", "sberny dvur")).toBe(false);
    expect(labelMatches("Návštěvy sběrného dvora", "dvora navstevy")).toBe(true);
    expect(labelMatches("Svozy odpadu", "odpad")).toBe(true);
    expect(labelMatches("Poplatky", "poplatnik")).toBe(false);
    expect(labelMatches("Slevy", "sl")).toBe(true);
    expect(labelMatches("Slevy", "xyz")).toBe(false);
    expect(labelMatches("Slevy", "  ")).toBe(false);
  });

  it("'poplat' finds Poplatky and Poplatníci, 'poplatnik' only Poplatníci, in the navigation's Czech labels", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ ...i18nOptions, lng: "cs" });
    const label = (key: string) => i18n.t(key);
    expect(matchingPages(NAV_ITEMS, label, "poplat").map((p) => p.to)).toEqual([
      "/infrastructure/fee-payers",
      "/fees/fees",
    ]);
    expect(matchingPages(NAV_ITEMS, label, "poplatnik").map((p) => p.to)).toEqual(["/infrastructure/fee-payers"]);
    expect(matchingPages(NAV_ITEMS, label, "zarizeni").map((p) => p.to)).toEqual(["/administration/devices"]);
    expect(matchingPages(NAV_ITEMS, label, "Novák")).toEqual([]);
  });
});

describe("an exact bin code", () => {
  const bin = (id: number, barcode: string, plainCode: string, rfid: string | null = null) => ({
    id,
    barcode,
    plainCode,
    rfid,
  });

  it("is the one bin whose barcode, plain code or RFID is the term", () => {
    const bins = [bin(1, "TR00005001", "50010"), bin(2, "TR00005000", "5001")];
    expect(exactBin(bins, "5001")?.id).toBe(2);
    expect(exactBin(bins, "TR00005001")?.id).toBe(1);
    expect(exactBin([bin(3, "A", "B", "E200ABC")], "e200abc")?.id).toBe(3);
  });

  it("is none when no code is exactly the term, or when two bins are", () => {
    expect(exactBin([bin(1, "TR00005001", "50010")], "500")).toBeNull();
    expect(exactBin([bin(1, "X1", "777"), bin(2, "777", "Y2")], "777")).toBeNull();
    expect(exactBin([null, undefined], "777")).toBeNull();
  });

  it("counts one bin found twice (the barcode lookup and the list) once", () => {
    expect(exactBin([bin(4, "TR1", "1"), bin(4, "TR1", "1")], "TR1")?.id).toBe(4);
  });

  it("is looked for only for a term that could be a code", () => {
    expect(looksLikeCode("TR00005001")).toBe(true);
    expect(looksLikeCode("5001")).toBe(true);
    expect(looksLikeCode("Novák")).toBe(false);
    expect(looksLikeCode("Hasskova 12")).toBe(false);
  });
});

describe("listWithSearch", () => {
  it("puts the term in the list's `search` parameter, encoded", () => {
    expect(listWithSearch("/infrastructure/subjects", "Nová & Co")).toBe(
      "/infrastructure/subjects?search=Nov%C3%A1+%26+Co",
    );
  });
});
