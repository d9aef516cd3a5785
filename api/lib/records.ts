/**
 * Small conversions every service makes when a stored row becomes an answer, written once so that every answer
 * shows a timestamp and a person's name alike.
 */

/** A timestamp as the answers carry it (ISO 8601, UTC); an empty one stays null. */
export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * The name of a user read through a left join ('who created the batch', 'who assigned the bin'): first and last
 * name, or null when the row names nobody.
 */
export const userFullName = (u: { firstName: string | null; lastName: string | null }): string | null =>
  u.firstName === null && u.lastName === null ? null : `${u.firstName ?? ""} ${u.lastName ?? ""}`.trim();
