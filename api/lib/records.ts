/**
 * Small conversions every service makes when a stored row becomes an answer, written once so that every answer
 * shows a timestamp and a person's name alike.
 */
import { user } from "../db/schema";

/** A timestamp as the answers carry it (ISO 8601, UTC); an empty one stays null. */
export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * The columns userFullName() reads, for a select that names who did something ('who created the batch', 'who
 * assigned the bin'): selected as a nested object under a left join of user, the object is null without a user.
 */
export const userNameColumns = { firstName: user.firstName, lastName: user.lastName };

/** The name of a user read through userNameColumns: first and last name, or null when the row names nobody. */
export const userFullName = (u: { firstName: string | null; lastName: string | null } | null): string | null =>
  !u || (u.firstName === null && u.lastName === null) ? null : `${u.firstName ?? ""} ${u.lastName ?? ""}`.trim();
