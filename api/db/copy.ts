/**
 * Rows written into a table with COPY instead of INSERT … SELECT FROM unnest(arrays) (issue 13 part 7, decision
 * 0034): the rows travel as COPY's text format, read by the table's own column types, with no per-row executor
 * work of a SELECT over parameter arrays. On PostgreSQL through COPY FROM STDIN (pg-copy-streams) on the
 * transaction's own connection; on PGlite through COPY FROM '/dev/blob' with the text as the query's blob.
 * Must run inside a transaction (drizzle's `db.transaction`): the rows commit or roll back with it.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Db } from "./client";

/** A cell: null is SQL NULL; an array is written as a PostgreSQL array literal of numbers. */
export type CopyValue = string | number | boolean | null | readonly number[];

/** PGlite's query with a blob (its Transaction, or the PGlite instance itself). */
interface BlobQuery {
  query(text: string, params?: unknown[], options?: { blob?: Blob }): Promise<unknown>;
}

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPE: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** One cell in COPY's text format. */
function cell(v: CopyValue): string {
  if (v === null) return "\\N";
  if (typeof v === "string") return SPECIAL.test(v) ? v.replace(SPECIAL_ALL, (c) => ESCAPE[c]!) : v;
  if (typeof v === "boolean") return v ? "t" : "f";
  if (typeof v === "number") return String(v);
  return `{${v.join(",")}}`;
}

/** The rows as COPY text (one line a row, tab between cells). */
export function copyText(rows: Iterable<readonly CopyValue[]>): string {
  let out = "";
  for (const row of rows) {
    let line = "";
    for (let i = 0; i < row.length; i++) line += (i ? "\t" : "") + cell(row[i]!);
    out += line + "\n";
  }
  return out;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Writes the rows into table(columns) in the transaction `tx`. */
export async function copyRows(
  tx: Db,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly CopyValue[]>,
): Promise<void> {
  const text = copyText(rows);
  if (!text) return;
  const target = `${ident(table)} (${columns.map(ident).join(", ")})`;
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Client) {
    await pipeline(Readable.from([Buffer.from(text)]), client.query(copyFrom(`COPY ${target} FROM STDIN`)));
  } else if (client && !(client instanceof pg.Pool) && typeof (client as BlobQuery).query === "function") {
    await (client as BlobQuery).query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([text]) });
  } else {
    throw new Error("copyRows runs inside a transaction");
  }
}
