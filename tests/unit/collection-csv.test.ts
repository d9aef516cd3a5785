import { describe, expect, it } from "vitest";
import { CsvSplitter, CsvSyntaxError, type CsvRecord } from "../../api/modules/waste-collection/csv-split";

/** Splits text given in the chunks listed (or whole). */
function split(chunks: string | string[], delimiter = ";", rawLimit?: number): CsvRecord[] {
  const s = new CsvSplitter(delimiter, rawLimit);
  const out: CsvRecord[] = [];
  for (const c of typeof chunks === "string" ? [chunks] : chunks) out.push(...s.push(c));
  return [...out, ...s.end()];
}
const cells = (records: CsvRecord[]) => records.map((r) => r.cells);

describe("CSV splitting", () => {
  it("fields, empty fields, LF, CRLF and CR line ends, no final line break", () => {
    expect(split("a;b;c\n;;\r\nx\ry")).toEqual([
      { cells: ["a", "b", "c"], line: 1, raw: "a;b;c" },
      { cells: ["", "", ""], line: 2, raw: ";;" },
      { cells: ["x"], line: 3, raw: "x" },
      { cells: ["y"], line: 4, raw: "y" },
    ]);
    expect(split("a\n")).toEqual([{ cells: ["a"], line: 1, raw: "a" }]);
    expect(split("")).toEqual([]);
    expect(cells(split("a\n\nb"))).toEqual([["a"], [""], ["b"]]);
  });

  it("quoted fields: delimiters, doubled quotes and line breaks inside; the record keeps its first line", () => {
    const records = split('"a;b";"say ""hi""";"two\nlines"\nnext');
    expect(records).toEqual([
      { cells: ["a;b", 'say "hi"', "two\nlines"], line: 1, raw: '"a;b";"say ""hi""";"two\nlines"' },
      { cells: ["next"], line: 3, raw: "next" },
    ]);
    expect(cells(split('"";""""'))).toEqual([["", '"']]);
  });

  it("lenient: a quote inside an unquoted field is text, text after a closing quote is kept", () => {
    expect(cells(split('12" tyre;a"b"\n"ab"c;"x" ;'))).toEqual([
      ['12" tyre', 'a"b"'],
      ["abc", "x ", ""],
    ]);
  });

  it("a quote never closed is an error naming the line its record starts on", () => {
    const s = new CsvSplitter(";");
    s.push('a\n"open;\nmore');
    expect(() => s.end()).toThrow(CsvSyntaxError);
    expect(() => split('a\n"open;\nmore')).toThrow("Chyba formátu CSV na řádku 2.");
    // A quote closed as the very last character is fine.
    expect(cells(split('"a"'))).toEqual([["a"]]);
  });

  it("CRLF, a quote pair and a field cut between chunks", () => {
    expect(split(["a;b\r", "\nc"])).toEqual([
      { cells: ["a", "b"], line: 1, raw: "a;b" },
      { cells: ["c"], line: 2, raw: "c" },
    ]);
    expect(cells(split(['"x"', '"y";z']))).toEqual([['x"y', "z"]]);
    expect(cells(split(['"x', '";z']))).toEqual([["x", "z"]]);
    expect(cells(split(["ab", "c;d"]))).toEqual([["abc", "d"]]);
    expect(cells(split(["a;", '"q;', 'q"']))).toEqual([["a", "q;q"]]);
  });

  it("the raw text is cut at the limit, also across chunks", () => {
    expect(split(["abcdef;gh", "ij\nk"], ";", 4)).toEqual([
      { cells: ["abcdef", "ghij"], line: 1, raw: "abcd" },
      { cells: ["k"], line: 2, raw: "k" },
    ]);
  });

  it("another delimiter; a quote or line break cannot be one", () => {
    expect(cells(split("a\tb;c\n", "\t"))).toEqual([["a", "b;c"]]);
    expect(() => new CsvSplitter('"')).toThrow();
    expect(() => new CsvSplitter(";;")).toThrow();
  });

  it("random records written with quoting read back the same, cut anywhere (fixed seed)", () => {
    let seed = 13;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = ["a", "ž", ";", '"', "\n", "\r\n", " ", "1", ","];
    for (let round = 0; round < 200; round++) {
      const records = Array.from({ length: 1 + Math.floor(next() * 6) }, () =>
        Array.from({ length: 1 + Math.floor(next() * 4) }, () =>
          Array.from({ length: Math.floor(next() * 5) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(""),
        ),
      );
      const quote = (f: string) => (/[;"\r\n]/.test(f) || f === "" ? `"${f.replaceAll('"', '""')}"` : f);
      const text = records.map((r) => r.map(quote).join(";")).join(next() < 0.5 ? "\n" : "\r\n");
      const chunks: string[] = [];
      for (let i = 0; i < text.length;) {
        const n = 1 + Math.floor(next() * 7);
        chunks.push(text.slice(i, i + n));
        i += n;
      }
      expect(cells(split(chunks)), JSON.stringify(text)).toEqual(records);
    }
  });
});
