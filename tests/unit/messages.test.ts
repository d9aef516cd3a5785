/**
 * Spec 000 §1: validation and API messages are shown in the user's language. The code writes Czech texts; the
 * `messages` namespace maps each exact Czech text to its translation (app/lib/messages.ts). This test finds the
 * user-facing message literals of contract/, api/ and idp/ and fails on any without a key, so a new message cannot
 * reach a Slovak or English user untranslated.
 */
import { tooLongMessage } from "#contract/common";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import i18next, { type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nOptions } from "~/i18n/config";
import { messagePatterns, messageKey, translateMessage } from "~/lib/messages";
import { PASSWORD_REQUIREMENT_TEXTS } from "#contract/password";

const root = path.resolve(import.meta.dirname, "../..");
const read = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(root, "locales", lang, "messages.json"), "utf8")) as Record<string, string>;
const catalog = { cs: read("cs"), sk: read("sk"), en: read("en") };

// Calls whose arguments are messages for the user: new ApiError(status, "…"), notFound("…"), validation({ f: ["…"] }, "…").
// Also the contract's helpers that take a message: dateField("…"), optionalDate("…"), requiredText(max, "…"); an
// import's rejected row: reject(row, raw, "Code", "…"); errors thrown for the user: new ImportAbort("…").
const MESSAGE_CALLS = new Set([
  "ApiError",
  "notFound",
  "validation",
  "unauthorized",
  "forbidden",
  "dateField",
  "optionalDate",
  "requiredText",
  "reject",
]);
const isMessageCall = (name: string) => MESSAGE_CALLS.has(name) || /(Error|Abort)$/.test(name);
// Property names whose value is a message: zod's { message: "…" }, the API's { Message: "…" }.
const MESSAGE_PROPERTIES = new Set(["message", "Message"]);
const CZECH = /[áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ]/;

export type FoundMessage = { text: string; where: string };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true }).flatMap((e) => {
    const file = path.relative(root, path.join(e.parentPath, e.name));
    if (!e.isFile() || !/\.tsx?$/.test(e.name) || /\.test\.tsx?$/.test(e.name)) return [];
    // Generated SQL and seeded demo data are not messages.
    if (file.startsWith(path.join("api", "db")) || file.startsWith(path.join("api", "demo"))) return [];
    return [file];
  });
}

/** A literal's text; `${…}` of a template becomes a {{placeholder}}. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((s) => `{{x}}${s.literal.text}`).join("");
  return undefined;
}

/** Whether a literal stands where a message goes: a message property, a message call, an errors list, a default. */
function inMessagePlace(node: ts.Node): boolean {
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (ts.isPropertyAssignment(parent) && parent.initializer === child) {
      const name = parent.name.getText();
      if (MESSAGE_PROPERTIES.has(name)) return true;
      continue; // { field: ["…"] } inside validation(…)
    }
    if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
      const callee = parent.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : "";
      return isMessageCall(name) && (parent.arguments ?? []).some((a) => a === child);
    }
    // errors.roleId = ["…"], errors[`accounts.${i}.login`] = ["…"]
    if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      return parent.right === child && /errors\b/i.test(parent.left.getText());
    }
    // const choose = "Vyberte hodnotu."; (message, what) = "…" defaults of the helpers: the literal itself only;
    // a table of messages: const ASSIGN_ERROR_MESSAGES = { CodeNotFound: "…" }
    if (ts.isVariableDeclaration(parent) || ts.isParameter(parent)) {
      if (parent.initializer !== child) return false;
      return child === node || (/^[A-Z][A-Z0-9_]*$/.test(parent.name.getText()) && ts.isObjectLiteralExpression(child));
    }
    // What a function named …Message answers: const tooLongMessage = (max) => …; function batchInUseMessage(n) { return …; }
    if (ts.isArrowFunction(parent) || ts.isReturnStatement(parent)) {
      const fn = ts.isArrowFunction(parent) ? parent : ts.findAncestor(parent, ts.isFunctionLike);
      const name = fn && (ts.isArrowFunction(fn) ? fn.parent : fn);
      return !!name && "name" in name && !!name.name && /Message$/.test((name.name as ts.Node).getText());
    }
    if (
      ts.isParenthesizedExpression(parent) ||
      ts.isArrayLiteralExpression(parent) ||
      ts.isObjectLiteralExpression(parent) ||
      (ts.isConditionalExpression(parent) && parent.condition !== child) ||
      (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) ||
      ts.isAsExpression(parent)
    ) {
      continue;
    }
    return false;
  }
  return false;
}

/** A literal with Czech letters or ending in '.', standing where a message goes. */
export function messagesIn(file: string): FoundMessage[] {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: FoundMessage[] = [];
  const visit = (node: ts.Node) => {
    const literal = literalText(node);
    if (literal !== undefined) {
      const sentence = /\p{L}/u.test(literal) && (CZECH.test(literal) || literal.trimEnd().endsWith("."));
      if (sentence && inMessagePlace(node)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push({ text: literal, where: `${file}:${line}` });
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const placeholders = (s: string) => s.replace(/\{\{\w+\}\}/g, "{{}}");
const patternKeys = new Set(
  Object.keys(catalog.cs)
    .filter((k) => k.includes("{{"))
    .map(placeholders),
);

/** A found literal is covered by a key: exactly, by a pattern, or (a template) by a key with the same placeholders. */
function covered(text: string): boolean {
  return text.includes("{{") ? patternKeys.has(placeholders(text)) : messageKey(text) !== undefined;
}

describe("messages namespace (spec 000 §1: cs default, sk, en)", () => {
  const found = ["contract", "api", "idp"].flatMap(sourceFiles).flatMap(messagesIn);

  it("finds the messages of the code (the scanner works)", () => {
    const texts = found.map((f) => f.text);
    expect(texts).toContain("Vyplňte toto pole."); // requiredText's default parameter
    expect(texts).toContain("Nejvýše {{x}} znaků."); // a template
    expect(texts).toContain("Nejvýše {{x}} znaky."); // what a …Message function answers
    expect(texts).toContain("Vyberte hodnotu."); // a constant
    expect(texts).toContain("Formulář obsahuje chyby."); // validation()'s default
    expect(texts).toContain("Tato role není aktivní."); // errors.roleId = ["…"]
    expect(texts).toContain("Registr firem neodpovídá, zkuste to později."); // new ApiError(502, "…")
    expect(texts).toContain("Neplatné IČO (8 číslic s kontrolní číslicí)."); // a ternary
  });

  it("every user-facing message of contract/, api/ and idp/ has a key in locales/cs/messages.json", () => {
    const missing = found.filter((f) => !covered(f.text)).map((f) => `${f.where}  ${JSON.stringify(f.text)}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it("the password rules shown under a password field have keys", () => {
    for (const text of Object.values(PASSWORD_REQUIREMENT_TEXTS)) expect(messageKey(text), text).toBeDefined();
  });

  it("cs, sk and en have the same keys; every cs value is its key; no value is empty", () => {
    const keys = Object.keys(catalog.cs).sort();
    expect(keys.length).toBeGreaterThan(50);
    expect(Object.keys(catalog.sk).sort()).toEqual(keys);
    expect(Object.keys(catalog.en).sort()).toEqual(keys);
    for (const key of keys) {
      expect(catalog.cs[key]).toBe(key);
      expect(catalog.sk[key]!.trim(), key).not.toBe("");
      expect(catalog.en[key]!.trim(), key).not.toBe("");
    }
  });

  it("translations keep the placeholders of their key", () => {
    for (const key of Object.keys(catalog.cs)) {
      const names = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(names(catalog.sk[key]!), key).toEqual(names(key));
      expect(names(catalog.en[key]!), key).toEqual(names(key));
    }
  });
});

describe("translateMessage", () => {
  async function tFor(lng: string): Promise<TFunction> {
    const i18n = i18next.createInstance();
    await i18n.init({ ...i18nOptions, lng });
    return i18n.t;
  }

  it("translates a literal message by its exact Czech text", async () => {
    expect(translateMessage(await tFor("sk"), "Vyplňte toto pole.")).toBe(catalog.sk["Vyplňte toto pole."]);
    expect(translateMessage(await tFor("en"), "Vyplňte toto pole.")).toBe("Fill in this field.");
    expect(translateMessage(await tFor("cs"), "Vyplňte toto pole.")).toBe("Vyplňte toto pole.");
  });

  it("translates a message with a number built in by code through the pattern table", async () => {
    expect(messagePatterns().some((p) => p.key === "Nejvýše {{n}} znaků.")).toBe(true);
    expect(translateMessage(await tFor("en"), "Nejvýše 200 znaků.")).toBe("At most 200 characters.");
    expect(translateMessage(await tFor("sk"), "Nejvýše 50 znaků.")).toBe("Najviac 50 znakov.");
    expect(translateMessage(await tFor("cs"), "Nejvýše 50 znaků.")).toBe("Nejvýše 50 znaků.");
    // Czech counts by 1, 2–4 and 5 or more (the constant symbol has at most 4 digits).
    expect([1, 4, 5].map(tooLongMessage)).toEqual(["Nejvýše 1 znak.", "Nejvýše 4 znaky.", "Nejvýše 5 znaků."]);
    expect(translateMessage(await tFor("sk"), tooLongMessage(4))).toBe("Najviac 4 znaky.");
    expect(translateMessage(await tFor("en"), "Pro potvrzení napište SMAZAT.")).toBe("To confirm, type SMAZAT.");
  });

  it("translates a message composed of two messages (the filled-in part is a message too)", async () => {
    expect(translateMessage(await tFor("en"), "Nepodařilo se vytisknout kód. Tisková služba neběží.")).toBe(
      "The code could not be printed. The print service is not running.",
    );
  });

  it("returns an unknown text unchanged (already translated, or not a message of the code)", async () => {
    const sk = await tFor("sk");
    expect(translateMessage(sk, "Úplne neznámy text: 42")).toBe("Úplne neznámy text: 42");
    expect(translateMessage(sk, "HTTP 500")).toBe("HTTP 500");
    expect(translateMessage(sk, undefined)).toBeUndefined();
  });
});
