import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import i18next from "i18next";
import { i18nOptions } from "~/i18n/config";

const root = path.resolve(import.meta.dirname, "../../locales");
const languages = ["cs", "sk", "en"];

function flatten(obj: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === "object" ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function keysOf(lang: string): string[] {
  const dir = path.join(root, lang);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => flatten(JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"))).map((k) => `${f.replace(/\.json$/, "")}:${k}`))
    .sort();
}

describe("translations (spec 000 §1)", () => {
  it("cs, sk and en have exactly the same keys", () => {
    const cs = keysOf("cs");
    expect(cs.length).toBeGreaterThan(50);
    for (const lang of languages.slice(1)) expect(keysOf(lang)).toEqual(cs);
  });

  it("falls back: unknown key → supplied default → the key itself; cs is the default language", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ ...i18nOptions });
    expect(i18n.language).toBe("cs");
    expect(i18n.t("municipality:list.title")).toBe("Obce");
    expect(i18n.t("municipality:no.such.key", "Výchozí text")).toBe("Výchozí text");
    expect(i18n.t("municipality:no.such.key")).toBe("no.such.key");
    await i18n.changeLanguage("sk");
    expect(i18n.t("municipality:list.usage")).toBe("Využitie (používatelia)");
  });
});
