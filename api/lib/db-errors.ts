/**
 * PostgreSQL errors a service answers on its own terms: a duplicate or a reference that slipped between the
 * service's check and its write (two requests at once) still answers as the check does (422 or 409), never 500.
 * node-postgres throws the server's error as it is; drizzle on PGlite wraps it, with the server's error as `cause`.
 */
import { validation } from "./errors";

interface PgErrorFields {
  code?: string;
  constraint?: string;
  cause?: { code?: string; constraint?: string };
}

/** The SQLSTATE and constraint name of a failed query, whichever driver threw it. */
function pgError(err: unknown): { code?: string; constraint?: string } {
  const e = err as PgErrorFields | null | undefined;
  return { code: e?.code ?? e?.cause?.code, constraint: e?.constraint ?? e?.cause?.constraint };
}

/** 23505 unique_violation: another row already holds the value. */
export const isUniqueViolation = (err: unknown): boolean => pgError(err).code === "23505";

/** 23503 foreign_key_violation: a row still refers to the one being removed. */
export const isForeignKeyViolation = (err: unknown): boolean => pgError(err).code === "23503";

/** The name of the constraint the query violated, when the driver tells it. */
export const violatedConstraint = (err: unknown): string | undefined => pgError(err).constraint;

/**
 * Runs a write that the service has checked for duplicates: a duplicate that slipped between the check and the
 * write (the unique index) answers 422 with the check's `errors`.
 */
export async function uniqueWrite<T>(errors: Record<string, string[]>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw validation(errors);
    throw err;
  }
}
