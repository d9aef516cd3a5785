/**
 * Display and formatting rules of spec 000 §9 "Display and formatting" (and the plural rule of spec 001 §9); the
 * calendar (Europe/Prague days, ranges, dates as text) is contract/calendar.ts, shared with the API.
 * The rules live in app/lib/format/, one file per kind; this index re-exports what screens and tests use.
 *
 * Isomorphic: runs in the browser and in Node 20 (no Node-only APIs). Intl is used for what it does exactly
 * (decimal rounding, Czech/Slovak/English relative-time words, Europe/Prague wall clock); separators and
 * layouts are assembled by hand so that the output is the same everywhere (app/lib/format/numbers.ts).
 *
 * A missing value (null, undefined, '', NaN, ±Infinity, unparsable text) formats to '' — except the
 * coefficient, which the spec shows as '-'.
 */
export { formatCoefficient, formatNumber } from "./format/numbers";
export { currencyFor, formatCurrency } from "./format/money";
export { formatDistance, formatWeight, kgToTonnes, metresToKilometres } from "./format/quantities";
export { formatCollectionTime, formatDurationHours, formatRelativeTime } from "./format/time";
export { formatLicencePlate, formatPhone, formatZip } from "#contract/identifiers";
export { luminance, textColorFor } from "./format/colours";
export { pluralCategory, pluralCs, pluralSk } from "./format/plurals";
