/**
 * The global search's pure rules (spec 000 §2 'Global search', decision 0042): what a typed term is, which screens'
 * labels match it, and the bin a scanned code names exactly. No zod, no server: the search page and the tests use it.
 */
import { MAX_SEARCH_LENGTH } from "#contract/lists";

/** Shorter terms are not searched: one letter would match most of the municipality. */
export const MIN_SEARCH_LENGTH = 2;

/** How many rows each kind of record shows; the rest is one link away ('Zobrazit všech N'). */
export const RESULTS_PER_GROUP = 5;

export type SearchTerm =
  | { state: "empty"; term: "" }
  | { state: "short"; term: string }
  | { state: "tooLong"; term: string }
  | { state: "ok"; term: string };

/**
 * The term of `?q=`: trimmed, inner runs of white space made one space, NUL characters dropped (the API refuses them).
 * Shorter than MIN_SEARCH_LENGTH → 'short'; longer than the lists' search (MAX_SEARCH_LENGTH) → 'tooLong', so no list
 * is asked something it would refuse.
 */
export function readSearchTerm(raw: string | null | undefined): SearchTerm {
  const term = (raw ?? "").replaceAll("\u0000", "").replace(/\s+/g, " ").trim();
  if (!term) return { state: "empty", term: "" };
  if (term.length < MIN_SEARCH_LENGTH) return { state: "short", term };
  if (term.length > MAX_SEARCH_LENGTH) return { state: "tooLong", term };
  return { state: "ok", term };
}

/** Lower case without diacritics: 'Poplatníci' → 'poplatnici', 'Třebíč' → 'trebic'. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

const words = (text: string) =>
  foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * A typed word matches a label's word when the label's word starts with it, or when they differ only in the last one
 * or two letters of a word of four or more (Czech endings): 'poplatnik' finds 'Poplatníci', 'nadoba' 'Nádoby'; an 'e'
 * before the last letter may drop out as Czech drops it: 'obec' finds 'Obce', 'poplatek' 'Poplatky'.
 */
function wordMatches(typed: string, word: string): boolean {
  if (word.startsWith(typed)) return true;
  if (typed.length < 4) return false;
  if (word.startsWith(typed.replace(/e(?=.$)/, ""))) return true;
  let common = 0;
  while (common < typed.length && typed[common] === word[common]) common++;
  return common >= Math.max(3, typed.length - 2);
}

/** Whether the label matches the term: it contains the whole term, or each typed word matches one of its words. */
export function labelMatches(label: string, term: string): boolean {
  const folded = foldText(term).trim();
  if (!folded) return false;
  if (foldText(label).includes(folded)) return true;
  const typed = words(term);
  const own = words(label);
  return typed.length > 0 && typed.every((w) => own.some((o) => wordMatches(w, o)));
}

/** The pages whose translated label matches the term, in the order given (the navigation's). */
export function matchingPages<P extends { labels: string }>(
  pages: readonly P[],
  label: (key: string) => string,
  term: string,
): P[] {
  return pages.filter((p) => labelMatches(label(p.labels), term));
}

/** A list's URL with the term as its `search` filter: where 'Zobrazit všech N' leads. */
export function listWithSearch(path: string, term: string): string {
  return `${path}?${new URLSearchParams({ search: term })}`;
}

export interface BinCodes {
  id: number;
  barcode: string;
  plainCode: string;
  rfid?: string | null;
}

/**
 * The one bin whose barcode, plain code or RFID is exactly the term (a code scanned from a label), else null — also
 * null when two different bins match, so the clerk chooses.
 */
export function exactBin<B extends BinCodes>(bins: readonly (B | null | undefined)[], term: string): B | null {
  const code = term.trim();
  const exact = new Map<number, B>();
  for (const b of bins) {
    if (!b) continue;
    const rfid = b.rfid?.toLowerCase();
    if (b.barcode === code || b.plainCode === code || (rfid && rfid === code.toLowerCase())) exact.set(b.id, b);
  }
  return exact.size === 1 ? [...exact.values()][0]! : null;
}

/** A term that could be a code read from a label: one word of letters, digits and dashes, at most 40 characters. */
export const looksLikeCode = (term: string) => /^[\p{L}\p{N}-]{1,40}$/u.test(term) && /\p{N}/u.test(term);
