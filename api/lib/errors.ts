/** API errors per ARCHITECTURE.md: 422 { Message, errors }, other 4xx { Message }. */
import { STALE_VERSION_MESSAGE } from "#contract/common";
export class ApiError extends Error {
  constructor(
    public status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503,
    message: string,
    public errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const notFound = (what = "Záznam nebyl nalezen.") => new ApiError(404, what);
export const forbidden = () => new ApiError(403, "Přístup byl odepřen");
export const validation = (errors: Record<string, string[]>, message = "Formulář obsahuje chyby.") =>
  new ApiError(422, message, errors);
export const staleVersion = () => new ApiError(409, STALE_VERSION_MESSAGE);
