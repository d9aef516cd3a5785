/**
 * CSV text split into records as it arrives, chunk by chunk (RFC 4180 with the leniency of terminal exports): one
 * delimiter character; a field that starts with `"` is quoted (`""` is a quote, delimiters and line breaks inside
 * are text); a quote elsewhere is an ordinary character; text after a closing quote is kept; LF, CRLF or CR end a
 * record. Each record carries the line it starts on and its raw text (cut to `rawLimit`). Hand-written for the
 * import's throughput (several times csv-parse's, whose per-record stream machinery dominated a 500,000-row file).
 */

const QUOTE = 34;
const LF = 10;
const CR = 13;

export interface CsvRecord {
  cells: string[];
  /** 1-based line where the record starts. */
  line: number;
  /** The record as written, without its line break, at most rawLimit characters. */
  raw: string;
}

/** A quoted field still open at the end of the file; `line` is where its record starts. */
export class CsvSyntaxError extends Error {
  constructor(public line: number) {
    super(`Chyba formátu CSV na řádku ${line}.`);
  }
}

export class CsvSplitter {
  private readonly delimiter: number;
  private cells: string[] = [];
  /** The current field's text carried over from earlier chunks. */
  private field = "";
  /** The current record's raw text carried over from earlier chunks (at most rawLimit). */
  private raw = "";
  private quoted = false;
  /** Inside a quoted field, a quote was just read: it closes the field unless another quote follows. */
  private quoteSeen = false;
  /** The current field had content before (a quote there is then an ordinary character). */
  private fieldBegun = false;
  /** The last character of the previous chunk was a CR (an LF starting this one belongs to it). */
  private afterCr = false;
  private line = 1;
  private recordLine = 1;

  constructor(
    delimiter: string,
    private readonly rawLimit = 500,
  ) {
    if (delimiter.length !== 1 || delimiter === '"' || delimiter === "\n" || delimiter === "\r") {
      throw new Error(`CSV delimiter must be one character other than a quote or a line break: ${delimiter}`);
    }
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** The records completed by this text. */
  push(text: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    const d = this.delimiter;
    let start = 0; // where the uncopied part of the current field begins in text
    let rawStart = 0; // where the current record begins in text
    let i = 0;
    if (this.afterCr && text.charCodeAt(0) === LF) {
      start = rawStart = i = 1;
    }
    this.afterCr = false;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.quoted) {
        if (!this.quoteSeen) {
          if (c === QUOTE) {
            this.field += text.slice(start, i);
            this.quoteSeen = true;
            start = i + 1;
          } else if (c === LF) this.line++;
          continue;
        }
        this.quoteSeen = false;
        if (c === QUOTE) {
          // A doubled quote: one quote of the text, still inside.
          this.field += '"';
          start = i + 1;
          continue;
        }
        // The closing quote: this character is read as outside a quoted field.
        this.quoted = false;
        this.fieldBegun = true;
        start = i;
      }
      if (c === d) {
        this.cells.push(this.field + text.slice(start, i));
        this.field = "";
        this.fieldBegun = false;
        start = i + 1;
      } else if (c === LF || c === CR) {
        this.cells.push(this.field + text.slice(start, i));
        out.push({ cells: this.cells, line: this.recordLine, raw: this.rawOf(text, rawStart, i) });
        this.cells = [];
        this.field = "";
        this.raw = "";
        this.fieldBegun = false;
        this.line++;
        if (c === CR) {
          if (i + 1 < text.length) {
            if (text.charCodeAt(i + 1) === LF) i++;
          } else this.afterCr = true;
        }
        start = rawStart = i + 1;
        this.recordLine = this.line;
      } else if (c === QUOTE && !this.fieldBegun && start === i && this.field === "") {
        this.quoted = true;
        start = i + 1;
      } else {
        this.fieldBegun = true;
      }
    }
    this.field += text.slice(start);
    if (this.raw.length < this.rawLimit) this.raw += text.slice(rawStart, rawStart + this.rawLimit - this.raw.length);
    return out;
  }

  /** The last record (a file need not end with a line break); throws CsvSyntaxError for a quote never closed. */
  end(): CsvRecord[] {
    if (this.quoted && !this.quoteSeen) throw new CsvSyntaxError(this.recordLine);
    if (this.cells.length === 0 && this.field === "" && this.raw === "" && !this.quoted) return [];
    this.cells.push(this.field);
    const last = { cells: this.cells, line: this.recordLine, raw: this.raw };
    this.cells = [];
    this.field = "";
    this.raw = "";
    this.quoted = this.quoteSeen = false;
    return [last];
  }

  private rawOf(text: string, from: number, to: number): string {
    const here = text.slice(from, Math.min(to, from + this.rawLimit));
    return this.raw === "" ? here : (this.raw + here).slice(0, this.rawLimit);
  }
}
