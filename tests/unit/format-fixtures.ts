/** Shared setup of the format tests (format-*.test.ts, split by topic for issue 12). */

export const iso = (d: Date) => d.toISOString();
export const at = (s: string) => new Date(s);
